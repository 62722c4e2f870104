import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatCaceal, formatCodigoVerificacao } from '@cadastro/domain';
import { expectProblem, startTestApp, type TestApp } from '../../test/harness.js';
import { textoDoPdf } from '../../test/pdf.js';

let t: TestApp;
const api = '/sfz-cadastro-api/api';
const one = async <T>(text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 11 } });
}, 120_000);
afterAll(() => t.close());

describe('FIC (public)', () => {
  it('obterDadosFic answers anyone with the certificate fields', async () => {
    const c = await one<{ numero_caceal: number; nome: string }>(`select c.numero_caceal, p.nome from contribuinte c join pessoa p using (numero_pessoa)
      where exists (select 1 from atividade_contribuinte a where a.contribuinte_id = c.id) order by c.id limit 1`);
    const r = await t.client().get(`${api}/contribuinte/obterDadosFic/${c.numero_caceal}`);
    expect(r.statusCode).toBe(200);
    const f = r.json();
    expect(f).toMatchObject({ numeroCaceal: c.numero_caceal, razaoSocial: c.nome });
    expect(f.atividadesEconomicas.filter((a: { principal: boolean }) => a.principal)).toHaveLength(1);
    expect(Array.isArray(f.formasAtuacao) && Array.isArray(f.tiposUnidade)).toBe(true);
  });

  it('situacaoCadastralRecente is the latest entry of the status history', async () => {
    const h = await one<{ numero_caceal: number; descricao: string; dia: string }>(`select c.numero_caceal, s.descricao, to_char(h.data_alteracao, 'YYYY-MM-DD') as dia
      from historico_situacao h join contribuinte c on c.id = h.contribuinte_id join ref_situacao_cadastral s on s.id = h.situacao_id
      order by h.contribuinte_id, h.data_alteracao desc, h.id desc limit 1`);
    const f = (await t.client().get(`${api}/contribuinte/obterDadosFic/${h.numero_caceal}`)).json();
    expect(f.situacaoCadastralRecente).toEqual({ situacaoCadastral: h.descricao, dataAlteracaoSituacaoCadastral: h.dia });
  });

  it('carries the regularization text of open irregularities, and none when there is nothing to do', async () => {
    const comPendencia = await one<{ numero_caceal: number; acao: string }>(`select c.numero_caceal, p.acoes_regularizadoras as acao from pendencia p
      join contribuinte c on c.id = p.contribuinte_id where p.situacao_id = 1 and p.acoes_regularizadoras is not null limit 1`);
    const f = (await t.client().get(`${api}/contribuinte/obterDadosFic/${comPendencia.numero_caceal}`)).json();
    expect(f.textoRegularizacao).toContain(comPendencia.acao);
    const sem = await one<{ numero_caceal: number }>(`select c.numero_caceal from contribuinte c where not exists
      (select 1 from pendencia p where p.contribuinte_id = c.id and p.situacao_id = 1) limit 1`);
    expect((await t.client().get(`${api}/contribuinte/obterDadosFic/${sem.numero_caceal}`)).json().textoRegularizacao).toBeNull();
  });

  it('unknown CACEAL → 404 with the §8 message; letters or wrong length → 400', async () => {
    const p = expectProblem(await t.client().get(`${api}/contribuinte/obterDadosFic/24099998`), 404);
    expect(p.detail).toBe('Nenhum registro encontrado.');
    expect(expectProblem(await t.client().get(`${api}/contribuinte/obterDadosFic/2400abcd`), 400).fieldErrors?.[0]?.field).toBe('caceal');
    expectProblem(await t.client().get(`${api}/contribuinte/obterDadosFic/123`), 400);
    expectProblem(await t.client().get(`${api}/contribuinte/obterDadosFic/24999998`), 400); // 9: no taxpayer type
    expectProblem(await t.client().get(`${api}/relatorio/fic/imprimir?caceal=24099998`), 404);
    expect(await one<{ n: number }>('select count(*)::int as n from fic_emissao')).toEqual({ n: 0 });
  });

  it('the printed FIC is a real PDF with the razão social, a verification code and page numbers; the code checks out', async () => {
    const c = await one<{ numero_caceal: number; digito_caceal: number; nome: string; raiz: number }>(`select c.numero_caceal, c.digito_caceal, p.nome,
      coalesce(p.numero_pessoa_raiz, p.numero_pessoa) as raiz from contribuinte c join pessoa p using (numero_pessoa) order by c.id desc limit 1`);
    const r = await t.client().get(`${api}/relatorio/fic/imprimir?caceal=${c.numero_caceal}&numeroPessoaRaiz=${c.raiz}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { texto } = await textoDoPdf(r.rawPayload);
    expect(texto).toContain(c.nome);
    expect(texto).toContain(formatCaceal(c.numero_caceal, c.digito_caceal));
    expect(texto).toContain('Ficha de Inscrição Cadastral - FIC');
    expect(texto).toMatch(/Página 1 de \d/);
    expect(texto).toMatch(/Emitido em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const codigo = /Código de verificação: ([0-9A-Z]{4}- ?[0-9A-Z]{4}- ?[0-9A-Z]{4})/.exec(texto)![1]!.replace(/ /g, '');
    const e = await one<{ codigo: string }>('select codigo from fic_emissao order by emitida_em desc limit 1');
    expect(codigo).toBe(formatCodigoVerificacao(e.codigo));

    const v = await t.client().get(`${api}/public/fic/verificar/${codigo.toLowerCase()}`);
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({ codigo: e.codigo, fic: { numeroCaceal: c.numero_caceal, razaoSocial: c.nome } });
    expect(Date.now() - Date.parse(v.json().emitidaEm)).toBeLessThan(60_000);
  });

  it('a wrong root person number prints nothing; an unknown or malformed code is a clear 404/400', async () => {
    const antes = await one<{ n: number }>('select count(*)::int as n from fic_emissao');
    const c = await one<{ numero_caceal: number }>('select numero_caceal from contribuinte order by id limit 1');
    expectProblem(await t.client().get(`${api}/relatorio/fic/imprimir?caceal=${c.numero_caceal}&numeroPessoaRaiz=1`), 404);
    expect(await one<{ n: number }>('select count(*)::int as n from fic_emissao')).toEqual(antes);
    expect(expectProblem(await t.client().get(`${api}/public/fic/verificar/ABCD-EFGH-JKMN`), 404).detail).toBe('Código de verificação não encontrado.');
    expectProblem(await t.client().get(`${api}/public/fic/verificar/short`), 400);
  });
});
