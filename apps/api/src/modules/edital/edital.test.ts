import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EditalFormInput } from '@cadastro/domain';
import { query, queryOne } from '../../db/consulta.js';
import { linkDemoTaxpayerAccount } from '../../seed/demo-accounts.js';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';

let t: TestApp;
let editais: Client;
let responsavel: number;
let ativos: number[];
const api = '/sfz-cadastro-api/api';

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 16 } });
  await linkDemoTaxpayerAccount(t.db);
  editais = await t.as('editais');
  responsavel = Number((await queryOne<{ n: string }>(t.db, sql`select numero_pessoa as n from usuario where login = 'editais'`))!.n);
  ativos = (await query<{ c: number }>(t.db, sql`select numero_caceal as c from contribuinte where situacao_id = 1 order by id limit 6`)).map((r) => Number(r.c));
}, 120_000);
afterAll(() => t.close());

/** A SUSPENSÃO notice (future status 2, reason 201 "from ATIVO") citing `caceals`. */
const form = (caceals: number[], extra: Partial<EditalFormInput> = {}): EditalFormInput => ({
  tituloEdital: 'EDITAL DE SUSPENSÃO DE TESTE', idTipoEdital: 3, texto: 'Torna público a suspensão dos contribuintes relacionados.',
  numeroPessoaResponsavel: responsavel, idSituacaoCadastralFutura: 2, motivos: [201], vinculados: caceals.map((numeroCaceal) => ({ numeroCaceal })), ...extra,
});
const cadastrar = async (f: EditalFormInput) => {
  const r = await editais.post(`${api}/edital/cadastro`, f);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ edital: { id: number; numero: string } }>().edital;
};
const situacaoDe = async (id: number) => Number((await queryOne<{ s: number }>(t.db, sql`select situacao_edital_id as s from edital where id = ${id}`))!.s);

describe('cadastro / edicao / excluir', () => {
  it('creates EM EDIÇÃO with the next number of the year, reasons (first main) and linked rows; edits with the version; audits', async () => {
    const e = await cadastrar(form(ativos.slice(0, 2), { motivos: [201, 203], prazoConvocacao: null }));
    expect(e.numero).toMatch(/^\d{4}\/\d{4}$/);
    const d = (await editais.get(`${api}/edital/por-id/${e.id}`)).json();
    expect(d).toMatchObject({ codigoSituacao: 1, situacaoEdital: 'EM EDIÇÃO', indicadorMeioComunicacao: 'E', version: 0 });
    expect(d.motivos.map((m: { id: number; principal: boolean }) => [m.id, m.principal])).toEqual([[201, true], [203, false]]);
    expect(d.vinculados.map((v: { numeroCaceal: number }) => v.numeroCaceal)).toEqual(ativos.slice(0, 2).sort());
    expect((await editais.get(`${api}/edital/${e.numero.replace('/', '')}`)).json().id).toBe(e.id);

    const ok = await editais.post(`${api}/edital/edicao`, { ...form(ativos.slice(0, 3)), id: e.id, version: 0, numero: e.numero.replace('/', '') });
    expect(ok.statusCode, ok.body).toBe(200);
    expectProblem(await editais.post(`${api}/edital/edicao`, { ...form(ativos.slice(0, 3)), id: e.id, version: 0 }), 409);
    expect((await editais.get(`${api}/edital/obterDadosDocumentoVinculado/${e.id}`)).json()).toHaveLength(3);
    const audit = await query<{ m: string }>(t.db, sql`select data->>'message' as m from evento_auditoria where entity = 'Edital' and entity_id = ${String(e.id)} order by id`);
    expect(audit.map((a) => a.m)).toEqual(['NOTICE_CREATED', 'NOTICE_EDITED']);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const antes = (await queryOne<{ n: string }>(t.db, sql`select count(*) as n from edital`))!.n;
    const { idTipoEdital: _omit, ...semTipo } = form(ativos);
    for (const f of [
      semTipo,
      form(ativos, { texto: 'x'.repeat(4001) }),
      form(ativos, { observacao: 'x'.repeat(501) }),
      form(ativos, { prazoConvocacao: 15 }), // only for CONVOCAÇÃO
      form(ativos, { motivos: [] }),
      form(ativos, { motivos: [301] }), // a reason of another status
      form(ativos, { numeroPessoaResponsavel: 999_999 }), // not in GESTOR_EDITAL
      form([...ativos, 24099999]), // unknown CACEAL
      form([...ativos, 24900001]), // 9 is no taxpayer type (SINTEGRA: 0, 3, 5, 7, 8)
      form(ativos, { vinculados: [{ numeroCaceal: ativos[0]!, numeroDocumentoVinculado: '12345678909' }] }), // document without its type
    ]) {
      expectProblem(await editais.post(`${api}/edital/cadastro`, f), 400);
    }
    expect((await queryOne<{ n: string }>(t.db, sql`select count(*) as n from edital`))!.n).toBe(antes);
  });

  it('a lone UTF-16 surrogate (JSON "\\ud800") in any text field → 400 problem+json at the boundary, nothing written (was 500)', async () => {
    const antes = (await queryOne<{ n: string }>(t.db, sql`select count(*) as n from edital`))!.n;
    const e = await cadastrar(form(ativos.slice(0, 1)));
    const sujos: [Partial<EditalFormInput>, string][] = [
      [{ tituloEdital: 'EDITAL \ud800' }, 'tituloEdital'],
      [{ texto: 'Torna público \udc00.' }, 'texto'],
      [{ observacao: '\ud83d fim' }, 'observacao'],
      [{ vinculados: [{ numeroCaceal: ativos[0]!, observacao: 'obs \ud800' }] }, 'vinculados'],
    ];
    for (const [extra, campo] of sujos) {
      // light-my-request sends JSON.stringify's text: a lone surrogate travels as the escape \ud800.
      const p = expectProblem(await editais.post(`${api}/edital/cadastro`, form(ativos.slice(0, 1), extra)), 400);
      expect(p.fieldErrors?.[0]?.field).toBe(campo);
      expectProblem(await editais.post(`${api}/edital/edicao`, { ...form(ativos.slice(0, 1), extra), id: e.id, version: 0 }), 400);
    }
    // A well-formed pair (an emoji) is text like any other.
    expect((await editais.post(`${api}/edital/edicao`, { ...form(ativos.slice(0, 1), { observacao: 'ok \ud83d\ude00' }), id: e.id, version: 0 })).statusCode).toBe(200);
    expect(Number((await queryOne<{ n: string }>(t.db, sql`select count(*) as n from edital`))!.n)).toBe(Number(antes) + 1);
  });

  it('§4: the future status cannot be the current status of a linked registration (cadastro and edicao: 400, nothing written)', async () => {
    const suspenso = Number((await queryOne<{ c: number }>(t.db, sql`select numero_caceal as c from contribuinte where situacao_id = 2 limit 1`))!.c);
    const antes = (await queryOne<{ n: string }>(t.db, sql`select count(*) as n from edital`))!.n;
    const r = await editais.post(`${api}/edital/cadastro`, form([ativos[0]!, suspenso]));
    const p = expectProblem(r, 400);
    expect(p.fieldErrors).toEqual([{ objectName: 'edital', field: 'idSituacaoCadastralFutura', message: 'situacaoAtualDeVinculado' }]);
    expect(p.detail).toContain(String(suspenso));
    expect(p.detail).not.toContain(String(ativos[0]));
    expect((await queryOne<{ n: string }>(t.db, sql`select count(*) as n from edital`))!.n).toBe(antes);

    const e = await cadastrar(form([suspenso], { idSituacaoCadastralFutura: 1, motivos: [103] })); // reactivation of a suspended one
    const ruim = await editais.post(`${api}/edital/edicao`, { ...form([suspenso]), id: e.id, version: 0 });
    expectProblem(ruim, 400);
    const d = (await editais.get(`${api}/edital/por-id/${e.id}`)).json();
    expect(d).toMatchObject({ version: 0, idSituacaoCadastralFutura: 1 });
  });

  it('roles: consult without editing, and none at all', async () => {
    expectProblem(await (await t.as('atendente')).post(`${api}/edital/cadastro`, form(ativos)), 403);
    expect((await (await t.as('atendente')).post(`${api}/edital/consultar`, { tipoConsultaEdital: 'emEdicao' })).statusCode).toBe(200);
    expectProblem(await (await t.as('user')).post(`${api}/edital/consultar`, { tipoConsultaEdital: 'emEdicao' }), 403);
    expectProblem(await t.client().post(`${api}/edital/consultar`, { tipoConsultaEdital: 'emEdicao' }), 401);
  });
});

describe('the state machine: sign, confirm publication, republish, delete', () => {
  it('EM EDIÇÃO → PRONTO PARA PUBLICAR → PUBLICADO → REPUBLICADO; every other step 409, nothing written', async () => {
    const e = await cadastrar(form(ativos.slice(3, 6)));
    const pub = { id: e.id, dataPublicacao: '2026-11-20' };
    expectProblem(await editais.post(`${api}/edital`, pub), 409); // confirm before signing
    expectProblem(await editais.post(`${api}/edital/republicacao`, pub), 409);
    const s = await editais.post(`${api}/edital/assinatura`, { id: e.id });
    expect(s.json()).toMatchObject({ numero: e.numero, codigoSituacao: 2, situacaoEdital: 'PRONTO PARA PUBLICAR' });
    expectProblem(await editais.post(`${api}/edital/assinatura`, { id: e.id }), 409);
    expectProblem(await editais.post(`${api}/edital/edicao`, { ...form(ativos), id: e.id, version: 1 }), 409);
    expectProblem(await editais.post(`${api}/edital`, { id: e.id }), 400); // the publication date is required
    expect(await situacaoDe(e.id)).toBe(2);

    const c = await editais.post(`${api}/edital`, pub);
    expect(c.json()).toMatchObject({ codigoSituacao: 3, situacaoEdital: 'PUBLICADO', alterados: 3, inalterados: [] });
    expectProblem(await editais.post(`${api}/edital`, pub), 409);
    expectProblem(await editais.delete(`${api}/edital/excluir/${e.id}`), 409);
    expectProblem(await editais.post(`${api}/edital/assinatura`, { id: e.id }), 409);
    const r = await editais.post(`${api}/edital/republicacao`, { id: e.id, dataPublicacao: '2026-11-22' });
    expect(r.json()).toMatchObject({ codigoSituacao: 4, alterados: 0 });
    expectProblem(await editais.post(`${api}/edital/republicacao`, { id: e.id, dataPublicacao: '2026-11-23' }), 409);
  });

  it('§6: publishing (confirm, republish) takes ROLE_CAD_CON_EDITAL_PUBLI; creating and editing do not give it', async () => {
    // A registration of its own: publishing suspends it, and the other tests count on theirs being active.
    const proprio = Number((await queryOne<{ c: number }>(t.db, sql`select numero_caceal as c from contribuinte where situacao_id = 1 order by id offset 20 limit 1`))!.c);
    const e = await cadastrar(form([proprio]));
    await editais.post(`${api}/edital/assinatura`, { id: e.id });
    const admin = await t.as('admin');
    const conta = async () => (await admin.get('/api/users/editais')).json<{ authorities: string[] }>();
    const papeis = (await conta()).authorities;
    // Roles count from the account's next call (the session re-reads them).
    expect((await admin.put('/api/users', { ...(await conta()), authorities: papeis.filter((a) => a !== 'ROLE_CAD_CON_EDITAL_PUBLI') })).statusCode).toBe(200);
    try {
      expectProblem(await editais.post(`${api}/edital`, { id: e.id, dataPublicacao: '2026-11-20' }), 403);
      expectProblem(await editais.post(`${api}/edital/republicacao`, { id: e.id, dataPublicacao: '2026-11-20' }), 403);
      expect(await situacaoDe(e.id)).toBe(2);
    } finally {
      expect((await admin.put('/api/users', { ...(await conta()), authorities: papeis })).statusCode).toBe(200);
    }
    expect((await editais.post(`${api}/edital`, { id: e.id, dataPublicacao: '2026-11-20' })).statusCode).toBe(200);
  });

  it('issue 30: no publication after today, no legal effect before the publication (400 naming the rule, nothing written)', async () => {
    // A registration of its own (not one the other tests cite): the publication suspends it.
    const proprio = Number((await queryOne<{ c: number }>(t.db, sql`select numero_caceal as c from contribuinte where situacao_id = 1 order by id desc offset 10 limit 1`))!.c);
    const e = await cadastrar(form([proprio]));
    expect((await editais.post(`${api}/edital/assinatura`, { id: e.id })).statusCode).toBe(200);
    const antes = await situacaoDe(e.id);
    const futura = expectProblem(await editais.post(`${api}/edital`, { id: e.id, dataPublicacao: '2099-01-02' }), 400);
    expect(futura.fieldErrors?.[0]).toMatchObject({ field: 'dataPublicacao', message: expect.stringMatching(/^dataFutura:/) });
    await t.db.execute(sql`update edital set data_efeito_legal = '2026-11-01' where id = ${e.id}`);
    const efeito = expectProblem(await editais.post(`${api}/edital`, { id: e.id, dataPublicacao: '2026-11-20' }), 400);
    expect(efeito.fieldErrors?.[0]).toMatchObject({ field: 'dataEfeitoLegal', message: 'dataEfeitoAntesPublicacao:20/11/2026' });
    expect(efeito.detail).toContain('efeito legal');
    expect(await situacaoDe(e.id)).toBe(antes);
    const ok = await editais.post(`${api}/edital`, { id: e.id, dataPublicacao: '2026-10-30' });
    expect(ok.statusCode, ok.body).toBe(200);
    expectProblem(await editais.post(`${api}/edital/republicacao`, { id: e.id, dataPublicacao: '2099-01-02' }), 400);
  });

  it('publication changes every linked registration once: status, reason, legal-effect date, history with the notice, audit', async () => {
    const [a, b] = (await query<{ c: number }>(t.db, sql`select numero_caceal as c from contribuinte where situacao_id = 1 order by id desc limit 2`)).map((r) => Number(r.c));
    const baixado = Number((await queryOne<{ c: number }>(t.db, sql`select numero_caceal as c from contribuinte where situacao_id = 4 limit 1`))!.c);
    const e = await cadastrar(form([a!, b!, baixado], { dataEfeitoLegal: '2026-12-01' }));
    await editais.post(`${api}/edital/assinatura`, { id: e.id });
    const c = (await editais.post(`${api}/edital`, { id: e.id, dataPublicacao: '2026-11-20' })).json();
    expect(c.alterados).toBe(2);
    expect(c.inalterados).toEqual([baixado]); // a closed registration cannot be suspended
    const linhas = await query<{ situacao_id: number; motivo_id: number; data_situacao: string; edital_id: string; data_alteracao: string }>(t.db, sql`
      select c.situacao_id, c.motivo_id, c.data_situacao::text, h.edital_id, h.data_alteracao::text from contribuinte c
      join historico_situacao h on h.contribuinte_id = c.id and h.edital_id = ${e.id} where c.numero_caceal in (${a}, ${b}) order by c.id`);
    expect(linhas).toHaveLength(2);
    for (const l of linhas) expect(l).toMatchObject({ situacao_id: 2, motivo_id: 201, data_situacao: '2026-12-01', data_alteracao: '2026-12-01' });
    const audit = await query<{ n: string }>(t.db, sql`select count(*) as n from evento_auditoria where entity = 'Contribuinte' and data->>'edital' = ${e.numero} and data->>'message' = 'STATUS_BY_NOTICE'`);
    expect(Number(audit[0]!.n)).toBe(2);
    // Republishing does not apply it twice.
    await editais.post(`${api}/edital/republicacao`, { id: e.id, dataPublicacao: '2026-11-25' });
    expect(Number((await queryOne<{ n: string }>(t.db, sql`select count(*) as n from historico_situacao where edital_id = ${e.id}`))!.n)).toBe(2);
    // The history screen names the notice.
    const h = await (await t.as('auditor')).post(`${api}/historico/consultar/situacao-cadastral/por-caceal`, { caceal: a });
    expect(h.json().content[0]).toMatchObject({ descricaoSituacaoCadastralHistorico: 'SUSPENSO', numeroEdital: e.numero });
  });

  it('signing: only the responsible person, and only while the access-control system has them in GESTOR_EDITAL', async () => {
    const outro = Number((await queryOne<{ n: string }>(t.db, sql`select max(numero_pessoa) as n from sca_membro where grupo = 'GESTOR_EDITAL'`))!.n);
    const e = await cadastrar(form(ativos.slice(0, 1), { numeroPessoaResponsavel: outro }));
    expect((await editais.get(`${api}/edital/verificarSePessoaLogadaEhResponsavel/${e.id}`)).json()).toBe(false);
    expectProblem(await editais.post(`${api}/edital/assinatura`, { id: e.id }), 403);
    const meu = await cadastrar(form(ativos.slice(0, 1)));
    expect((await editais.get(`${api}/edital/verificarSePessoaLogadaEhResponsavel/${meu.id}`)).json()).toBe(true);
    expect((await editais.get(`${api}/papel-sca/verificar-equipe-edital`)).json()).toBe(true);
    await t.db.execute(sql`delete from sca_membro where numero_pessoa = ${responsavel}`);
    try {
      expectProblem(await editais.post(`${api}/edital/assinatura`, { id: meu.id }), 403);
      expect(await situacaoDe(meu.id)).toBe(1);
    } finally {
      await t.db.execute(sql`insert into sca_membro (grupo, numero_pessoa) values ('GESTOR_EDITAL', ${responsavel})`);
    }
    expect((await editais.delete(`${api}/edital/excluir/${meu.id}`)).statusCode).toBe(200);
    expectProblem(await editais.get(`${api}/edital/por-id/${meu.id}`), 404);
  });
});

describe('queries', () => {
  it('consultar: the four modes, paged', async () => {
    const q = (body: object, p = '') => editais.post(`${api}/edital/consultar${p}`, body);
    const num = (await queryOne<{ numero: string }>(t.db, sql`select numero from edital order by id limit 1`))!.numero;
    expect((await q({ tipoConsultaEdital: 'numeroEdital', numero: num.replace('/', '') })).json().content.map((e: { numero: string }) => e.numero)).toEqual([num]);
    const em = (await q({ tipoConsultaEdital: 'emEdicao' })).json();
    expect(em.content.every((e: { idSituacao: number }) => e.idSituacao === 1)).toBe(true);
    const todos = (await q({ tipoConsultaEdital: 'demaisFiltros' }, '?paginaAtual=1&itensPorPagina=5')).json();
    expect(todos.content).toHaveLength(5);
    expect(todos.totalPages).toBe(Math.ceil(todos.totalElements / 5));
    const caceal = ativos[3]!;
    const porCaceal = (await q({ tipoConsultaEdital: 'demaisFiltros', caceal, situacao: 4, dataInicial: '01/11/2026', dataFinal: '30/11/2026' })).json();
    expect(porCaceal.content.length).toBeGreaterThan(0);
    expectProblem(await q({ tipoConsultaEdital: 'xyz' }), 400);
    expectProblem(await q({ tipoConsultaEdital: 'demaisFiltros', dataInicial: '31/02/2026' }), 400);
  });

  it('public query: no sign-in, published only, at least one filter; the public PDF masks CPFs and lists the CACEALs', async () => {
    const anon = t.client();
    const todos = (await anon.get(`${api}/public/edital/obterTodos?paginaAtual=0&itensPorPagina=100`)).json();
    expect(todos.totalElements).toBeGreaterThan(0);
    expect(todos.content.every((e: { idSituacao: number }) => e.idSituacao >= 3)).toBe(true);
    expectProblem(await anon.post(`${api}/public/edital/consultar`, {}), 400);
    const rascunho = (await queryOne<{ numero: string }>(t.db, sql`select numero from edital where situacao_edital_id = 1 limit 1`))!.numero;
    expect((await anon.post(`${api}/public/edital/consultar`, { numero: rascunho })).json().totalElements).toBe(0);
    const r = (await anon.post(`${api}/public/edital/consultar`, { caceal: ativos[3] })).json();
    expect(r.totalElements).toBeGreaterThan(0);
    const pdf = await anon.get(`${api}/relatorio/edital/pdf?id=${r.content[0].id}`);
    expect(pdf.statusCode).toBe(200);
    const { texto } = await textoDoPdf(pdf.rawPayload);
    expect(texto).toContain(String(ativos[3]));
    expect(texto).not.toMatch(/\d{3}\.\d{3}\.\d{3}-\d{2}/);
  });

  it('public query: rate-limited per address (429 with Retry-After), other addresses unaffected', async () => {
    const c = t.client({ remoteAddress: '10.16.0.1' });
    for (let i = 0; i < 60; i++) expect((await c.post(`${api}/public/edital/consultar`, { tipoEdital: 3 })).statusCode).toBe(200);
    const r = await c.post(`${api}/public/edital/consultar`, { tipoEdital: 3 });
    expectProblem(r, 429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.client({ remoteAddress: '10.16.0.2' }).post(`${api}/public/edital/consultar`, { tipoEdital: 3 })).statusCode).toBe(200);
  });
});
