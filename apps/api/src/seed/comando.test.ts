import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AuditMessage, SystemActor } from '@cadastro/domain';
import { openDatabase } from '../db/client.js';
import { query } from '../db/consulta.js';
import { startTestApp } from '../test/harness.js';
import { executarSeed } from './comando.js';
import { linkDemoTaxpayerAccount } from './demo-accounts.js';
import { seedRegistry } from './registro.js';

/** `npm run seed` (issue #39 §3): no fictitious data into a prod database unless said; a reset says what it deletes. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-seed-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true })); // an embedded database: npm test leaves no temp dirs

describe('npm run seed', { timeout: 240_000 }, () => {
  it('refuses APP_PROFILE=prod without --em-producao, before opening the database', async () => {
    const dados = fs.mkdtempSync(path.join(dir, 'prod-'));
    const saida: string[] = [];
    await expect(executarSeed(['--taxpayers', '10'], { APP_PROFILE: 'prod', DATABASE_URL: '', DATA_DIR: dados }, (s) => saida.push(s)))
      .rejects.toThrow(/APP_PROFILE=prod.*Nothing was touched.*--em-producao/s);
    expect(fs.readdirSync(dados)).toEqual([]);
    expect(saida).toEqual([]);
  });

  it('--reset lists the rows it deletes per table and unlinks (audited) the accounts linked to the persons it removes', async () => {
    const dados = fs.mkdtempSync(path.join(dir, 'reset-'));
    const env = { DATABASE_URL: '', DATA_DIR: dados };
    const t = await startTestApp(env);
    try {
      await seedRegistry(t.built.ctx.database, { taxpayers: 60, seed: 2 });
      await linkDemoTaxpayerAccount(t.db);
    } finally {
      await t.close();
    }
    const saida: string[] = [];
    const codigo = await executarSeed(['--taxpayers', '30', '--seed', '5', '--reset', '--em-producao'], { ...env, APP_PROFILE: 'prod' }, (s) => saida.push(s));
    expect(codigo).toBe(0);
    const texto = saida.join('');
    expect(texto).toContain('--reset deletes (rows per table):');
    expect(texto).toMatch(/\n\s+contribuinte\s+60\n/);
    expect(texto).toMatch(/\n\s+pessoa\s+\d+\n/);
    expect(texto).toContain('accounts unlinked from their person (audited; the persons are gone): contador, contribuinte, editais');

    const db = await openDatabase(undefined, dados);
    try {
      expect(await query(db.db, sql`select login, numero_pessoa from usuario where login in ('contador', 'contribuinte', 'editais') order by login`)).toEqual([
        { login: 'contador', numero_pessoa: null }, { login: 'contribuinte', numero_pessoa: null }, { login: 'editais', numero_pessoa: null },
      ]);
      const eventos = await query<{ principal: string; after: { login: string; numeroPessoa: number | null } }>(db.db, sql`select principal, after
        from evento_auditoria where data->>'message' = ${AuditMessage.PERSON_UNLINKED} order by id`);
      expect(eventos.map((e) => [e.principal, e.after.login, e.after.numeroPessoa])).toEqual([
        [SystemActor.SYSTEM, 'contador', null], [SystemActor.SYSTEM, 'contribuinte', null], [SystemActor.SYSTEM, 'editais', null],
      ]);
      expect(await query(db.db, sql`select count(*)::int as n from contribuinte`)).toEqual([{ n: 30 }]);
    } finally {
      await db.close();
    }
  });
});
