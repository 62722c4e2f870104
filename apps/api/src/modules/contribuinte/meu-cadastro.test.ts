import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, expectProblem, type TestApp, type Client } from '../../test/harness.js';
import { linkDemoTaxpayerAccount } from '../../seed/demo-accounts.js';

let t: TestApp;
let taxpayer: Client;
const api = '/sfz-cadastro-api/api';
const one = async <T>(text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 200, seed: 9 } });
  taxpayer = await t.as('contribuinte');
}, 120_000);
afterAll(() => t.close());

describe('meu cadastro (ROLE_CAD_MEU_CADASTRO)', () => {
  it('an account not linked to a person → 404 with a clear message', async () => {
    const p = expectProblem(await taxpayer.get(`${api}/pessoa/obterUsuarioLogado`), 404);
    expect(p.detail).toBe('Esta conta não está vinculada a um contribuinte.');
  });

  it('linked: sees its own person, registrations and tabs, and nobody else’s', async () => {
    await linkDemoTaxpayerAccount(t.db);
    const me = (await taxpayer.get(`${api}/pessoa/obterUsuarioLogado`)).json();
    expect(me.cacealList.length).toBeGreaterThan(0);
    const own = await taxpayer.get(`${api}/contribuinte/obterDadosCadastrais/${me.numeroPessoa}`);
    expect(own.statusCode).toBe(200);
    const socios = await taxpayer.get(`${api}/contribuinte/obterSocios/porCaceal/${me.cacealList[0]}`);
    expect(socios.statusCode).toBe(200);
    // The partners' main addresses come with the tab: the taxpayer sees them without reading other persons' records.
    expect(socios.json().length).toBeGreaterThan(0);
    for (const s of socios.json()) expect(s.endereco?.logradouro).toBeTruthy();
    expectProblem(await taxpayer.get(`${api}/pessoa/obterEnderecos/${socios.json()[0].numeroPessoaSocio}`), 403);
    const other = await one<{ numero_pessoa: number; numero_caceal: number }>(
      `select c.numero_pessoa, c.numero_caceal from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
       where ${me.numeroPessoa} not in (p.numero_pessoa, coalesce(p.numero_pessoa_raiz, 0)) limit 1`,
    );
    expectProblem(await taxpayer.get(`${api}/contribuinte/obterDadosCadastrais/${other.numero_pessoa}`), 403);
    expectProblem(await taxpayer.get(`${api}/contribuinte/obterSocios/porCaceal/${other.numero_caceal}`), 403);
    expectProblem(await taxpayer.get(`${api}/contribuinte/obterDadosCadastrais/${me.numeroPessoa}?caceal=${other.numero_caceal}`), 403);
    expectProblem(await taxpayer.get(`${api}/contribuinte/obterListaContribuintes/RAZAO_SOCIAL/ltda/0/10`), 403);
    // Printing the sheet follows the same rule: the own registration yes, another one no.
    expect((await taxpayer.get(`${api}/relatorio/imprimir?numeroCaceal=${me.cacealList[0]}`)).headers['content-type']).toBe('application/pdf');
    expectProblem(await taxpayer.get(`${api}/relatorio/imprimir?numeroCaceal=${other.numero_caceal}`), 403);
  });

  it('staff without the role cannot call obterUsuarioLogado', async () => {
    expectProblem(await (await t.as('atendente')).get(`${api}/pessoa/obterUsuarioLogado`), 403);
    expectProblem(await t.client().get(`${api}/pessoa/obterUsuarioLogado`), 401);
  });
});
