import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

let t: TestApp;
let atendente: Client;
let auditor: Client;
let user: Client;
let editais: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;
type Linha = { sequencial: number; cnpj: string; caceal: number; competencia: string; version: number };
const LINHA = `select p.sequencial, p.cnpj, c.numero_caceal as caceal, to_char(p.competencia, 'YYYY-MM-DD') as competencia, p.version
  from pendencia p join contribuinte c on c.id = p.contribuinte_id`;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 17 } });
  [atendente, auditor, user, editais] = await Promise.all([t.as('atendente'), t.as('auditor'), t.as('user'), t.as('editais')]);
}, 120_000);
afterAll(() => t.close());

describe('pendencias/consultar and contribuinte/obterPendencias (§2, §7 Pendencias)', () => {
  it('by CNPJ and competence period: the rows of §3 with names; every filter; empty; roles', async () => {
    const p = await one<Linha>(`${LINHA} order by p.sequencial limit 1`);
    const [ano, mes] = p.competencia.split('-').map(Number) as [number, number];
    const r = await atendente.post(`${api}/pendencias/consultar`, {
      cnpj: p.cnpj, tipoConsultaNumeroDocumento: 'CNPJ', mesCompetenciaInicial: mes, anoCompetenciaInicial: ano, mesCompetenciaFinal: mes, anoCompetenciaFinal: ano, pagina: 0, tamanho: 10,
    });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.totalElements).toBeGreaterThanOrEqual(1);
    expect(b.content[0]).toMatchObject({
      sequencial: Number(p.sequencial), cnpj: p.cnpj, competencia: p.competencia,
      classificacao: { sequencial: expect.any(Number), nome: expect.any(String) },
      criticidade: { nome: expect.stringMatching(/BAIXA|MÉDIA|ALTA/) }, situacao: { nome: expect.stringMatching(/PENDENTE|REGULARIZADA/) },
    });
    // By CACEAL: the same registration's rows.
    const c = (await atendente.post(`${api}/pendencias/consultar`, { caceal: Number(p.caceal), tipoConsultaNumeroDocumento: 'CACEAL' })).json();
    expect(c.content.map((x: { sequencial: number }) => x.sequencial)).toContain(Number(p.sequencial));
    // Filters: situation list, criticality, classification.
    const sit = (await atendente.post(`${api}/pendencias/consultar`, { situacao: [2], tamanho: 50 })).json();
    expect(sit.content.length).toBeGreaterThan(0);
    expect(sit.content.every((x: { situacao: { sequencial: number } }) => x.situacao.sequencial === 2)).toBe(true);
    const cr = (await atendente.post(`${api}/pendencias/consultar`, { criticidade: 3, classificacao: 7, tamanho: 50 })).json();
    expect(cr.content.every((x: { criticidade: { sequencial: number }; classificacao: { sequencial: number } }) => x.criticidade.sequencial === 3 && x.classificacao.sequencial === 7)).toBe(true);
    // Everyone in a period, paged; among the regularized ones (issue 40 §3: after the open ones), newest competence first.
    const todos = (await atendente.post(`${api}/pendencias/consultar`, { mesCompetenciaInicial: 1, anoCompetenciaInicial: 2025, mesCompetenciaFinal: 12, anoCompetenciaFinal: 2026, situacao: [2], pagina: 1, tamanho: 5 })).json();
    // The second page holds what is left after the first five (the registry of #42 has fewer regularized rows per period).
    const reg = (await one<{ n: number }>(`select count(*)::int n from pendencia where situacao_id = 2 and competencia between '2025-01-01' and '2026-12-31'`)).n;
    expect(reg).toBeGreaterThan(5);
    expect(todos.totalElements).toBe(reg);
    expect(todos.content).toHaveLength(Math.min(5, reg - 5));
    const comps = todos.content.map((x: { competencia: string }) => x.competencia);
    expect([...comps].sort().reverse()).toEqual(comps);
    // Empty: a period with nothing.
    const vazio = (await atendente.post(`${api}/pendencias/consultar`, { cnpj: p.cnpj, mesCompetenciaInicial: 1, anoCompetenciaInicial: 1990, mesCompetenciaFinal: 12, anoCompetenciaFinal: 1990 })).json();
    expect(vazio).toEqual({ content: [], totalElements: 0 });
    expectProblem(await user.post(`${api}/pendencias/consultar`, {}), 403);
    expectProblem(await editais.post(`${api}/pendencias/consultar`, {}), 403);
    expectProblem(await t.client().post(`${api}/pendencias/consultar`, {}), 401);
  });

  it('issue 40 §3: open and overdue first (earliest deadline first), then the rest; each row names its taxpayer (CACEAL, razão social) and says if overdue', async () => {
    // Four pendências of one taxpayer in 2001 (no seeded row is that old): the regularized one is the newest competence.
    const c = await one<{ id: string; caceal: number; digito: number; cnpj: string; nome: string }>(`select c.id, c.numero_caceal as caceal, c.digito_caceal as digito,
      p.numero_documento as cnpj, p.nome from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where length(p.numero_documento) = 14 order by c.id desc limit 1`);
    const linha = (comp: string, sit: number, prazo: string, desc: string, reg = 'null') => `(${c.id}, '${c.cnpj}', 1, '${desc}', '${comp}', '${prazo}', ${reg}, 1, ${sit}, 1)`;
    await all(`insert into pendencia (contribuinte_id, cnpj, classificacao_id, descricao, competencia, prazo, data_regularizacao, criticidade_id, situacao_id, origem_id) values
      ${linha('2001-12-01', 2, '2002-01-31', 'A regularizada', "'2002-01-10'")}, ${linha('2001-06-01', 1, '2001-07-31', 'B vencida antes')},
      ${linha('2001-11-01', 1, '2099-12-31', 'C aberta no prazo')}, ${linha('2001-10-01', 1, '2001-11-30', 'D vencida depois')}`);
    const r = await atendente.post(`${api}/pendencias/consultar`, {
      caceal: Number(c.caceal), tipoConsultaNumeroDocumento: 'CACEAL', mesCompetenciaInicial: 1, anoCompetenciaInicial: 2001, mesCompetenciaFinal: 12, anoCompetenciaFinal: 2001,
    });
    expect(r.statusCode).toBe(200);
    const rows = r.json().content as { pendencia: string; vencida: boolean; caceal: number; digitoCaceal: number; razaoSocial: string }[];
    expect(rows.map((x) => [x.pendencia, x.vencida])).toEqual([['B vencida antes', true], ['D vencida depois', true], ['C aberta no prazo', false], ['A regularizada', false]]);
    expect(rows[0]).toMatchObject({ caceal: Number(c.caceal), digitoCaceal: Number(c.digito), razaoSocial: c.nome });
    // Everyone's list starts with the open ones too.
    const todos = (await atendente.post(`${api}/pendencias/consultar`, { tamanho: 20 })).json();
    expect(todos.content[0].situacao.sequencial).toBe(1);
  });

  it('bad month/year, half a period, start after end, bad document → 400 with the field', async () => {
    const field = async (body: object) => expectProblem(await atendente.post(`${api}/pendencias/consultar`, body), 400).fieldErrors?.map((f) => f.field);
    expect(await field({ mesCompetenciaInicial: 13, anoCompetenciaInicial: 2025 })).toContain('mesCompetenciaInicial');
    expect(await field({ mesCompetenciaInicial: 0, anoCompetenciaInicial: 2025 })).toContain('mesCompetenciaInicial');
    expect(await field({ mesCompetenciaInicial: 1, anoCompetenciaInicial: 25 })).toContain('anoCompetenciaInicial');
    expect(await field({ mesCompetenciaInicial: 1 })).toContain('anoCompetenciaInicial');
    expect(await field({ mesCompetenciaInicial: 5, anoCompetenciaInicial: 2025, mesCompetenciaFinal: 4, anoCompetenciaFinal: 2025 })).toContain('mesCompetenciaFinal');
    expect(await field({ cnpj: '123', tipoConsultaNumeroDocumento: 'CNPJ' })).toContain('cnpj');
    expect(await field({ caceal: 123456789 })).toContain('caceal');
    expect(await field({ tipoConsultaNumeroDocumento: 'CACEAL' })).toContain('caceal');
  });

  it('the period refusals are in the caller\'s language, naming the field (issue #39 §9: they answered "Invalid body: … (periodo)")', async () => {
    const detalhe = async (body: object, idioma?: string) =>
      expectProblem(await atendente.request('POST', `${api}/pendencias/consultar`, body, idioma ? { 'accept-language': idioma } : {}), 400).detail;
    const invertido = { mesCompetenciaInicial: 5, anoCompetenciaInicial: 2025, mesCompetenciaFinal: 4, anoCompetenciaFinal: 2025 };
    expect(await detalhe(invertido)).toBe('Mês da competência final: a competência final não pode ser anterior à inicial');
    expect(await detalhe(invertido, 'en')).toBe('End month: the end of the period cannot be before its start');
    expect(await detalhe({ mesCompetenciaInicial: 13, anoCompetenciaInicial: 25 }, 'pt-BR,pt;q=0.9')).toBe(
      'Mês da competência inicial: informe um mês de 1 a 12; Ano da competência inicial: informe o ano com 4 dígitos',
    );
    expect(await detalhe({ mesCompetenciaInicial: 13, anoCompetenciaInicial: 2025 }, 'en')).toBe('Start month: enter a month from 1 to 12');
  });

  it('obterPendencias: the tab of a registration; a taxpayer only their own; a taxpayer is required', async () => {
    const p = await one<Linha>(`${LINHA} order by p.sequencial limit 1`);
    const r = await editais.post(`${api}/contribuinte/obterPendencias`, { caceal: Number(p.caceal) });
    expect(r.statusCode).toBe(200);
    expect(r.json().content.length).toBeGreaterThan(0);
    // Refusals a clerk can meet are in Portuguese (issue 39 §9: these answered in English).
    expect(expectProblem(await editais.post(`${api}/contribuinte/obterPendencias`, {}), 400).detail).toBe('Informe o contribuinte: CACEAL ou CNPJ.');
    expectProblem(await user.post(`${api}/contribuinte/obterPendencias`, { caceal: Number(p.caceal) }), 403);
    const contribuinte = await t.as('contribuinte');
    const proprio = await one<{ caceal: number } | undefined>(`select c.numero_caceal as caceal from usuario u join contribuinte c on c.numero_pessoa = u.numero_pessoa where u.login = 'contribuinte' limit 1`);
    if (proprio) expect((await contribuinte.post(`${api}/contribuinte/obterPendencias`, { caceal: Number(proprio.caceal) })).statusCode).toBe(200);
    const alheio = await one<{ caceal: number }>(`select c.numero_caceal as caceal from contribuinte c where not exists (select 1 from usuario u where u.numero_pessoa = c.numero_pessoa) limit 1`);
    expectProblem(await contribuinte.post(`${api}/contribuinte/obterPendencias`, { caceal: Number(alheio.caceal) }), 403);
  });

  it('classificacoes-origem-cadastro: the registry-origin classifications', async () => {
    const r = await atendente.get(`${api}/pendencias/classificacoes-origem-cadastro`);
    expect(r.json()).toEqual([{ id: 7, descricao: 'DADOS CADASTRAIS DESATUALIZADOS' }]);
    expectProblem(await user.get(`${api}/pendencias/classificacoes-origem-cadastro`), 403);
  });
});

describe('regularizar and alterar (§4, §9)', () => {
  const REG = { sequencialSituacao: 2, sequencialMotivo: 2, sequencialOrigem: 10 };
  const auditoria = (seq: number) => one<{ n: number }>(`select count(*)::int as n from evento_auditoria where entity = 'Pendencia' and entity_id = '${seq}'`);

  it('regularizes an open registry-origin pendência once: situation 2 today, audited; again → 409; stale version → 409', async () => {
    const p = await one<Linha>(`${LINHA} where p.classificacao_id = 7 and p.situacao_id = 1 order by p.sequencial limit 1`);
    expectProblem(await atendente.request('PATCH', `${api}/pendencias/regularizar`, { sequencial: Number(p.sequencial), ...REG }), 403);
    expectProblem(await auditor.request('PATCH', `${api}/pendencias/regularizar`, { sequencial: Number(p.sequencial), ...REG, version: Number(p.version) + 5 }), 409);
    const r = await auditor.request('PATCH', `${api}/pendencias/regularizar`, { sequencial: Number(p.sequencial), ...REG, version: Number(p.version) });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ sequencial: Number(p.sequencial), situacao: { sequencial: 2, nome: 'REGULARIZADA' }, dataRegularizacao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await auditoria(p.sequencial)).n).toBe(1);
    const again = expectProblem(await auditor.request('PATCH', `${api}/pendencias/regularizar`, { sequencial: Number(p.sequencial), ...REG }), 409);
    expect(again.message).toBe('error.pendencia.jaRegularizada');
    expect((await auditoria(p.sequencial)).n).toBe(1);
  });

  it('refuses other origins (409), other fixed codes (400) and unknown pendências (404); nothing written', async () => {
    const p = await one<Linha>(`${LINHA} where p.classificacao_id <> 7 and p.situacao_id = 1 order by p.sequencial limit 1`);
    expect(expectProblem(await auditor.request('PATCH', `${api}/pendencias/regularizar`, { sequencial: Number(p.sequencial), ...REG }), 409).message).toBe('error.pendencia.origemNaoCadastro');
    expectProblem(await auditor.request('PATCH', `${api}/pendencias/regularizar`, { sequencial: Number(p.sequencial), ...REG, sequencialMotivo: 3 }), 400);
    expectProblem(await auditor.request('PATCH', `${api}/pendencias/regularizar`, { sequencial: 99_999_999, ...REG }), 404);
    expect((await one<{ s: number }>(`select situacao_id as s from pendencia where sequencial = ${p.sequencial}`)).s).toBe(1);
    expect((await auditoria(p.sequencial)).n).toBe(0);
  });

  it('issue 30: a regularization is real — not before its competência, not after today (400 naming the rule, nothing written)', async () => {
    // A registration started before the competência the test types (03/2025).
    const p = await one<Linha>(`${LINHA} where p.classificacao_id = 7 and p.situacao_id = 1 and c.data_inicio_atividade < '2025-03-01' order by p.sequencial desc limit 1`);
    const imagem = () => one(`select situacao_id, data_regularizacao, competencia, version from pendencia where sequencial = ${p.sequencial}`);
    // A pendência of a month still to come cannot be regularized today.
    await all(`update pendencia set competencia = date_trunc('month', current_date + 62)::date where sequencial = ${p.sequencial}`);
    const antes = await imagem();
    const cedo = expectProblem(await auditor.request('PATCH', `${api}/pendencias/regularizar`, { sequencial: Number(p.sequencial), ...REG }), 400);
    expect(cedo.fieldErrors?.[0]?.message).toMatch(/^dataAntesCompetencia:\d{2}\/\d{4}$/);
    expect(cedo.detail).toContain('anterior à competência');
    const base = { sequencial: Number(p.sequencial), competencia: '2025-03', sequencialCriticidade: 3, sequencialSituacao: 2, descricao: 'Endereço desatualizado', version: Number(p.version) };
    const antesDaCompetencia = expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, dataRegularizacao: '2025-02-28' }), 400);
    expect(antesDaCompetencia.fieldErrors?.[0]).toMatchObject({ field: 'dataRegularizacao', message: 'dataAntesCompetencia:03/2025' });
    const futura = expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, dataRegularizacao: '2099-01-01' }), 400);
    expect(futura.fieldErrors?.[0]?.message).toMatch(/^dataFutura:/);
    expect(await imagem()).toEqual(antes);
    const ok = await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, dataRegularizacao: '2025-03-10' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('alters a registry-origin pendência (version-checked, audited); a regularized situation needs its date; other origins → 409', async () => {
    const p = await one<Linha>(`${LINHA} where p.classificacao_id = 7 and c.data_inicio_atividade < '2025-03-01' order by p.sequencial desc limit 1`);
    const base = { sequencial: Number(p.sequencial), competencia: '2025-03', sequencialCriticidade: 3, sequencialSituacao: 1, descricao: 'Endereço desatualizado', version: Number(p.version) };
    expectProblem(await atendente.request('PATCH', `${api}/pendencias/alterar`, base), 403);
    expect(expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, sequencialSituacao: 2 }), 400).fieldErrors?.[0]?.field).toBe('dataRegularizacao');
    expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, competencia: '2025-13' }), 400);
    expect(expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, sequencialCriticidade: 9 }), 400).detail).toBe('Criticidade não encontrada: escolha uma das criticidades da lista.');
    expect(expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, sequencialSituacao: 9 }), 400).detail).toBe('Situação não encontrada: escolha uma das situações da lista.');
    expect(expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, aplicacao: 'CADASTRO', tipoDocumentoOrigem: 'RAIZ', idDocumentoOrigem: '00000000' }), 400).detail).toBe('O documento de origem é a raiz do CNPJ da pendência.');
    const r = await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, aplicacao: 'CADASTRO', tipoDocumentoOrigem: 'RAIZ', idDocumentoOrigem: p.cnpj.slice(0, 8) });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ competencia: '2025-03-01', criticidade: { sequencial: 3 }, situacao: { sequencial: 1 }, pendencia: 'Endereço desatualizado', dataRegularizacao: null, version: Number(p.version) + 1 });
    expect((await auditoria(p.sequencial)).n).toBe(1);
    expect(expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, base), 409).detail).toBe('O registro foi alterado por outra pessoa; consulte novamente.');
    const outra = await one<Linha>(`${LINHA} where p.classificacao_id <> 7 order by p.sequencial limit 1`);
    expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, sequencial: Number(outra.sequencial), version: Number(outra.version) }), 409);
  });

  it('issue 39 §7: a competência before the registration started, or after the current month → 400 naming the rule, nothing written', async () => {
    const p = await one<Linha & { inicio: string }>(`select p.sequencial, p.version, to_char(c.data_inicio_atividade, 'YYYY-MM-DD') as inicio
      from pendencia p join contribuinte c on c.id = p.contribuinte_id where p.classificacao_id = 7 and c.data_inicio_atividade > '1990-02-01' order by p.sequencial limit 1`);
    const imagem = () => one(`select competencia::text, version, situacao_id from pendencia where sequencial = ${p.sequencial}`);
    const antes = await imagem();
    const base = { sequencial: Number(p.sequencial), sequencialCriticidade: 3, sequencialSituacao: 1, descricao: 'Endereço desatualizado', version: Number(p.version) };
    const inicio = `${p.inicio.slice(5, 7)}/${p.inicio.slice(0, 4)}`;
    const cedo = expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, competencia: '1990-01' }), 400);
    expect(cedo.fieldErrors?.[0]).toMatchObject({ field: 'competencia', message: `competenciaAntesInicioAtividade:${inicio}` });
    expect(cedo.detail).toBe(`A competência não pode ser anterior ao mês de início das atividades da empresa (${inicio}).`);
    const tarde = expectProblem(await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, competencia: '2099-12' }), 400);
    expect(tarde.fieldErrors?.[0]?.message).toMatch(/^competenciaFutura:\d{2}\/\d{4}$/);
    expect(tarde.detail).toMatch(/^A competência não pode ser posterior ao mês corrente \(\d{2}\/\d{4}\)\.$/);
    expect(await imagem()).toEqual(antes);
    // The month the activity started is a valid competência; the list carries the start for the form's check.
    const ok = await auditor.request('PATCH', `${api}/pendencias/alterar`, { ...base, competencia: p.inicio.slice(0, 7) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ competencia: `${p.inicio.slice(0, 7)}-01`, inicioAtividade: p.inicio });
  });
});

// Issue 40 §2: the count stopped at 1,000 ("Mais de 1.000 pendências" of 117,663) and pages past it were refused.
describe('pendencias/consultar past 1,000 rows', () => {
  it('counts them all exactly and reaches every page, the last and one past the middle in the list\'s order; past the end is empty', async () => {
    const alvo = await one<{ id: number; cnpj: string }>(`select c.id, p.numero_documento as cnpj from contribuinte c join pessoa p using (numero_pessoa) order by c.id limit 1`);
    // 1,050 open ones in a year no other test reads, deadlines one day apart: the list's order is g.
    await all(`insert into pendencia (contribuinte_id, cnpj, classificacao_id, descricao, competencia, prazo, criticidade_id, situacao_id, origem_id)
      select ${alvo.id}, '${alvo.cnpj}', k.id, 'Lote ' || g, make_date(1991, 1 + g % 12, 1), date '2031-01-01' + g, 1, 1, k.origem_id
      from generate_series(1, 1050) g cross join (select id, origem_id from ref_classificacao_irregularidade order by id limit 1) k`);
    const periodo = { cnpj: alvo.cnpj, tipoConsultaNumeroDocumento: 'CNPJ', mesCompetenciaInicial: 1, anoCompetenciaInicial: 1991, mesCompetenciaFinal: 12, anoCompetenciaFinal: 1991, tamanho: 10 };
    const pagina = async (n: number) => {
      const r = (await atendente.post(`${api}/pendencias/consultar`, { ...periodo, pagina: n })).json() as { content: { pendencia: string }[]; totalElements: number };
      return { total: r.totalElements, lotes: r.content.map((x) => Number(x.pendencia.replace('Lote ', ''))), corpo: r };
    };
    const lote = (de: number, ate: number) => Array.from({ length: ate - de + 1 }, (_, i) => de + i);
    expect(await pagina(0)).toMatchObject({ total: 1050, lotes: lote(1, 10) });
    expect(await pagina(60)).toMatchObject({ total: 1050, lotes: lote(601, 610) });
    expect(await pagina(104)).toMatchObject({ total: 1050, lotes: lote(1041, 1050) });
    expect((await pagina(105)).corpo).toEqual({ content: [], totalElements: 1050 });
  });
});
