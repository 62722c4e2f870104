import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

let t: TestApp;
let atendente: Client;
let user: Client;
const api = '/sfz-cadastro-api/api';
const one = async <T>(text: string) => (await query<T>(t.db, sql.raw(text)))[0]!;
type Sol = { protocolo: string; cnpj: string; dia: string; contribuinte_id: number };
const SOL = `select protocolo, cnpj, to_char(data_solicitacao at time zone 'America/Maceio', 'YYYY-MM-DD') as dia, contribuinte_id from solicitacao`;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 23 } });
  [atendente, user] = await Promise.all([t.as('atendente'), t.as('user')]);
}, 120_000);
afterAll(() => t.close());

describe('solicitacao/consultar and the detail blocks (§7 Requests)', () => {
  it('by CNPJ: both sources with status codes and names; by day; empty; bad input; roles', async () => {
    const c = await one<Sol>(`${SOL} where sistema = 'CSN' order by id limit 1`);
    const r = await atendente.get(`${api}/solicitacao/consultar?cnpj=${c.cnpj}`);
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.csn[0]).toMatchObject({ numReciboSolicitacao: c.protocolo, numCnpj: c.cnpj, codTipoStatusProcessamento: expect.any(Number), dscTipoStatusProcessamento: expect.any(String), datEvento: c.dia });
    expect(b.rds.length).toBeGreaterThanOrEqual(1);
    expect(b.rds[0]).toMatchObject({ numProtocoloRedesim: expect.stringMatching(/^ALP\d{10}$/), dthSolicitacao: expect.any(String) });
    const porDia = (await atendente.get(`${api}/solicitacao/consultar?dataSolicitacao=${c.dia}`)).json();
    expect(porDia.csn.map((x: { numReciboSolicitacao: string }) => x.numReciboSolicitacao)).toContain(c.protocolo);
    expect((await atendente.get(`${api}/solicitacao/consultar?cnpj=${c.cnpj}&dataSolicitacao=1990-01-01`)).json()).toEqual({ rds: [], csn: [] });
    expectProblem(await atendente.get(`${api}/solicitacao/consultar`), 400);
    expectProblem(await atendente.get(`${api}/solicitacao/consultar?cnpj=123`), 400);
    expectProblem(await atendente.get(`${api}/solicitacao/consultar?dataSolicitacao=2025-02-30`), 400);
    expectProblem(await user.get(`${api}/solicitacao/consultar?cnpj=${c.cnpj}`), 403);
    expectProblem(await t.client().get(`${api}/solicitacao/consultar?cnpj=${c.cnpj}`), 401);
  });

  it('every block of a REDESIM request; unknown protocol → 404; REDESIM down → 503; a taxpayer only their own', async () => {
    const s = await one<Sol>(`${SOL} where sistema = 'RDS' and contribuinte_id is not null order by id limit 1`);
    const d = (await atendente.get(`${api}/solicitacao/${s.protocolo}`)).json();
    expect(d).toMatchObject({ numProtocoloRedesim: s.protocolo, numCnpj: s.cnpj, produto: 'INSCRIÇÃO ESTADUAL', solicitacaoEventos: expect.any(Array) });
    expect(d.solicitacaoEventos[0]).toMatchObject({ codEvento: expect.any(String), dscEvento: expect.any(String) });
    const id = (await atendente.get(`${api}/solicitacao/identificacao/${s.protocolo}`)).json();
    expect(id).toMatchObject({ numCnpj: s.cnpj, nomeEmpresarial: expect.any(String), simplesNacional: { indSimplesNacional: expect.stringMatching(/^[SN]$/) }, endereco: expect.stringContaining('CEP') });
    expect((await atendente.get(`${api}/solicitacao/atividade-economica/${s.protocolo}`)).json()[0]).toMatchObject({ codigoCnae: expect.stringMatching(/^\d{7}$/), principal: true });
    expect((await atendente.get(`${api}/solicitacao/qsa/${s.protocolo}`)).statusCode).toBe(200);
    expect((await atendente.get(`${api}/solicitacao/contabilista/${s.protocolo}`)).statusCode).toBe(200);
    const m = (await atendente.get(`${api}/solicitacao/mensagem/${s.protocolo}`)).json();
    expect(m[0]).toMatchObject({ dscMensagem: 'Solicitação recebida e registrada no Cadastro.' });
    expect(expectProblem(await atendente.get(`${api}/solicitacao/qsa/ALP9999999999`), 404).detail).toBe('Nenhum registro encontrado.');
    expectProblem(await atendente.get(`${api}/solicitacao/alp-1`), 400);
    expectProblem(await user.get(`${api}/solicitacao/${s.protocolo}`), 403);

    const contribuinte = await t.as('contribuinte');
    const alheio = await one<Sol>(`${SOL} s where sistema = 'RDS' and not exists (select 1 from usuario u join contribuinte c on c.numero_pessoa = u.numero_pessoa where c.id = s.contribuinte_id) order by id limit 1`);
    expectProblem(await contribuinte.get(`${api}/solicitacao/${alheio.protocolo}`), 403);
    expectProblem(await contribuinte.get(`${api}/solicitacao/consultar?cnpj=${alheio.cnpj}`), 403);

    await t.db.execute(sql`insert into simulador_estado values ('redesim', false) on conflict (sistema) do update set disponivel = false`);
    try {
      expect(expectProblem(await atendente.get(`${api}/solicitacao/${s.protocolo}`), 503).message).toBe('error.solicitacao.indisponivel');
    } finally {
      await t.db.execute(sql`update simulador_estado set disponivel = true where sistema = 'redesim'`);
    }
  });
});

describe('the public consultation (no sign-in)', () => {
  it('by protocol or CNPJ and the day: status and messages only; wrong day → empty; bad input → 400', async () => {
    const s = await one<Sol>(`${SOL} where sistema = 'RDS' order by id limit 1`);
    const anon = t.client();
    const r = await anon.get(`${api}/public/solicitacao/consultar?protocolo=${s.protocolo.toLowerCase()}&dataSolicitacao=${s.dia}`);
    expect(r.statusCode).toBe(200);
    const [x] = r.json();
    expect(Object.keys(x).sort()).toEqual(['codTipoStatusProcessamento', 'dscTipoStatusProcessamento', 'dthSolicitacao', 'mensagens', 'nomEmpresarial', 'numCnpj', 'protocolo', 'sistema']);
    expect(x.mensagens.length).toBeGreaterThan(0);
    expect((await anon.get(`${api}/public/solicitacao/consultar?cnpj=${s.cnpj}&dataSolicitacao=${s.dia}`)).json().length).toBeGreaterThan(0);
    expect((await anon.get(`${api}/public/solicitacao/consultar?protocolo=${s.protocolo}&dataSolicitacao=1990-01-01`)).json()).toEqual([]);
    expectProblem(await anon.get(`${api}/public/solicitacao/consultar?protocolo=${s.protocolo}`), 400);
    expectProblem(await anon.get(`${api}/public/solicitacao/consultar?dataSolicitacao=${s.dia}`), 400);
    expectProblem(await anon.get(`${api}/public/solicitacao/consultar?protocolo=${s.protocolo}&cnpj=${s.cnpj}&dataSolicitacao=${s.dia}`), 400);
  });

  it('contribuinte/obterContribuinte/{cnpj}: the company, public; unknown → 404', async () => {
    const s = await one<Sol>(`${SOL} where sistema = 'RDS' order by id limit 1`);
    const r = await t.client().get(`${api}/contribuinte/obterContribuinte/${s.cnpj}`);
    expect(r.json()).toMatchObject({ cnpj: s.cnpj, razaoSocial: expect.any(String), situacaoCadastral: expect.any(String) });
    expectProblem(await t.client().get(`${api}/contribuinte/obterContribuinte/11222333000181`), 404);
    expectProblem(await t.client().get(`${api}/contribuinte/obterContribuinte/123`), 400);
  });
});
