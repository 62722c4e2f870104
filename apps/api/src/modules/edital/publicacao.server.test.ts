import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query, queryOne } from '../../db/consulta.js';
import { linkDemoTaxpayerAccount } from '../../seed/demo-accounts.js';
import { startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { TransacaoParalela } from '../../test/transacao-paralela.js';

let t: TestApp;
let editais: Client;
let responsavel: number;
const api = '/sfz-cadastro-api/api';

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 30 } });
  await linkDemoTaxpayerAccount(t.db);
  editais = await t.as('editais');
  responsavel = Number((await queryOne<{ n: string }>(t.db, sql`select numero_pessoa as n from usuario where login = 'editais'`))!.n);
}, 180_000);
afterAll(() => t.close());

// A notice is a legal act: confirmed while clerks change the statuses of its taxpayers, each linked
// registration ends changed or listed with its reason — none silently skipped by the lock.
it('a BAIXA DE OFÍCIO notice confirmed while two of its taxpayers are being changed: every one changed or listed', async () => {
  const ativos = (await query<{ c: number }>(t.db, sql`select numero_caceal as c from contribuinte where situacao_id = 1 order by id limit 4`)).map((r) => Number(r.c));
  const cad = await editais.post(`${api}/edital/cadastro`, {
    tituloEdital: 'EDITAL DE BAIXA DE OFÍCIO', idTipoEdital: 3, texto: 'Torna pública a baixa de ofício dos contribuintes relacionados.',
    numeroPessoaResponsavel: responsavel, idSituacaoCadastralFutura: 4, motivos: [402], vinculados: ativos.map((numeroCaceal) => ({ numeroCaceal })),
  });
  expect(cad.statusCode, cad.body).toBe(200);
  const e = cad.json<{ edital: { id: number } }>().edital;
  expect((await editais.post(`${api}/edital/assinatura`, { id: e.id })).statusCode).toBe(200);

  // A clerk suspends ativos[0] (BAIXA DE OFÍCIO still applies from SUSPENSO) and voids ativos[1] (NULO:
  // nothing applies), holding the locks while the publication starts. (One transaction: two would
  // queue on the registry's status counters before the publication even began.)
  const clerk = await TransacaoParalela.abrir(t.built.ctx.config.databaseUrl!);
  await clerk.sql(`update contribuinte set situacao_id = 2, motivo_id = 202, version = version + 1 where numero_caceal = $1`, [ativos[0]]);
  await clerk.sql(`update contribuinte set situacao_id = 5, motivo_id = 501, version = version + 1 where numero_caceal = $1`, [ativos[1]]);
  const publicacao = editais.post(`${api}/edital`, { id: e.id, dataPublicacao: '2026-11-20' });
  await clerk.esperarAlguemBloqueado();
  await clerk.commit();
  const r = await publicacao;
  expect(r.statusCode, r.body).toBe(200);
  const res = r.json<{ alterados: number; inalterados: number[]; detalheInalterados: { numeroCaceal: number; situacaoCadastral: string }[] }>();
  expect(res.inalterados).toEqual([ativos[1]]);
  expect(res.detalheInalterados).toEqual([{ numeroCaceal: ativos[1], situacaoCadastral: 'NULO' }]);
  expect(res.alterados).toBe(3);
  const depois = await query<{ c: number; s: number; h: number }>(t.db, sql`select c.numero_caceal as c, c.situacao_id as s,
    (select count(*)::int from historico_situacao h where h.contribuinte_id = c.id and h.edital_id = ${e.id}) as h
    from contribuinte c where c.numero_caceal in (${sql.join(ativos.map((x) => sql`${x}`), sql`, `)}) order by c.numero_caceal`);
  for (const d of depois) expect(d).toEqual(d.c === ativos[1] ? { c: d.c, s: 5, h: 0 } : { c: d.c, s: 4, h: 1 });
});
