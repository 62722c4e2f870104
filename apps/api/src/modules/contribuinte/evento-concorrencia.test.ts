import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { cacealCheckDigit, formatCaceal, formatDocumento } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { query } from '../../db/consulta.js';

/**
 * Issue 29: an event also writes what the registration shares with the company's other registrations
 * (phones, addresses, e-mail and nome fantasia of the person; the head office's QSA and responsible;
 * partners' addresses). A screen loaded before another registration changed them must get 409 and
 * write nothing — no concurrency needed, just an older screen.
 */
let t: TestApp;
let clerkA: Client;
let clerkB: Client;
const api = '/sfz-cadastro-api/api';
const all = <T>(text: string) => query<T>(t.db, sql.raw(text));
const one = async <T>(text: string) => (await all<T>(text))[0]!;

beforeAll(async () => {
  t = await startTestApp({}, { registry: { taxpayers: 300, seed: 29 } });
  [clerkA, clerkB] = await Promise.all([t.as('auditor'), t.as('auditor')]);
}, 120_000);
afterAll(() => t.close());

const PROCESSO = { processo: '2026.000029', atoDeclaratorio: null, protocoloRedesim: null, dataEvento: '2026-11-20', dataLegal: '2026-11-21' };

type Reg = { id: number; numero_caceal: number; digito_caceal: number; numero_pessoa: number };
type Fone = { id: number; codigoTipoTelefone: number; ddd: string; numeroTelefone: string };
type Dados = {
  version: number; versoes: Record<string, number>;
  identificacao: { nomeFantasia: string | null; email: string | null; porte: { id: number } | null; valorCapitalSocial: string | null; telefones: Fone[]; enderecos: Record<string, unknown>[] };
  processamentoDados: Record<string, unknown>; formasAtuacao: { id: number }[]; tipoUnidade: { id: number }[];
};
type SocioLido = { numeroPessoaSocio: number; numeroDocumentoSocio: string; qualificacao: { id: number }; percentualParticipacao: string | null; dataInclusao: string;
  enderecos: Record<string, unknown>[]; versaoEnderecos: number };
type Tela = { r: Reg; d: Dados; socios: SocioLido[] };

/** A head office with partners (A) and a second registration of the same person made here (B): they share everything but their own fields. */
async function parAB(pular: number): Promise<{ a: Reg; b: Reg }> {
  const a = await one<Reg>(`select c.id, c.numero_caceal, c.digito_caceal, c.numero_pessoa from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
    where p.tipo = 'J' and p.numero_pessoa_raiz is null and (select count(*) from socio s where s.numero_pessoa_empresa = p.numero_pessoa) >= 2
    order by c.id offset ${pular} limit 1`);
  const n = (await one<{ n: number }>(`select max(numero_caceal) + 1 as n from contribuinte`)).n;
  const b = await one<Reg>(`insert into contribuinte (numero_caceal, digito_caceal, numero_pessoa, indicador_matriz, tipo_contribuinte_id, porte_id,
      data_inicio_atividade, situacao_id, data_situacao)
    select ${n}, ${cacealCheckDigit(String(n))}, numero_pessoa, indicador_matriz, tipo_contribuinte_id, porte_id, data_inicio_atividade, situacao_id, data_situacao
    from contribuinte where id = ${a.id} returning id, numero_caceal, digito_caceal, numero_pessoa`);
  return { a, b };
}

/** What a clerk's screen reads when it opens a registration. */
async function tela(c: Client, r: Reg): Promise<Tela> {
  const q = `${r.numero_pessoa}?caceal=${r.numero_caceal}`;
  const [d, socios] = await Promise.all([c.get(`${api}/contribuinte/obterDadosCadastrais/${q}`), c.get(`${api}/contribuinte/obterSocios/${q}`)]);
  return { r, d: d.json(), socios: socios.json() };
}

/** POST eventos as the SPA sends it: the versions the screen read, and the blocks. */
function evento(s: Tela, blocos: Record<string, unknown>) {
  return {
    ...PROCESSO, numeroPessoa: s.r.numero_pessoa, numeroCaceal: s.r.numero_caceal, version: s.d.version,
    versoes: { ...s.d.versoes, enderecosSocios: s.socios.map((x) => ({ numeroPessoa: x.numeroPessoaSocio, version: x.versaoEnderecos })) },
    ...blocos,
  };
}

/** The Dados Cadastrais tab as the screen holds it (its phones; its addresses when `comEnderecos`). */
function blocoDados(d: Dados, mudanca: Record<string, unknown> = {}) {
  const i = d.identificacao;
  return {
    nomeFantasia: i.nomeFantasia, email: i.email, porteId: i.porte?.id ?? null, valorCapitalSocial: i.valorCapitalSocial,
    processamentoDados: d.processamentoDados, formasAtuacao: d.formasAtuacao.map((f) => f.id), tiposUnidade: d.tipoUnidade.map((f) => f.id),
    telefones: i.telefones.map(({ id, codigoTipoTelefone, ddd, numeroTelefone }) => ({ id, codigoTipoTelefone, ddd, numeroTelefone })),
    ...mudanca,
  };
}

/** An address as the read calls give it, back as the block's item. */
function enderecoBloco(e: Record<string, unknown>) {
  const m = e.municipio as { id: number } | null;
  return {
    id: e.id, tipoEnderecoId: e.tipoEnderecoId, ehPrincipal: e.ehPrincipal, paisId: e.paisId, uf: e.uf, municipioId: m?.id ?? null, tipoLogradouroId: e.codigoTipoLogradouro,
    logradouro: e.logradouro, numero: e.numeroImovel, complemento: e.complemento, bairro: e.bairro, cep: e.cep, referencia: e.referencia,
    enderecoEletronico: e.enderecoEletronico, latitude: e.numeroLatitude === null ? null : String(Number(e.numeroLatitude)),
    longitude: e.numeroLongitude === null ? null : String(Number(e.numeroLongitude)),
  };
}
const novoEndereco = (logradouro: string) => ({ tipoEnderecoId: 1, ehPrincipal: false, paisId: 76, uf: null, municipioId: null, tipoLogradouroId: null, logradouro,
  numero: '1', complemento: null, bairro: null, cep: null, referencia: null, enderecoEletronico: null, latitude: null, longitude: null });

const blocoSocios = (l: SocioLido[]) => l.map((s) => ({
  numeroPessoaSocio: s.numeroPessoaSocio, qualificacaoId: s.qualificacao.id, percentualParticipacao: Number(s.percentualParticipacao ?? 0), dataInclusao: s.dataInclusao,
}));

/** Everything an event may write, as one fingerprint: equal before and after = nothing written. */
const impressao = async () =>
  one<{ h: string }>(`select md5(concat_ws('|',
    (select string_agg(concat_ws(',', id, version, valor_capital_social), ';' order by id) from contribuinte),
    (select string_agg(concat_ws(',', numero_pessoa_empresa, numero_pessoa_socio, percentual_participacao), ';' order by id) from socio),
    (select string_agg(concat_ws(',', numero_pessoa, nome_fantasia, email, version), ';' order by numero_pessoa) from pessoa),
    (select string_agg(concat_ws(',', numero_pessoa, ddd, numero), ';' order by id) from telefone),
    (select string_agg(concat_ws(',', id, logradouro, version), ';' order by id) from endereco),
    (select string_agg(concat_ws(',', numero_pessoa_empresa, numero_pessoa_responsavel), ';') from responsavel),
    (select string_agg(concat_ws(',', numero_pessoa, parte, version), ';' order by numero_pessoa, parte) from versao_compartilhada),
    (select count(*) from evento_alteracao), (select count(*) from evento_auditoria))) as h`);

const ok = async (c: Client, body: unknown) => {
  const r = await c.post(`${api}/eventos`, body);
  expect(r.statusCode, r.body).toBe(200);
};
/** The stale save: 409 problem+json naming the part and A's registration, nothing written. */
async function recusado(body: unknown, detail: string, params: string) {
  const antes = await impressao();
  const p = expectProblem(await clerkB.post(`${api}/eventos`, body), 409) as { detail?: string; message?: string; params?: string };
  expect(p.detail).toBe(detail);
  expect(p.message).toBe('error.evento.compartilhadoAlterado');
  expect(p.params).toBe(params);
  expect(await impressao()).toEqual(antes);
}
const inscricao = (r: Reg) => formatCaceal(r.numero_caceal, r.digito_caceal);

describe('POST eventos: a save does not overwrite shared data it did not read (issue 29)', () => {
  it("phones: B's older screen gets 409 and the phone A's clerk added survives; B reloaded saves (200)", async () => {
    const { a, b } = await parAB(0);
    const telaB = await tela(clerkB, b);
    const telaA = await tela(clerkA, a);
    const fone = { codigoTipoTelefone: 3, ddd: '82', numeroTelefone: '999290001' };
    await ok(clerkA, evento(telaA, { dadosCadastrais: blocoDados(telaA.d, { telefones: [...blocoDados(telaA.d).telefones, fone] }) }));

    // B only changes its own capital, but sends the phone list it read (without the new phone).
    const mudanca = { valorCapitalSocial: '123456.78' };
    await recusado(evento(telaB, { dadosCadastrais: blocoDados(telaB.d, mudanca) }),
      `Os telefones da empresa foram alterados por outra pessoa (inscrição ${inscricao(a)}); consulte novamente.`, `telefones,${inscricao(a)},`);
    expect(await all(`select 1 from telefone where numero_pessoa = ${a.numero_pessoa} and numero = '999290001'`)).toHaveLength(1);

    // (c) A fresh screen saves; the phone stays, the version moves on and names B.
    const nova = await tela(clerkB, b);
    expect(nova.d.versoes.telefones).toBe(telaB.d.versoes.telefones! + 1);
    await ok(clerkB, evento(nova, { dadosCadastrais: blocoDados(nova.d, mudanca) }));
    expect(await all(`select 1 from telefone where numero_pessoa = ${a.numero_pessoa} and numero = '999290001'`)).toHaveLength(1);
    expect(await one(`select valor_capital_social::text as v from contribuinte where id = ${b.id}`)).toEqual({ v: '123456.78' });
  });

  it("addresses and e-mail of the person: B's older screen gets 409 for each, nothing written", async () => {
    const { a, b } = await parAB(1);
    const telaB = await tela(clerkB, b);
    let telaA = await tela(clerkA, a);
    const enderecosA = telaA.d.identificacao.enderecos.map(enderecoBloco);
    await ok(clerkA, evento(telaA, { dadosCadastrais: { ...blocoDados(telaA.d), enderecos: [...enderecosA, novoEndereco('RUA DE A')] } }));
    const enderecosB = telaB.d.identificacao.enderecos.map(enderecoBloco);
    await recusado(evento(telaB, { dadosCadastrais: { ...blocoDados(telaB.d), enderecos: [...enderecosB, novoEndereco('RUA DE B')] } }),
      `Os endereços da empresa foram alterados por outra pessoa (inscrição ${inscricao(a)}); consulte novamente.`, `enderecos,${inscricao(a)},`);
    expect(await all(`select logradouro from endereco where numero_pessoa = ${a.numero_pessoa} and logradouro like 'DE %'`)).toEqual([{ logradouro: 'DE A' }]); // the type word became the type (issue 40 §6)

    telaA = await tela(clerkA, a);
    await ok(clerkA, evento(telaA, { dadosCadastrais: blocoDados(telaA.d, { email: 'contato29@empresa.com.br' }) }));
    await recusado(evento(telaB, { dadosCadastrais: blocoDados(telaB.d, { nomeFantasia: 'FANTASIA DE B' }) }),
      'O nome fantasia ou o e-mail da empresa foram alterados por outra pessoa; consulte novamente.', 'contato,,');
    expect(await one(`select email, nome_fantasia from pessoa where numero_pessoa = ${a.numero_pessoa}`)).toEqual({ email: 'contato29@empresa.com.br', nome_fantasia: telaA.d.identificacao.nomeFantasia });
  });

  it("QSA, responsible and a partner's addresses (the head office's, shared): B's older screen gets 409, nothing written", async () => {
    const { a, b } = await parAB(2);
    const telaB = await tela(clerkB, b);
    let telaA = await tela(clerkA, a);
    // A's clerk changes a partner's percentage; B's removes a partner from the QSA it read.
    const socA = blocoSocios(telaA.socios).map((s, i) => (i === 0 ? { ...s, percentualParticipacao: s.percentualParticipacao === 1 ? 2 : 1 } : s));
    await ok(clerkA, evento(telaA, { socios: socA }));
    const antesQsa = await all(`select numero_pessoa_socio, percentual_participacao::text from socio where numero_pessoa_empresa = ${a.numero_pessoa} order by 1`);
    await recusado(evento(telaB, { socios: blocoSocios(telaB.socios).slice(1) }),
      `O quadro de sócios da empresa foi alterado por outra pessoa (inscrição ${inscricao(a)}); consulte novamente.`, `socios,${inscricao(a)},`);
    expect(await all(`select numero_pessoa_socio, percentual_participacao::text from socio where numero_pessoa_empresa = ${a.numero_pessoa} order by 1`)).toEqual(antesQsa);

    const [x, y] = await all<{ numero_pessoa: number }>(`select numero_pessoa from pessoa where tipo = 'F' order by numero_pessoa desc limit 2`);
    telaA = await tela(clerkA, a);
    await ok(clerkA, evento(telaA, { responsavel: { numeroPessoa: x!.numero_pessoa, qualificacaoId: 5 } }));
    await recusado(evento(telaB, { responsavel: { numeroPessoa: y!.numero_pessoa, qualificacaoId: 5 } }),
      `O responsável da empresa foi alterado por outra pessoa (inscrição ${inscricao(a)}); consulte novamente.`, `responsavel,${inscricao(a)},`);
    expect(await one(`select numero_pessoa_responsavel as n from responsavel where numero_pessoa_empresa = ${a.numero_pessoa}`)).toEqual({ n: x!.numero_pessoa });

    // A partner's addresses are the partner's: B's stale list of them is refused.
    telaA = await tela(clerkA, a);
    const s0 = telaA.socios[0]!;
    const comEnderecos = (t0: Tela, logradouro: string) => blocoSocios(t0.socios).map((s, i) =>
      (i === 0 ? { ...s, enderecos: [...t0.socios[0]!.enderecos.map(enderecoBloco), novoEndereco(logradouro)] } : s));
    await ok(clerkA, evento(telaA, { socios: comEnderecos(telaA, 'RUA DO SOCIO A') }));
    const telaB2 = { ...(await tela(clerkB, b)), socios: telaA.socios }; // QSA reloaded, the partner's addresses as read before A's save
    const doc = formatDocumento(s0.numeroDocumentoSocio);
    await recusado(evento(telaB2, { socios: comEnderecos(telaB2, 'RUA DO SOCIO B') }),
      `Os endereços do sócio ${doc} foram alterados por outra pessoa (inscrição ${inscricao(a)}); consulte novamente.`, `enderecosSocio,${inscricao(a)},${doc}`);
    expect(await all(`select logradouro from endereco where numero_pessoa = ${s0.numeroPessoaSocio} and logradouro like 'DO SOCIO %'`)).toEqual([{ logradouro: 'DO SOCIO A' }]);
  });

  it('§7 clients without versoes: their own fields save (200), the registration version still guards its own save', async () => {
    const { b } = await parAB(3);
    const telaB = await tela(clerkB, b);
    const antigo = { ...evento(telaB, { dadosCadastrais: blocoDados(telaB.d, { valorCapitalSocial: '10.00' }) }), versoes: undefined };
    await ok(clerkB, antigo);
    expectProblem(await clerkB.post(`${api}/eventos`, antigo), 409);
  });

  it("issue 39 §4: a §7 save without versoes that would rewrite the QSA gets 428 and the partner A's clerk added survives", async () => {
    const { a, b } = await parAB(4);
    const telaB = await tela(clerkB, b);
    const telaA = await tela(clerkA, a);
    const naQsa = telaA.socios.map((s) => s.numeroPessoaSocio).join(',');
    const novo = await one<{ numero_pessoa: number }>(`select numero_pessoa from pessoa where tipo = 'F' and numero_pessoa not in (${naQsa}) order by numero_pessoa limit 1`);
    const [primeiro] = blocoSocios(telaA.socios);
    await ok(clerkA, evento(telaA, { socios: [...blocoSocios(telaA.socios), { ...primeiro!, numeroPessoaSocio: novo.numero_pessoa, percentualParticipacao: 0 }] }));

    // B's client read the QSA before, changes a percentage and sends the list it read, without versions.
    const socB = blocoSocios(telaB.socios).map((s, i) => (i === 0 ? { ...s, percentualParticipacao: s.percentualParticipacao > 0 ? s.percentualParticipacao - 1 : 0.01 } : s));
    const antes = await impressao();
    const r = await clerkB.post(`${api}/eventos`, { ...evento(telaB, { socios: socB }), versoes: undefined });
    const p = expectProblem(r, 428) as { detail?: string; message?: string; params?: string };
    expect(p.message).toBe('error.evento.versoesAusentes');
    expect(p.detail).toContain(`o quadro de sócios, compartilhados com outras inscrições da empresa e alterados por outra via (inscrição ${inscricao(a)})`);
    expect(p.params).toBe(`socios,${inscricao(a)},`);
    expect(await impressao()).toEqual(antes);
    expect(await all(`select 1 from socio where numero_pessoa_empresa = ${a.numero_pessoa} and numero_pessoa_socio = ${novo.numero_pessoa}`)).toHaveLength(1);

    // With the versions B's save goes through; after it, the QSA last changed through B: B's client may write it without them.
    const nova = await tela(clerkB, b);
    // The change falls on a partner holding a share (issue 42's limitadas may list an administrator with 0 % first).
    const k = blocoSocios(nova.socios).findIndex((s) => s.percentualParticipacao > 0);
    expect(k).toBeGreaterThanOrEqual(0);
    const fresco = blocoSocios(nova.socios).map((s, i) => (i === k ? { ...s, percentualParticipacao: 0 } : s));
    await ok(clerkB, evento(nova, { socios: fresco }));
    const depois = await tela(clerkB, b);
    await ok(clerkB, { ...evento(depois, { socios: fresco.map((s, i) => (i === k ? { ...s, percentualParticipacao: 0.5 } : s)) }), versoes: undefined });
    expect(await all(`select 1 from socio where numero_pessoa_empresa = ${a.numero_pessoa} and numero_pessoa_socio = ${novo.numero_pessoa}`)).toHaveLength(1);

    // A contact (nome fantasia, e-mail) of a person with other registrations, sent without versions: 428 too.
    const telaA2 = await tela(clerkA, a);
    await ok(clerkA, evento(telaA2, { dadosCadastrais: blocoDados(telaA2.d, { email: 'antigo39@empresa.com.br' }) }));
    const telaB2 = await tela(clerkB, b);
    const sem = { ...evento(telaB2, { dadosCadastrais: blocoDados(telaB.d, { valorCapitalSocial: '11.00' }) }), versoes: undefined };
    expect((expectProblem(await clerkB.post(`${api}/eventos`, sem), 428) as { params?: string }).params).toBe('contato,,');
    expect(await one(`select email from pessoa where numero_pessoa = ${a.numero_pessoa}`)).toEqual({ email: 'antigo39@empresa.com.br' });
  });
});
