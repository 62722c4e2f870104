import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';

let t: TestApp;
const pdf = '/sfz-cadastro-api/api/relatorio/edital/pdf';
const one = async <T>(text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 5 } });
}, 120_000);
afterAll(() => t.close());

describe('GET relatorio/edital/pdf?id', () => {
  it('a published notice is public: its number, text and the taxpayers it cites', async () => {
    const e = await one<{ id: number; numero: string; nome: string }>(`select e.id, e.numero, p.nome from edital e join edital_contribuinte ec on ec.edital_id = e.id
      join contribuinte c on c.id = ec.contribuinte_id join pessoa p on p.numero_pessoa = c.numero_pessoa where e.situacao_edital_id in (3, 4) limit 1`);
    const r = await t.client().get(`${pdf}?id=${e.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const { texto } = await textoDoPdf(r.rawPayload);
    expect(texto).toContain(`Edital nº ${e.numero}`);
    expect(texto).toContain(e.nome);
  });

  it('a CPF typed into free text (Observação, the text) is masked for the public, shown to staff', async () => {
    const e = await one<{ id: number }>(`select e.id from edital e where e.situacao_edital_id in (3, 4)
      and exists (select 1 from edital_contribuinte ec where ec.edital_id = e.id) order by e.id limit 1`);
    await t.db.execute(sql.raw(`update edital_contribuinte set observacao = 'Sócio 123.456.789-09 não localizado' where id = (select min(id) from edital_contribuinte where edital_id = ${e.id})`));
    // A new version, as every write of the notice makes: the public PDF is kept per version.
    await t.db.execute(sql.raw(`update edital set texto = texto || ' Intimado: 98765432100.', version = version + 1 where id = ${e.id}`));
    // The table may break a line after a hyphen.
    const publico = (await textoDoPdf((await t.client().get(`${pdf}?id=${e.id}`)).rawPayload)).texto.replace(/-\s+/g, '-');
    expect(publico).not.toContain('123.456.789-09');
    expect(publico).not.toContain('98765432100');
    expect(publico).toContain('***.456.789-**');
    expect(publico).toContain('***.654.321-**');
    const interno = (await textoDoPdf((await (await t.as('editais')).get(`${pdf}?id=${e.id}`)).rawPayload)).texto;
    expect(interno).toContain('98765432100');
    // The public query answers the title: masked there too.
    await t.db.execute(sql.raw(`update edital set titulo = titulo || ' 123.456.789-09' where id = ${e.id}`));
    const lista = (await t.client().get('/sfz-cadastro-api/api/public/edital/obterTodos?paginaAtual=0&itensPorPagina=100')).json();
    const titulo = lista.content.find((x: { id: number }) => x.id === Number(e.id))?.tituloEdital;
    expect(titulo).toMatch(/\*\*\*\.456\.789-\*\*$/);
  });

  it('a draft is printed for notice staff only; to anyone else it is the same 404 as an unknown id, checked before rendering', async () => {
    const d = await one<{ id: number }>('select id from edital where situacao_edital_id in (1, 2) limit 1');
    const render = vi.spyOn(t.built.ctx.pdf, 'render');
    try {
      const rascunho = await t.client().get(`${pdf}?id=${d.id}`);
      const desconhecido = await t.client().get(`${pdf}?id=99999999`);
      expect(expectProblem(rascunho, 404).detail).toBe('Nenhum registro encontrado.');
      expect(rascunho.statusCode).toBe(desconhecido.statusCode);
      expect(rascunho.body).toBe(desconhecido.body);
      expect(rascunho.headers['content-type']).toBe(desconhecido.headers['content-type']);
      // Signed in without a notice or registry role: still nothing to tell drafts apart.
      expect((await (await t.as('user')).get(`${pdf}?id=${d.id}`)).body).toBe(desconhecido.body);
      expect(render).not.toHaveBeenCalled();
    } finally {
      render.mockRestore();
    }
    const r = await (await t.as('editais')).get(`${pdf}?id=${d.id}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect((await textoDoPdf(r.rawPayload)).texto).toContain('Edital nº');
    expectProblem(await t.client().get(`${pdf}?id=abc`), 400);
  });

  it('a published notice is rendered once per version: the second public PDF is the stored file; staff prints and a new version render', async () => {
    const e = await one<{ id: number }>(`select e.id from edital e where e.situacao_edital_id in (3, 4)
      and exists (select 1 from edital_contribuinte ec where ec.edital_id = e.id) order by e.id desc limit 1`);
    const render = vi.spyOn(t.built.ctx.pdf, 'render');
    try {
      const a = await t.client({ remoteAddress: '10.9.9.1' }).get(`${pdf}?id=${e.id}`);
      const b = await t.client({ remoteAddress: '10.9.9.2' }).get(`${pdf}?id=${e.id}`);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(b.headers['content-type']).toBe('application/pdf');
      expect(render).toHaveBeenCalledTimes(1);
      expect(render.mock.calls[0]![1]).toEqual({ publico: true });
      expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
      // Staff get the unmasked document, rendered on their own lane.
      expect((await (await t.as('editais')).get(`${pdf}?id=${e.id}`)).statusCode).toBe(200);
      expect(render).toHaveBeenCalledTimes(2);
      expect(render.mock.calls[1]![1]).toBeUndefined();
      // A republication bumps the version: the next public print is rendered again, then kept.
      await t.db.execute(sql.raw(`update edital set version = version + 1 where id = ${e.id}`));
      expect((await t.client({ remoteAddress: '10.9.9.3' }).get(`${pdf}?id=${e.id}`)).statusCode).toBe(200);
      expect((await t.client({ remoteAddress: '10.9.9.4' }).get(`${pdf}?id=${e.id}`)).statusCode).toBe(200);
      expect(render).toHaveBeenCalledTimes(3);
      expect((await one<{ n: number }>(`select count(*)::int as n from edital_pdf where edital_id = ${e.id}`)).n).toBe(1);
    } finally {
      render.mockRestore();
    }
  });

  it('is rate-limited per address: 429 with Retry-After, other addresses unaffected', async () => {
    const c = t.client({ remoteAddress: '10.20.30.40' });
    for (let i = 0; i < 30; i++) expect((await c.get(`${pdf}?id=99999999`)).statusCode).toBe(404);
    const r = await c.get(`${pdf}?id=99999999`);
    expectProblem(r, 429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    expectProblem(await t.client({ remoteAddress: '10.20.30.41' }).get(`${pdf}?id=99999999`), 404);
  });
});

describe('GET responsaveis-edital (combo, from the access-control port)', () => {
  it('lists the members of GESTOR_EDITAL with their names, and follows the access-control data', async () => {
    const r = await (await t.as('editais')).get('/sfz-cadastro-api/api/responsaveis-edital');
    expect(r.statusCode).toBe(200);
    const membros = (await t.db.execute(sql.raw(`select count(*)::int as n from sca_membro where grupo = 'GESTOR_EDITAL'`))) as unknown as { rows: { n: number }[] };
    expect(r.json()).toHaveLength(membros.rows[0]!.n);
    expect(r.json().length).toBeGreaterThan(0);
    // Every notice's responsible is one of them.
    const resp = await one<{ numero_pessoa_responsavel: number }>('select numero_pessoa_responsavel from edital limit 1');
    expect(r.json().map((p: { numeroPessoa: number }) => p.numeroPessoa)).toContain(resp.numero_pessoa_responsavel);
    await t.db.execute(sql.raw(`delete from sca_membro where numero_pessoa = ${resp.numero_pessoa_responsavel}`));
    const depois = (await (await t.as('editais')).get('/sfz-cadastro-api/api/responsaveis-edital')).json();
    expect(depois.map((p: { numeroPessoa: number }) => p.numeroPessoa)).not.toContain(resp.numero_pessoa_responsavel);
    expectProblem(await (await t.as('user')).get('/sfz-cadastro-api/api/responsaveis-edital'), 403);
  });
});
