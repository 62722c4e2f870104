import { sql, type SQL } from 'drizzle-orm';
import { BUSCA_LIMITE_RESULTADOS, onlyCnpjChars, onlyDigits, type TipoBuscaContribuinte } from '@cadastro/domain';
import type { Db } from '../../db/client.js';

/** The ways of the taxpayer search screen (§2 "Consultar por", and CPF). */
export type TipoBusca = TipoBuscaContribuinte;

/** Counting every match of a common name costs as much as the search: the pager stops here. */
export const COUNT_CAP = BUSCA_LIMITE_RESULTADOS;
/** Names the count's bounded walk looks at before falling back to the word index. */
const PROBE = 12_000;
/**
 * Planner settings of a name search, one statement each. No parallel workers: starting them costs
 * ~30 ms on a small server, more than the whole query, and a LIMIT 10 walk never needs them. The count
 * runs with seq scans off (see countQuery); an ordered page with bitmap scans off (see searchQuery).
 */
const NO_PARALLEL = sql`set local max_parallel_workers_per_gather = 0`;
export const COUNT_SETTINGS = [sql`set local enable_seqscan = off`, NO_PARALLEL];
export const pageSettings = (ordered: boolean) => (ordered ? [sql`set local enable_bitmapscan = off`, NO_PARALLEL] : [NO_PARALLEL]);

const COLUMNS = sql`c.id, c.numero_caceal as "numeroCaceal", c.digito_caceal as "digitoCaceal", c.numero_pessoa as "numeroPessoa",
  p.numero_documento as cnpj, p.nome as "razaoSocial", s.descricao as "situacaoCadastral"`;
const FROM = sql`contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa join ref_situacao_cadastral s on s.id = c.situacao_id`;

/** Exact kinds: CACEAL, CNPJ and CPF are key lookups; the root uses the stored raiz_cnpj column. */
function exato(tipo: Exclude<TipoBusca, 'RAZAO_SOCIAL'>, termo: string): { where: SQL; order: SQL } {
  switch (tipo) {
    case 'CACEAL':
      return { where: sql`c.numero_caceal = ${Number(onlyDigits(termo).slice(0, 8))}`, order: sql`c.numero_caceal` };
    case 'CNPJ':
      return { where: sql`p.numero_documento = ${onlyCnpjChars(termo)}`, order: sql`c.numero_caceal` };
    case 'CPF':
      return { where: sql`p.numero_documento = ${onlyDigits(termo)} and p.tipo = 'F'`, order: sql`c.numero_caceal` };
    case 'RAIZ_DO_CNPJ':
      return { where: sql`p.raiz_cnpj = ${onlyCnpjChars(termo).slice(0, 8)}`, order: sql`p.numero_documento, c.numero_caceal` };
  }
}

/**
 * Name search: names containing the text, accent- and case-insensitive. Names that START with
 * it come first (what a clerk typing a company's name wants, and an indexed range), then the
 * others; each group in alphabetical order of the accent-free name.
 */
const norm = (termo: string) => sql`cadastro_normaliza(${termo.trim()})`;
/** The normalized text with LIKE's special characters escaped. */
const escapado = (w: string) => sql`replace(replace(replace(${norm(w)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
const like = (coluna: SQL, texto: string) => sql`${coluna} like '%' || ${escapado(texto)} || '%'`;
/** Whole words of 3+ letters or digits: their interior trigrams are what the trigram index should look up. */
const palavrasIndexaveis = (termo: string) => termo.trim().split(/\s+/).filter((w) => /^[\p{L}\p{N}]{3,}$/u.test(w));
/**
 * Contains, through the trigram index. For several words the index is asked for each word alone
 * ('%ricardo%' and '%moreira%': interior trigrams only) and the exact text is a filter: the pattern
 * '%ricardo moreira%' would also look up the word-boundary trigrams ('  m', ' mo'), present in half of
 * all names, which made the index scan 2-3 times slower. Words with punctuation or under 3 characters
 * are left to the filter (a condition without trigrams would scan the whole index).
 */
const contains = (termo: string) => {
  const inteiro = termo.trim();
  const palavras = palavrasIndexaveis(inteiro);
  if (!palavras.length || (palavras.length === 1 && palavras[0] === inteiro)) return like(sql`p.nome_busca`, inteiro);
  return sql`(${sql.join(palavras.map((w) => like(sql`p.nome_busca`, w)), sql` and `)} and ${like(sql`(p.nome_busca || '')`, inteiro)})`;
};
/**
 * The term as whole words, when it is plain words (letters, digits, usual punctuation) separated by
 * single spaces; otherwise null and the trigram index answers.
 */
const palavrasDoTermo = (termo: string): string[] | null => {
  const ws = termo.trim().split(' ');
  return ws.every((w) => /^[\p{L}\p{N}&.,;:'()\-/]+$/u.test(w)) ? ws : null;
};
/** The vocabulary words matching a LIKE pattern (a small trigram-indexed table) and how many names carry them. */
const vocabulario = (padrao: SQL) => sql`(select coalesce(array_agg(palavra), '{}') as palavras, coalesce(sum(pessoas), 0) as pessoas
  from nome_vocabulario where palavra like ${padrao})`;
/**
 * Up to this many names behind a fragment's words, the word index counts straight away: reading
 * their posting lists costs less than the bounded walk (~4 ms). Above it, the walk may prove the
 * text common first.
 */
const PESSOAS_POUCAS = 60_000;
interface PorPalavras {
  /** The `v` CTE: per fragment i, its vocabulary words (v<i>) and how many names carry them (f<i>). */
  vocabulario: SQL;
  /** Superset of the names containing the term (the caller keeps the exact LIKE as a filter). */
  candidatos: SQL;
  /** The rarest fragment stands for few names: count through the word index at once. */
  poucas: SQL;
}
/**
 * Names that can contain the term, through the index of whole words: a name contains "w1 w2 … wk"
 * only if it has a word ENDING with w1, the words w2…wk-1, and a word STARTING with wk (one word:
 * a word CONTAINING it). The vocabulary turns each fragment into the whole words it stands for;
 * the posting lists of a few words are far shorter than those of their trigrams.
 */
function porPalavras(ws: string[]): PorPalavras {
  const palavras = sql`string_to_array(p.nome_busca::text, ' ')`;
  const padroes = ws.length === 1
    ? [sql`'%' || ${escapado(ws[0]!)} || '%'`]
    : [sql`'%' || ${escapado(ws[0]!)}`, sql`${escapado(ws[ws.length - 1]!)} || '%'`];
  const v = (i: number) => sql.raw(`v${i}`);
  const conds = padroes.map((_, i) => sql`${palavras} && (select ${v(i)} from v)`);
  if (ws.length > 2) conds.push(sql`${palavras} @> array[${sql.join(ws.slice(1, -1).map(norm), sql`, `)}]::text[]`);
  return {
    vocabulario: sql`select ${sql.join(padroes.map((_, i) => sql`${v(i)}.palavras as ${v(i)}, ${v(i)}.pessoas as ${sql.raw(`f${i}`)}`), sql`, `)}
      from ${sql.join(padroes.map((padrao, i) => sql`${vocabulario(padrao)} ${v(i)}`), sql`, `)}`,
    candidatos: sql.join(conds, sql` and `),
    poucas: sql`(select least(${sql.join(padroes.map((_, i) => sql.raw(`f${i}`)), sql`, `)}) from v) <= ${PESSOAS_POUCAS}`,
  };
}

const startsWith = (termo: string) =>
  sql`p.nome_busca collate "C" >= ${norm(termo)} and p.nome_busca collate "C" < ${norm(termo)} || chr(1114111)`;
const NAME_ORDER = sql`p.nome_busca collate "C", p.numero_pessoa, c.numero_caceal`;

export interface Contagem {
  /** Matches (capped at COUNT_CAP + 1). */
  total: number;
  /** Matches that start with the text (capped at COUNT_CAP + 1). */
  prefixo: number;
  /**
   * When the word (or trigram) index counted a rarer text: the matching persons, comma-separated,
   * so the page reads them by key instead of scanning the index a second time.
   */
  pessoas?: string | null;
}

/**
 * The first `n` persons (numero_pessoa, nome_busca) with a registration matching `cond`, in name order:
 * only the name index's own columns, so the walk is an index-only scan; the rest of the person is
 * joined by primary key for the few rows kept.
 */
const primeirasPessoas = (cond: SQL, n: number) => sql`(select p.numero_pessoa, p.nome_busca from pessoa p where ${cond}
  and exists (select 1 from contribuinte x where x.numero_pessoa = p.numero_pessoa)
  order by p.nome_busca collate "C", p.numero_pessoa limit ${n})`;
const grupoOrdenado = (grupo: 0 | 1, cond: SQL, n: number) => sql`select ${COLUMNS}, ${sql.raw(String(grupo))} as grupo, p.nome_busca, p.numero_pessoa as np
  from ${primeirasPessoas(cond, n)} m join pessoa p on p.numero_pessoa = m.numero_pessoa
  join contribuinte c on c.numero_pessoa = p.numero_pessoa join ref_situacao_cadastral s on s.id = c.situacao_id
  order by ${NAME_ORDER} limit ${n}`;

/** Capped counts for the pager and for choosing how to fetch the page. */
export function countQuery(tipo: TipoBusca, termo: string): SQL {
  if (tipo !== 'RAZAO_SOCIAL') {
    const { where } = exato(tipo, termo);
    return sql`select count(*)::int as total, 0 as prefixo from (select 1 from ${FROM} where ${where} limit ${COUNT_CAP + 1}) x`;
  }
  // Cheapest proof first. (1) More than COUNT_CAP names START with the text: at least as many
  // contain it. (2) A bounded walk over the first PROBE names in index order finds more than
  // COUNT_CAP: the text is common. Only otherwise (a rarer text) the word index counts exactly
  // (the trigram index for unusual text); a term whose rarest fragment stands for few names goes
  // to the word index right after (1).
  // An InitPlan in an untaken CASE branch never runs, so each step costs only when needed. Run with
  // enable_seqscan off (COUNT_SETTINGS): a scan in physical order visits every person without a
  // registration (partners, accountants) before it finds the cap.
  // The CTEs run only when a taken branch reads them, once each.
  const taxpayer = sql`exists (select 1 from contribuinte c where c.numero_pessoa = p.numero_pessoa)`;
  const ws = palavrasDoTermo(termo);
  const pp = ws && porPalavras(ws);
  const exatos = pp ? sql`${pp.candidatos} and ${like(sql`(p.nome_busca || '')`, termo)}` : contains(termo);
  // Fragments that stand for few names skip the walk: the word index counts them faster.
  const comum = pp
    ? sql`(y.prefixo > ${COUNT_CAP} or (not ${pp.poucas} and (select n from w) > ${COUNT_CAP}))`
    : sql`(y.prefixo > ${COUNT_CAP} or (select n from w) > ${COUNT_CAP})`;
  return sql`with ${pp ? sql`v as materialized (${pp.vocabulario}), ` : sql``}w as materialized (select count(*) as n from (select 1 from (select p.numero_pessoa, p.nome_busca from pessoa p
        order by p.nome_busca collate "C" limit ${PROBE}) p where ${contains(termo)} and ${taxpayer} limit ${COUNT_CAP + 1}) x),
      t as materialized (select c.numero_pessoa from contribuinte c join (select p.numero_pessoa from pessoa p where ${exatos} offset 0) p
        on p.numero_pessoa = c.numero_pessoa limit ${COUNT_CAP + 1})
    select case when ${comum} then ${COUNT_CAP + 1} else (select count(*)::int from t) end as total, y.prefixo,
      case when ${comum} then null else (select case when count(*) > ${COUNT_CAP} then null else string_agg(distinct numero_pessoa::text, ',') end from t) end as pessoas
    from (select count(*)::int as prefixo from (select 1 from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa
      where ${startsWith(termo)} limit ${COUNT_CAP + 1}) z) y`;
}

/**
 * One page. For names the planner cannot estimate a LIKE, so the strategy is chosen from the
 * counts: the starting-with group is an ordered range of the (nome_busca, numero_pessoa) index;
 * the others are read by key from the count's list of persons when few, or by walking the name
 * index in order (bitmap scans off: `ordered`) when many, stopping after the page.
 */
export function searchQuery(tipo: TipoBusca, termo: string, page: number, size: number, count?: Contagem): { query: SQL; ordered: boolean } {
  const offset = page * size;
  if (tipo !== 'RAZAO_SOCIAL') {
    const { where, order } = exato(tipo, termo);
    return { query: sql`select ${COLUMNS} from ${FROM} where ${where} order by ${order} limit ${size} offset ${offset}`, ordered: false };
  }
  // The page may lie wholly in the starting-with group: then the others are not even looked at.
  const others = count ? (count.prefixo >= offset + size ? 0 : count.total - Math.min(count.prefixo, count.total)) : COUNT_CAP + 1;
  const ordered = others > 0 && (count === undefined || count.total > COUNT_CAP);
  const restSource = ordered
    ? grupoOrdenado(1, sql`${contains(termo)} and not (${startsWith(termo)})`, offset + size)
    : sql`select ${COLUMNS}, 1 as grupo, p.nome_busca, p.numero_pessoa as np from ${FROM}
        ${count?.pessoas !== undefined
          ? sql`where p.numero_pessoa = any(string_to_array(${count.pessoas ?? ''}, ',')::bigint[])`
          : sql`join (select p.numero_pessoa from pessoa p where ${contains(termo)} offset 0) m on m.numero_pessoa = p.numero_pessoa where true`}
        and not (${startsWith(termo)}) order by ${NAME_ORDER} limit ${offset + size}`;
  const query = sql`select id, "numeroCaceal", "digitoCaceal", "numeroPessoa", cnpj, "razaoSocial", "situacaoCadastral" from (
      (${grupoOrdenado(0, startsWith(termo), offset + size)})
      union all (${others > 0 ? restSource : sql`select ${COLUMNS}, 1, p.nome_busca, p.numero_pessoa from ${FROM} where false`})
    ) r order by grupo, nome_busca collate "C", np, "numeroCaceal" limit ${size} offset ${offset}`;
  return { query, ordered };
}

export interface ContribuinteEncontrado {
  id: number;
  numeroCaceal: number;
  digitoCaceal: number;
  numeroPessoa: number;
  cnpj: string;
  razaoSocial: string;
  situacaoCadastral: string;
}

export async function buscarContribuintes(db: Db, tipo: TipoBusca, termo: string, page: number, size: number) {
  // Exact kinds are key lookups: plain statements. A name search runs each query with its settings.
  const run = (q: SQL, settings: SQL[]) =>
    tipo === 'RAZAO_SOCIAL'
      ? db.transaction(async (tx) => {
          for (const s of settings) await tx.execute(s);
          return tx.execute(q);
        })
      : db.execute(q);
  const count = (await run(countQuery(tipo, termo), COUNT_SETTINGS)) as unknown as { rows: Contagem[] };
  const c = count.rows[0] ?? { total: 0, prefixo: 0 };
  const { query, ordered } = searchQuery(tipo, termo, page, size, c);
  const rows = await run(query, pageSettings(ordered));
  return {
    content: (rows as unknown as { rows: ContribuinteEncontrado[] }).rows,
    totalElements: Math.min(c.total, COUNT_CAP),
    totalIsLowerBound: c.total > COUNT_CAP,
  };
}
