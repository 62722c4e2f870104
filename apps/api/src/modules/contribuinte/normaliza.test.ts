import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client.js';
import { query } from '../../db/consulta.js';
import { testDatabaseUrl } from '../../test/harness.js';
import { ACENTUADAS_CONHECIDAS, normalizaNoApp } from './normaliza.js';

let db: Database;
beforeAll(async () => {
  db = await openDatabase(await testDatabaseUrl(), '/tmp');
}, 120_000);
afterAll(() => db.close());

/** The database's own cadastro_normaliza of each text. */
const doBanco = async (textos: string[]) =>
  (await query<{ n: string }>(db.db, sql`select cadastro_normaliza(t) as n from unnest(${`{${textos.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) with ordinality u(t, i) order by i`)).map((r) => r.n);

describe('normalizaNoApp: what the search computes instead of the database', () => {
  it('every printable ASCII character and every known accented letter gives what cadastro_normaliza gives', async () => {
    const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
    const todos = [...ascii, ...ACENTUADAS_CONHECIDAS];
    expect(todos.map(normalizaNoApp)).toEqual(await doBanco(todos));
  });

  it('whole names as a clerk types them', async () => {
    const nomes = ['Comércio de Alimentos São João LTDA', 'AÇÚCAR & ÁLCOOL S/A', 'joão_100%', 'Ýves Ñandú-Ülm'];
    expect(nomes.map(normalizaNoApp)).toEqual(await doBanco(nomes));
  });

  it('a character it does not know is left to the database', () => {
    for (const t of ['Æther', 'straße', 'Øresund', 'tab\there', 'Ǆ', 'e\u0301']) expect(normalizaNoApp(t)).toBeNull();
  });
});
