import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepararModelo } from './harness.js';

/**
 * One folder per `vitest run` for the template databases (banco-modelo.ts), removed at the end with
 * the templates a PostgreSQL server got: a run leaves nothing in the temp folder nor on the server.
 */
export default async function setup(project: TestProject) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cadastro-test-modelos-'));
  project.provide('bancoModelo', dir);
  await prepararModelo(dir).catch(async (err: unknown) => {
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  });
  return async () => {
    const servidor = process.env.TEST_DATABASE_URL;
    const modelos = servidor ? await modelosDoServidor(dir) : [];
    if (servidor && modelos.length) {
      const client = new pg.Client({ connectionString: servidor });
      await client.connect();
      try {
        for (const nome of modelos) await client.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
}

/** Server-mode templates made in this run: the `.ready` files that name a database. */
async function modelosDoServidor(dir: string): Promise<string[]> {
  const nomes = await fs.readdir(dir).catch(() => [] as string[]);
  const prontos = await Promise.all(nomes.filter((n) => n.endsWith('.ready')).map((n) => fs.readFile(path.join(dir, n), 'utf8')));
  return prontos.filter((v) => /^tpl_[0-9a-f]+$/.test(v));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for template tarballs and locks (banco-modelo.ts). */
    bancoModelo: string;
  }
}
