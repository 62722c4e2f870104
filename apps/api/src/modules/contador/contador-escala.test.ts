import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';
import { linkDemoTaxpayerAccount } from '../../seed/demo-accounts.js';

// Issue 40 §1: the busiest accountant answers for thousands of companies (8,677 at the state's scale);
// the companies were read with `limit 5000`, so statements were generated for 5,000 and the rest dropped
// in silence. Here one accountant answers for every one of 5,200 registrations.
let t: TestApp;
let contador: Client;
let auditor: Client;
let crc: { crc: string; classificacao: number };
let np: number;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;
const N = 5_200;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: N, seed: 40 } });
  await linkDemoTaxpayerAccount(t.db);
  [contador, auditor] = await Promise.all([t.as('contador'), t.as('auditor')]);
  const k = await one<{ np: number; crc: string; cl: number }>(`select k.numero_pessoa as np, k.crc_uf || k.crc_numero as crc, k.classificacao_id as cl
    from usuario u join contador k on k.numero_pessoa = u.numero_pessoa where u.login = 'contador'`);
  np = Number(k.np);
  crc = { crc: k.crc, classificacao: k.cl };
  await all(`insert into contribuinte_contador (contribuinte_id, numero_pessoa_contador, data_inicio) select id, ${np}, current_date from contribuinte
    on conflict (contribuinte_id) do update set numero_pessoa_contador = excluded.numero_pessoa_contador`);
}, 300_000);
afterAll(() => t.close());

const contagem = async () => (await one<{ n: number }>(`select count(*)::int n from contribuinte_contador where numero_pessoa_contador = ${np}`)).n;

it('every company is offered: all of them unpaged, every page of them paged to the last, with the exact totals', async () => {
  const total = await contagem();
  expect(total).toBeGreaterThan(5_000);
  const todas = (await auditor.post(`${api}/contribuinte/porContador`, crc)).json() as unknown[];
  expect(todas).toHaveLength(total);
  const p0 = (await contador.post(`${api}/contribuinte/porUsuario`, { page: 0, size: 100 })).json();
  expect(p0).toMatchObject({ totalElements: total, total });
  expect(p0.content).toHaveLength(100);
  const ultima = Math.ceil(total / 100) - 1;
  const pu = (await auditor.post(`${api}/contribuinte/porContador`, { ...crc, page: ultima, size: 100 })).json();
  expect(pu.content).toHaveLength(total - ultima * 100);
  const nomes = [...p0.content, ...pu.content].map((c: { razaoSocial: string }) => c.razaoSocial);
  expect(nomes[0]! <= nomes.at(-1)!).toBe(true);
});

it('the filter ignores accents ("COMERCIO" finds "COMÉRCIO"); "todas" generates for every company matching it, Negação for the ones listed', async () => {
  const comercio = await one<{ n: number }>(`select count(*)::int n from contribuinte_contador cc join contribuinte c on c.id = cc.contribuinte_id
    join pessoa p on p.numero_pessoa = c.numero_pessoa where cc.numero_pessoa_contador = ${np} and cadastro_normaliza(p.nome) like '%comercio%'`);
  expect(comercio.n).toBeGreaterThan(0);
  expect((await one<{ n: number }>(`select count(*)::int n from pessoa where nome like '%COMÉRCIO%'`)).n).toBeGreaterThan(0);
  const f = (await contador.post(`${api}/contribuinte/porUsuario`, { page: 0, size: 20, filtro: 'COMERCIO' })).json();
  expect(f.totalElements).toBe(comercio.n);
  const negada = f.content[0].numeroCaceal as number;
  const r = await contador.post(`${api}/manifestacao/gerar`, { ...crc, todas: { filtro: 'comercio', negacoes: [negada] } });
  expect(r.statusCode).toBe(200);
  expect(r.json().manifestacoes).toHaveLength(comercio.n);
  const ativas = await one<{ n: number; neg: number }>(`select count(*)::int n, count(*) filter (where m.tipo = 2)::int neg from manifestacao m
    join contribuinte c on c.id = m.contribuinte_id join pessoa p on p.numero_pessoa = c.numero_pessoa
    where m.numero_pessoa_contador = ${np} and m.ind_ativo = 'S' and cadastro_normaliza(p.nome) like '%comercio%'`);
  expect(ativas).toEqual({ n: comercio.n, neg: 1 });
});

it('"todas" without a filter: a statement for every one of the companies (more than the old 5,000), in one transaction; a Negação outside the filter → 400, nothing written', async () => {
  const total = await contagem();
  // A Negação outside the filter is not among the companies chosen: refused, not silently confirmed.
  const fora = await one<{ caceal: number }>(`select c.numero_caceal as caceal from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    where cadastro_normaliza(p.nome) not like '%comercio%' limit 1`);
  const antes = (await one<{ n: number }>(`select count(*)::int n from manifestacao`)).n;
  expect(expectProblem(await contador.post(`${api}/manifestacao/gerar`, { ...crc, todas: { filtro: 'comercio', negacoes: [fora.caceal] } }), 400).message).toBe('error.contador.naoCliente');
  expect(expectProblem(await contador.post(`${api}/manifestacao/gerar`, { ...crc, todas: { filtro: 'nenhuma empresa tem este nome' } }), 400).fieldErrors?.[0]?.message).toBe('semContribuinte');
  expect(expectProblem(await contador.post(`${api}/manifestacao/gerar`, crc), 400).fieldErrors?.[0]?.message).toBe('semContribuinte');
  expect((await one<{ n: number }>(`select count(*)::int n from manifestacao`)).n).toBe(antes);
  const r = await contador.post(`${api}/manifestacao/gerar`, { ...crc, todas: {} });
  expect(r.statusCode).toBe(200);
  const ativas = await one<{ n: number; neg: number }>(`select count(*)::int n, count(*) filter (where tipo = 2)::int neg from manifestacao
    where numero_pessoa_contador = ${np} and ind_ativo = 'S'`);
  expect(ativas).toEqual({ n: total, neg: 0 });
});
