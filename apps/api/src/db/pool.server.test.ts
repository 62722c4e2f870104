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
});
