import type { FastifyInstance } from 'fastify';
import { comTeto, type ClasseTeto } from '../../db/teto.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How long its statements may run in PostgreSQL (db/teto.ts); unset → 'interativa'. */
    teto?: ClasseTeto;
  }
}

/** Runs the rest of each request (hooks after this one, the handler, the answer) under its route's ceiling. */
export function registerTetoPorRota(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    comTeto(req.routeOptions.config?.teto ?? 'interativa', done);
  });
}
