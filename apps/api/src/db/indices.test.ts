import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.js';
import { query } from './consulta.js';
import { ensureReferenceData } from '../seed/referencia/index.js';
import { resetRegistry, seedRegistry } from '../seed/registro.js';

/**
 * Issue #39 §3: a large seed drops the registry's indexes and UNIQUE constraints for its load. Killed
 * between the DROP and the rebuild, the registry used to stay without them for good (a duplicate CPF was
 * then accepted). The interruption here is a throw from the seed's last progress report: every row is
 * loaded, nothing rebuilt yet — what a kill at that moment leaves. The "next start" reopens the data dir.
 */
const catalogo = async (db: Database) => ({
  indices: await query<{ n: string; d: string }>(db.db, sql`select indexname as n, indexdef as d from pg_indexes where schemaname = 'public' order by 1`),
  restricoes: await query<{ n: string; t: string }>(db.db, sql`select conname as n, contype::text as t from pg_constraint
    where connamespace = 'public'::regnamespace order by 1`),
});
const interromper = { taxpayers: 300, seed: 3, rebuildIndexes: true, onProgress: (feitos: number, total: number) => {
  if (feitos === total) throw new Error('seed interrompido');
} };
const cpfDuplicado = (db: Database) => db.db.execute(sql`insert into pessoa (numero_pessoa, tipo, numero_documento, nome)
  select 9999999, tipo, numero_documento, 'CPF DUPLICADO' from pessoa where tipo = 'F' order by numero_pessoa limit 1`);
const codigo = (err: unknown): unknown => (err as { code?: string; cause?: unknown }).code ?? ((err as { cause?: unknown }).cause ? codigo((err as { cause: unknown }).cause) : undefined);

let dir: string;
let migracoes: Awaited<ReturnType<typeof catalogo>>;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-indices-'));
  const fresco = await openDatabase('memory://', dir);
  migracoes = await catalogo(fresco);
  await fresco.close();
}, 120_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true })); // an embedded database: npm test leaves no temp dirs

describe('an interrupted large seed (issue #39 §3)', { timeout: 180_000 }, () => {
  it('the next start rebuilds what it dropped: the catalogue is the migrations\' and a duplicate CPF is refused', async () => {
    const dados = fs.mkdtempSync(path.join(dir, 'dados-'));
    let db = await openDatabase(undefined, dados);
    try {
      await ensureReferenceData(db.db);
      await expect(seedRegistry(db, interromper)).rejects.toThrow('seed interrompido');
      // The kill came between the DROP and the rebuild: CPF/CNPJ and CACEAL are unprotected now.
      const agora = (await catalogo(db)).restricoes.map((r) => r.n);
      expect(agora).not.toContain('pessoa_numero_documento_unique');
      expect(agora).not.toContain('contribuinte_numero_caceal_unique');
    } finally {
      await db.close();
    }
    db = await openDatabase(undefined, dados);
    try {
      expect(await catalogo(db)).toEqual(migracoes);
      const err = await cpfDuplicado(db).then(() => null, (e: unknown) => e);
      expect(codigo(err)).toBe('23505');
      // A seed run to its end leaves the same catalogue.
      await resetRegistry(db);
      await seedRegistry(db, { ...interromper, onProgress: undefined });
      expect(await catalogo(db)).toEqual(migracoes);
    } finally {
      await db.close();
    }
  });

  it('a start whose rebuild fails (a duplicate came in meanwhile) refuses, naming the constraint', async () => {
    const dados = fs.mkdtempSync(path.join(dir, 'dados-'));
    const db = await openDatabase(undefined, dados);
    try {
      await ensureReferenceData(db.db);
      await expect(seedRegistry(db, interromper)).rejects.toThrow('seed interrompido');
      await cpfDuplicado(db); // unprotected: accepted
    } finally {
      await db.close();
    }
    await expect(openDatabase(undefined, dados)).rejects.toThrow(/pessoa_numero_documento_unique.*remove the duplicates/s);
  });
});
