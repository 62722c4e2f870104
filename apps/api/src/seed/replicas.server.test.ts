import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.js';
import { query } from '../db/consulta.js';
import { testDatabaseUrl } from '../test/harness.js';
import { DEMO_ACCOUNTS, ensureAccounts, ensureAuthorities } from './demo-accounts.js';
import { ensureReferenceData } from './referencia/index.js';

const bancos: Database[] = [];
afterAll(async () => {
  for (const b of bancos) await b.close();
});

// Replicas started together on an empty database (a deployment, the reliability bench) create the
// start-up accounts at the same moment, each on its own connection: one creates each account, the
// other waits and finds it — neither process dies on a duplicate login.
it('two processes preparing the start-up data at once: both succeed; the reference tables load once, each account exists once', async () => {
  const url = await testDatabaseUrl();
  const a = await openDatabase(url, path.join(os.tmpdir(), 'nao-usado'));
  const b = await openDatabase(url, path.join(os.tmpdir(), 'nao-usado'));
  bancos.push(a, b);
  // What buildApp does at start, after the migrations (which have their own lock).
  const partida = async (d: Database) => {
    const referencia = await ensureReferenceData(d.db);
    await ensureAuthorities(d.db);
    return { referencia, contas: await ensureAccounts(d.db, 'dev', undefined) };
  };
  const [ra, rb] = await Promise.all([partida(a), partida(b)]);
  expect([ra.referencia, rb.referencia].sort()).toEqual(['loaded', 'unchanged']);
  expect([...ra.contas, ...rb.contas].sort()).toEqual(DEMO_ACCOUNTS.map((d) => d.login).sort());
  const contas = await query<{ login: string; n: number }>(a.db, sql`select login, count(*)::int as n from usuario group by login order by login`);
  expect(contas).toEqual(DEMO_ACCOUNTS.map((d) => ({ login: d.login, n: 1 })).sort((x, y) => x.login.localeCompare(y.login)));
}, 180_000);
