import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Authority } from '@cadastro/domain';
import type { AppContext } from '../../platform/context.js';
import { HttpProblem } from '../../platform/errors/problem.js';
import { tarDePasta } from './tar.js';

/**
 * The embedded database's backup, taken by the process that holds it: PGlite is one process's, so no
 * other program can copy its files while the API serves. The data dir is copied at one instant into a
 * folder of DATA_DIR (db/copia-embutida.ts), then sent from there as a tar read file by file:
 * the database waits only for the local copy, the process's memory does not grow with the database,
 * and a slow download holds nothing. One at a time: a second call while one is sent is refused (409)
 * rather than a second full copy on the disk. deploy/backup-embutido.sh restores it. A PostgreSQL
 * server has its own tools (deploy/backup-servidor.sh).
 */
export function backupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  let emCurso = false;
  const PREFIXO = 'backup-em-curso-';
  const apagar = (pasta: string) => fs.promises.rm(pasta, { recursive: true, force: true });
  return async (app) => {
    // What a process that died during a backup left (each copy has a folder of its own).
    if (ctx.database.copiarDataDir && fs.existsSync(ctx.config.dataDir)) {
      for (const nome of await fs.promises.readdir(ctx.config.dataDir)) if (nome.startsWith(PREFIXO)) await apagar(path.join(ctx.config.dataDir, nome));
    }
    app.get('/backup', {
      config: { access: [Authority.ADMIN] },
      // A HEAD would take the whole copy and read it through to send nothing.
      exposeHeadRoute: false,
      // No parameters: anything in the query is a mistake, refused before a copy starts.
      schema: { tags: ['admin'], summary: 'Embedded database only: a consistent copy of its data dir, as a tar file', produces: ['application/x-tar'], querystring: z.object({}).strict() },
      handler: async (req, reply) => {
        const copiar = ctx.database.copiarDataDir;
        if (!copiar) {
          throw new HttpProblem(409, 'The database is a PostgreSQL server: back it up with pg_basebackup and WAL archiving, or pg_dump (deploy/backup-servidor.sh).', { message: 'error.backupServidor' });
        }
        if (emCurso) throw new HttpProblem(409, 'A backup is being taken: try again when it has finished.', { message: 'error.backupEmCurso' });
        emCurso = true;
        const t0 = performance.now();
        const pasta = path.join(ctx.config.dataDir, `${PREFIXO}${Date.now()}`);
        let tar;
        try {
          await copiar(pasta);
          tar = await tarDePasta(pasta);
        } catch (err) {
          emCurso = false;
          await apagar(pasta);
          throw err;
        }
        const copiaMs = Math.round(performance.now() - t0);
        const { bytes, corpo } = tar;
        let enviados = 0;
        let liberado = false;
        // Once, when the last byte was read, the download failed or the client went away (or never
        // began: 'close' below): the next copy may start at once, this one's folder goes meanwhile.
        const liberar = () => {
          if (liberado) return;
          liberado = true;
          emCurso = false;
          const inteiro = enviados === bytes;
          ctx.log[inteiro ? 'warn' : 'error']({ by: req.principal?.login, bytes, enviados, copiaMs, ms: Math.round(performance.now() - t0) }, inteiro ? 'embedded database backup taken' : 'embedded database backup cut short');
          void apagar(pasta).catch((err: unknown) => ctx.log.error({ err, pasta }, 'backup snapshot not removed'));
        };
        const fluxo = Readable.from((async function* () {
          try {
            for await (const b of corpo) {
              enviados += b.length;
              yield b;
            }
          } finally {
            liberar();
          }
        })());
        fluxo.once('close', liberar);
        const quando = new Date().toISOString().replace(/[:.]/g, '-');
        return reply
          .header('content-type', 'application/x-tar')
          .header('content-length', bytes)
          .header('content-disposition', `attachment; filename="cadastro-${quando}.tar"`)
          .header('cache-control', 'no-store')
          .send(fluxo);
      },
    });
  };
}
