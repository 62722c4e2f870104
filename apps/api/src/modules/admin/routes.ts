import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { auditRoutes } from './audits.js';
import { backupRoutes } from './backup.js';
import { healthRoutes } from './health.js';
import { operationsRoutes } from './operations.js';

/** Everything under /management (ROLE_ADMIN, except the Prometheus scrape with its own token). */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(auditRoutes(ctx));
    await app.register(healthRoutes(ctx));
    await app.register(operationsRoutes(ctx));
    await app.register(backupRoutes(ctx));
  };
}
