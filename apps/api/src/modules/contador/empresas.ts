import { sql, type SQL } from 'drizzle-orm';
import { formatCaceal, formatInteiro, type ContribuinteManifestacao, type PaginaEmpresasNegacao, type PaginaEmpresasSemManifestacao, type PeriodoManifestacao } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { filtroEmpresa } from '../../db/filtroEmpresa.js';
import { desc, lerPagina, ordem } from '../../db/pagina.js';
import { tabela } from '../../platform/pdf/blocos.js';
import type { DocumentoPdf } from '../../platform/pdf/documento.js';
import { isoUtc } from './manifestacoes.js';

/** A day's first instant in Maceió (UTC−3, no daylight saving), as the timestamptz bound of a period. */
const inicioDoDia = (dia: string) => `${dia}T00:00:00-03:00`;

/** The whole negation list is sent (the screen slices it); a period this busy is capped. */
export const LIMITE_NEGACOES = 5_000;

type Linha = { caceal: number; digito: number | null; razao: string; situacao: string | null; inicio: string | null; ultima: string | null; total?: number };
const linha = (r: Linha): ContribuinteManifestacao => ({
  numeroCaceal: r.caceal, digitoCaceal: r.digito, razaoSocial: r.razao, situacaoCadastral: r.situacao, dataInicioAtividade: r.inicio, ultimaManifestacao: r.ultima,
});

/**
 * Companies with an accountant in charge, activity started in [dataInicial, dataFinal) (the final
 * day arrives as the day after, §5), and no active statement.
 *
 * One statement counts the list and reads the page (#40 §5): the registrations of the period, merged
 * in id order with contribuinte_contador's and the active statements' keys, all three walked
 * index-only (contribuinte_id_inicio_idx), sorted by the list's order in memory; only the page's rows
 * meet pessoa. The count joined with hashes over the registry's heap took 0.6 s at 500,000 and a
 * page past the first waited for it before walking its offset through the same joins (1.2 s).
 */
export async function empresasSemManifestacao(db: DbOrTx, p: PeriodoManifestacao & { page: number; size: number }): Promise<PaginaEmpresasSemManifestacao> {
  const linhas = await query<Omit<Linha, 'caceal'> & { caceal: number | null }>(db, sql`with s as materialized (select c.id, c.data_inicio_atividade as inicio from contribuinte c
      where c.data_inicio_atividade >= ${p.dataInicial}::date and c.data_inicio_atividade < ${p.dataFinal}::date
        and exists (select 1 from contribuinte_contador cc where cc.contribuinte_id = c.id)
        and not exists (select 1 from manifestacao m where m.contribuinte_id = c.id and m.ind_ativo = 'S')),
    k as (select id, inicio from s order by inicio, id limit ${p.size} offset ${p.page * p.size})
    select n.total, x.* from (select count(*)::int as total from s) n left join lateral (
      select c.numero_caceal as caceal, c.digito_caceal as digito, pe.nome as razao, sc.descricao as situacao, c.data_inicio_atividade::text as inicio, null as ultima,
        k.inicio as ordem_inicio, k.id as ordem_id
      from k join contribuinte c on c.id = k.id join pessoa pe on pe.numero_pessoa = c.numero_pessoa left join ref_situacao_cadastral sc on sc.id = c.situacao_id) x on true
    order by x.ordem_inicio, x.ordem_id`);
  const total = linhas[0]?.total ?? 0;
  return { content: linhas.flatMap((l) => (l.caceal === null ? [] : [linha({ ...l, caceal: l.caceal })])), totalElements: total, totalPages: Math.ceil(total / p.size) };
}

/**
 * Companies whose active statement is a denial made in the period, with no change event recorded
 * for the registration since (nobody replaced the accountant yet) — "negativadas sem evento".
 * This condition reads manifestacao alone (manifestacao_negacao_ativa_idx): the count needs nothing else.
 */
const denegadas = (p: PeriodoManifestacao) => sql`m.data_manifestacao >= ${inicioDoDia(p.dataInicial)}::timestamptz and m.data_manifestacao < ${inicioDoDia(p.dataFinal)}::timestamptz
      and m.tipo = 2 and m.ind_ativo = 'S'
      and not exists (select 1 from evento_alteracao e where e.contribuinte_id = m.contribuinte_id and e.registrado_em > m.data_manifestacao)`;
// `filtrada`: the row matches the list's filter (true without one), so one statement counts both totals.
const negacoes = (p: PeriodoManifestacao, filtro: SQL = sql``) => sql`select c.numero_caceal as caceal, c.digito_caceal as digito, pe.nome as razao,
      sc.descricao as situacao, c.data_inicio_atividade::text as inicio, ${isoUtc('m.data_manifestacao')} as ultima, m.data_manifestacao as quando,
      (true ${filtro}) as filtrada
    from manifestacao m join contribuinte c on c.id = m.contribuinte_id join pessoa pe on pe.numero_pessoa = c.numero_pessoa
    left join ref_situacao_cadastral sc on sc.id = c.situacao_id
    where ${denegadas(p)}`;

/** The whole list (§7 without a page, and the report), newest first, capped. */
export async function empresasComNegacao(db: DbOrTx, p: PeriodoManifestacao): Promise<ContribuinteManifestacao[]> {
  return (await query<Linha>(db, sql`select * from (${negacoes(p)}) x order by x.quando desc, x.caceal limit ${LIMITE_NEGACOES}`)).map(linha);
}

/**
 * One page of it filtered by CACEAL, CNPJ or name (#32), with the filtered count and the period's whole count.
 * Unfiltered (#40: 0.5 s at 500,000 for the first page, 0.6 s for the middle one), the count reads
 * manifestacao alone, and the page is read from the nearer end (lerPagina): its statements skipped by
 * id on manifestacao_negacao_ativa_idx with their CACEAL only, the page's own rows joined to the rest.
 */
export async function paginaComNegacao(db: DbOrTx, p: PeriodoManifestacao & { page: number; size: number; filtro?: string }): Promise<PaginaEmpresasNegacao> {
  const pagina = (content: Linha[], total: number, filtradas: number) => ({ content: content.map(linha), totalElements: filtradas, totalPages: Math.ceil(filtradas / p.size), total });
  if (!p.filtro?.trim()) {
    const contar = async () => (await queryOne<{ n: number }>(db, sql`select count(*)::int as n from manifestacao m where ${denegadas(p)}`))?.n ?? 0;
    // The CACEAL (the order's second key) by a lateral probe: `offset 0` keeps the planner from hashing
    // the whole registry for the few thousand statements skipped (0.56 s at 500,000).
    const ler = (o: SQL, limite: number, pular: number) => query<Linha>(db, sql`${negacoes(p)} and m.id = any(array(select m.id from manifestacao m
      cross join lateral (select c.numero_caceal from contribuinte c where c.id = m.contribuinte_id offset 0) c
      where ${denegadas(p)} order by ${o} limit ${limite} offset ${pular})) order by ${o}`);
    const ordemLista = ordem(desc(sql`m.data_manifestacao`), sql`c.numero_caceal`);
    const [linhas, n] = p.page === 0
      ? await Promise.all([ler(ordemLista.crescente, p.size, 0), contar()])
      : await contar().then(async (n) => [await lerPagina(ordemLista, n, p.page, p.size, ler), n] as const);
    return pagina(linhas, n, n);
  }
  const lista = negacoes(p, filtroEmpresa(p.filtro, { caceal: 'c.numero_caceal', digito: 'c.digito_caceal', documento: 'pe.numero_documento', nome: 'pe.nome' }));
  const [linhas, n] = await Promise.all([
    query<Linha>(db, sql`select * from (${lista}) x where x.filtrada order by x.quando desc, x.caceal limit ${p.size} offset ${p.page * p.size}`),
    queryOne<{ total: number; filtradas: number }>(db, sql`select count(*)::int as total, count(*) filter (where x.filtrada)::int as filtradas from (${lista}) x`),
  ]);
  return pagina(linhas, n?.total ?? 0, n?.filtradas ?? 0);
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'. */
const dia = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '');
/** The last day of the period (the final bound is the day after). */
const ultimoDia = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const periodoTexto = (p: PeriodoManifestacao) => `Período: ${dia(p.dataInicial)} a ${dia(ultimoDia(p.dataFinal))}`;
const dataHora = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(Date.parse(iso) - 3 * 3600_000).toISOString();
  return `${dia(d.slice(0, 10))} ${d.slice(11, 16)}`;
};

/**
 * The PDFs' count: the exact total, and when the PDF prints fewer (capped at `limite`), how many of it
 * (#40 §2: "5000 empresa(s)" was printed of 212,043 at 500,000 taxpayers).
 */
const quantas = (impressas: number, total: number) =>
  impressas < total ? `as primeiras ${formatInteiro(impressas)} de ${formatInteiro(total)} empresas (refine o período para ver as demais)` : `${formatInteiro(total)} empresa(s)`;

export async function relatorioSemManifestacao(db: DbOrTx, p: PeriodoManifestacao, limite = LIMITE_NEGACOES): Promise<DocumentoPdf> {
  const { content: linhas, totalElements } = await empresasSemManifestacao(db, { ...p, page: 0, size: limite });
  return {
    titulo: 'Empresas sem Manifestação',
    subtitulo: `${periodoTexto(p)} — ${quantas(linhas.length, totalElements)}`,
    conteudo: [tabela(['CACEAL', 'Razão social', 'Situação', 'Início da atividade'],
      linhas.map((l) => [formatCaceal(l.numeroCaceal, l.digitoCaceal ?? undefined), l.razaoSocial, l.situacaoCadastral, dia(l.dataInicioAtividade)]),
      'Nenhum registro encontrado para os critérios informados.', [62, '*', 100, 70])],
  };
}

export async function relatorioNegativadas(db: DbOrTx, p: PeriodoManifestacao, limite = LIMITE_NEGACOES): Promise<DocumentoPdf> {
  const { content: linhas, total } = await paginaComNegacao(db, { ...p, page: 0, size: limite });
  return {
    titulo: 'Empresas com Manifestação de Negação',
    subtitulo: `${periodoTexto(p)} — ${quantas(linhas.length, total)}`,
    conteudo: [tabela(['CACEAL', 'Razão social', 'Situação', 'Última manifestação'],
      linhas.map((l) => [formatCaceal(l.numeroCaceal, l.digitoCaceal ?? undefined), l.razaoSocial, l.situacaoCadastral, dataHora(l.ultimaManifestacao)]),
      'Nenhum registro encontrado para os critérios informados.', [62, '*', 100, 80])],
  };
}
