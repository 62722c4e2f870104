import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hojeEmMaceio, NATUREZA } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

/** Issue 30 §2 on the supertela: the QSA and the responsible follow the legal nature, porte/Simples follow LC 123, dates are real. */
let t: TestApp;
let auditor: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;
let pessoasF: number[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 200, seed: 30 } });
  auditor = await t.as('auditor');
  pessoasF = (await all<{ n: number }>(`select numero_pessoa as n from pessoa where tipo = 'F' order by numero_pessoa limit 3`)).map((x) => Number(x.n));
}, 120_000);
afterAll(() => t.close());

const amanha = () => {
  const d = new Date(`${hojeEmMaceio()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const PROCESSO = { processo: '2026.000030', atoDeclaratorio: null, protocoloRedesim: null, dataEvento: '2026-01-15', dataLegal: null };

/**
 * A head office of its own made to the test's needs (the generated data is not relied on): its nature,
 * activity start 2015-03-02, and the QSA given (qualification ids), porte ME, not in the Simples.
 */
async function empresa(pular: number, natureza: number, qsa: number[]) {
  const r = await one<{ numero_caceal: number; numero_pessoa: number }>(`select c.numero_caceal, c.numero_pessoa from contribuinte c join pessoa p using (numero_pessoa)
    where p.tipo = 'J' and p.numero_pessoa_raiz is null and c.indicador_matriz = 'M' order by c.id offset ${pular} limit 1`);
  const np = Number(r.numero_pessoa);
  await all(`update pessoa set natureza_juridica_id = ${natureza} where numero_pessoa = ${np}`);
  // Its branches too: the company's first start is the earliest of its root's registrations.
  await all(`update contribuinte set data_inicio_atividade = '2015-03-02', porte_id = 1, eh_mei = false, eh_optante_simples = false
    where numero_pessoa in (select numero_pessoa from pessoa where coalesce(numero_pessoa_raiz, numero_pessoa) = ${np})`);
  await all(`delete from socio where numero_pessoa_empresa = ${np}`);
  for (const [i, q] of qsa.entries()) {
    await all(`insert into socio (numero_pessoa_empresa, numero_pessoa_socio, qualificacao_id, percentual_participacao, data_inclusao)
      values (${np}, ${pessoasF[i]}, ${q}, ${(100 / qsa.length).toFixed(2)}, '2015-03-02')`);
  }
  const { version } = await one<{ version: number }>(`select version from contribuinte where numero_caceal = ${r.numero_caceal}`);
  return { np, base: { ...PROCESSO, numeroPessoa: np, numeroCaceal: Number(r.numero_caceal), version: Number(version) } };
}
const socio = (i: number, qualificacaoId: number, extra: Record<string, unknown> = {}) =>
  ({ numeroPessoaSocio: pessoasF[i]!, qualificacaoId, percentualParticipacao: 50, dataInclusao: '2015-03-02', ...extra });
const impressao = async () => one<{ h: string }>(`select md5(concat_ws('|',
    (select string_agg(concat_ws(',', numero_pessoa_empresa, numero_pessoa_socio, qualificacao_id, data_inclusao), ';' order by id) from socio),
    (select string_agg(concat_ws(',', numero_pessoa_empresa, numero_pessoa_responsavel, qualificacao_id), ';' order by numero_pessoa_empresa) from responsavel),
    (select string_agg(concat_ws(',', id, version, porte_id), ';' order by id) from contribuinte),
    (select string_agg(concat_ws(',', contribuinte_id, cnae, eh_principal), ';' order by contribuinte_id, cnae) from atividade_contribuinte),
    (select count(*) from evento_alteracao), (select count(*) from evento_auditoria))) as h`);

/** 400 naming the rule (field error code, pt-BR detail), and nothing written. */
async function recusado(body: unknown, campo: string, codigo: string, trecho: string) {
  const antes = await impressao();
  const p = expectProblem(await auditor.post(`${api}/eventos`, body), 400);
  expect(p.fieldErrors).toEqual([expect.objectContaining({ field: campo, message: codigo })]);
  expect(p.detail).toContain(trecho);
  expect(await impressao()).toEqual(antes);
}
const aceito = async (body: unknown) => {
  const r = await auditor.post(`${api}/eventos`, body);
  expect(r.statusCode, r.body).toBe(200);
};

describe('the QSA follows the legal nature (CONCLA × RFB qualification table)', () => {
  it('empresário individual (213-5): no partners, its titular is the responsible (qualification 50)', async () => {
    const { base } = await empresa(0, NATUREZA.EMPRESARIO, []);
    await recusado({ ...base, socios: [socio(0, 49)] }, 'socios.0.numeroPessoaSocio', 'qsaEmpresarioSemSocios', 'Empresário individual');
    await recusado({ ...base, responsavel: { numeroPessoa: pessoasF[0], qualificacaoId: 49 } }, 'responsavel.qualificacaoId', 'responsavelQualificacaoNatureza:49', 'qualificação 49');
    await aceito({ ...base, responsavel: { numeroPessoa: pessoasF[0], qualificacaoId: 50 } });
  });

  it('sociedade limitada (206-2): keeps at least one partner; an administrator alone is not a QSA', async () => {
    const { base } = await empresa(1, NATUREZA.LTDA, [49, 22]);
    await recusado({ ...base, socios: [socio(2, 5, { percentualParticipacao: 0 })] }, 'socios.socios', 'qsaLimitadaSemSocio', 'ao menos um sócio');
    await recusado({ ...base, socios: [socio(0, 10)] }, 'socios.0.qualificacaoId', 'qsaQualificacaoNatureza:10', 'qualificação 10');
    await recusado({ ...base, responsavel: { numeroPessoa: pessoasF[0], qualificacaoId: 50 } }, 'responsavel.qualificacaoId', 'responsavelQualificacaoNatureza:50', 'responsável');
    await aceito({ ...base, socios: [socio(0, 49), socio(2, 5, { percentualParticipacao: 0 })] });
  });

  it('S.A. (205-4) and cooperative (214-3): directors and administrators, never "sócio"', async () => {
    const sa = await empresa(2, NATUREZA.SA_FECHADA, [10]);
    await recusado({ ...sa.base, socios: [socio(0, 10), socio(1, 22)] }, 'socios.1.qualificacaoId', 'qsaQualificacaoNatureza:22', 'qualificação 22');
    await aceito({ ...sa.base, socios: [socio(0, 10, { percentualParticipacao: 0 }), socio(1, 16, { percentualParticipacao: 0 })] });
    const coop = await empresa(3, NATUREZA.COOPERATIVA, [16]);
    await recusado({ ...coop.base, responsavel: { numeroPessoa: pessoasF[0], qualificacaoId: 49 } }, 'responsavel.qualificacaoId', 'responsavelQualificacaoNatureza:49', 'responsável');
    await aceito({ ...coop.base, responsavel: { numeroPessoa: pessoasF[0], qualificacaoId: 16 } });
  });
});

const dadosDe = async (np: number, caceal: number) => {
  const d = (await auditor.get(`${api}/contribuinte/obterDadosCadastrais/${np}?caceal=${caceal}`)).json();
  return {
    nomeFantasia: d.identificacao.nomeFantasia, email: d.identificacao.email, porteId: d.identificacao.porte?.id ?? null, valorCapitalSocial: d.identificacao.valorCapitalSocial,
    processamentoDados: d.processamentoDados, formasAtuacao: d.formasAtuacao.map((f: { id: number }) => f.id), tiposUnidade: d.tipoUnidade.map((f: { id: number }) => f.id),
    telefones: d.identificacao.telefones.map(({ id, codigoTipoTelefone, ddd, numeroTelefone }: Record<string, unknown>) => ({ id, codigoTipoTelefone, ddd, numeroTelefone })),
  };
};

describe('porte and Simples follow LC 123/2006', () => {
  it('an S.A. is not ME/EPP/MEI; a limited company is not MEI; a Simples company is not DEMAIS', async () => {
    const sa = await empresa(4, NATUREZA.SA_FECHADA, [10]);
    await all(`update contribuinte set porte_id = 4 where numero_pessoa = ${sa.np}`);
    const d = await dadosDe(sa.np, sa.base.numeroCaceal);
    await recusado({ ...sa.base, dadosCadastrais: { ...d, porteId: 2 } }, 'dadosCadastrais.porteId', 'porteSociedadeAnonimaCooperativa', 'LC 123/2006');
    const ltda = await empresa(5, NATUREZA.LTDA, [49]);
    const l = await dadosDe(ltda.np, ltda.base.numeroCaceal);
    await recusado({ ...ltda.base, dadosCadastrais: { ...l, porteId: 3 } }, 'dadosCadastrais.porteId', 'porteMeiNatureza', '213-5');
    await all(`update contribuinte set eh_optante_simples = true where numero_pessoa = ${ltda.np}`);
    await recusado({ ...ltda.base, dadosCadastrais: { ...l, porteId: 4 } }, 'dadosCadastrais.porteId', 'porteSimplesDemais', 'Simples');
    await aceito({ ...ltda.base, dadosCadastrais: { ...l, porteId: 2 } });
  });
});

describe('a MEI carries only the occupations of Anexo XI (Resolução CGSN 140/2018)', () => {
  const atividades = (...cnaes: string[]) => cnaes.map((c, i) => ({ codigoCnae: c, ehAtividadePrincipal: i === 0 }));
  it('becoming MEI with a supermarket\'s activity, or a MEI taking one, is refused; allowed occupations pass', async () => {
    const mei = await empresa(8, NATUREZA.EMPRESARIO, []);
    await all(`update contribuinte set eh_optante_simples = true where numero_pessoa = ${mei.np}`);
    await all(`delete from atividade_contribuinte where contribuinte_id = (select id from contribuinte where numero_caceal = ${mei.base.numeroCaceal})`);
    await all(`insert into atividade_contribuinte (contribuinte_id, cnae, eh_principal, eh_interesse)
      select id, '4711302', true, true from contribuinte where numero_caceal = ${mei.base.numeroCaceal}`);
    const d = await dadosDe(mei.np, mei.base.numeroCaceal);
    // The porte becomes MEI while the stored activity (4711-3/02, supermarkets) is not on the list.
    await recusado({ ...mei.base, dadosCadastrais: { ...d, porteId: 3 } }, 'dadosCadastrais.porteId', 'atividadeNaoPermitidaMei:4711-3/02', 'Anexo XI');
    // The same event with the activities replaced by occupations of the list (hairdresser, greengrocer).
    await recusado({ ...mei.base, dadosCadastrais: { ...d, porteId: 3 }, atividades: atividades('9602501', '6201501') }, 'atividades.1.codigoCnae', 'atividadeNaoPermitidaMei:6201-5/01', 'não é permitida ao MEI');
    await aceito({ ...mei.base, dadosCadastrais: { ...d, porteId: 3 }, atividades: atividades('9602501', '4724500') });
    const { version } = await one<{ version: number }>(`select version from contribuinte where numero_caceal = ${mei.base.numeroCaceal}`);
    const base = { ...mei.base, version: Number(version) };
    await recusado({ ...base, atividades: atividades('4711302') }, 'atividades.0.codigoCnae', 'atividadeNaoPermitidaMei:4711-3/02', 'Resolução CGSN nº 140/2018');
    await aceito({ ...base, atividades: atividades('9602501') });
  });
});

describe('a Sociedade Simples Limitada (224-0) carries no empresário\'s activity (CC art. 966, 982; issue 42)', () => {
  it('a shop\'s activity is refused, nothing written; a rural one and an accounting office pass', async () => {
    const { base } = await empresa(9, NATUREZA.SOCIEDADE_SIMPLES_LTDA, [49]);
    const atividades = (...cnaes: string[]) => cnaes.map((c, i) => ({ codigoCnae: c, ehAtividadePrincipal: i === 0 }));
    await recusado({ ...base, atividades: atividades('0111301', '4711302') }, 'atividades.1.codigoCnae', 'atividadeEmpresariaSociedadeSimples:4711-3/02', 'natureza 224-0');
    await aceito({ ...base, atividades: atividades('0111301', '6920601') });
  });
});

describe('a CPF\'s registration is of natureza 412-0 (CONCLA section 4, Pessoas Físicas); a CPF is never of a company\'s nature', () => {
  it('every registration a CPF holds is of 412-0; the database refuses a company\'s nature to a CPF, not 412-0 to a producer\'s CNPJ', async () => {
    const x = await one<{ pf: number; fora: number }>(`select count(*)::int as pf, count(*) filter (where p.natureza_juridica_id is distinct from 4120)::int as fora
      from contribuinte c join pessoa p using (numero_pessoa) where p.tipo = 'F'`);
    expect(x.pf).toBeGreaterThan(0);
    expect(x.fora).toBe(0);
    const cnpj = await one<{ n: number }>(`select numero_pessoa as n from pessoa where tipo = 'J' order by numero_pessoa limit 1`);
    const restricao = (texto: string) => all(texto).then(() => null, (e: { cause?: { constraint?: string } }) => e.cause?.constraint);
    expect(await restricao(`update pessoa set natureza_juridica_id = ${NATUREZA.LTDA} where numero_pessoa = ${pessoasF[0]}`)).toBe('pessoa_natureza_do_tipo');
    expect(await restricao(`update pessoa set natureza_juridica_id = ${NATUREZA.EMPRESARIO} where numero_pessoa = ${pessoasF[1]}`)).toBe('pessoa_natureza_do_tipo');
    // The Receita gives section-4 natures to CNPJs too (a producer's own CNPJ, 401-4, 409-0): allowed, then put back.
    const antes = await one<{ n: number }>(`select natureza_juridica_id as n from pessoa where numero_pessoa = ${cnpj.n}`);
    expect(await restricao(`update pessoa set natureza_juridica_id = ${NATUREZA.PRODUTOR_RURAL_PF} where numero_pessoa = ${cnpj.n}`)).toBeNull();
    await all(`update pessoa set natureza_juridica_id = ${antes.n} where numero_pessoa = ${cnpj.n}`);
    // A partner (a CPF holding no registration) has no nature at all.
    expect((await one<{ n: number }>(`select count(*)::int as n from pessoa p where p.tipo = 'F' and p.natureza_juridica_id is not null
      and not exists (select 1 from contribuinte c where c.numero_pessoa = p.numero_pessoa)`)).n).toBe(0);
  });
});

describe('dates are real: not after Maceió\'s today, not before the company started', () => {
  it('the event date and the legal date', async () => {
    const { base } = await empresa(6, NATUREZA.LTDA, [49]);
    const body = { ...base, responsavel: { numeroPessoa: pessoasF[0], qualificacaoId: 49 } };
    // The detail read gives the screen the same lower bound (the company's first start) the rule uses.
    const d = (await auditor.get(`${api}/contribuinte/obterDadosCadastrais/${base.numeroPessoa}?caceal=${base.numeroCaceal}`)).json();
    expect(d.identificacao.inicioEmpresa).toBe('2015-03-02');
    await recusado({ ...body, dataEvento: amanha() }, 'dataEvento', `dataFutura:${hojeEmMaceio().split('-').reverse().join('/')}`, 'posterior a hoje');
    await recusado({ ...body, dataLegal: '2015-03-01' }, 'dataLegal', 'dataAntesInicioAtividade:02/03/2015', 'início das atividades');
    await aceito({ ...body, dataLegal: '2015-03-02' });
  });

  it('a partner\'s inclusion date', async () => {
    const { base } = await empresa(7, NATUREZA.LTDA, [49]);
    await recusado({ ...base, socios: [socio(0, 49), socio(1, 22, { dataInclusao: '2014-12-31' })] }, 'socios.1.dataInclusao', 'dataAntesInicioAtividade:02/03/2015', 'início das atividades');
    await recusado({ ...base, socios: [socio(0, 49), socio(1, 22, { dataInclusao: amanha() })] }, 'socios.1.dataInclusao', expect.stringMatching(/^dataFutura:/) as unknown as string, 'posterior a hoje');
    await aceito({ ...base, socios: [socio(0, 49), socio(1, 22, { dataInclusao: '2020-05-04' })] });
  });
});
