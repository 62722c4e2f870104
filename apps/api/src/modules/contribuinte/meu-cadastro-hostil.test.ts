import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Authority, type AdminUser } from '@cadastro/domain';
import { query, queryOne } from '../../db/consulta.js';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';
import { apiRoutes } from '../../test/routes.js';
import { linkDemoTaxpayerAccount } from '../../seed/demo-accounts.js';

/**
 * A hostile taxpayer (ROLE_CAD_MEU_CADASTRO) against every route its role opens: whatever path,
 * query or body it sends, it reads its own registrations and nothing else — the demo account linked by the
 * seed, and an account linked through user management (usuario/vinculo.ts).
 */
let t: TestApp;
const api = '/sfz-cadastro-api/api';
type Reg = { np: number; caceal: number; cnpj: string };
/** A taxpayer account, its own registration and another one (both of companies with partners). */
type Conta = { taxpayer: Client; own: Reg; other: Reg };
const contas: Record<string, Conta> = {};

/** Registrations, each marked whether it belongs to the account's person (its own or a branch's head office). */
async function conta(login: string): Promise<Conta> {
  const regs = await query<Reg & { dono: boolean }>(t.db, sql`select c.numero_pessoa::int as np, c.numero_caceal::int as caceal, p.numero_documento as cnpj,
      u.numero_pessoa in (p.numero_pessoa, coalesce(p.numero_pessoa_raiz, 0)) as dono
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa cross join usuario u
    where u.login = ${login} and exists (select 1 from socio s where s.numero_pessoa_empresa = coalesce(p.numero_pessoa_raiz, p.numero_pessoa))
    order by c.id`);
  const c = { taxpayer: await t.as(login), own: regs.find((r) => r.dono)!, other: regs.find((r) => !r.dono)! };
  expect(c.own && c.other).toBeTruthy();
  return c;
}

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 200, seed: 9 } });
  // The demo account, linked by the seed; and 'user', given the role and linked to another company
  // (one with branches) through the administrator's screen, as production accounts are.
  await linkDemoTaxpayerAccount(t.db);
  contas.contribuinte = await conta('contribuinte');
  const admin = await t.as('admin');
  const u = (await admin.get('/api/users/user')).json<AdminUser>();
  expect((await admin.put('/api/users', { ...u, authorities: [Authority.USER, Authority.MEU_CADASTRO] })).statusCode).toBe(200);
  const matriz = await queryOne<{ doc: string }>(t.db, sql`select p.numero_documento as doc from pessoa p
    where p.tipo = 'J' and p.numero_pessoa_raiz is null and p.numero_pessoa <> (select numero_pessoa from usuario where login = 'contribuinte')
      and exists (select 1 from socio s where s.numero_pessoa_empresa = p.numero_pessoa)
      and exists (select 1 from contribuinte c join pessoa f on f.numero_pessoa = c.numero_pessoa where f.numero_pessoa_raiz = p.numero_pessoa)
    order by p.numero_pessoa limit 1`);
  expect((await admin.put('/api/users/user/pessoa', { numeroDocumento: matriz!.doc })).statusCode).toBe(200);
  contas.user = await conta('user');
}, 120_000);
afterAll(() => t.close());

const TABS = ['obterDadosCadastrais', 'obterAtividades', 'obterSocios', 'obterResponsavel', 'obterContador', 'obterProcuradores', 'obterEditais', 'obterRegimesEspeciais'];
/** The §7 names of the same reads (issue 31): by person, and by CACEAL. */
const POR_PESSOA = [...TABS.map((n) => `/contribuinte/${n}`), '/contribuinte/editais', '/procurador/obterProcuradores'];
const POR_CACEAL = [...TABS.map((n) => `/contribuinte/${n}/porCaceal`), '/regimeEspecial'];
/** Every route the role opens, as the tests below call it; a new one fails the first test until it is covered here. */
const COVERED = [
  ...POR_PESSOA.map((u) => `GET ${api}${u}/:numeroPessoa`),
  ...POR_CACEAL.map((u) => `GET ${api}${u}/:caceal`),
  `GET ${api}/relatorio/imprimir`,
  `GET ${api}/pessoa/obterEnderecos/:numeroPessoa`,
  `GET ${api}/pessoa/obterUsuarioLogado`,
  `POST ${api}/contribuinte/obterPendencias`,
  // The requests check the company of the request they read (solicitacao.test.ts).
  ...['/solicitacao/consultar', '/solicitacao/:id', '/solicitacao/identificacao/:id', '/solicitacao/atividade-economica/:id', '/solicitacao/contabilista/:id',
    '/solicitacao/qsa/:id', '/solicitacao/mensagem/:id'].map((u) => `GET ${api}${u}`),
];

describe.each(['contribuinte', 'user'])('a taxpayer account (%s) reads nothing but its own registrations', (login) => {
  let taxpayer: Client;
  let own: Reg;
  let other: Reg;
  beforeAll(() => void ({ taxpayer, own, other } = contas[login]!));

  it('every route open to ROLE_CAD_MEU_CADASTRO is covered here', () => {
    const abertas = apiRoutes(t)
      .filter((r) => Array.isArray(r.access) && r.access.includes(Authority.MEU_CADASTRO))
      .map((r) => `${r.method} ${r.url}`);
    expect(abertas.sort()).toEqual([...COVERED].sort());
  });

  it('by CACEAL: the path decides, whatever the query says', async () => {
    for (const n of POR_CACEAL) {
      const url = `${api}${n}`;
      expect((await taxpayer.get(`${url}/${own.caceal}`)).statusCode, n).toBe(200);
      expectProblem(await taxpayer.get(`${url}/${other.caceal}`), 403);
      // The query used to override the path in the ownership check: 200 with the other's data.
      const r = await taxpayer.get(`${url}/${other.caceal}?caceal=${own.caceal}`);
      expect(r.statusCode, n).toBeGreaterThanOrEqual(400);
      expect(r.headers['content-type']).toContain('application/problem+json');
      expect(r.body).not.toContain(other.cnpj);
      for (const q of [`caceal=${own.caceal}`, `numeroPessoa=${own.np}`, `caceal[]=${own.caceal}`]) {
        expect((await taxpayer.get(`${url}/${other.caceal}?${q}`)).statusCode, `${n} ?${q}`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('by person: the registration read (?caceal= or the latest) decides', async () => {
    for (const n of POR_PESSOA) {
      const url = `${api}${n}`;
      expect((await taxpayer.get(`${url}/${own.np}`)).statusCode, n).toBe(200);
      expect((await taxpayer.get(`${url}/${own.np}?caceal=${own.caceal}`)).statusCode, n).toBe(200);
      expectProblem(await taxpayer.get(`${url}/${other.np}`), 403);
      expectProblem(await taxpayer.get(`${url}/${own.np}?caceal=${other.caceal}`), 403);
      const r = await taxpayer.get(`${url}/${other.np}?caceal=${own.caceal}`);
      expect(r.statusCode, n).toBeGreaterThanOrEqual(400);
      expect(r.body).not.toContain(other.cnpj);
    }
  });

  it('a bad ?caceal= is 400 problem+json, never 500', async () => {
    for (const url of [...POR_PESSOA.map((u) => `${api}${u}/${own.np}`), ...POR_CACEAL.map((u) => `${api}${u}/${own.caceal}`)]) {
      for (const bad of ['abc', '1', `${own.caceal}x`, '']) expectProblem(await taxpayer.get(`${url}?caceal=${bad}`), 400);
    }
  });

  it('the sheet, the addresses and the pendências: own yes, another no', async () => {
    expect((await taxpayer.get(`${api}/relatorio/imprimir?numeroCaceal=${own.caceal}`)).statusCode).toBe(200);
    expectProblem(await taxpayer.get(`${api}/relatorio/imprimir?numeroCaceal=${other.caceal}`), 403);
    expectProblem(await taxpayer.get(`${api}/relatorio/imprimir?numeroCaceal=${other.caceal}&caceal=${own.caceal}`), 403);
    expectProblem(await taxpayer.get(`${api}/relatorio/imprimir?numeroCaceal=abc`), 400);
    expect((await taxpayer.get(`${api}/pessoa/obterEnderecos/${own.np}`)).statusCode).toBe(200);
    expectProblem(await taxpayer.get(`${api}/pessoa/obterEnderecos/${other.np}?numeroPessoa=${own.np}&caceal=${own.caceal}`), 403);
    const pend = (body: object) => taxpayer.post(`${api}/contribuinte/obterPendencias`, body);
    expectProblem(await pend({ caceal: other.caceal }), 403);
    expectProblem(await pend({ cnpj: other.cnpj }), 403);
    const p = await pend({ caceal: own.caceal, cnpj: other.cnpj });
    expect(p.body).not.toContain(other.cnpj);
  });
});
