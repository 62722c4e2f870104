import fs from 'node:fs';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Authority, LoggerChange, LoggerInfo } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { describeConfig } from '../../config.js';
import { forbidden, notFound } from '../../platform/errors/problem.js';

const admin = { access: [Authority.ADMIN] } as const;
const tags = ['admin'];

/** Metrics, thread-dump counterpart, loggers, configuration and environment (all ROLE_ADMIN). */
export function operationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/metrics', {
      config: admin,
      schema: { tags, summary: 'Process, HTTP and database figures of this instance' },
      handler: async () => {
        const dir = fs.existsSync(ctx.config.dataDir) ? ctx.config.dataDir : process.cwd();
        const s = await fs.promises.statfs(dir);
        return {
          ...(await ctx.metrics.snapshot()),
          database: { driver: ctx.database.driver, description: ctx.database.description, pool: ctx.database.pool(), replicas: ctx.database.replicas?.estado() ?? [] },
          disk: { path: dir, total: s.blocks * s.bsize, free: s.bavail * s.bsize },
        };
      },
    });

    // Scrapers send a static token (METRICS_TOKEN); people use their admin session.
    app.get('/prometheus', {
      config: { access: 'public', foreignBearer: true },
      schema: { tags, summary: 'Prometheus exposition (Bearer METRICS_TOKEN, or an admin token)' },
      handler: async (req, reply) => {
        const bearer = req.headers.authorization?.replace(/^Bearer\s+/i, '');
        const byToken = !!ctx.config.metricsToken && bearer === ctx.config.metricsToken;
        const byAdmin = req.principal?.authorities.includes(Authority.ADMIN) ?? false;
        if (!byToken && !byAdmin) throw forbidden('Send Authorization: Bearer <METRICS_TOKEN> or sign in as an administrator');
        return reply.header('content-type', ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
      },
    });

    app.get('/dump', {
      config: admin,
      schema: { tags, summary: "Node's counterpart of a thread dump: libuv handles and active resources" },
      handler: async () => {
        const report = process.report.getReport() as unknown as { libuv?: Record<string, unknown>[]; header?: Record<string, unknown> };
        return {
          note: 'Node.js runs JavaScript on one thread; these are the libuv handles and requests of the event loop.',
          activeResources: process.getActiveResourcesInfo(),
          handles: (report.libuv ?? []).map((h) => ({
            type: String(h.type ?? 'unknown'),
            isActive: Boolean(h.is_active),
            isReferenced: Boolean(h.is_referenced),
            address: String(h.address ?? ''),
            details: Object.fromEntries(Object.entries(h).filter(([k]) => !['type', 'is_active', 'is_referenced', 'address'].includes(k)).map(([k, v]) => [k, String(v)])),
          })),
        };
      },
    });

    app.get('/logs', {
      config: admin,
      schema: { tags, summary: 'Loggers and their levels', response: { 200: z.array(LoggerInfo) } },
      handler: async () => ctx.loggers.list(),
    });

    app.put('/logs', {
      config: admin,
      schema: { tags, summary: 'Change a logger level at run time (this instance)', body: LoggerChange },
      handler: async (req, reply) => {
        if (!ctx.loggers.setLevel(req.body.name, req.body.level)) throw notFound(`Logger ${req.body.name} not found`);
        ctx.log.warn({ logger: req.body.name, level: req.body.level, by: req.principal?.login }, 'log level changed');
        return reply.code(204).send();
      },
    });

    app.get('/configprops', {
      config: admin,
      schema: { tags, summary: 'Configuration properties (secrets masked)' },
      handler: async () => ({ cadastro: describeConfig(ctx.config) }),
    });

    app.get('/env', {
      config: admin,
      schema: { tags, summary: "The application's environment variables that are set (secrets masked); nothing of the host" },
      handler: async () => ({
        activeProfiles: [ctx.config.profile],
        propertySources: [
          {
            name: 'applicationEnvironment',
            properties: Object.fromEntries(Object.entries(ctx.config.environment).map(([k, v]) => [k, { value: v }])),
          },
        ],
      }),
    });
  };
}
