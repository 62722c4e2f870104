import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

let t: TestApp;
let auditor: Client;
let atendente: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 15 } });
  [auditor, atendente] = await Promise.all([t.as('auditor'), t.as('atendente')]);
}, 120_000);
afterAll(() => t.close());

const PROCESSO = { processo: '2026.000123', atoDeclaratorio: 'Ato de teste', protocoloRedesim: null, dataEvento: '2026-11-20', dataLegal: '2026-11-21' };

type Reg = { numero_caceal: number; numero_pessoa: number; version: number; id: number };
/** A registration with a principal activity, partners and a responsible; each test takes its own. */
async function registro(pular: number): Promise<Reg> {
  return one<Reg>(`select c.id, c.numero_caceal, c.numero_pessoa, c.version from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    where p.tipo = 'J' and p.numero_pessoa_raiz is null and exists (select 1 from atividade_contribuinte a where a.contribuinte_id = c.id and a.eh_principal)
      and exists (select 1 from socio s where s.numero_pessoa_empresa = p.numero_pessoa)
    order by c.id offset ${pular} limit 1`);
}
const dados = async (r: Reg) => (await auditor.get(`${api}/contribuinte/obterDadosCadastrais/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json();
/** The tab's whole state as the screen would send it back unchanged. */
function blocoDados(d: { identificacao: { nomeFantasia: string | null; email: string | null; porte: { id: number } | null; valorCapitalSocial: string | null; telefones: { id: number; codigoTipoTelefone: number; ddd: string; numeroTelefone: string }[] }; processamentoDados: Record<string, unknown>; formasAtuacao: { id: number }[]; tipoUnidade: { id: number }[] }) {
  return {
    nomeFantasia: d.identificacao.nomeFantasia,
    email: d.identificacao.email,
    porteId: d.identificacao.porte?.id ?? null,
    valorCapitalSocial: d.identificacao.valorCapitalSocial,
    processamentoDados: d.processamentoDados,
    formasAtuacao: d.formasAtuacao.map((f) => f.id),
    tiposUnidade: d.tipoUnidade.map((f) => f.id),
    telefones: d.identificacao.telefones.map(({ id, codigoTipoTelefone, ddd, numeroTelefone }) => ({ id, codigoTipoTelefone, ddd, numeroTelefone })),
  };
}
/** Everything an event may write, as one fingerprint: equal before and after = nothing written. */
const impressao = async () =>
  one<{ h: string }>(`select md5(concat_ws('|',
    (select string_agg(concat_ws(',', id, version, porte_id, opcao_livro_eletronico), ';' order by id) from contribuinte),
    (select string_agg(concat_ws(',', contribuinte_id, cnae, eh_principal), ';' order by contribuinte_id, cnae) from atividade_contribuinte),
    (select string_agg(concat_ws(',', numero_pessoa_empresa, numero_pessoa_socio, percentual_participacao), ';' order by id) from socio),
    (select string_agg(concat_ws(',', numero_pessoa, nome_fantasia, email, version), ';' order by numero_pessoa) from pessoa),
    (select string_agg(concat_ws(',', numero_pessoa, ddd, numero), ';' order by id) from telefone),
    (select count(*) from evento_alteracao), (select count(*) from evento_auditoria), (select count(*) from procurador),
    (select count(*) from regime_especial_contribuinte), (select count(*) from responsavel), (select count(*) from contribuinte_contador))) as h`);

describe('POST eventos (supertela): one event, one transaction', () => {
  it('roles: 403 without ROLE_CAD_MAN_DADOS_CONTRI, 401 anonymous; nothing written', async () => {
    const r = await registro(0);
    const antes = await impressao();
    const body = { ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: r.version, atividades: [{ codigoCnae: '4711302', ehAtividadePrincipal: true }] };
    expectProblem(await atendente.post(`${api}/eventos`, body), 403);
    expectProblem(await t.client().post(`${api}/eventos`, body), 401);
    expect(await impressao()).toEqual(antes);
  });

  it('Dados Cadastrais + Atividades + Sócios in one event; porte goes to every registration of the CNPJ root; the timeline shows it', async () => {
    // A root with branches: the porte must reach all of them. Its head office a limitada (206-2) with partners (issue 42: most are MEIs).
    const raiz = await one<{ raiz_cnpj: string; n: number }>(`select p.raiz_cnpj, count(*)::int n from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      where p.raiz_cnpj in (select m.raiz_cnpj from pessoa m where m.numero_pessoa_raiz is null and m.natureza_juridica_id = 2062
        and exists (select 1 from socio s where s.numero_pessoa_empresa = m.numero_pessoa))
      group by p.raiz_cnpj having count(*) > 1 order by count(*) desc limit 1`);
    const r = await one<Reg>(`select c.id, c.numero_caceal, c.numero_pessoa, c.version from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      where p.raiz_cnpj = '${raiz.raiz_cnpj}' and p.numero_pessoa_raiz is null order by c.id limit 1`);
    // Issue 30: partners join after the start.
    await all(`update contribuinte set data_inicio_atividade = least(data_inicio_atividade, '2026-11-01') where id = ${r.id}`);
    const d = await dados(r);
    expect(d.version).toBe(r.version);
    const novoPorte = d.identificacao.porte?.id === 2 ? 1 : 2;
    const cnaes = await all<{ id: string }>(`select id from ref_cnae where id not in (select cnae from atividade_contribuinte where contribuinte_id = ${r.id}) order by id limit 2`);
    const socios = (await auditor.get(`${api}/contribuinte/obterSocios/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json() as { numeroPessoaSocio: number; qualificacao: { id: number }; dataInclusao: string }[];
    const pf = await one<{ numero_pessoa: number }>(`select numero_pessoa from pessoa where tipo = 'F' and numero_pessoa not in
      (select numero_pessoa_socio from socio where numero_pessoa_empresa = ${r.numero_pessoa}) limit 1`);
    const cota = Math.floor(100 / (socios.length + 1));
    const body = {
      // The versions the screen read, as the SPA sends them (the person's contact is shared with its other registrations).
      ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: d.version, versoes: d.versoes,
      dadosCadastrais: {
        ...blocoDados(d), nomeFantasia: 'NOVO NOME FANTASIA', porteId: novoPorte,
        processamentoDados: { ...d.processamentoDados, opcaoLivroEletronico: true, dataAutorizacaoLivroEletronico: null },
        telefones: [{ codigoTipoTelefone: 1, ddd: '82', numeroTelefone: '32210000' }],
      },
      atividades: [{ codigoCnae: cnaes[0]!.id, ehAtividadePrincipal: true }, { codigoCnae: cnaes[1]!.id, ehAtividadePrincipal: false }],
      socios: [
        ...socios.map((s) => ({ numeroPessoaSocio: s.numeroPessoaSocio, qualificacaoId: s.qualificacao.id, percentualParticipacao: cota, dataInclusao: s.dataInclusao })),
        { numeroPessoaSocio: Number(pf.numero_pessoa), qualificacaoId: socios[0]!.qualificacao.id, percentualParticipacao: cota, dataInclusao: '2026-11-01' },
      ],
    };
    const res = await auditor.post(`${api}/eventos`, body);
    expect(res.statusCode, res.body).toBe(200);
    const salvo = res.json();
    expect(salvo).toMatchObject({ mensagem: 'eventoRegistrado', version: r.version + 1, portePropagado: raiz.n - 1 });
    const depois = await dados(r);
    expect(depois.identificacao.nomeFantasia).toBe('NOVO NOME FANTASIA');
    expect(depois.identificacao.porte.id).toBe(novoPorte);
    expect(depois.processamentoDados.dataAutorizacaoLivroEletronico).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(depois.identificacao.telefones).toMatchObject([{ ddd: '82', numeroTelefone: '32210000' }]);
    const portes = await all<{ porte_id: number }>(`select distinct c.porte_id from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.raiz_cnpj = '${raiz.raiz_cnpj}'`);
    expect(portes).toEqual([{ porte_id: novoPorte }]);
    const atividades = (await auditor.get(`${api}/contribuinte/obterAtividades/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json();
    expect(atividades.map((a: { codigoCnae: string }) => a.codigoCnae)).toEqual([cnaes[0]!.id, cnaes[1]!.id]);
    expect((await one<{ n: number }>(`select count(*)::int n from socio where numero_pessoa_empresa = ${r.numero_pessoa}`)).n).toBe(socios.length + 1);
    // Audit: the event, and one row per registration that got the porte.
    expect((await one<{ n: number }>(`select count(*)::int n from evento_auditoria where data->>'message' = 'PORTE_PROPAGATED' and data->>'evento' = '${salvo.id}'`)).n).toBe(raiz.n - 1);
    expect((await one<{ n: number }>(`select count(*)::int n from evento_auditoria where data->>'message' = 'REGISTRY_EVENT' and entity_id = '${r.id}'`)).n).toBe(1);

    const tl = (await atendente.get(`${api}/eventos/listar?numeroCaceal=${r.numero_caceal}`)).json();
    expect(tl.totalElements).toBe(1);
    expect(tl.content[0]).toMatchObject({ id: salvo.id, processo: PROCESSO.processo, usuario: 'auditor', nomeUsuario: 'Paulo Auditor Fiscal', dataEvento: '2026-11-20' });
    const alt = tl.content[0].alteracoes as { aba: string; campo: string; antes: string | null; depois: string | null }[];
    expect(alt).toContainEqual(expect.objectContaining({ aba: 'dadosCadastrais', campo: 'nomeFantasia', depois: 'NOVO NOME FANTASIA' }));
    expect(alt).toContainEqual(expect.objectContaining({ aba: 'atividades', campo: 'atividade', antes: null }));
    expect(alt).toContainEqual(expect.objectContaining({ aba: 'socios', campo: 'socio', antes: null }));

    // The same version again: someone saved in between → 409, nothing written.
    const antes = await impressao();
    const stale = expectProblem(await auditor.post(`${api}/eventos`, { ...body, dadosCadastrais: { ...body.dadosCadastrais, nomeFantasia: 'OUTRO' } }), 409);
    expect(stale.detail).toBe('O cadastro foi alterado por outra pessoa; consulte novamente.');
    expect(await impressao()).toEqual(antes);
  });

  it('bad blocks → 400 naming the tab and field, nothing written', async () => {
    const r = await registro(1);
    const base = { ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: r.version };
    const s = await one<{ numero_pessoa_socio: number; qualificacao_id: number }>(`select numero_pessoa_socio, qualificacao_id from socio where numero_pessoa_empresa = ${r.numero_pessoa} limit 1`);
    const socio = (pct: number) => ({ numeroPessoaSocio: Number(s.numero_pessoa_socio), qualificacaoId: s.qualificacao_id, percentualParticipacao: pct, dataInclusao: '2020-01-01' });
    const antes = await impressao();
    const casos: [Record<string, unknown>, string][] = [
      [{ atividades: [{ codigoCnae: '4711302', ehAtividadePrincipal: true }, { codigoCnae: '4712100', ehAtividadePrincipal: true }] }, 'atividades'],
      [{ atividades: [{ codigoCnae: '4711302', ehAtividadePrincipal: false }] }, 'atividades'],
      [{ atividades: [{ codigoCnae: '9999999', ehAtividadePrincipal: true }] }, 'atividades.0.codigoCnae'],
      [{ socios: [socio(60), { ...socio(50), numeroPessoaSocio: 1 }] }, 'socios'],
      [{ socios: [socio(10), socio(10)] }, 'socios.1'],
      [{ socios: [socio(100.5)] }, 'socios.0.percentualParticipacao'],
      [{ socios: [{ ...socio(10), numeroPessoaSocio: 999_999_999 }] }, 'socios.0.numeroPessoaSocio'],
      [{ responsavel: { numeroPessoa: 999_999_999, qualificacaoId: 5 } }, 'responsavel.numeroPessoa'],
      [{ responsavel: { numeroPessoa: Number(s.numero_pessoa_socio), qualificacaoId: 999_999 } }, 'responsavel.qualificacaoId'],
      [{ contador: { numeroPessoaContador: 999_999_999, dataInicio: '2026-01-01' } }, 'contador.numeroPessoaContador'],
      [{ procuradores: [{ numeroPessoa: r.numero_pessoa, dataInicioValidade: '2026-01-01' }] }, 'procuradores.0.numeroPessoa'],
      [{ regimesEspeciais: [{ seq: 999_999_999, regimeId: 1, tipoAtoConcessorioId: 1, processo: null, dtInicio: '2026-01-02', dtFim: null, situacao: 'D', indAtivo: 'S' }] }, 'regimesEspeciais.0.seq'],
      [{ regimesEspeciais: [{ regimeId: 1, tipoAtoConcessorioId: 1, processo: null, dtInicio: '2026-01-02', dtFim: '2026-01-01', situacao: 'D', indAtivo: 'S' }] }, 'regimesEspeciais.0.dtFim'],
      [{ processo: '' , atividades: [{ codigoCnae: '4711302', ehAtividadePrincipal: true }] }, 'processo'],
      [{ processo: '1234567890123456', atividades: [{ codigoCnae: '4711302', ehAtividadePrincipal: true }] }, 'processo'],
      [{ atoDeclaratorio: 'x'.repeat(801), atividades: [{ codigoCnae: '4711302', ehAtividadePrincipal: true }] }, 'atoDeclaratorio'],
      [{}, 'processo'],
    ];
    for (const [bloco, campo] of casos) {
      const p = expectProblem(await auditor.post(`${api}/eventos`, { ...base, ...bloco }), 400);
      expect(p.fieldErrors?.map((f) => f.field), JSON.stringify(bloco)).toContain(campo);
    }
    expect(await impressao()).toEqual(antes);
  });

  it('a refusal names the field as the screen does and the form expected, in the caller\'s language (issue #39 §9)', async () => {
    const r = await registro(1);
    const base = { ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: r.version };
    const corpo = { ...base, dadosCadastrais: { ...blocoDados(await dados(r)), valorCapitalSocial: '50.000,00' } };
    const antes = await impressao();
    const pt = expectProblem(await auditor.post(`${api}/eventos`, corpo), 400);
    expect(pt.fieldErrors).toEqual([expect.objectContaining({ field: 'dadosCadastrais.valorCapitalSocial', message: 'pattern' })]);
    expect(pt.detail).toBe('Capital social: use o formato 50000.00');
    const en = expectProblem(await auditor.request('POST', `${api}/eventos`, corpo, { 'accept-language': 'en-US,en;q=0.9' }), 400);
    expect(en.detail).toBe('Share capital: use the form 50000.00');
    expect(await impressao()).toEqual(antes);
  });

  it('Responsável, Contador, Procurador and Regime Especial blocks; two clerks saving at once: one wins, the other 409', async () => {
    const r = await registro(2);
    const pf = await one<{ numero_pessoa: number }>(`select numero_pessoa from pessoa where tipo = 'F' order by numero_pessoa desc limit 1`);
    const k = await one<{ numero_pessoa: number }>(`select numero_pessoa from contador order by numero_pessoa limit 1`);
    const re = await one<{ id: number }>(`select id from ref_regime_especial limit 1`);
    const ato = await one<{ id: number }>(`select id from ref_tipo_ato_concessorio limit 1`);
    const q = await one<{ id: number }>(`select id from ref_qualificacao order by id limit 1`);
    const body = {
      ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: r.version,
      responsavel: { numeroPessoa: Number(pf.numero_pessoa), qualificacaoId: q.id },
      contador: { numeroPessoaContador: Number(k.numero_pessoa), dataInicio: '2026-11-01' },
      procuradores: [{ numeroPessoa: Number(pf.numero_pessoa), dataInicioValidade: '2026-11-02' }],
      regimesEspeciais: [{ regimeId: re.id, tipoAtoConcessorioId: ato.id, processo: 'P-1', dtInicio: '2026-11-01', dtFim: null, situacao: 'D', indAtivo: 'S' }],
    };
    const [a, b] = await Promise.all([auditor.post(`${api}/eventos`, body), auditor.post(`${api}/eventos`, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const resp = (await auditor.get(`${api}/contribuinte/obterResponsavel/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json();
    expect(resp.numeroPessoa).toBe(Number(pf.numero_pessoa));
    expect((await auditor.get(`${api}/contribuinte/obterContador/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json().numeroPessoaContador).toBe(Number(k.numero_pessoa));
    expect((await auditor.get(`${api}/contribuinte/obterProcuradores/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json()).toHaveLength(1);
    const regimes = (await auditor.get(`${api}/contribuinte/obterRegimesEspeciais/${r.numero_pessoa}?caceal=${r.numero_caceal}`)).json();
    expect(regimes).toContainEqual(expect.objectContaining({ processo: 'P-1', situacao: 'D', indAtivo: 'S' }));
    // Sending the same state again changes nothing: refused, the timeline keeps one event.
    const atual = (await dados(r)).version;
    expectProblem(await auditor.post(`${api}/eventos`, { ...body, version: atual, regimesEspeciais: regimes.map((x: { seqSujeitoPassivo: number }) => ({ ...body.regimesEspeciais[0], seq: x.seqSujeitoPassivo })) }), 400);
    const tl = (await auditor.get(`${api}/eventos/listar?numeroCaceal=${r.numero_caceal}&size=5`)).json();
    expect(tl.totalElements).toBe(1);
    // Altered in place (same seq), then the list without it deletes it.
    const seq = regimes.find((x: { processo: string }) => x.processo === 'P-1').seqSujeitoPassivo;
    const alterar = await auditor.post(`${api}/eventos`, { ...body, version: atual, responsavel: undefined, contador: undefined, procuradores: undefined,
      regimesEspeciais: [{ ...body.regimesEspeciais[0], seq, situacao: 'S', indAtivo: 'N' }] });
    expect(alterar.statusCode, alterar.body).toBe(200);
    expect(await all(`select seq, situacao, ind_ativo from regime_especial_contribuinte where contribuinte_id = ${r.id}`)).toEqual([{ seq, situacao: 'S', ind_ativo: 'N' }]);
    const excluir = await auditor.post(`${api}/eventos`, { ...body, version: atual + 1, responsavel: undefined, contador: undefined, procuradores: undefined, regimesEspeciais: [] });
    expect(excluir.statusCode, excluir.body).toBe(200);
    expect(await all(`select seq from regime_especial_contribuinte where contribuinte_id = ${r.id}`)).toEqual([]);
    expectProblem(await auditor.get(`${api}/eventos/listar?numeroCaceal=24099998`), 404);
    expectProblem(await auditor.get(`${api}/eventos/listar?numeroCaceal=1`), 400); // not a CACEAL
  });

  it('activity search by code or description (accent-insensitive), paged', async () => {
    const r = (await atendente.get(`${api}/atividade/consultar?termo=comercio varejista&size=5`)).json();
    expect(r.totalElements).toBeGreaterThan(5);
    expect(r.content).toHaveLength(5);
    expect((await atendente.get(`${api}/atividade/consultar?termo=4711-3`)).json().content[0].codigoCnae).toMatch(/^47113/);
    expectProblem(await atendente.get(`${api}/atividade/consultar?termo=`), 400);
  });

  it('DELETE contribuinte/{caceal}: only a registration created by mistake (no history); audited; roles', async () => {
    const comHistorico = await registro(3);
    await all(`insert into evento_alteracao (contribuinte_id, numero_pessoa, processo, usuario, alteracoes)
      values (${comHistorico.id}, ${comHistorico.numero_pessoa}, 'P', 'auditor', '{}')`);
    const antes = await impressao();
    const p = expectProblem(await auditor.delete(`${api}/contribuinte/${comHistorico.numero_caceal}`), 409);
    expect(p.message).toBe('error.contribuinte.comHistorico');
    expect(await impressao()).toEqual(antes);
    // A registration typed in by mistake a moment ago: nothing refers to it yet.
    const np = await one<{ numero_pessoa: number }>(`select numero_pessoa from pessoa where tipo = 'J' order by numero_pessoa limit 1`);
    const novo = await one<{ id: number }>(`insert into contribuinte (numero_caceal, digito_caceal, numero_pessoa, indicador_matriz, data_inicio_atividade, situacao_id, data_situacao)
      values (24099998, 0, ${np.numero_pessoa}, 'M', '2026-11-01', 1, '2026-11-01') returning id`);
    expectProblem(await atendente.delete(`${api}/contribuinte/24099998`), 403);
    const r = await auditor.delete(`${api}/contribuinte/24099998`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ numeroCaceal: 24099998, mensagem: 'cadastroExcluido' });
    expect(await all(`select 1 from contribuinte where id = ${novo.id}`)).toEqual([]);
    const a = await one<{ event_type: string; before: { numero_caceal: number } }>(`select event_type, before from evento_auditoria where entity = 'Contribuinte' and entity_id = '${novo.id}'`);
    expect(a).toMatchObject({ event_type: 'ENTITY_DELETED', before: { numero_caceal: 24099998 } });
    expectProblem(await auditor.delete(`${api}/contribuinte/24099998`), 404);
  });

  it('addresses in the Dados Cadastrais block: replaced by the list, one principal, the município of the UF', async () => {
    const r = await registro(4);
    const d = await dados(r);
    const mun = await one<{ id: number }>(`select id from ref_municipio where uf = 'AL' order by id limit 1`);
    const outro = await one<{ id: number }>(`select id from ref_municipio where uf = 'PE' order by id limit 1`);
    const novo = { tipoEnderecoId: 1, ehPrincipal: true, paisId: d.identificacao.enderecos[0]?.paisId ?? 76, uf: 'AL', municipioId: mun.id, tipoLogradouroId: null,
      logradouro: 'RUA DO TESTE', numero: '10', complemento: null, bairro: 'CENTRO', cep: '57490000', referencia: null, enderecoEletronico: null, latitude: '-9.665', longitude: '-35.735' };
    const body = (enderecos: unknown[]) => ({ ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version: d.version, dadosCadastrais: { ...blocoDados(d), enderecos } });
    const p = expectProblem(await auditor.post(`${api}/eventos`, body([{ ...novo, municipioId: outro.id }])), 400);
    expect(p.fieldErrors?.[0]?.field).toBe('dadosCadastrais.enderecos.0.municipioId');
    expectProblem(await auditor.post(`${api}/eventos`, body([novo, { ...novo, logradouro: 'OUTRA' }])), 400);
    // Issue 32: a CEP of Maceió with another town (the first of AL, Água Branca: 57490-000–57499-999) is refused, naming the range.
    const cep = expectProblem(await auditor.post(`${api}/eventos`, body([{ ...novo, cep: '57020000' }])), 400);
    expect(cep.fieldErrors?.[0]).toMatchObject({ field: 'dadosCadastrais.enderecos.0.cep', message: 'cepForaDoMunicipio:57490-000 a 57499-999' });
    // Issue 39 §7: an AL address without a município keeps a CEP of Alagoas (a São Paulo CEP was accepted).
    const semMun = expectProblem(await auditor.post(`${api}/eventos`, body([{ ...novo, municipioId: null, cep: '01001000' }])), 400);
    expect(semMun.fieldErrors?.[0]).toMatchObject({ field: 'dadosCadastrais.enderecos.0.cep', message: 'cepForaDaUf:57000-000 a 57999-999' });
    expect(semMun.detail).toBe('O CEP não pertence a Alagoas (faixa dos Correios: 57000-000 a 57999-999).');
    const ok = await auditor.post(`${api}/eventos`, body([novo]));
    expect(ok.statusCode, ok.body).toBe(200);
    const depois = await dados(r);
    expect(depois.identificacao.enderecos).toHaveLength(1);
    // Issue 40 §6: the type word leaves the street and sets the type.
    expect(depois.identificacao.endereco).toMatchObject({ tipoLogradouro: 'RUA', logradouro: 'DO TESTE', cep: '57490000', ehPrincipal: true });
    const tl = (await auditor.get(`${api}/eventos/listar?numeroCaceal=${r.numero_caceal}`)).json();
    expect(tl.content[0].alteracoes).toContainEqual(expect.objectContaining({ campo: 'endereco', antes: null }));
  });

  it('issue 40 §6: a street typed with its type word ("Rua do Sol", type left as AVENIDA) is saved as RUA "do Sol"; a street sent as stored is left alone', async () => {
    const r = await registro(5);
    const d = await dados(r);
    const mun = await one<{ id: number }>(`select id from ref_municipio where uf = 'AL' order by id limit 1`);
    const avenida = await one<{ id: number }>(`select id from ref_tipo_logradouro where descricao = 'AVENIDA'`);
    const novo = { tipoEnderecoId: 1, ehPrincipal: true, paisId: 76, uf: 'AL', municipioId: mun.id, tipoLogradouroId: avenida.id,
      logradouro: 'Rua do Sol', numero: '10', complemento: null, bairro: 'CENTRO', cep: '57490000', referencia: null, enderecoEletronico: null, latitude: null, longitude: null };
    const body = (version: number, enderecos: unknown[]) => ({ ...PROCESSO, numeroPessoa: r.numero_pessoa, numeroCaceal: r.numero_caceal, version, dadosCadastrais: { ...blocoDados(d), enderecos } });
    const ok = await auditor.post(`${api}/eventos`, body(d.version, [novo]));
    expect(ok.statusCode, ok.body).toBe(200);
    const depois = await dados(r);
    expect(depois.identificacao.endereco).toMatchObject({ tipoLogradouro: 'RUA', logradouro: 'do Sol' });
    // A stored street that starts with a type word (data from before this rule) is not rewritten when sent back as it is (another field changed).
    const id = depois.identificacao.endereco.id as number;
    await t.db.execute(sql`update endereco set logradouro = 'VILA NOVA', tipo_logradouro_id = ${avenida.id} where id = ${id}`);
    const lido = await dados(r);
    const again = await auditor.post(`${api}/eventos`, body(lido.version, [{ ...novo, id, logradouro: 'VILA NOVA', numero: '11' }]));
    expect(again.statusCode, again.body).toBe(200);
    expect((await one<{ logradouro: string; numero: string; tipo_logradouro_id: number }>(`select logradouro, numero, tipo_logradouro_id from endereco where id = ${id}`)))
      .toEqual({ logradouro: 'VILA NOVA', numero: '11', tipo_logradouro_id: avenida.id });
  });
});
