import type { FastifyInstance } from 'fastify';
import type { Access } from '../auth/guard.js';

/** One registered operation and who may call it, as declared by the route (config.access). */
export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after registerRouteTable, in order (HEAD twins of GET left out). */
    routeTable: readonly RouteEntry[];
  }
}

/**
 * Keeps the route table so tests can be generated from it (authorization matrix, fuzzing):
 * a new route is covered without anyone writing a test. Register before the modules.
 */
export function registerRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, access: route.config?.access });
    }
  });
}
