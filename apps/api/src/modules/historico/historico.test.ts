import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';

let t: TestApp;
let clerk: Client;
const api = '/sfz-cadastro-api/api/historico';
const all = async <T>(text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 17 } });
  clerk = await t.as('atendente');
}, 120_000);
afterAll(() => t.close());

describe('historico', () => {
  it('the picker lists the registrations of a CNPJ root; a CACEAL finds one', async () => {
    const p = await one<{ raiz_cnpj: string; n: number }>(`select p.raiz_cnpj, count(*)::int as n from contribuinte c join pessoa p using (numero_pessoa)
      where p.raiz_cnpj is not null group by p.raiz_cnpj order by count(*) desc limit 1`);
    const r = (await clerk.get(`${api}/obterListaHistorico/RAIZ_DO_CNPJ/${p.raiz_cnpj}/0/10`)).json();
    expect(r.totalElements).toBe(p.n);
    expect(r.content[0]).not.toHaveProperty('id');
    const c = await one<{ numero_caceal: number }>('select numero_caceal from contribuinte limit 1');
    expect((await clerk.get(`${api}/obterListaHistorico/CACEAL/${c.numero_caceal}/0/10`)).json().totalElements).toBe(1);
    // A rural producer's registration, held by a CPF (no CNPJ root), is found by its CACEAL too.
    const pf = await one<{ numero_caceal: number }>(`select c.numero_caceal from contribuinte c join pessoa p using (numero_pessoa) where p.tipo = 'F' limit 1`);
    const rpf = await clerk.get(`${api}/obterListaHistorico/CACEAL/${pf.numero_caceal}/0/10`);
    expect(rpf.statusCode, rpf.body).toBe(200);
    expect(rpf.json()).toMatchObject({ totalElements: 1, content: [{ numeroCaceal: pf.numero_caceal }] });
    expectProblem(await clerk.get(`${api}/obterListaHistorico/CACEAL/12ab/0/10`), 400);
    expectProblem(await (await t.as('user')).get(`${api}/obterListaHistorico/CACEAL/${c.numero_caceal}/0/10`), 403);
    expectProblem(await t.client().get(`${api}/obterListaHistorico/CACEAL/${c.numero_caceal}/0/10`), 401);
    expectProblem(await clerk.get(`${api}/obterListaHistorico/RAZAO_SOCIAL/silva/0/10`), 400);
  });

  it('status history: the real rows, newest first, within the period; one date counts for both', async () => {
    const c = await one<{ numero_caceal: number; n: number }>(`select c.numero_caceal, count(*)::int as n from historico_situacao h join contribuinte c on c.id = h.contribuinte_id
      group by c.numero_caceal having count(*) >= 2 order by count(*) desc limit 1`);
    const r = (await clerk.post(`${api}/consultar/situacao-cadastral/por-caceal`, { caceal: c.numero_caceal })).json();
    expect(r.contribuinte.numeroCaceal).toBe(c.numero_caceal);
    expect(r.content).toHaveLength(c.n);
    const datas = r.content.map((x: { dataAlteracao: string }) => x.dataAlteracao);
    expect([...datas].sort().reverse()).toEqual(datas);
    const dia = datas[0] as string;
    const soUm = (await clerk.post(`${api}/consultar/situacao-cadastral/por-caceal`, { caceal: c.numero_caceal, dataInicial: dia })).json();
    expect(soUm.content.length).toBeGreaterThan(0);
    expect(soUm.content.every((x: { dataAlteracao: string }) => x.dataAlteracao === dia)).toBe(true);
    const vazio = (await clerk.post(`${api}/consultar/situacao-cadastral/por-caceal`, { caceal: c.numero_caceal, dataInicial: '1990-01-01', dataFinal: '1990-12-31' })).json();
    expect(vazio.content).toEqual([]);
  });

  it('company-name history of the person', async () => {
    const c = await one<{ numero_caceal: number; nome: string }>(`select c.numero_caceal, h.nome from historico_razao_social h join contribuinte c on c.numero_pessoa = h.numero_pessoa limit 1`);
    const r = (await clerk.post(`${api}/consultar/razao-social/por-caceal`, { caceal: c.numero_caceal })).json();
    expect(r.content.map((x: { nomeRazaoSocial: string }) => x.nomeRazaoSocial)).toContain(c.nome);
  });

  it('bad input and roles: final before initial, impossible date, unknown CACEAL, no role', async () => {
    const c = await one<{ numero_caceal: number }>('select numero_caceal from contribuinte limit 1');
    const p = expectProblem(await clerk.post(`${api}/consultar/situacao-cadastral/por-caceal`, { caceal: c.numero_caceal, dataInicial: '2026-02-01', dataFinal: '2026-01-01' }), 400);
    expect(p.fieldErrors?.[0]).toMatchObject({ field: 'dataFinal', message: 'dataFinalAntesDaInicial' });
    expectProblem(await clerk.post(`${api}/consultar/situacao-cadastral/por-caceal`, { caceal: c.numero_caceal, dataInicial: '2026-02-30' }), 400);
    expectProblem(await clerk.post(`${api}/consultar/razao-social/por-caceal`, { caceal: 24099998 }), 404);
    expectProblem(await (await t.as('user')).post(`${api}/consultar/razao-social/por-caceal`, { caceal: c.numero_caceal }), 403);
    expectProblem(await (await t.as('user')).post(`${api}/consultar/situacao-cadastral/por-caceal`, { caceal: c.numero_caceal }), 403);
    expectProblem(await t.client().post(`${api}/consultar/situacao-cadastral/por-caceal`, { caceal: c.numero_caceal }), 401);
  });
});
