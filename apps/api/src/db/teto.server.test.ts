import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryOne } from './consulta.js';
import { comTeto } from './teto.js';
import { expectProblem, startTestApp, type Client, type TestApp } from '../test/harness.js';
import { TransacaoParalela } from '../test/transacao-paralela.js';

/**
 * #40 §5: every statement of a request runs under its route class's ceiling. A statement is made slow
 * for real by a second session holding a lock on the table it reads (statement_timeout counts the wait);
 * the lock is let go after a few seconds so that code without a ceiling answers 200 late instead of hanging.
 */
let t: TestApp;
let atendente: Client;
let auditor: Client;
const api = '/sfz-cadastro-api/api';
const INTERATIVA_MS = 400;

beforeAll(async () => {
  t = await startTestApp({ DATABASE_STATEMENT_TIMEOUT_MS: String(INTERATIVA_MS), DATABASE_REPORT_STATEMENT_TIMEOUT_MS: '60000' }, { registry: { taxpayers: 100, seed: 40 } });
  [atendente, auditor] = await Promise.all([t.as('atendente'), t.as('auditor')]);
}, 180_000);
afterAll(() => t.close());

/** Holds `tabela` locked against reads; `solta` resolves when it is let go, after `ms`. */
async function bloquear(tabela: string, ms: number): Promise<{ solta: Promise<void> }> {
  const outra = await TransacaoParalela.abrir(t.built.ctx.config.databaseUrl!);
  await outra.sql(`lock table ${tabela} in access exclusive mode`);
  return { solta: new Promise<void>((ok) => setTimeout(() => void outra.commit().then(ok), ms)) };
}

describe('statement ceilings by route class (PostgreSQL)', () => {
  it('a clerk\'s page whose statement runs past the interactive ceiling answers 503 problem+json in pt-BR, in about the ceiling, not when the statement ends', async () => {
    const np = (await queryOne<{ np: number }>(t.db, sql`select numero_pessoa_contador as np from contribuinte_contador limit 1`))!.np;
    const { solta } = await bloquear('pessoa', 4_000);
    const t0 = performance.now();
    const r = await atendente.get(`${api}/pessoa/empresas-vinculadas/${np}?vinculo=contador&size=1`);
    const ms = performance.now() - t0;
    await solta;
    const p = expectProblem(r, 503);
    expect(p.message).toBe('error.http.tempoEsgotado');
    expect(p.detail).toMatch(/demorou mais que o tempo permitido/);
    expect(r.headers['retry-after']).toBe('5');
    expect(ms).toBeLessThan(3_500);
    // The connection went back to the pool in working order: the same page answers once the lock is gone.
    expect((await atendente.get(`${api}/pessoa/empresas-vinculadas/${np}?vinculo=contador&size=1`)).statusCode).toBe(200);
  });

  it('a report waits past the interactive ceiling (its own is longer), and the clerk after it is back under the interactive one', async () => {
    const { solta } = await bloquear('contribuinte', 1_500);
    const r = await auditor.get(`${api}/relatorio/panorama`);
    await solta;
    expect(r.statusCode).toBe(200);
    // The report's connections returned to the pool with the pool's ceiling, not the report's.
    const np = (await queryOne<{ np: number }>(t.db, sql`select numero_pessoa_contador as np from contribuinte_contador limit 1`))!.np;
    const { solta: solta2 } = await bloquear('pessoa', 4_000);
    const r2 = await atendente.get(`${api}/pessoa/empresas-vinculadas/${np}?vinculo=contador&size=1`);
    await solta2;
    expectProblem(r2, 503);
  });

  it('outside a request (start-up, seed, background work) a statement has no ceiling; inside an interactive one, pool statements and transactions have it', async () => {
    const db = t.built.ctx.database.db;
    expect(await queryOne<{ x: number }>(db, sql`select 1 as x from pg_sleep(${(INTERATIVA_MS * 2) / 1000})`)).toEqual({ x: 1 });
    await expect(comTeto('interativa', async () => await db.execute(sql`select pg_sleep(${(INTERATIVA_MS * 2) / 1000})`))).rejects.toMatchObject({ cause: { code: '57014' } });
    await expect(comTeto('interativa', async () => await db.transaction((tx) => tx.execute(sql`select pg_sleep(${(INTERATIVA_MS * 2) / 1000})`)))).rejects.toMatchObject({ cause: { code: '57014' } });
    // A report's transaction is under the report's ceiling.
    await expect(comTeto('relatorio', async () => await db.transaction((tx) => tx.execute(sql`select pg_sleep(${(INTERATIVA_MS * 2) / 1000})`)))).resolves.toBeDefined();
  });
});
