import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Authority } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { HttpProblem } from '../../platform/errors/problem.js';

/**
 * The embedded database's backup, taken by the process that holds it: PGlite is one process's, so no
 * other program can copy its files while the API serves. The copy is made between two statements
 * (PGlite runs one at a time) after a CHECKPOINT: a transaction in flight is in its WAL only, rolled
 * back when the copy is opened — the state of one instant, as a crash would leave it.
 * deploy/backup-embutido.sh restores it. A PostgreSQL server has its own tools (deploy/backup-servidor.sh).
 */
export function backupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/backup', {
      config: { access: [Authority.ADMIN] },
      schema: { tags: ['admin'], summary: 'Embedded database only: a consistent copy of its data dir, as a tar file', produces: ['application/x-tar'] },
      handler: async (req, reply) => {
        const dump = ctx.database.dumpDataDir;
        if (!dump) {
          throw new HttpProblem(409, 'The database is a PostgreSQL server: back it up with pg_basebackup and WAL archiving, or pg_dump (deploy/backup-servidor.sh).', { message: 'error.backupServidor' });
        }
        const t0 = performance.now();
        const tar = Buffer.from(await (await dump()).arrayBuffer());
        ctx.log.warn({ by: req.principal?.login, bytes: tar.length, ms: Math.round(performance.now() - t0) }, 'embedded database backup taken');
        const quando = new Date().toISOString().replace(/[:.]/g, '-');
        return reply
          .header('content-type', 'application/x-tar')
          .header('content-disposition', `attachment; filename="cadastro-${quando}.tar"`)
          .header('cache-control', 'no-store')
          .send(tar);
      },
    });
  };
}
