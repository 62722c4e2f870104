import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepararModelo } from './harness.js';

/**
 * One folder per `vitest run` for the template databases (banco-modelo.ts), named with the run's id,
 * removed at the end with the templates a PostgreSQL server got: a run leaves nothing in the temp folder
 * nor on the server. A run killed before its teardown (Ctrl-C twice, a CI timeout) leaves its templates:
 * the next run on that server drops them (issue #39 §12).
 */
export default async function setup(project: Pick<TestProject, 'provide'>) {
  const execucao = crypto.randomBytes(4).toString('hex');
  const dir = path.join(os.tmpdir(), `cadastro-test-modelos-${execucao}`);
  await fs.mkdir(dir);
  project.provide('bancoModelo', dir);
  const servidor = process.env.TEST_DATABASE_URL;
  let vigia: pg.Client | undefined;
  const encerrar = async () => {
    if (vigia) {
      // Every template of this run, made whole or not; then the lock goes with the connection.
      for (const nome of await modelosDaExecucao(vigia, execucao)) await vigia.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      await vigia.end();
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    if (servidor) vigia = await vigiar(servidor, execucao);
    await prepararModelo(dir);
  } catch (err) {
    await encerrar().catch(() => undefined);
    throw err;
  }
  return encerrar;
}

/** Advisory-lock class of the test runs' liveness locks (the key is the run's id). */
const CLASSE = 0x7e57;
const chave = (execucao: string) => parseInt(execucao, 16) | 0;

/**
 * The run's connection to the server, held until its teardown: it holds the run's advisory lock, so
 * any run can tell a live run's templates (lock taken) from a dead one's (lock free: the server released
 * it when the connection dropped). The dead ones' are dropped now, and so are templates of the old fixed
 * names (`tpl_<kind>`, from before runs had ids).
 */
async function vigiar(servidor: string, execucao: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: servidor });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1, $2)', [CLASSE, chave(execucao)]);
    const { rows } = await client.query<{ nome: string; execucao: string | null }>(`select datname as nome, substring(datname from '^tpl_[0-9a-f]{12}_([0-9a-f]{8})$') as execucao
      from pg_database where datname ~ '^tpl_[0-9a-f]{12}(_[0-9a-f]{8})?$'`);
    for (const r of rows) {
      if (r.execucao === execucao) continue;
      if (r.execucao && !(await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [CLASSE, chave(r.execucao)])).rows[0]!.ok) continue;
      try {
        await client.query(`DROP DATABASE IF EXISTS ${r.nome} WITH (FORCE)`);
      } finally {
        if (r.execucao) await client.query('select pg_advisory_unlock($1, $2)', [CLASSE, chave(r.execucao)]);
      }
    }
  } catch (err) {
    await client.end();
    throw err;
  }
  return client;
}

function modelosDaExecucao(client: pg.Client, execucao: string): Promise<string[]> {
  return client.query<{ nome: string }>(`select datname as nome from pg_database where datname ~ $1`, [`^tpl_[0-9a-f]{12}_${execucao}$`]).then((r) => r.rows.map((x) => x.nome));
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's folder for template tarballs and locks (banco-modelo.ts). */
    bancoModelo: string;
  }
}
