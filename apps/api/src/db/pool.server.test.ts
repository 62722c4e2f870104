import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { defaultPoolSize, openDatabase, type Database } from './client.js';
import { queryOne } from './consulta.js';
import { porCursor } from './cursor.js';
import { testDatabaseUrl } from '../test/harness.js';

/** Reports stream through their own connections: exports never take the ones searches use. */
let db: Database;
beforeAll(async () => {
  db = await openDatabase(await testDatabaseUrl(), '/tmp', { poolSize: 1 });
}, 120_000);
afterAll(() => db.close());

describe('connection pools on a PostgreSQL server', () => {
  it('the default is twice the cores, between 4 and 10', () => {
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(4);
    expect(defaultPoolSize()).toBeLessThanOrEqual(10);
  });

  it('with two spreadsheets streaming (cursors held open), the one request connection still answers at once', async () => {
    let soltar!: () => void;
    const aberto = new Promise<void>((r) => (soltar = r));
    let lotes = 0;
    const cursor = () => porCursor<{ n: number }>(db.fluxos, sql`select generate_series(1, 10) as n`, 2, async () => {
      lotes++;
      await aberto; // the client has not read the batch yet
    });
    const exportacoes = [cursor(), cursor()];
    while (lotes < 2) await new Promise((r) => setTimeout(r, 10));
    const t0 = performance.now();
    expect(await queryOne<{ x: number }>(db.db, sql`select 41 + 1 as x`)).toEqual({ x: 42 });
    expect(await queryOne<{ x: number }>(db.db, sql`select 1 as x`)).toEqual({ x: 1 });
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(db.pool().total).toBe(1);
    soltar();
    expect(await Promise.all(exportacoes)).toEqual([10, 10]);
  });

  it('reads started together inside a transaction run one after another, in order, and pg is never handed a busy connection', async () => {
    // pg queued them itself before, a deprecated use ("Calling client.query() when the client is
    // already executing a query", once per process, pg 9 refuses it) printed by every server pass.
    const avisos: string[] = [];
    const ouvir = (w: Error) => avisos.push(`${w.name}: ${w.message}`);
    process.on('warning', ouvir);
    try {
      const lidas = await db.db.transaction(async (tx) =>
        Promise.all([0.05, 0, 0.02, 0, 0].map((s, i) => queryOne<{ i: number; t: string }>(tx, sql`select ${i}::int as i, clock_timestamp()::text as t from pg_sleep(${s})`))),
      );
      expect(lidas.map((l) => l!.i)).toEqual([0, 1, 2, 3, 4]);
      const t = lidas.map((l) => l!.t);
      expect([...t].sort()).toEqual(t); // each one began after the one before it
      // A failed statement fails the ones behind it (the transaction is aborted), as before; nothing hangs.
      const r = await db.db
        .transaction(async (tx) => Promise.allSettled([tx.execute(sql`select 1/0`), tx.execute(sql`select 1`)]))
        .then((x) => x.map((y) => y.status));
      expect(r).toEqual(['rejected', 'rejected']);
      await new Promise((ok) => setImmediate(ok)); // warnings are emitted on the next tick
      expect(avisos.filter((a) => /already executing a query/.test(a))).toEqual([]);
    } finally {
      process.off('warning', ouvir);
    }
  });
});
