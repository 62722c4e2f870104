import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.js';
import { queryOne } from './consulta.js';
import { conexaoComSessao } from './sessao.js';
import { testDatabaseUrl } from '../test/harness.js';

/** The settings every connection starts with (db/sessao.ts), on either driver. */
let db: Database;
beforeAll(async () => {
  const url = await testDatabaseUrl();
  // An operator's own startup options in the URL stay, beside ours.
  db = await openDatabase(url.startsWith('memory://') ? url : `${url}?options=${encodeURIComponent('-c application_name=cadastro-operador')}`, '/tmp', { poolSize: 2 });
}, 120_000);
afterAll(() => db.close());

const mostra = async (nome: string) => (await queryOne<{ v: string }>(db.db, sql`select current_setting(${nome}) as v`))!.v;

describe('connection settings', () => {
  it("every connection has the name search's trigram threshold as its own (no transaction, no set_config per search)", async () => {
    expect(await mostra('pg_trgm.similarity_threshold')).toBe('0.25');
    // A RESET (a pooler's reset between clients) returns to them, not to pg_trgm's 0.3.
    if (db.driver === 'postgresql') {
      await db.db.transaction(async (tx) => {
        await tx.execute(sql`set local pg_trgm.similarity_threshold = 0.9`);
        await tx.execute(sql`reset pg_trgm.similarity_threshold`);
        expect((await queryOne<{ v: string }>(tx, sql`select current_setting('pg_trgm.similarity_threshold') as v`))!.v).toBe('0.25');
      });
      expect(await mostra('application_name')).toBe('cadastro-operador');
    }
  });

  it("a connection string's own options are kept and taken out of the URL (whose parameters would replace the pool's)", () => {
    expect(conexaoComSessao('postgres://u@h:5432/d?options=-c%20search_path%3Dx&sslmode=disable', '-c work_mem=8MB')).toEqual({
      connectionString: 'postgres://u@h:5432/d?sslmode=disable',
      options: '-c search_path=x -c pg_trgm.similarity_threshold=0.25',
    });
    expect(conexaoComSessao('postgres://u@h/d', undefined).options).toBe('-c pg_trgm.similarity_threshold=0.25');
    // PGOPTIONS, which node-postgres would drop once a pool sets its own options.
    expect(conexaoComSessao('postgres://u@h/d', '-c work_mem=8MB').options).toBe('-c work_mem=8MB -c pg_trgm.similarity_threshold=0.25');
    expect(conexaoComSessao('host=h dbname=d', undefined)).toEqual({ connectionString: 'host=h dbname=d', options: '-c pg_trgm.similarity_threshold=0.25' });
  });
});
