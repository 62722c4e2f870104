import { hojeEmMaceio } from '@cadastro/domain';
import { sql } from 'drizzle-orm';
import { query, queryOne } from '../../db/consulta.js';
import { linkDemoTaxpayerAccount } from '../../seed/demo-accounts.js';
import { seedRegistry } from '../../seed/registro.js';
import type { TestApp } from '../harness.js';
import { REG, type Valores } from './chamada.js';

const um = async <T extends object>(t: TestApp, q: ReturnType<typeof sql>): Promise<T> => {
  const r = await queryOne<T>(t.db, q);
  if (!r) throw new Error(`the contract test's seed lacks a row for: ${JSON.stringify(q.queryChunks).slice(0, 200)}`);
  return r;
};

/**
 * A small registry (300 taxpayers) and the records the samples name: the demo taxpayer's own
 * registration, an individual, the demo accountant's CRC, notices in each status, a pendência,
 * a request, an account waiting for activation and one with a reset key.
 */
export async function prepararValores(t: TestApp): Promise<Valores> {
  await seedRegistry(t.built.ctx.database, { taxpayers: 300, seed: 7 });
  await linkDemoTaxpayerAccount(t.db);
  // Maceió's day (UTC-3), as the server judges dates: between 00:00 and 03:00 UTC the UTC day is tomorrow there.
  const hoje = hojeEmMaceio();
  const eu = await um<{ caceal: string; numeroPessoa: string; cnpj: string }>(t, sql`select c.numero_caceal::text as caceal, p.numero_pessoa::text as "numeroPessoa", p.numero_documento as cnpj
    from usuario u join pessoa p on p.numero_pessoa = u.numero_pessoa join contribuinte c on c.numero_pessoa = p.numero_pessoa where u.login = 'contribuinte' order by c.id limit 1`);
  const outro = await um<{ caceal: string; numeroPessoa: string }>(t, sql`select c.numero_caceal::text as caceal, c.numero_pessoa::text as "numeroPessoa" from contribuinte c
    where c.numero_pessoa <> ${Number(eu.numeroPessoa)} order by c.id desc limit 1`);
  const pf = await um<{ cpf: string; n: string; version: number; nome: string }>(t, sql`select numero_documento as cpf, numero_pessoa::text as n, version, nome from pessoa
    where length(numero_documento) = 11 order by numero_pessoa limit 1`);
  const k = await um<{ np: string; crc: string; cl: number; doc: string; digito: number | null; tipo: string; uf: string; cat: number; apto: boolean | null }>(t, sql`select k.numero_pessoa::text as np,
      k.crc_uf || k.crc_numero as crc, k.classificacao_id as cl, p.numero_documento as doc, k.crc_digito as digito, k.crc_tipo_inscricao as tipo, k.crc_uf as uf, k.categoria_id as cat, k.apto
    from usuario u join contador k on k.numero_pessoa = u.numero_pessoa join pessoa p on p.numero_pessoa = k.numero_pessoa where u.login = 'contador'`);
  const cliente = await um<{ c: number }>(t, sql`select c.numero_caceal as c from contribuinte_contador cc join contribuinte c on c.id = cc.contribuinte_id
    where cc.numero_pessoa_contador = ${Number(k.np)} and c.situacao_id = 1 order by c.id limit 1`);
  const procurador = await um<{ doc: string }>(t, sql`select p.numero_documento as doc from procurador x join pessoa p on p.numero_pessoa = x.numero_pessoa_procurador order by x.id limit 1`);
  const cpfReceita = await um<{ d: string }>(t, sql`select cpf as d from receita_cpf r where not exists (select 1 from pessoa p where p.numero_documento = r.cpf) order by cpf limit 1`);
  const cnpjReceita = await um<{ d: string }>(t, sql`select cnpj as d from receita_cnpj r where not exists (select 1 from pessoa p where p.numero_documento = r.cnpj) order by cnpj limit 1`);
  const pend = await um<{ sequencial: number; version: number; competencia: string; criticidade: number; descricao: string }>(t, sql`select sequencial::int as sequencial, version,
      to_char(competencia, 'YYYY-MM') as competencia, criticidade_id as criticidade, descricao from pendencia where origem_id = 10 and situacao_id = 1 order by sequencial limit 2`);
  const pend2 = await um<{ sequencial: number; version: number; competencia: string; criticidade: number; descricao: string }>(t, sql`select sequencial::int as sequencial, version,
      to_char(competencia, 'YYYY-MM') as competencia, criticidade_id as criticidade, descricao from pendencia where origem_id = 10 and situacao_id = 1 and sequencial <> ${pend.sequencial}
      order by sequencial limit 1`);
  const situacaoMotivo = await um<{ situacao: number; motivo: number }>(t, sql`select situacao_id as situacao, id as motivo from ref_motivo_situacao where ativo order by id limit 1`);
  const gestor = await um<{ cnpj: string }>(t, sql`select g.cnpj from gestor_contribuinte g join pessoa p on p.numero_documento = g.cnpj order by g.cnpj limit 1`);
  const sol = await um<{ protocolo: string; cnpj: string }>(t, sql`select protocolo, cnpj from solicitacao where sistema = 'RDS' order by id limit 1`);

  // Notices: one EM EDIÇÃO (edited and signed by the table), one ready to publish, one to delete, one published.
  const editais = await t.as('editais');
  const responsavel = await um<{ n: number }>(t, sql`select numero_pessoa as n from usuario where login = 'editais'`);
  const ativos = (await query<{ c: number }>(t.db, sql`select numero_caceal as c from contribuinte where situacao_id = 1 order by id limit 4`)).map((r) => ({ numeroCaceal: Number(r.c) }));
  const form = (i: number) => ({
    tituloEdital: `EDITAL DO CONTRATO ${i}`, idTipoEdital: 3, texto: 'Torna público a suspensão dos contribuintes relacionados.',
    numeroPessoaResponsavel: Number(responsavel.n), idSituacaoCadastralFutura: 2, motivos: [201], vinculados: [ativos[i]!],
  });
  const criar = async (i: number) => {
    const r = await editais.post(`${REG}/edital/cadastro`, form(i));
    if (r.statusCode !== 200) throw new Error(`edital/cadastro: ${r.statusCode} ${r.body}`);
    return r.json<{ edital: { id: number; numero: string } }>().edital;
  };
  const assinar = async (id: number) => {
    const r = await editais.post(`${REG}/edital/assinatura`, { id });
    if (r.statusCode !== 200) throw new Error(`edital/assinatura: ${r.statusCode} ${r.body}`);
  };
  const [emEdicao, pronto, excluir, publicado] = [await criar(0), await criar(1), await criar(2), await criar(3)];
  await assinar(pronto.id);
  await assinar(publicado.id);
  const pub = await editais.post(`${REG}/edital`, { id: publicado.id, dataPublicacao: hoje });
  if (pub.statusCode !== 200) throw new Error(`edital (confirm): ${pub.statusCode} ${pub.body}`);

  // An account to activate (GET api/activate?key) and one to reset (reset-password/finish).
  const anon = t.client();
  const reg = await anon.post('/api/register', { login: 'contrato.ativar', email: 'contrato.ativar@x.com.br', password: 'abcd', langKey: 'pt-br' });
  if (reg.statusCode !== 201 && reg.statusCode !== 200) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const ativacao = await um<{ k: string }>(t, sql`select activation_key as k from usuario where login = 'contrato.ativar'`);
  // The same account's reset key as the init call would mail it (it is activated by the table before the finish call).
  const redefinicao = { k: 'CONTRATO0RESET0CHAVE' };
  await t.db.execute(sql`update usuario set reset_key = ${redefinicao.k}, reset_date = now() where login = 'contrato.ativar'`);
  const manifestacao = await um<{ id: string }>(t, sql`select id::text from manifestacao where numero_pessoa_contador = ${Number(k.np)} order by id limit 1`);

  return {
    hoje,
    ...eu,
    cpf: pf.cpf,
    numeroPessoaCpf: pf.n,
    versaoPessoaCpf: pf.version,
    nomePessoaCpf: pf.nome,
    cacealOutro: outro.caceal,
    numeroPessoaOutro: outro.numeroPessoa,
    situacaoMotivo,
    cnpjGestor: gestor.cnpj,
    // A CRC nobody holds (the person's own is replaced; a stale version refuses it: 409).
    contadorEdicao: { numeroCrc: '999998', digitoVerificadorCrc: k.digito, codigoTipoInscricao: k.tipo, codigoUfCrc: k.uf, categoriaId: k.cat, classificacaoId: k.cl, apto: k.apto },
    crc: k.crc,
    classificacao: k.cl,
    numeroPessoaContador: k.np,
    documentoContador: k.doc,
    cacealDoContador: cliente.c,
    manifestacaoId: manifestacao.id,
    enderecoRecadastro: { logradouro: 'RUA DO COMÉRCIO', numero: '10', complemento: '', bairro: 'CENTRO', cep: '57020-000', uf: 'AL', municipio: 'MACEIÓ' },
    documentoProcurador: procurador.doc,
    cpfReceita: cpfReceita.d,
    cnpjReceita: cnpjReceita.d,
    pendencia: { sequencial: pend.sequencial, version: pend.version },
    pendenciaAlterada: {
      sequencial: pend2.sequencial, version: pend2.version, competencia: pend2.competencia, sequencialCriticidade: pend2.criticidade, sequencialSituacao: 1, descricao: pend2.descricao,
    },
    protocolo: sol.protocolo,
    cnpjSolicitacao: sol.cnpj,
    editalId: String(emEdicao.id),
    editalNumero: emEdicao.numero.replace('/', ''),
    editalProntoId: String(pronto.id),
    editalExcluirId: String(excluir.id),
    editalPublicadoId: String(publicado.id),
    editalNovo: form(0),
    editalEdicao: { ...form(0), id: emEdicao.id, version: 0, tituloEdital: 'EDITAL DO CONTRATO (EDITADO)' },
    chaveAtivacao: ativacao.k,
    chaveRedefinicao: redefinicao.k,
  };
}
