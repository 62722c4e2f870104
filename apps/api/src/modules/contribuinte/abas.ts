import { sql } from 'drizzle-orm';
import type { Atividade, Contador, EditalDoContribuinte, Procurador, RegimeEspecial, Responsavel, Socio } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { contatosDe, enderecosDe, telefonesDe } from '../pessoa/enderecos.js';

type Row = Record<string, unknown>;
const rows = async (db: DbOrTx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
const day = (v: unknown) => (v === null || v === undefined ? '' : String(v).slice(0, 10));

/** The registration a tab reads: by CACEAL, or the person's latest. One indexed lookup. */
export function registro(by: { numeroPessoa?: number; caceal?: number }) {
  return by.caceal !== undefined
    ? sql`(select c.id, c.numero_pessoa, coalesce(p.numero_pessoa_raiz, p.numero_pessoa) as raiz from contribuinte c
        join pessoa p on p.numero_pessoa = c.numero_pessoa where c.numero_caceal = ${by.caceal})`
    : sql`(select c.id, c.numero_pessoa, coalesce(p.numero_pessoa_raiz, p.numero_pessoa) as raiz from contribuinte c
        join pessoa p on p.numero_pessoa = c.numero_pessoa where c.numero_pessoa = ${by.numeroPessoa!} order by c.id desc limit 1)`;
}

export async function obterAtividades(db: DbOrTx, by: { numeroPessoa?: number; caceal?: number }): Promise<Atividade[]> {
  return (
    await rows(db, sql`select a.cnae, k.descricao, a.eh_principal, a.eh_interesse, a.eh_vistoria_previa from ${registro(by)} r
      join atividade_contribuinte a on a.contribuinte_id = r.id join ref_cnae k on k.id = a.cnae order by a.eh_principal desc, a.cnae`)
  ).map((a) => ({
    codigoCnae: String(a.cnae),
    descricao: String(a.descricao),
    ehAtividadePrincipal: Boolean(a.eh_principal),
    ehInteresse: Boolean(a.eh_interesse),
    ehVistoriaPrevia: Boolean(a.eh_vistoria_previa),
  }));
}

/** The QSA lives on the head office's person, so branches show the same partners. */
export async function obterSocios(db: DbOrTx, by: { numeroPessoa?: number; caceal?: number }): Promise<Socio[]> {
  const socios = await rows(db, sql`select s.*, ps.numero_documento, ps.nome, q.descricao as qualificacao, pr.numero_documento as rep_doc, pr.nome as rep_nome,
        qr.descricao as rep_qualificacao,
        coalesce((select v.version from versao_compartilhada v where v.numero_pessoa = s.numero_pessoa_socio and v.parte = 'enderecos'), 0) as versao_enderecos,
        exists (select 1 from responsavel x where x.numero_pessoa_empresa = s.numero_pessoa_empresa and x.numero_pessoa_responsavel = s.numero_pessoa_socio) as eh_resp
      from ${registro(by)} r join socio s on s.numero_pessoa_empresa = r.raiz join pessoa ps on ps.numero_pessoa = s.numero_pessoa_socio
      join ref_qualificacao q on q.id = s.qualificacao_id left join pessoa pr on pr.numero_pessoa = s.numero_pessoa_representante
      left join ref_qualificacao qr on qr.id = s.qualificacao_representante_id
      order by ps.nome`);
  const pessoas = socios.map((s) => Number(s.numero_pessoa_socio));
  // The addresses once (every one of each partner), the phones alongside: two queries whatever the QSA's size.
  const [enderecos, telefones] = await Promise.all([enderecosDe(db, pessoas), telefonesDe(db, pessoas)]);
  return socios.map((s) => ({
    numeroPessoaSocio: Number(s.numero_pessoa_socio),
    numeroDocumentoSocio: String(s.numero_documento),
    nomeSocio: String(s.nome),
    qualificacao: { id: Number(s.qualificacao_id), descricao: String(s.qualificacao) },
    percentualParticipacao: s.percentual_participacao === null ? null : String(s.percentual_participacao),
    dataInclusao: day(s.data_inclusao),
    ehImpedido: Boolean(s.eh_impedido),
    ehResponsavel: Boolean(s.eh_resp),
    documentoRepresentanteLegal: (s.rep_doc as string | null) ?? null,
    nomeRepresentanteLegal: (s.rep_nome as string | null) ?? null,
    qualificacaoRepresentanteLegal: (s.rep_qualificacao as string | null) ?? null,
    endereco: enderecos.get(Number(s.numero_pessoa_socio))?.[0] ?? null,
    contatos: telefones.get(Number(s.numero_pessoa_socio)) ?? [],
    enderecos: enderecos.get(Number(s.numero_pessoa_socio)) ?? [],
    versaoEnderecos: Number(s.versao_enderecos),
  }));
}

export async function obterResponsavel(db: DbOrTx, by: { numeroPessoa?: number; caceal?: number }): Promise<Responsavel | null> {
  const [x] = await rows(db, sql`select p.numero_pessoa, p.numero_documento, p.nome, x.qualificacao_id, q.descricao, x.possui_impedimento
    from ${registro(by)} r join responsavel x on x.numero_pessoa_empresa = r.raiz join pessoa p on p.numero_pessoa = x.numero_pessoa_responsavel
    join ref_qualificacao q on q.id = x.qualificacao_id`);
  if (!x) return null;
  const contatos = await contatosDe(db, [Number(x.numero_pessoa)]);
  return {
    numeroPessoa: Number(x.numero_pessoa),
    numeroDocumento: String(x.numero_documento),
    razaoSocial: String(x.nome),
    qualificacao: { id: Number(x.qualificacao_id), descricao: String(x.descricao) },
    possuiImpedimento: Boolean(x.possui_impedimento),
    ...contatos(Number(x.numero_pessoa)),
  };
}

export async function obterContador(db: DbOrTx, by: { numeroPessoa?: number; caceal?: number }): Promise<Contador | null> {
  const [x] = await rows(db, sql`select k.*, cc.data_inicio, p.numero_documento, p.nome, p.email, cat.descricao as categoria, cl.descricao as classificacao,
      ti.descricao as tipo
    from ${registro(by)} r join contribuinte_contador cc on cc.contribuinte_id = r.id join contador k on k.numero_pessoa = cc.numero_pessoa_contador
    join pessoa p on p.numero_pessoa = k.numero_pessoa join ref_crc_categoria cat on cat.id = k.categoria_id
    join ref_crc_classificacao cl on cl.id = k.classificacao_id join ref_crc_tipo_inscricao ti on ti.id = k.crc_tipo_inscricao`);
  if (!x) return null;
  const contatos = await contatosDe(db, [Number(x.numero_pessoa)]);
  return {
    numeroPessoaContador: Number(x.numero_pessoa),
    numeroDocumento: String(x.numero_documento),
    nome: String(x.nome),
    numeroCrc: String(x.crc_numero),
    digitoVerificadorCrc: x.crc_digito === null ? null : Number(x.crc_digito),
    tipoInscricao: String(x.tipo),
    codigoTipoInscricao: String(x.crc_tipo_inscricao),
    codigoUfCrc: String(x.crc_uf),
    categoria: String(x.categoria),
    classificacao: String(x.classificacao),
    apto: (x.apto as boolean | null) ?? null,
    email: (x.email as string | null) ?? null,
    dataInicio: day(x.data_inicio),
    ...contatos(Number(x.numero_pessoa)),
  };
}

export async function obterProcuradores(db: DbOrTx, by: { numeroPessoa?: number; caceal?: number }): Promise<Procurador[]> {
  const procuradores = await rows(db, sql`select p.numero_pessoa, p.numero_documento, p.nome, x.data_inicio_validade, c.numero_caceal from ${registro(by)} r
      join procurador x on x.contribuinte_id = r.id join pessoa p on p.numero_pessoa = x.numero_pessoa_procurador
      join contribuinte c on c.id = r.id order by x.data_inicio_validade desc`);
  const contatos = await contatosDe(db, procuradores.map((x) => Number(x.numero_pessoa)));
  return procuradores.map((x) => ({
    numeroPessoa: Number(x.numero_pessoa),
    numeroDocumento: String(x.numero_documento),
    razaoSocial: String(x.nome),
    dataInicioValidade: day(x.data_inicio_validade),
    caceal: Number(x.numero_caceal),
    ...contatos(Number(x.numero_pessoa)),
  }));
}

export async function obterEditais(db: DbOrTx, by: { numeroPessoa?: number; caceal?: number }): Promise<EditalDoContribuinte[]> {
  return (
    await rows(db, sql`select e.id, e.numero, t.descricao as tipo, m.descricao as motivo, e.numero_processo, e.data_publicacao, s.descricao as situacao
      from ${registro(by)} r join edital_contribuinte ec on ec.contribuinte_id = r.id join edital e on e.id = ec.edital_id
      join ref_tipo_edital t on t.id = e.tipo_edital_id join ref_situacao_edital s on s.id = e.situacao_edital_id
      left join edital_motivo em on em.edital_id = e.id and em.principal left join ref_motivo_situacao m on m.id = em.motivo_id
      order by e.data_publicacao desc nulls first, e.id desc`)
  ).map((e) => ({
    id: Number(e.id),
    numero: String(e.numero),
    tipo: String(e.tipo),
    motivo: (e.motivo as string | null) ?? null,
    processo: (e.numero_processo as string | null) ?? null,
    dataPublicacao: e.data_publicacao === null ? null : day(e.data_publicacao),
    situacao: String(e.situacao),
  }));
}

export async function obterRegimesEspeciais(db: DbOrTx, by: { numeroPessoa?: number; caceal?: number }): Promise<RegimeEspecial[]> {
  return (
    await rows(db, sql`select x.*, c.numero_caceal, re.tipo_regime_id, re.descricao as regime, tr.descricao as tipo, ta.descricao as ato from ${registro(by)} r
      join regime_especial_contribuinte x on x.contribuinte_id = r.id join contribuinte c on c.id = r.id
      join ref_regime_especial re on re.id = x.regime_id join ref_tipo_regime_especial tr on tr.id = re.tipo_regime_id
      join ref_tipo_ato_concessorio ta on ta.id = x.tipo_ato_concessorio_id order by x.dt_inicio desc`)
  ).map((x) => ({
    seqSujeitoPassivo: Number(x.seq),
    numCaceal: Number(x.numero_caceal),
    regimeId: Number(x.regime_id),
    tipoRegimeId: Number(x.tipo_regime_id),
    tipoAtoConcessorioId: Number(x.tipo_ato_concessorio_id),
    descRegimeEspecial: String(x.regime),
    descTipoRegime: String(x.tipo),
    descAtoConcessorio: String(x.ato),
    processo: (x.processo as string | null) ?? null,
    dtInicio: day(x.dt_inicio),
    dtFim: x.dt_fim === null ? null : day(x.dt_fim),
    situacao: String(x.situacao) as RegimeEspecial['situacao'],
    indAtivo: String(x.ind_ativo) as RegimeEspecial['indAtivo'],
  }));
}
