import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AuditMessage, SystemActor } from '@cadastro/domain';
import { query, queryOne } from '../db/consulta.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { linkDemoTaxpayerAccount } from './demo-accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 200, seed: 9 } });
}, 120_000);
afterAll(() => t.close());

const pessoaDe = async (login: string) => (await queryOne<{ np: number | null }>(t.db, sql`select numero_pessoa::int as np from usuario where login = ${login}`))!.np;
const vinculos = (login: string) =>
  query<{ principal: string; data: { message: string }; before: { numeroPessoa: number | null }; after: { numeroPessoa: number | null } }>(t.db, sql`select e.principal,
    e.data, e.before, e.after from evento_auditoria e join usuario u on e.entity = 'usuario' and e.entity_id = u.id::text
    where u.login = ${login} and e.data->>'message' = ${AuditMessage.PERSON_LINKED} order by e.id`);

describe('the dev start links the demo accounts (issue #39 §11)', () => {
  it('never takes a person another account holds, and audits every link it makes', async () => {
    const primeira = (await queryOne<{ np: number }>(t.db, sql`select numero_pessoa::int as np from contribuinte where indicador_matriz = 'M' order by id limit 1`))!.np;
    // Another account (an administrator linked it, or a self-registered taxpayer) already holds the person.
    await t.db.execute(sql`update usuario set numero_pessoa = ${primeira} where login = 'user'`);
    await t.db.execute(sql`update usuario set numero_pessoa = null where login = 'contribuinte'`);

    const feitas = await linkDemoTaxpayerAccount(t.db);
    expect(await pessoaDe('contribuinte')).toBeNull();
    expect(await pessoaDe('user')).toBe(primeira);
    expect(feitas).toEqual(['editais', 'contador']);
    expect(await vinculos('contribuinte')).toEqual([]);
    // The other demo links were made, each with its audit row.
    for (const login of feitas) {
      const np = await pessoaDe(login);
      expect(np).not.toBeNull();
      expect(await vinculos(login)).toMatchObject([{ principal: SystemActor.SYSTEM, before: { numeroPessoa: null }, after: { numeroPessoa: np } }]);
    }

    // Once the person is free again, the next start links the demo account, audited.
    await t.db.execute(sql`update usuario set numero_pessoa = null where login = 'user'`);
    expect(await linkDemoTaxpayerAccount(t.db)).toEqual(['contribuinte']);
    expect(await pessoaDe('contribuinte')).toBe(primeira);
    expect(await vinculos('contribuinte')).toMatchObject([{ principal: SystemActor.SYSTEM, before: { numeroPessoa: null }, after: { numeroPessoa: primeira } }]);
    // A second start changes nothing.
    expect(await linkDemoTaxpayerAccount(t.db)).toEqual([]);
  });
});
