import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { enderecoEmLinha, formatNaturezaJuridica, type Fic, type VerificacaoFic } from '@cadastro/domain';
import type { Database, DbOrTx } from '../../db/client.js';
import { obterDadosCadastrais } from '../contribuinte/dados.js';
import { obterAtividades, obterRegimesEspeciais, obterResponsavel, obterSocios } from '../contribuinte/abas.js';
import { ficEmissao } from '../../db/schema/index.js';

type Row = Record<string, unknown>;
const rows = async (db: DbOrTx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

/** §3 FIC of a CACEAL, assembled from the same reads as the detail tabs (one query each, no N+1). */
export async function obterDadosFic(db: DbOrTx, caceal: number): Promise<Fic | null> {
  const d = await obterDadosCadastrais(db, { caceal });
  if (!d) return null;
  const by = { caceal };
  const [atividades, socios, responsavel, regimes, recente, regularizacao] = await Promise.all([
    obterAtividades(db, by),
    obterSocios(db, by),
    obterResponsavel(db, by),
    obterRegimesEspeciais(db, by),
    rows(db, sql`select s.descricao, h.data_alteracao from historico_situacao h join contribuinte c on c.id = h.contribuinte_id
      join ref_situacao_cadastral s on s.id = h.situacao_id where c.numero_caceal = ${caceal} order by h.data_alteracao desc, h.id desc limit 1`),
    // What to do comes from the open irregularities (situation 1) that carry regularizing actions.
    rows(db, sql`select distinct p.acoes_regularizadoras as acao from pendencia p join contribuinte c on c.id = p.contribuinte_id
      where c.numero_caceal = ${caceal} and p.situacao_id = 1 and p.acoes_regularizadoras is not null order by 1`),
  ]);
  const id = d.identificacao;
  const h = recente[0];
  return {
    numeroCaceal: d.numeroCaceal,
    digitoCaceal: id.digitoCaceal,
    numeroPessoa: d.numeroPessoa,
    numeroPessoaRaiz: d.numeroPessoaRaiz,
    cnpj: id.cnpj,
    dataInicioAtividade: id.dataInicioAtividade,
    ehOptanteDoSimples: id.ehOptanteDoSimples,
    razaoSocial: id.razaoSocial,
    nomeFantasia: id.nomeFantasia,
    naturezaJuridica: id.naturezaJuridica && formatNaturezaJuridica(id.naturezaJuridica.codigoNaturezaJuridica, id.naturezaJuridica.descricao),
    descricaoSituacaoCadastral: d.situacaoCadastral.situacaoCadastralContribuinte,
    dataAlteracaoSituacaoCadastral: d.situacaoCadastral.dataSituacao,
    motivoSituacaoCadastral: d.situacaoCadastral.descricaoMotivoSituacaoCadastral,
    situacaoCadastralRecente: h ? { situacaoCadastral: String(h.descricao), dataAlteracaoSituacaoCadastral: String(h.data_alteracao).slice(0, 10) } : null,
    endereco: id.endereco && enderecoEmLinha(id.endereco),
    atividadesEconomicas: atividades.map((a) => ({ codigoCnae: a.codigoCnae, descricao: a.descricao, principal: a.ehAtividadePrincipal })),
    nomeDosSocios: socios.map((s) => s.nomeSocio),
    nomeDosResponsaveis: responsavel ? [responsavel.razaoSocial] : [],
    regimeEspecial: regimes.filter((r) => r.indAtivo === 'S').map((r) => ({ descricao: r.descRegimeEspecial, dataInicio: r.dtInicio, dataFim: r.dtFim })),
    sublimiteSN: d.sublimiteSN,
    formasAtuacao: d.formasAtuacao.map((f) => f.descricao),
    tiposUnidade: d.tipoUnidade.map((u) => u.descricao),
    textoRegularizacao: regularizacao.length ? regularizacao.map((r) => String(r.acao)).join('\n') : null,
  };
}

/** A timestamptz as ISO text, whichever driver (Date or string) read it. */
const instante = (v: unknown) =>
  (v instanceof Date ? v : new Date(String(v).replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))).toISOString();

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 60 random bits in Crockford base32: unguessable, and unambiguous when read aloud or typed. */
export function novoCodigoVerificacao(): string {
  const b = randomBytes(12);
  let s = '';
  for (let i = 0; i < 12; i++) s += CROCKFORD[b[i]! & 31];
  return s;
}

/**
 * Issues a FIC: the snapshot and its code are stored in one transaction before the PDF is drawn.
 * `emitidaPor`: the login of the registry's staff who printed it (an act of the registry); null for the public.
 */
export async function emitirFic(database: Database, caceal: number, emitidaPor: string | null, numeroPessoaRaiz?: number): Promise<VerificacaoFic | null> {
  return database.db.transaction(async (tx) => {
    const fic = await obterDadosFic(tx, caceal);
    if (!fic || (numeroPessoaRaiz !== undefined && fic.numeroPessoaRaiz !== numeroPessoaRaiz)) return null;
    const [c] = await rows(tx, sql`select id from contribuinte where numero_caceal = ${caceal}`);
    const [e] = await tx
      .insert(ficEmissao)
      .values({ codigo: novoCodigoVerificacao(), contribuinteId: Number(c!.id), numeroCaceal: caceal, emitidaPor, conteudo: fic })
      .returning({ codigo: ficEmissao.codigo, emitidaEm: ficEmissao.emitidaEm });
    return { codigo: e!.codigo, emitidaEm: instante(e!.emitidaEm), fic };
  });
}

export async function verificarFic(db: DbOrTx, codigo: string): Promise<VerificacaoFic | null> {
  const [e] = await rows(db, sql`select codigo, emitida_em, conteudo from fic_emissao where codigo = ${codigo}`);
  if (!e) return null;
  const conteudo = typeof e.conteudo === 'string' ? (JSON.parse(e.conteudo) as Fic) : (e.conteudo as Fic);
  return { codigo: String(e.codigo), emitidaEm: instante(e.emitida_em), fic: conteudo };
}
