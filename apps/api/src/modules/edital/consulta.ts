import { sql, type SQL } from 'drizzle-orm';
import {
  formatarNumeroEdital, mascararCpfsNoTexto, meioComunicacaoDe, periodo, SITUACAO_EDITAL, type ConsultaEdital, type ConsultaPublicaEdital, type DadosContribuinteEdital,
  type EditalDetalhe, type EditalResumo, type PaginaEditais,
} from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';

const day = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));

interface ResumoRow { id: string; numero: string; titulo: string; tipo: string; situacao_id: number; situacao: string; data_publicacao: string | null; data_efeito_legal: string | null; total: string }

/**
 * One page of notices matching `filtros` (conditions joined with AND), newest publication first, drafts
 * (no date) on top. The count rides on the same statement (one round trip); the notice table is
 * small (about one notice per thousand registrations), the filters use edital's indexes.
 */
async function pagina(db: DbOrTx, filtros: SQL[], paginaAtual: number, itens: number): Promise<PaginaEditais> {
  const where = filtros.length ? sql.join([sql`where`, sql.join(filtros, sql` and `)], sql` `) : sql``;
  const r = await query<ResumoRow>(db, sql`select e.id, e.numero, e.titulo, t.descricao as tipo, e.situacao_edital_id as situacao_id, s.descricao as situacao,
      e.data_publicacao, e.data_efeito_legal, count(*) over () as total
    from edital e join ref_tipo_edital t on t.id = e.tipo_edital_id join ref_situacao_edital s on s.id = e.situacao_edital_id
    ${where} order by e.data_publicacao desc nulls first, e.id desc limit ${itens} offset ${paginaAtual * itens}`);
  let total = r[0] ? Number(r[0].total) : 0;
  // A page past the end has no row to carry the count.
  if (!r.length && paginaAtual > 0) total = Number((await queryOne<{ n: string }>(db, sql`select count(*) as n from edital e ${where}`))?.n ?? 0);
  return {
    content: r.map((e): EditalResumo => ({
      id: Number(e.id), numero: e.numero, tituloEdital: e.titulo, tipoEdital: e.tipo, idSituacao: Number(e.situacao_id), situacaoEdital: e.situacao,
      dataPublicacao: day(e.data_publicacao), dataEfeitoLegal: day(e.data_efeito_legal),
    })),
    totalElements: total,
    totalPages: Math.ceil(total / itens),
  };
}

const porNumero = (numero: string) => sql`e.numero = ${formatarNumeroEdital(numero)}`;
const porCaceal = (caceal: number) =>
  sql`exists (select 1 from edital_contribuinte ec join contribuinte c on c.id = ec.contribuinte_id where ec.edital_id = e.id and c.numero_caceal = ${caceal})`;
function porPeriodo(dataInicial?: string | null, dataFinal?: string | null): SQL[] {
  const p = periodo(dataInicial ?? undefined, dataFinal ?? undefined);
  return p.dataInicial && p.dataFinal ? [sql`e.data_publicacao between ${p.dataInicial} and ${p.dataFinal}`] : [];
}

/** consultar-edital: by number, the two working lists (EM EDIÇÃO, PRONTO PARA PUBLICAR), or the other filters. */
export function consultarEditais(db: DbOrTx, q: ConsultaEdital, paginaAtual: number, itens: number): Promise<PaginaEditais> {
  const f: SQL[] = [];
  switch (q.tipoConsultaEdital) {
    case 'numeroEdital':
      f.push(q.numero ? porNumero(q.numero) : sql`false`);
      break;
    case 'emEdicao':
      f.push(sql`e.situacao_edital_id = ${SITUACAO_EDITAL.EM_EDICAO}`);
      break;
    case 'prontoParaPublicar':
      f.push(sql`e.situacao_edital_id = ${SITUACAO_EDITAL.PRONTO_PARA_PUBLICAR}`);
      break;
    case 'demaisFiltros':
      if (q.tipoEdital) f.push(sql`e.tipo_edital_id = ${q.tipoEdital}`);
      if (q.situacao) f.push(sql`e.situacao_edital_id = ${q.situacao}`);
      if (q.caceal) f.push(porCaceal(q.caceal));
      if (q.dataEfeitoLegal) f.push(sql`e.data_efeito_legal = ${q.dataEfeitoLegal}`);
      f.push(...porPeriodo(q.dataInicial, q.dataFinal));
  }
  return pagina(db, f, paginaAtual, itens);
}

export const consultarPorSituacao = (db: DbOrTx, situacao: number, paginaAtual: number, itens: number) =>
  pagina(db, [sql`e.situacao_edital_id = ${situacao}`], paginaAtual, itens);
export const todosEditais = (db: DbOrTx, paginaAtual: number, itens: number) => pagina(db, [], paginaAtual, itens);

const PUBLICADOS = sql`e.situacao_edital_id in (${SITUACAO_EDITAL.PUBLICADO}, ${SITUACAO_EDITAL.REPUBLICADO})`;

/** consulta-publica-edital: published notices only, whatever the filters say; a CPF typed into a title is masked. */
export async function consultarPublicos(db: DbOrTx, q: ConsultaPublicaEdital | null, paginaAtual: number, itens: number): Promise<PaginaEditais> {
  const f: SQL[] = [PUBLICADOS];
  if (q?.numero) f.push(porNumero(q.numero));
  if (q?.tipoEdital) f.push(sql`e.tipo_edital_id = ${q.tipoEdital}`);
  if (q?.caceal) f.push(porCaceal(q.caceal));
  f.push(...porPeriodo(q?.dataInicioPublicacao, q?.dataFimPublicacao));
  const p = await pagina(db, f, paginaAtual, itens);
  return { ...p, content: p.content.map((e) => ({ ...e, tituloEdital: mascararCpfsNoTexto(e.tituloEdital) })) };
}

interface EditalRow {
  id: string; version: number; numero: string; titulo: string; tipo_edital_id: number; tipo: string; situacao_edital_id: number; situacao: string;
  data_publicacao: string | null; data_efeito_legal: string | null; prazo_convocacao: number | null; numero_processo: string | null;
  numero_pessoa_responsavel: string | null; responsavel: string | null; texto: string; meio_comunicacao: string | null; numero_diario: string | null;
  processado: boolean; situacao_cadastral_futura_id: number | null; observacao: string | null;
}

/** The whole notice (edicao / confirmation), with its reasons (main first) and its linked registrations. */
export async function editalPorId(db: DbOrTx, id: number): Promise<EditalDetalhe | null> {
  const e = await queryOne<EditalRow>(db, sql`select e.*, t.descricao as tipo, s.descricao as situacao, p.nome as responsavel
    from edital e join ref_tipo_edital t on t.id = e.tipo_edital_id join ref_situacao_edital s on s.id = e.situacao_edital_id
    left join pessoa p on p.numero_pessoa = e.numero_pessoa_responsavel where e.id = ${id}`);
  if (!e) return null;
  const [motivos, vinculados] = await Promise.all([motivosDoEdital(db, id), vinculadosDoEdital(db, id)]);
  return {
    id: Number(e.id), version: e.version, numero: e.numero, tituloEdital: e.titulo, idTipoEdital: e.tipo_edital_id, tipoEdital: e.tipo,
    codigoSituacao: e.situacao_edital_id, situacaoEdital: e.situacao, dataPublicacao: day(e.data_publicacao), dataEfeitoLegal: day(e.data_efeito_legal),
    prazoConvocacao: e.prazo_convocacao, numeroProcesso: e.numero_processo,
    numeroPessoaResponsavel: e.numero_pessoa_responsavel === null ? null : Number(e.numero_pessoa_responsavel),
    responsavel: e.numero_pessoa_responsavel === null ? null : { numeroPessoa: Number(e.numero_pessoa_responsavel), razaoSocial: e.responsavel ?? '' },
    texto: e.texto, indicadorMeioComunicacao: meioComunicacaoDe(e.meio_comunicacao, e.numero), numeroDiario: e.numero_diario, processado: e.processado,
    idSituacaoCadastralFutura: e.situacao_cadastral_futura_id, observacao: e.observacao, motivos, vinculados,
  };
}

/** The id of a notice by its number (GET edital/{numero}, the slash removed or not). */
export async function idPorNumero(db: DbOrTx, numero: string): Promise<number | null> {
  const r = await queryOne<{ id: string }>(db, sql`select id from edital where numero = ${formatarNumeroEdital(numero)}`);
  return r ? Number(r.id) : null;
}

export async function motivosDoEdital(db: DbOrTx, id: number) {
  return (await query<{ id: number; descricao: string; principal: boolean }>(db, sql`select m.id, m.descricao, em.principal from edital_motivo em
    join ref_motivo_situacao m on m.id = em.motivo_id where em.edital_id = ${id} order by em.principal desc, m.id`)).map((m) => ({ ...m, id: Number(m.id) }));
}

export async function vinculadosDoEdital(db: DbOrTx, id: number) {
  const r = await query<{ numero_caceal: string; digito_caceal: number; nome: string; situacao: string; doc: string | null; tipo: number | null; observacao: string | null }>(
    db,
    sql`select c.numero_caceal, c.digito_caceal, p.nome, s.descricao as situacao, ec.numero_documento_vinculado as doc, ec.tipo_documento_vinculado_id as tipo, ec.observacao
      from edital_contribuinte ec join contribuinte c on c.id = ec.contribuinte_id join pessoa p on p.numero_pessoa = c.numero_pessoa
      join ref_situacao_cadastral s on s.id = c.situacao_id where ec.edital_id = ${id} order by c.numero_caceal, ec.id`,
  );
  return r.map((v) => ({
    numeroCaceal: Number(v.numero_caceal), digitoCaceal: Number(v.digito_caceal), razaoSocial: v.nome, situacaoCadastral: v.situacao,
    numeroDocumentoVinculado: v.doc, tipoDocumentoVinculado: v.tipo === null ? null : Number(v.tipo), observacao: v.observacao,
  }));
}

/** obterDadosContribuinte: name and status of pasted CACEALs; the unknown ones listed apart. */
export async function dadosContribuintes(db: DbOrTx, caceals: number[]): Promise<DadosContribuinteEdital> {
  const unicos = [...new Set(caceals)];
  const r = await query<{ numero_caceal: string; digito_caceal: number; nome: string; situacao: string }>(db, sql`select c.numero_caceal, c.digito_caceal, p.nome, s.descricao as situacao
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa join ref_situacao_cadastral s on s.id = c.situacao_id
    where c.numero_caceal in (select (jsonb_array_elements_text(${JSON.stringify(unicos)}::jsonb))::int) order by c.numero_caceal`);
  const achados = new Set(r.map((c) => Number(c.numero_caceal)));
  return {
    encontrados: r.map((c) => ({ numeroCaceal: Number(c.numero_caceal), digitoCaceal: Number(c.digito_caceal), razaoSocial: c.nome, situacaoCadastral: c.situacao })),
    naoEncontrados: unicos.filter((c) => !achados.has(c)),
  };
}
