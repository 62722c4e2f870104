import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import pg from 'pg';
import setup from './global-setup.js';

/**
 * Issue #39 §12: the server-mode template databases. A run killed before its teardown left `tpl_<hash>`
 * on the server, and every later run then failed in its set-up ("already exists"); two runs at once on one
 * server collided the same way. Here a whole run's set-up is started in a child process and killed once
 * its template is made; the next set-ups on the server (this file's, beside the run this file is part of)
 * must work, and clean what the dead run left.
 */
const servidor = process.env.TEST_DATABASE_URL!;
/** A run's id: the suffix of its folder (banco-modelo.ts execucaoDaPasta). */
const execucaoDaPasta = (dir: string) => /-([0-9a-f]{8})$/.exec(path.basename(dir))?.[1] ?? path.basename(dir);
const setupTs = path.join(path.dirname(fileURLToPath(import.meta.url)), 'global-setup.ts');
let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: servidor });
  await client.connect();
});
afterAll(() => client.end());

const modelos = async (execucao: string) =>
  (await client.query<{ d: string }>(`select datname as d from pg_database where datname like $1`, [`tpl\\_%\\_${execucao}`])).rows.map((r) => r.d);

/** A run's set-up in a process of its own, killed (SIGKILL: no teardown) once its template is made; its folder. */
function execucaoMorta(): Promise<string> {
  const codigo = `const { default: setup } = await import(${JSON.stringify(setupTs)});
    let dir; await setup({ provide: (_k, v) => { dir = v; } }); console.log('PRONTO ' + dir); setInterval(() => {}, 1000);`;
  const filho = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', codigo], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let saida = '';
  return new Promise((ok, falha) => {
    filho.stdout.on('data', (b: Buffer) => {
      saida += b.toString();
      const m = /PRONTO (\S+)/.exec(saida);
      if (m) {
        filho.kill('SIGKILL');
        filho.once('exit', () => ok(m[1]!));
      }
    });
    filho.stderr.on('data', (b: Buffer) => (saida += b.toString()));
    filho.once('exit', (code) => {
      if (!/PRONTO/.test(saida)) falha(new Error(`the child's set-up failed (${code}): ${saida}`));
    });
  });
}

describe('server-mode template databases (issue #39 §12)', { timeout: 240_000 }, () => {
  it('a run killed after making its template leaves nothing that breaks the next run, which drops it', async () => {
    const pastaMorta = await execucaoMorta();
    // The dead run's folder in the temp dir is this test's to remove (its templates are the next run's job).
    onTestFinished(() => fs.rm(pastaMorta, { recursive: true, force: true }));
    const morta = execucaoDaPasta(pastaMorta);
    expect(await modelos(morta)).toHaveLength(1);

    let dir = '';
    const encerrar = await setup({ provide: ((_k: string, v: string) => (dir = v)) as never });
    const viva = execucaoDaPasta(dir);
    try {
      expect(await modelos(morta)).toEqual([]);
      expect(await modelos(viva)).toHaveLength(1);
    } finally {
      await encerrar();
    }
    expect(await modelos(viva)).toEqual([]);
  });

  it('two runs at once on one server each get their own templates; one\'s teardown leaves the other\'s', async () => {
    const dirs: string[] = [];
    const [a, b] = await Promise.all([0, 1].map((i) => setup({ provide: ((_k: string, v: string) => (dirs[i] = v)) as never })));
    const [ea, eb] = dirs.map(execucaoDaPasta) as [string, string];
    try {
      expect(ea).not.toBe(eb);
      await a!();
      expect(await modelos(ea)).toEqual([]);
      const [modeloB] = await modelos(eb);
      expect(modeloB).toBeDefined();
      // Still a usable template: a file's database is copied from it.
      await client.query(`CREATE DATABASE t_copia_${eb} TEMPLATE ${modeloB} STRATEGY FILE_COPY`);
      await client.query(`DROP DATABASE t_copia_${eb}`);
    } finally {
      await b!();
    }
  });
});
