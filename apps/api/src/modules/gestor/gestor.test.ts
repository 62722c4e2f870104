import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AuditMessage, formatCnpj, hojeEmMaceio, ProblemType } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';

let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api';
const all = async <T>(text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 400, seed: 23 } });
  auditor = await t.as('auditor');
}, 120_000);
afterAll(() => t.close());

describe('gestor (manager-system sync)', () => {
  it('shows the record and the differences, applies them once with history and audit, and is idempotent', async () => {
    const g = await one<{ cnpj: string; numero_caceal: number; nome: string; numero_pessoa: number }>(`select g.cnpj, g.numero_caceal, p.nome, p.numero_pessoa
      from gestor_contribuinte g join contribuinte c on c.numero_caceal = g.numero_caceal join pessoa p on p.numero_pessoa = c.numero_pessoa
      where c.situacao_id = 1 and g.razao_social = p.nome limit 1`);
    // The manager system now knows a new name and a suspension.
    await t.db.execute(sql.raw(`update gestor_contribuinte set razao_social = 'NOVA DENOMINAÇÃO ${g.numero_caceal} LTDA', situacao_pessoa = 'SUSPENSO' where cnpj = '${g.cnpj}'`));
    const dados = (await auditor.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=${g.numero_caceal}`)).json();
    expect(dados).toMatchObject({ caceal: g.numero_caceal, cnpj: g.cnpj, razaoSocial: `NOVA DENOMINAÇÃO ${g.numero_caceal} LTDA`, situacaoPessoa: 'SUSPENSO' });
    // Codes and values, never a sentence: the SPA words them in the user's language.
    expect(dados.diferencas).toEqual([
      { campo: 'RAZAO_SOCIAL', caceal: null, atual: g.nome, novo: `NOVA DENOMINAÇÃO ${g.numero_caceal} LTDA` },
      { campo: 'SITUACAO_CADASTRAL', caceal: g.numero_caceal, atual: 'ATIVO', novo: 'SUSPENSO', origem: expect.objectContaining({ edital: null }) },
    ]);
    const consultasAntes = (await one<{ n: number }>(`select count(*)::int as n from infoconv_consulta where cnpj = '${g.cnpj}'`)).n;

    const r = await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CNPJ', numeroDocumento: formatCnpj(g.cnpj) });
    expect(r.statusCode).toBe(200);
    expect(r.json().cnpj).toBe(g.cnpj);
    expect(r.json()).not.toHaveProperty('mensagem');
    expect(r.json().alteracoes.slice(0, 2)).toEqual(dados.diferencas);
    const depois = await one<{ nome: string; situacao_id: number; data_situacao: string }>(`select p.nome, c.situacao_id, c.data_situacao::text from contribuinte c
      join pessoa p using (numero_pessoa) where c.numero_caceal = ${g.numero_caceal}`);
    expect(depois).toEqual({ nome: `NOVA DENOMINAÇÃO ${g.numero_caceal} LTDA`, situacao_id: 2, data_situacao: hojeEmMaceio() });
    expect(await one(`select nome, data_alteracao::text from historico_razao_social where numero_pessoa = ${g.numero_pessoa} order by id desc limit 1`))
      .toEqual({ nome: g.nome, data_alteracao: hojeEmMaceio() });
    expect(await one(`select h.situacao_id from historico_situacao h join contribuinte c on c.id = h.contribuinte_id where c.numero_caceal = ${g.numero_caceal} order by h.id desc limit 1`))
      .toEqual({ situacao_id: 2 });
    expect((await one<{ n: number }>(`select count(*)::int as n from evento_auditoria where principal = 'auditor' and data->>'message' = '${AuditMessage.GESTOR_SYNC}'`)).n).toBe(2);
    expect((await one<{ n: number }>(`select count(*)::int as n from infoconv_consulta where cnpj = '${g.cnpj}'`)).n).toBe(consultasAntes + 1);
    // The history screen shows what the sync wrote.
    const hist = (await (await t.as('atendente')).post(`${api}/historico/consultar/razao-social/por-caceal`, { caceal: g.numero_caceal })).json();
    expect(hist.content[0]).toEqual({ nomeRazaoSocial: g.nome, dataAlteracao: hojeEmMaceio() });

    // Again: nothing left to change, nothing written.
    const rastro = () => one<{ s: number; r: number; a: number; v: number }>(`select (select count(*)::int from historico_situacao) as s,
      (select count(*)::int from historico_razao_social) as r, (select count(*)::int from evento_auditoria where data->>'message' = '${AuditMessage.GESTOR_SYNC}') as a,
      (select max(version)::int from contribuinte where numero_caceal = ${g.numero_caceal}) as v`);
    const antes = await rastro();
    const again = (await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CACEAL', numeroDocumento: String(g.numero_caceal) })).json();
    expect(again.alteracoes).toEqual([]);
    expect(await rastro()).toEqual(antes);
    expect((await auditor.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=${g.numero_caceal}`)).json().diferencas).toEqual([]);
  });

  it('a status a published notice set: the difference names the notice, and the sync audit keeps it', async () => {
    const c = await one<{ numero_caceal: number; cnpj: string; edital: string; tipo: string; data: string; situacao: string }>(`select c.numero_caceal, g.cnpj, e.numero as edital,
        te.descricao as tipo, h.data_alteracao::text as data, s.descricao as situacao
      from contribuinte c join gestor_contribuinte g on g.numero_caceal = c.numero_caceal join ref_situacao_cadastral s on s.id = c.situacao_id
      join lateral (select * from historico_situacao h where h.contribuinte_id = c.id order by h.data_alteracao desc, h.id desc limit 1) h on true
      join edital e on e.id = h.edital_id join ref_tipo_edital te on te.id = e.tipo_edital_id
      where c.situacao_id <> 1 limit 1`);
    await t.db.execute(sql.raw(`update gestor_contribuinte set situacao_pessoa = 'ATIVO' where cnpj = '${c.cnpj}'`));
    const dados = (await auditor.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=${c.numero_caceal}`)).json();
    expect(dados.diferencas.find((d: { campo: string }) => d.campo === 'SITUACAO_CADASTRAL')).toEqual({
      campo: 'SITUACAO_CADASTRAL', caceal: c.numero_caceal, atual: c.situacao, novo: 'ATIVO', origem: { edital: c.edital, tipoEdital: c.tipo, data: c.data, motivo: expect.anything() },
    });
    const r = await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CACEAL', numeroDocumento: String(c.numero_caceal), confirmarCnpjInapto: true });
    expect(r.statusCode).toBe(200);
    const audit = await one<{ antes: { edital: string } }>(`select before as antes from evento_auditoria where data->>'message' = '${AuditMessage.GESTOR_SYNC}'
      and entity = 'Contribuinte' and entity_id = '${c.numero_caceal}' order by id desc limit 1`);
    expect(audit.antes.edital).toBe(c.edital);
  });

  it("unknown document → 404 'Nenhum registro encontrado.'; bad input → 400; roles", async () => {
    const p = expectProblem(await auditor.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=24099998`), 404);
    expect(p.detail).toBe('Nenhum registro encontrado.');
    expect(p.type).not.toBe(ProblemType.NOT_IN_MANAGER_SYSTEM);
    expect(p.type).not.toBe(ProblemType.NOT_IN_REGISTRY);
    expectProblem(await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CNPJ', numeroDocumento: '11222333000181' }), 404);
    expectProblem(await auditor.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=12ab`), 400);
    expectProblem(await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CPF', numeroDocumento: '1' }), 400);
    expectProblem(await (await t.as('atendente')).post(`${api}/gestor/sinc`, { tipoDocumento: 'CACEAL', numeroDocumento: '24000000' }), 403);
    expectProblem(await (await t.as('atendente')).get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=24000000`), 403);
    expectProblem(await t.client().get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=24000000`), 401);
  });
});

describe('gestor: which system did not find the document', () => {
  it('in the registry, not in the manager system → 404 NOT_IN_MANAGER_SYSTEM, on both calls; nothing written', async () => {
    // A company's registration: the second call looks it up by its CNPJ (a rural producer's is held by a CPF).
    const c = await one<{ numero_caceal: number; cnpj: string }>(`select c.numero_caceal, g.cnpj from contribuinte c
      join gestor_contribuinte g on g.numero_caceal = c.numero_caceal join pessoa p on p.numero_pessoa = c.numero_pessoa
      where p.tipo = 'J' order by c.id desc limit 1`);
    await t.db.execute(sql.raw(`delete from gestor_contribuinte where numero_caceal = ${c.numero_caceal} or cnpj = '${c.cnpj}'`));
    const audits = (await one<{ n: number }>('select count(*)::int as n from evento_auditoria')).n;
    const p = expectProblem(await auditor.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=${c.numero_caceal}`), 404);
    expect(p.type).toBe(ProblemType.NOT_IN_MANAGER_SYSTEM);
    expect(expectProblem(await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CNPJ', numeroDocumento: c.cnpj }), 404).type).toBe(ProblemType.NOT_IN_MANAGER_SYSTEM);
    expect((await one<{ n: number }>('select count(*)::int as n from evento_auditoria')).n).toBe(audits);
  });

  it('in the manager system, not in the registry → 404 NOT_IN_REGISTRY', async () => {
    await t.db.execute(sql.raw(`insert into gestor_contribuinte (numero_caceal, cnpj, razao_social, situacao_pessoa)
      select 24099997, '99888777000100', 'SO NO GESTOR LTDA', 'ATIVO' where not exists (select 1 from gestor_contribuinte where numero_caceal = 24099997)`));
    const p = expectProblem(await auditor.get(`${api}/gestor/dadosContribuinte?tipoDocumento=CACEAL&numeroDocumento=24099997`), 404);
    expect(p.type).toBe(ProblemType.NOT_IN_REGISTRY);
    expect(expectProblem(await auditor.post(`${api}/gestor/sinc`, { tipoDocumento: 'CACEAL', numeroDocumento: '24099997' }), 404).type).toBe(ProblemType.NOT_IN_REGISTRY);
  });
});

describe('consultas-infoconv', () => {
  it('lists the logged consultations of a system in a period, newest first, with the total; a lookup appends one', async () => {
    const r = (await (await t.as('auditor')).get(`${api}/historico/infoconv?sistema=rds&dataInicial=2026-01-01&dataFinal=2026-12-31&size=5`)).json();
    expect(r.totalElements).toBeGreaterThan(0);
    expect(r.content.every((x: { sistema: string }) => x.sistema === 'rds')).toBe(true);
    const datas = r.content.map((x: { dataConsulta: string }) => x.dataConsulta);
    expect([...datas].sort().reverse()).toEqual(datas);
    const cnpj = (await one<{ cnpj: string }>('select cnpj from receita_cnpj limit 1')).cnpj;
    const hoje = hojeEmMaceio();
    const antes = (await auditor.get(`${api}/historico/infoconv?sistema=cad&dataInicial=${hoje}&dataFinal=${hoje}`)).json().totalElements;
    const c = await auditor.get(`${api}/historico/infoconv/comprovante/${cnpj}`);
    expect(c.json()).toMatchObject({ cnpj });
    const depois = (await auditor.get(`${api}/historico/infoconv?sistema=cad&dataInicial=${hoje}&dataFinal=${hoje}`)).json();
    expect(depois.totalElements).toBe(antes + 1);
    expect(depois.content[0].cnpj).toBe(cnpj);
  });

  it('system and both dates required, final not before initial; role', async () => {
    expectProblem(await auditor.get(`${api}/historico/infoconv?dataInicial=2026-01-01&dataFinal=2026-01-31`), 400);
    expectProblem(await auditor.get(`${api}/historico/infoconv?sistema=cad&dataInicial=2026-01-01`), 400);
    const p = expectProblem(await auditor.get(`${api}/historico/infoconv?sistema=cad&dataInicial=2026-02-01&dataFinal=2026-01-01`), 400);
    expect(p.fieldErrors?.[0]?.field).toBe('dataFinal');
    expectProblem(await (await t.as('atendente')).get(`${api}/historico/infoconv?sistema=cad&dataInicial=2026-01-01&dataFinal=2026-01-31`), 403);
  });
});
