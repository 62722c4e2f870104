import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, expectProblem, type TestApp } from '../../test/harness.js';
import { ensureReferenceData } from '../../seed/referencia/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const base = '/sfz-cadastro-api/api';
const count = async (table: string) => ((await t.db.execute(sql.raw(`select count(*)::int n from ${table}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe('reference data from official sources', () => {
  it('has the official counts: 27 UFs, 102 AL municipalities, 1,332 CNAE subclasses, 92 legal natures', async () => {
    expect(await count('ref_uf')).toBe(27);
    expect(await count("ref_municipio where uf = 'AL'")).toBe(102);
    expect(await count('ref_cnae')).toBe(1332);
    expect(await count('ref_natureza_juridica')).toBe(92);
    expect(await count('ref_qualificacao')).toBeGreaterThan(60);
    expect(await count('ref_pais')).toBeGreaterThan(240);
  });
  it('is loaded once: a second start finds it unchanged', async () => {
    expect(await ensureReferenceData(t.db)).toBe('unchanged');
  });
});

describe('combos (§7)', () => {
  it('municipio/AL: the 102 municipalities of Alagoas, with Maceió (IBGE 2704302)', async () => {
    const r = await t.client().get(`${base}/municipio/al`);
    expect(r.statusCode).toBe(200);
    const rows = r.json() as { id: number; descricao: string; codigoUf: string }[];
    expect(rows).toHaveLength(102);
    expect(rows).toContainEqual({ id: 2704302, descricao: 'Maceió', codigoUf: 'AL' });
  });

  it('unknown UF → 404 problem; bad UF → 400', async () => {
    expectProblem(await t.client().get(`${base}/municipio/XX`), 404);
    expectProblem(await t.client().get(`${base}/municipio/ALA`), 400);
  });

  it('simple combos have the {id, descricao, ativo} shape', async () => {
    const porte = (await t.client().get(`${base}/porteEmpresa`)).json();
    expect(porte).toContainEqual({ id: 3, descricao: 'MICROEMPREENDEDOR INDIVIDUAL - MEI', ativo: true });
    const classif = (await t.client().get(`${base}/classificacao`)).json();
    expect(classif.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
    const tipos = (await t.client().get(`${base}/tipoInscricao`)).json();
    expect(tipos.map((c: { id: string }) => c.id)).toEqual(['F', 'O', 'P', 'S', 'T']);
    const qsa = (await t.client().get(`${base}/qualificacao`)).json();
    expect(qsa).toContainEqual({ id: 49, descricao: 'Sócio-Administrador', ativo: true });
  });

  it('naturezaJuridica carries the CONCLA code', async () => {
    const rows = (await t.client().get(`${base}/naturezaJuridica`)).json();
    expect(rows).toHaveLength(92);
    expect(rows).toContainEqual(expect.objectContaining({ codigoNaturezaJuridica: '2062', descricao: 'Sociedade Empresária Limitada' }));
  });

  it('status lists of both request sources', async () => {
    expect((await t.client().get(`${base}/tipo-status-processamento`)).json()).toHaveLength(16);
    expect((await t.client().get(`${base}/tipo-status-processamento?sistema=csn`)).json()).toHaveLength(14);
    expectProblem(await t.client().get(`${base}/tipo-status-processamento?sistema=xyz`), 400);
  });

  it('{id}/sublimite: yes/no for EPP only, empty for ME (issue 39 §7: LC 123 art. 3º I, 19), MEI and DEMAIS; unknown size → 404', async () => {
    expect((await t.client().get(`${base}/2/sublimite`)).json().map((o: { descricao: string }) => o.descricao)).toEqual(['SIM', 'NÃO']);
    expect((await t.client().get(`${base}/1/sublimite`)).json()).toEqual([]);
    expect((await t.client().get(`${base}/3/sublimite`)).json()).toEqual([]);
    expect((await t.client().get(`${base}/4/sublimite`)).json()).toEqual([]);
    expectProblem(await t.client().get(`${base}/99/sublimite`), 404);
  });

  it('motivosPessoa/{id} by status; unknown status → 404', async () => {
    const rows = (await t.client().get(`${base}/motivosPessoa/2`)).json();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((m: { idSituacao: number }) => m.idSituacao === 2)).toBe(true);
    expectProblem(await t.client().get(`${base}/motivosPessoa/999`), 404);
    expectProblem(await t.client().get(`${base}/motivosPessoa/abc`), 400);
  });

  it('atividade/{cnae} accepts masked or plain codes; unknown → 404', async () => {
    const r = (await t.client().get(`${base}/atividade/4711-3%2F02`)).json();
    expect(r).toMatchObject({ codigoCnae: '4711302' });
    expect(r.descricao).toContain('SUPERMERCADOS');
    expectProblem(await t.client().get(`${base}/atividade/9999999`), 404);
  });

  it('special regimes by type, active types only, event codes by range', async () => {
    const tipos = (await t.client().get(`${base}/tipoRegimeEspecial/obterAtivos`)).json();
    expect(tipos.length).toBeGreaterThan(0);
    expect(tipos.every((x: { ativo: boolean }) => x.ativo)).toBe(true);
    const regimes = (await t.client().get(`${base}/regimeEspecial/obterPorIdTipoRegime/${tipos[0].id}`)).json();
    expect(regimes.length).toBeGreaterThan(0);
    expect(regimes.every((r: { idTipoRegime: number }) => r.idTipoRegime === tipos[0].id)).toBe(true);
    expectProblem(await t.client().get(`${base}/regimeEspecial/obterPorIdTipoRegime/999`), 404);
    const eventos = (await t.client().get(`${base}/tipoEventoEntreCodigos?codigoInicial=11001`)).json();
    expect(eventos.length).toBeGreaterThan(0);
    expect(eventos.every((e: { id: number; implementado: string }) => e.id >= 11001 && ['S', 'N'].includes(e.implementado))).toBe(true);
    expectProblem(await t.client().get(`${base}/tipoEventoEntreCodigos`), 400);
    const classif = (await t.client().get(`${base}/classificacaoIrregularidade`)).json();
    expect(classif).toContainEqual(expect.objectContaining({ id: 7, idOrigem: 10 }));
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.client().get(`${base}/uf`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.json()).toHaveLength(27);
    const second = await t.app.inject({ method: 'GET', url: `${base}/uf`, headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});
