import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RELATORIOS, type PanoramaCadastro } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

let t: TestApp;
let auditor: Client;
let p: PanoramaCadastro;
const api = '/sfz-cadastro-api/api/relatorio';
const linhas = <T>(text: string) => query<T>(t.db, sql.raw(text));
const ultimoDia = (mes: string) => {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  return `${mes}-${String(new Date(Date.UTC(a, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
const total = async (caminho: string) => {
  const r = await auditor.get(`${api}/${caminho}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { totalElements: number; content: Record<string, unknown>[] };
};

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 1500, seed: 28 } });
  auditor = await t.as('auditor');
  const r = await auditor.get(`${api}/panorama`);
  expect(r.statusCode, r.body).toBe(200);
  p = r.json();
}, 180_000);
afterAll(() => t.close());

/** Each figure of the home page's picture is the count of the report its bar or slice opens. */
describe('the picture of the registry', () => {
  it('taxpayers by status: every registration once; a slice is the general report over the whole period with that status', async () => {
    const [n] = await linhas<{ n: number; min: string; max: string }>(`select count(*)::int n, to_char(min(data_inicio_atividade), 'YYYY-MM-DD') min,
      to_char(max(data_inicio_atividade), 'YYYY-MM-DD') max from contribuinte`);
    expect(p.situacoes.reduce((s, x) => s + x.quantidade, 0)).toBe(n!.n);
    expect(p.periodo).toEqual({ dataInicial: n!.min, dataFinal: n!.max });
    expect(p.situacoes.map((s) => s.descricao)).toContain('ATIVO');
    for (const s of p.situacoes.filter((x) => x.quantidade < 1000)) {
      const r = await total(`contribuintes-geral?dataInicial=${p.periodo.dataInicial}&dataFinal=${p.periodo.dataFinal}&situacaoCadastral=${s.situacaoId}`);
      expect(r.totalElements, s.descricao).toBe(s.quantidade);
      expect(r.content.every((l) => l.situacaoCadastral === s.descricao)).toBe(true);
    }
  });

  it('opened and closed per month over 24 months: a bar is the general report of that month (by activity start, or by the day of closing)', async () => {
    expect(p.meses).toHaveLength(24);
    expect(p.meses[23]!.mes).toBe(new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 7));
    const mes = [...p.meses].reverse().find((m) => m.abertas > 0 && m.baixadas > 0)!;
    expect(mes).toBeDefined();
    const periodo = `dataInicial=${mes.mes}-01&dataFinal=${ultimoDia(mes.mes)}`;
    expect((await total(`contribuintes-geral?${periodo}`)).totalElements).toBe(mes.abertas);
    const baixadas = await total(`contribuintes-geral?${periodo}&situacaoCadastral=4&dataReferencia=situacao`);
    expect(baixadas.totalElements).toBe(mes.baixadas);
    expect(baixadas.content.every((l) => l.situacaoCadastral === 'BAIXADO')).toBe(true);
  });

  it('the Simples/MEI share of the active ones is the active-taxpayers report by Simples Nacional / MEI', async () => {
    const r = await total('contribuintes/ativos?tipoConsulta=simples-mei');
    expect(p.simplesMei.map((s) => s.quantidade)).toEqual(r.content.map((l) => l.quantidade));
    expect(p.simplesMei.map((s) => s.tipo)).toEqual(['mei', 'simples', 'naoOptante']);
  });

  it('open pendências by criticality, every criticality listed', async () => {
    const esperado = await linhas<{ id: number; n: number }>('select k.id, count(p.sequencial)::int n from ref_criticidade_irregularidade k left join pendencia p on p.criticidade_id = k.id and p.situacao_id = 1 group by k.id order by k.id');
    expect(p.pendencias.map((c) => [c.criticidadeId, c.quantidade])).toEqual(esperado.map((e) => [e.id, e.n]));
    expect(p.pendencias.some((c) => c.quantidade > 0)).toBe(true);
  });

  it('the summary behind it follows every write in its transaction: it equals a recount after updates, deletes and inserts', async () => {
    const resumo = `select grupo, chave, quantidade::int q from resumo_cadastro where quantidade <> 0 order by 1, 2`;
    const recontagem = `select grupo, chave, q from (select k.grupo, k.chave, count(*)::int q from contribuinte c,
        cadastro_resumo_chaves(c.situacao_id, c.eh_mei, c.eh_optante_simples, c.data_inicio_atividade, c.data_situacao, c.tipo_contribuinte_id) k group by 1, 2
      union all select 'pendencia', criticidade_id::varchar, count(*)::int from pendencia where situacao_id = 1 group by 2) x order by 1, 2`;
    const vivos = `select numero_pessoa from contribuinte where situacao_id not in (4, 5) group by 1 having count(*) > 1 order by 1`;
    expect(await linhas(resumo)).toEqual(await linhas(recontagem));
    await linhas(`update contribuinte set situacao_id = 4, motivo_id = 401, data_situacao = current_date where id in (select id from contribuinte where situacao_id = 1 order by id limit 7)`);
    await linhas(`update contribuinte set eh_optante_simples = not eh_optante_simples, tipo_contribuinte_id = 5 - tipo_contribuinte_id
      where id in (select id from contribuinte where situacao_id = 1 and not eh_mei and tipo_contribuinte_id in (0, 5) order by id desc limit 5)`);
    // A closed registration of a person with another live one comes back to life: now two live ones.
    await linhas(`update contribuinte set situacao_id = 1, motivo_id = 102 where id = (select c.id from contribuinte c where c.situacao_id = 4
      and exists (select 1 from contribuinte o where o.numero_pessoa = c.numero_pessoa and o.id <> c.id and o.situacao_id = 1) order by c.id limit 1)`);
    await linhas(`update pendencia set situacao_id = 2, data_regularizacao = current_date where sequencial in (select sequencial from pendencia where situacao_id = 1 order by 1 limit 4)`);
    await linhas(`delete from pendencia where sequencial in (select sequencial from pendencia order by 1 desc limit 3)`);
    await linhas(`insert into pendencia (contribuinte_id, cnpj, classificacao_id, descricao, competencia, criticidade_id, situacao_id, origem_id)
      select contribuinte_id, cnpj, classificacao_id, descricao, competencia, 3, 1, origem_id from pendencia order by 1 limit 2`);
    expect(await linhas(resumo)).toEqual(await linhas(recontagem));
    expect(await linhas('select numero_pessoa from pessoa_multiplos_vivos order by 1')).toEqual(await linhas(vivos));
    // The divergent head offices follow the responsible's changes: one made divergent, one put right.
    const divergentes = `select p.numero_pessoa from receita_cnpj r join pessoa p on p.numero_documento = r.cnpj and p.numero_pessoa_raiz is null
      join responsavel re on re.numero_pessoa_empresa = p.numero_pessoa join pessoa rp on rp.numero_pessoa = re.numero_pessoa_responsavel
      where r.cpf_responsavel is not null and r.cpf_responsavel <> rp.numero_documento order by 1`;
    const antes = await linhas<{ numero_pessoa: number }>(divergentes);
    expect(antes.length).toBeGreaterThan(0);
    await linhas(`update responsavel re set numero_pessoa_responsavel = (select p.numero_pessoa from pessoa p join receita_cnpj r on r.cpf_responsavel = p.numero_documento
      join pessoa e on e.numero_documento = r.cnpj where e.numero_pessoa = re.numero_pessoa_empresa) where re.numero_pessoa_empresa = ${antes[0]!.numero_pessoa}`);
    await linhas(`update receita_cnpj set cpf_responsavel = '00000000191' where cnpj = (select p.numero_documento from pessoa p join responsavel re on re.numero_pessoa_empresa = p.numero_pessoa
      where p.numero_pessoa_raiz is null and p.numero_pessoa not in (${antes.map((a) => a.numero_pessoa).join(',')}) order by 1 limit 1)`);
    const depoisDiv = await linhas<{ numero_pessoa: number }>(divergentes);
    expect(depoisDiv).not.toEqual(antes);
    expect(await linhas('select numero_pessoa from empresa_divergencia_responsavel order by 1')).toEqual(depoisDiv);
    const depois = (await auditor.get(`${api}/panorama`)).json() as PanoramaCadastro;
    const baixado = (x: PanoramaCadastro) => x.situacoes.find((s) => s.situacaoId === 4)!.quantidade;
    expect(baixado(depois)).toBe(baixado(p) + 7 - 1);
    expect(depois.meses[23]!.baixadas).toBe(p.meses[23]!.baixadas + 7);
    p = depois;
  });

  it('the active registrations outside Alagoas follow address and status changes: the report is the query on the registry', async () => {
    const naoAL = `select c.numero_caceal || '-' || c.digito_caceal caceal, e.uf from contribuinte c
      join endereco e on e.numero_pessoa = c.numero_pessoa and e.eh_principal and e.uf <> 'AL' where c.situacao_id = 1 order by c.numero_caceal`;
    const confere = async () => {
      const esperado = await linhas<{ caceal: string; uf: string }>(naoAL);
      expect(await linhas('select numero_caceal from contribuinte_ativo_outra_uf order by 1')).toEqual(
        await linhas(`select c.numero_caceal from contribuinte c join endereco e on e.numero_pessoa = c.numero_pessoa and e.eh_principal and e.uf <> 'AL' where c.situacao_id = 1 order by 1`));
      const r = await total(`${RELATORIOS.cacealAtivoEmOutraUf.caminho}?size=100`);
      expect(r.totalElements).toBe(esperado.length);
      expect(r.content.map((l) => [l.numeroCaceal, l.uf])).toEqual(esperado.slice(0, 100).map((e) => [e.caceal, e.uf]));
      return esperado;
    };
    const antes = await confere();
    expect(antes.length).toBeGreaterThan(0);
    const municipio = (uf: string) => `(select id from ref_municipio where uf = '${uf}' order by id limit 1)`;
    // A person of an active registration moves to Bahia; another listed one moves back to Alagoas.
    await linhas(`update endereco set uf = 'BA', municipio_id = ${municipio('BA')} where eh_principal and numero_pessoa = (select e.numero_pessoa from endereco e
      join contribuinte c on c.numero_pessoa = e.numero_pessoa where e.eh_principal and e.uf = 'AL' and c.situacao_id = 1 order by c.id limit 1)`);
    await linhas(`update endereco set uf = 'AL', municipio_id = ${municipio('AL')} where eh_principal and numero_pessoa = (select numero_pessoa from contribuinte_ativo_outra_uf order by numero_caceal desc limit 1)`);
    // A listed registration suspended; a closed one outside Alagoas reopened; a listed person's main address removed.
    await linhas(`update contribuinte set situacao_id = 2, motivo_id = 201 where id = (select contribuinte_id from contribuinte_ativo_outra_uf order by numero_caceal limit 1)`);
    await linhas(`update contribuinte set situacao_id = 1, motivo_id = 102 where id = (select c.id from contribuinte c join endereco e on e.numero_pessoa = c.numero_pessoa
      where e.eh_principal and e.uf <> 'AL' and c.situacao_id = 4 order by c.id limit 1)`);
    await linhas(`delete from endereco where eh_principal and numero_pessoa = (select numero_pessoa from contribuinte_ativo_outra_uf order by numero_caceal limit 1 offset 1)`);
    const depois = await confere();
    expect(depois).not.toEqual(antes);
    expect(Math.abs(depois.length - antes.length)).toBeLessThan(5);
  });

  it('is refused without a report role (403) and without a session (401)', async () => {
    expectProblem(await (await t.as('user')).get(`${api}/panorama`), 403);
    expectProblem(await (await t.as('atendente')).get(`${api}/panorama`), 403);
    expectProblem(await t.client().get(`${api}/panorama`), 401);
  });

  it('the general report refuses a bad status list or an unknown reference day (400)', async () => {
    expectProblem(await auditor.get(`${api}/contribuintes-geral?dataInicial=2024-01-01&dataFinal=2024-01-31&situacaoCadastral=x`), 400);
    expectProblem(await auditor.get(`${api}/contribuintes-geral?dataInicial=2024-01-01&dataFinal=2024-01-31&dataReferencia=baixa`), 400);
  });
});
