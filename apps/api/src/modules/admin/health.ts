import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Authority, Health, HealthStatus, ProblemSchema } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { ping } from '../../db/client.js';
import { runCheck, type CheckResult } from '../../platform/services.js';

const DISK_THRESHOLD = 10 * 1024 * 1024;

async function checkDb(ctx: AppContext): Promise<CheckResult> {
  const version = await ping(ctx.database.db);
  return { status: 'UP', details: { database: ctx.database.description, driver: ctx.database.driver, validationQuery: 'select version()', version } };
}

async function checkDisk(ctx: AppContext): Promise<CheckResult> {
  const dir = fs.existsSync(ctx.config.dataDir) ? ctx.config.dataDir : process.cwd();
  const s = await fs.promises.statfs(dir);
  const total = s.blocks * s.bsize;
  const free = s.bavail * s.bsize;
  return { status: free > DISK_THRESHOLD ? 'UP' : 'DOWN', details: { path: dir, total, free, threshold: DISK_THRESHOLD } };
}

/**
 * The hot-standby replicas, each with its lag: OUT_OF_SERVICE while any is out of rotation (reads
 * go on, on the primary, which then carries the load the replicas were there for).
 */
function checkReplicas(ctx: AppContext): CheckResult {
  const replicas = ctx.database.replicas!.estado();
  return { status: replicas.every((r) => r.inRotation) ? 'UP' : 'OUT_OF_SERVICE', details: { maxLagMs: ctx.config.databaseReplicas.maxLagMs, replicas } };
}

/** Every component's state; overall DOWN when any component is not UP. */
export async function health(ctx: AppContext): Promise<Health> {
  const checks: [string, () => Promise<CheckResult>][] = [
    ['db', () => checkDb(ctx)],
    ...(ctx.database.replicas ? [['dbReplicas', async () => checkReplicas(ctx)] as [string, () => Promise<CheckResult>]] : []),
    ['diskSpace', () => checkDisk(ctx)],
    ['ping', async () => ({ status: 'UP' })],
    ...ctx.services.all().map((s): [string, () => Promise<CheckResult>] => [
      s.id,
      async () => {
        const r = await s.check();
        return { ...r, details: { mode: s.mode, uri: s.uri, ...r.details } };
      },
    ]),
  ];
  const results = await Promise.all(checks.map(async ([name, check]) => [name, await runCheck(check)] as const));
  const components = Object.fromEntries(results);
  const status: HealthStatus = results.every(([, r]) => r.status === 'UP') ? 'UP' : 'DOWN';
  return { status, components };
}

/** GET management/health (ROLE_ADMIN): 200 when UP, 503 with the same body otherwise. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      config: { access: [Authority.ADMIN] },
      // A 503 may also be the guard's or the load shedding's problem (the session unreadable, overload).
      schema: { tags: ['admin'], summary: 'Health of every component (503 when any is down)', response: { 200: Health, 503: z.union([Health, ProblemSchema]) } },
      handler: async (_req, reply) => {
        const h = await health(ctx);
        return reply.code(h.status === 'UP' ? 200 : 503).send(h);
      },
    });

    // Probes for load balancers and orchestrators: no sign-in (the session check itself needs the
    // database), no details. Liveness: the process answers. Readiness: it can reach the database.
    const Probe = z.object({ status: HealthStatus });
    app.get('/health/liveness', {
      config: { access: 'public' },
      schema: { tags: ['admin'], summary: 'The process answers (no details)', response: { 200: Probe } },
      handler: async () => ({ status: 'UP' as const }),
    });
    app.get('/health/readiness', {
      config: { access: 'public' },
      schema: { tags: ['admin'], summary: 'The database answers: 200 UP, else 503 DOWN (no details)', response: { 200: Probe, 503: z.union([Probe, ProblemSchema]) } },
      handler: async (_req, reply) => {
        const r = await runCheck(() => checkDb(ctx));
        if (r.status !== 'UP') reply.code(503).header('Retry-After', '5');
        return reply.send({ status: r.status });
      },
    });
  };
}
