import { sql, type SQL } from 'drizzle-orm';
import { BUSCA_LIMITE_RESULTADOS, onlyCnpjChars, onlyDigits, type TipoBuscaContribuinte } from '@cadastro/domain';
import type { Db } from '../../db/client.js';
import { preparada, queryPrepared } from '../../db/consulta.js';
import { normalizaNoApp } from './normaliza.js';

/** The ways of the taxpayer search screen (§2 "Consultar por", and CPF). */
export type TipoBusca = TipoBuscaContribuinte;

/** Counting every match of a common name costs as much as the search: the pager stops here. */
export const COUNT_CAP = BUSCA_LIMITE_RESULTADOS;
/** Names the count's bounded walk looks at before falling back to the word index. */
const PROBE = 12_000;

// The status's name as a scalar subquery (9 rows, read by key for each row kept), not a join: one
// relation fewer for the planner to order in every statement (join search was ~10 % of the database's
// CPU per name search: each is planned for its own term).
const COLUMNS = sql`c.id, c.numero_caceal as "numeroCaceal", c.digito_caceal as "digitoCaceal", c.numero_pessoa as "numeroPessoa",
  p.numero_documento as cnpj, p.nome as "razaoSocial", (select s.descricao from ref_situacao_cadastral s where s.id = c.situacao_id) as "situacaoCadastral"`;
const FROM = sql`contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa`;

type TipoExato = Exclude<TipoBusca, 'RAZAO_SOCIAL'>;

/** What an exact kind compares with, from the typed text. */
function valorExato(tipo: TipoExato, termo: string): string | number {
  switch (tipo) {
    case 'CACEAL':
      return Number(onlyDigits(termo).slice(0, 8));
    case 'CNPJ':
      return onlyCnpjChars(termo);
    case 'CPF':
      return onlyDigits(termo);
    case 'RAIZ_DO_CNPJ':
      return onlyCnpjChars(termo).slice(0, 8);
  }
}

/**
 * Exact kinds: CACEAL, CNPJ and CPF are key lookups; the root uses the stored raiz_cnpj column.
 * `valor` is valorExato's value (or a placeholder). `order` sorts the matches, `pageOrder` the same
 * keys by the output's names.
 */
function exato(tipo: TipoExato, valor: unknown): { where: SQL; order: SQL; pageOrder: SQL } {
  const caceal = { order: sql`c.numero_caceal`, pageOrder: sql`"numeroCaceal"` };
  switch (tipo) {
    case 'CACEAL':
      return { where: sql`c.numero_caceal = ${valor}`, ...caceal };
    case 'CNPJ':
      return { where: sql`p.numero_documento = ${valor}`, ...caceal };
    case 'CPF':
      return { where: sql`p.numero_documento = ${valor} and p.tipo = 'F'`, ...caceal };
    case 'RAIZ_DO_CNPJ':
      return { where: sql`p.raiz_cnpj = ${valor}`, order: sql`p.numero_documento, c.numero_caceal`, pageOrder: sql`cnpj, "numeroCaceal"` };
  }
}

/**
 * An exact kind in ONE statement: the page and the capped total together. The window count runs
 * over the (at most COUNT_CAP + 1) matches before the page's LIMIT/OFFSET, so every row of the page
 * carries the total; only a page past the end comes back empty, without it (see buscarContribuintes).
 * The text depends on the kind alone (the values are parameters): a prepared statement per kind.
 */
function exactStatement(tipo: TipoExato, v: Readonly<Record<'valor' | 'size' | 'offset', unknown>>): SQL {
  const { where, order, pageOrder } = exato(tipo, v.valor);
  return sql`select m.*, count(*) over ()::int as total from (select ${COLUMNS} from ${FROM} where ${where} order by ${order} limit ${COUNT_CAP + 1}) m
    order by ${pageOrder} limit ${v.size} offset ${v.offset}`;
}
export const exactQuery = (tipo: TipoExato, termo: string, page: number, size: number): SQL =>
  exactStatement(tipo, { valor: valorExato(tipo, termo), size, offset: page * size });
/** exactStatement compiled once per kind (see preparada). */
const exata = (tipo: TipoExato) =>
  preparada<ContribuinteEncontrado & { total: number }, 'valor' | 'size' | 'offset'>(['valor', 'size', 'offset'], (v) => exactStatement(tipo, v));
const EXATAS: Record<TipoExato, ReturnType<typeof exata>> = { CACEAL: exata('CACEAL'), CNPJ: exata('CNPJ'), CPF: exata('CPF'), RAIZ_DO_CNPJ: exata('RAIZ_DO_CNPJ') };

// Name search: names containing the text, accent- and case-insensitive. Names that START with
// it come first (what a clerk typing a company's name wants, and an indexed range), then the
// others; each group in alphabetical order of the accent-free name.

/**
 * The normalized term: computed here when normalizaNoApp knows every character, else by the database.
 * There, cadastro_normaliza's body (migration 0002) is written out, so the planner folds it through two
 * C functions: the SQL function, given a constant, runs through the SQL-function executor (its body
 * parsed and planned on every call).
 */
const norm = (termo: string) => {
  const n = normalizaNoApp(termo.trim());
  return n !== null ? sql`${n}::text` : sql`lower(public.unaccent('public.unaccent'::regdictionary, ${termo.trim()}))`;
};
/** LIKE's special characters escaped (backslash is LIKE's escape). */
const escapaLike = (n: string) => n.replace(/[\\%_]/g, '\\$&');
/** The normalized text with LIKE's special characters escaped. */
const escapado = (w: string) => {
  const n = normalizaNoApp(w.trim());
  return n !== null ? sql`${escapaLike(n)}::text` : sql`replace(replace(replace(${norm(w)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
};
const like = (coluna: SQL, texto: string) => {
  const n = normalizaNoApp(texto.trim());
  return n !== null ? sql`${coluna} like ${`%${escapaLike(n)}%`}::text` : sql`${coluna} like '%' || ${escapado(texto)} || '%'`;
};
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
/**
 * The vocabulary entries matching a LIKE pattern (small trigram-indexed tables: the words, or the
 * pairs of adjacent words), how many names carry them, and the most registrations one of them is
 * known to carry (a lower bound: migration 0020).
 */
const vocabulario = (padrao: SQL, pares: boolean) => pares
  ? sql`(select coalesce(array_agg(par), '{}') as palavras, coalesce(sum(pessoas), 0) as pessoas, coalesce(max(contribuintes), 0) as contribuintes
      from nome_vocabulario_par where par like ${padrao})`
  : sql`(select coalesce(array_agg(palavra), '{}') as palavras, coalesce(sum(pessoas), 0) as pessoas, coalesce(max(contribuintes), 0) as contribuintes
      from nome_vocabulario where palavra like ${padrao})`;
/**
 * Up to this many names behind a fragment's words, the word index counts straight away: reading
 * their posting lists costs less than the bounded walk (~4 ms). Above it, the walk may prove the
 * text common first.
 */
const PESSOAS_POUCAS = 60_000;
interface PorPalavras {
  /** The `v` CTE: per fragment i, its vocabulary entries (v<i>) and how many names carry them (f<i>). */
  vocabulario: SQL;
  /** Superset of the names containing the term (the caller keeps the exact LIKE as a filter). */
  candidatos: SQL;
  /** Names (partners included) carrying the rarest fragment's words or pairs: a superset of the matches. */
  menor: SQL;
  /** The rarest fragment stands for few names: count through the word index at once. */
  poucas: SQL;
  /**
   * One word or two (a single pattern): a word or pair containing the text is known to carry more
   * than COUNT_CAP registrations, each of which matches: "more than 1,000" is proved.
   */
  provado: SQL;
}
/**
 * Names that can contain the term, through the index of whole words or of word pairs. One word: a
 * name has a word CONTAINING it. Several words "w1 w2 … wk": the name has adjacent pairs "(…w1) w2",
 * "w2 w3", …, "wk-1 (wk…)" — two words: a pair containing "w1 w2". The vocabularies turn each
 * fragment into the whole words or pairs it stands for. Pairs, not words: "santos mar" as the words
 * santos AND mar* meant 14,000 names to read (every name with both, apart or not: half of them
 * partners without a registration) where the pairs "santos maria", "santos martins"… hold the
 * 2,000 that match.
 */
function porPalavras(ws: string[]): PorPalavras {
  const pares = ws.length > 1;
  const indexado = pares ? sql`cadastro_pares(p.nome_busca::text)` : sql`string_to_array(p.nome_busca::text, ' ')`;
  const padroes = !pares
    ? [sql`'%' || ${escapado(ws[0]!)} || '%'`]
    : ws.slice(1).map((w, j) => {
        const par = sql`${escapado(ws[j]!)} || ' ' || ${escapado(w)}`;
        const k = ws.length - 2;
        return j === 0 && j === k ? sql`'%' || ${par} || '%'` : j === 0 ? sql`'%' || ${par}` : j === k ? sql`${par} || '%'` : par;
      });
  const v = (i: number) => sql.raw(`v${i}`);
  return {
    vocabulario: sql`select ${sql.join(padroes.map((_, i) => sql`${v(i)}.palavras as ${v(i)}, ${v(i)}.pessoas as ${sql.raw(`f${i}`)}, ${v(i)}.contribuintes as ${sql.raw(`m${i}`)}`), sql`, `)}
      from ${sql.join(padroes.map((padrao, i) => sql`${vocabulario(padrao, pares)} ${v(i)}`), sql`, `)}`,
    candidatos: sql.join(padroes.map((_, i) => sql`${indexado} && (select ${v(i)} from v)`), sql` and `),
    menor: sql`(select least(${sql.join(padroes.map((_, i) => sql.raw(`f${i}`)), sql`, `)}) from v)`,
    poucas: sql`(select least(${sql.join(padroes.map((_, i) => sql.raw(`f${i}`)), sql`, `)}) from v) <= ${PESSOAS_POUCAS}`,
    // Several patterns: a name must match all of them, so no single entry's figure bounds the matches.
    provado: padroes.length === 1 ? sql`(select m0 from v) > ${COUNT_CAP}` : sql`false`,
  };
}

/**
 * The names that can contain the term through the word or pair index (see porPalavras; the LIKE kept
 * as the exact test), with the `v` CTE it reads: for the search screen's own call (busca-nome.ts).
 * Null when the term is not plain words.
 */
export function candidatosContem(termo: string): { com: SQL; cond: SQL } | null {
  const ws = palavrasDoTermo(termo);
  if (!ws) return null;
  const pp = porPalavras(ws);
  return { com: sql`v as materialized (${pp.vocabulario})`, cond: sql`${pp.candidatos} and ${like(sql`(p.nome_busca || '')`, termo)}` };
}

/**
 * Contains, for a walk of the name index in order: the same test as LIKE '%text%' (literally, no
 * escaping needed), but one the planner estimates as common. With LIKE it believed a handful of
 * names match, so reading the whole table and sorting the matches looked cheaper than walking the
 * index until the page is full ("outros eq": 930 ms instead of ~2 ms); the walk only runs when the
 * count proved more than COUNT_CAP matches, i.e. dense enough to fill a page early.
 */
const walkContains = (termo: string) => sql`strpos(p.nome_busca, ${norm(termo)}) > 0`;
const startsWith = (termo: string) =>
  sql`p.nome_busca collate "C" >= ${norm(termo)} and p.nome_busca collate "C" < ${norm(termo)} || chr(1114111)`;
const NAME_ORDER = sql`p.nome_busca collate "C", p.numero_pessoa, c.numero_caceal`;

export interface Contagem {
  /** Matches (capped at COUNT_CAP + 1). */
  total: number;
  /** Matches that start with the text (capped at COUNT_CAP + 1). */
  prefixo: number;
  /**
   * When the word (or trigram) index counted a rarer text: the first `primeiros` matching persons
   * of the not-starting-with group in name order, comma-separated: the count has read every match
   * already, so the page reads only these by key.
   */
  pessoas?: string | null;
  /**
   * When the term is plain words: how many names (partners included) carry its rarest fragment's
   * words or pairs — what reading the page through the word index would cost (see searchQuery).
   */
  candidatos?: number | null;
}

/**
 * The first `n` persons (numero_pessoa, nome_busca) with a registration matching `cond`, in name order,
 * from contribuinte_nome (persons with a registration only: migration 0020): only the name index's own
 * columns, so the walk is an index-only scan; the rest of the person is joined by primary key for the
 * few rows kept.
 */
const primeirasPessoas = (cond: SQL, n: number) => sql`(select p.numero_pessoa, p.nome_busca from contribuinte_nome p where ${cond}
  order by p.nome_busca collate "C", p.numero_pessoa limit ${n})`;
/** The registrations of the first `n` persons of `pessoas` (numero_pessoa in name order), in name order. */
const grupoDe = (grupo: 0 | 1, pessoas: SQL, n: number) => sql`select ${COLUMNS}, ${sql.raw(String(grupo))} as grupo, p.nome_busca, p.numero_pessoa as np
  from ${pessoas} m join pessoa p on p.numero_pessoa = m.numero_pessoa
  join contribuinte c on c.numero_pessoa = p.numero_pessoa
  order by ${NAME_ORDER} limit ${n}`;
const grupoOrdenado = (grupo: 0 | 1, cond: SQL, n: number) => grupoDe(grupo, primeirasPessoas(cond, n), n);
/**
 * Up to this many names behind the rarest fragment, the page of a common text (more than COUNT_CAP
 * matches) reads them all through the word index and sorts them (cost bounded by this) instead of
 * walking the name index until the page is full — a walk as long as the matches are rare early in the
 * alphabet ("de representantes": 190,000 names walked, 45 ms; 2,835 candidates).
 */
export const CANDIDATOS_POUCOS = 6_000;

/** Capped counts for the pager and for choosing how to fetch the page. */
export function countQuery(tipo: TipoBusca, termo: string, primeiros = 10): SQL {
  if (tipo !== 'RAZAO_SOCIAL') {
    const { where } = exato(tipo, valorExato(tipo, termo));
    return sql`select count(*)::int as total, 0 as prefixo from (select 1 from ${FROM} where ${where} limit ${COUNT_CAP + 1}) x`;
  }
  // Cheapest proof first. (0) A word or pair containing the text is known to carry more than COUNT_CAP
  // registrations (the vocabulary's lower bound). (1) More than COUNT_CAP names START with the text: at least as many
  // contain it. (2) A bounded walk over the first PROBE names in index order finds more than
  // COUNT_CAP: the text is common. Only otherwise (a rarer text) the word index counts exactly
  // (the trigram index for unusual text); a term whose rarest fragment stands for few names goes
  // to the word index right after (1).
  // An InitPlan in an untaken CASE branch never runs, so each step costs only when needed. Every
  // step reads contribuinte_nome (persons with a registration, with how many: migration 0020) and adds
  // `registros`: no name of a partner or accountant to read and throw away, no probe of contribuinte.
  // The CTEs run only when a taken branch reads them, once each.
  const ws = palavrasDoTermo(termo);
  const pp = ws && porPalavras(ws);
  const exatos = pp ? sql`${pp.candidatos} and ${like(sql`(p.nome_busca || '')`, termo)}` : contains(termo);
  // Fragments that stand for few names skip the walk: the word index counts them faster.
  const comum = pp
    ? sql`(${pp.provado} or y.prefixo > ${COUNT_CAP} or (not ${pp.poucas} and (select n from w) > ${COUNT_CAP}))`
    : sql`(y.prefixo > ${COUNT_CAP} or (select n from w) > ${COUNT_CAP})`;
  // Past COUNT_CAP + 1 persons there are more than COUNT_CAP registrations: the sums stop there.
  const capado = (soma: SQL) => sql`least(coalesce(${soma}, 0), ${COUNT_CAP + 1})::int`;
  return sql`with ${pp ? sql`v as materialized (${pp.vocabulario}), ` : sql``}w as materialized (select count(*) as n from (select 1 from (select p.numero_pessoa, p.nome_busca from contribuinte_nome p
        order by p.nome_busca collate "C" limit ${PROBE}) p where ${contains(termo)} limit ${COUNT_CAP + 1}) x),
      t as materialized (select p.numero_pessoa, p.nome_busca, p.registros from contribuinte_nome p where ${exatos} limit ${COUNT_CAP + 1})
    select case when ${comum} then ${COUNT_CAP + 1} else (select ${capado(sql`sum(registros)`)} from t) end as total, y.prefixo,
      ${pp ? pp.menor : sql`null`}::int as candidatos,
      case when ${comum} or (select sum(registros) from t) > ${COUNT_CAP} then null
        else (select string_agg(numero_pessoa::text, ',' order by nome_busca collate "C", numero_pessoa) from (select numero_pessoa, nome_busca from t p
          where not (${startsWith(termo)}) order by nome_busca collate "C", numero_pessoa limit ${primeiros}) x) end as pessoas
    from (select ${capado(sql`sum(registros)`)} as prefixo from (select p.registros from contribuinte_nome p
      where ${startsWith(termo)} order by p.nome_busca collate "C", p.numero_pessoa limit ${COUNT_CAP + 1}) z) y`;
}

/**
 * One page. For names the planner cannot estimate a LIKE, so the strategy is chosen from the
 * counts: the starting-with group is an ordered range of the (nome_busca, numero_pessoa) index;
 * the others are read by key from the count's list of persons when few, or by walking the name
 * index in order when many (`ordered`), stopping after the page.
 */
export function searchQuery(tipo: TipoBusca, termo: string, page: number, size: number, count?: Contagem): { query: SQL; ordered: boolean } {
  const offset = page * size;
  if (tipo !== 'RAZAO_SOCIAL') {
    const { where, order } = exato(tipo, valorExato(tipo, termo));
    return { query: sql`select ${COLUMNS} from ${FROM} where ${where} order by ${order} limit ${size} offset ${offset}`, ordered: false };
  }
  // The page may lie wholly in the starting-with group: then the others are not even looked at.
  const others = count ? (count.prefixo >= offset + size ? 0 : count.total - Math.min(count.prefixo, count.total)) : COUNT_CAP + 1;
  const ordered = others > 0 && (count === undefined || count.total > COUNT_CAP);
  // Few matches: the count's list of persons, read by key in a materialized CTE. Inline, the planner
  // walked the name index in order testing each name against the list, since LIMIT looked cheap
  // that way ("souza xavi": 48,000 names read, 235 ms, for 10 of 793).
  const chaves = count?.pessoas !== undefined
    ? sql`select p.numero_pessoa from pessoa p where p.numero_pessoa = any(string_to_array(${count.pessoas ?? ''}, ',')::bigint[])`
    : sql`select p.numero_pessoa from contribuinte_nome p where ${contains(termo)}`;
  const ws = palavrasDoTermo(termo);
  const pp = ordered && ws && count?.candidatos != null && count.candidatos <= CANDIDATOS_POUCOS ? porPalavras(ws) : null;
  const restSource = pp
    ? grupoDe(1, sql`(select numero_pessoa from cand order by nome_busca collate "C", numero_pessoa limit ${offset + size})`, offset + size)
    : ordered
    ? grupoOrdenado(1, sql`${walkContains(termo)} and not (${startsWith(termo)})`, offset + size)
    : sql`select ${COLUMNS}, 1 as grupo, p.nome_busca, p.numero_pessoa as np from k join (${FROM}) on p.numero_pessoa = k.numero_pessoa
        where not (${startsWith(termo)}) order by ${NAME_ORDER} limit ${offset + size}`;
  // The candidates through the word index, every one, in a materialized CTE: inline, the planner
  // would rather walk the name index in order, since LIMIT looks cheap that way.
  const com = pp
    ? sql`with v as materialized (${pp.vocabulario}), cand as materialized (select p.numero_pessoa, p.nome_busca from contribuinte_nome p
        where ${pp.candidatos} and ${like(sql`(p.nome_busca || '')`, termo)} and not (${startsWith(termo)})) `
    : ordered || others === 0 ? sql`` : sql`with k as materialized (${chaves}) `;
  const query = sql`${com}select id, "numeroCaceal", "digitoCaceal", "numeroPessoa", cnpj, "razaoSocial", "situacaoCadastral" from (
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
  if (tipo !== 'RAZAO_SOCIAL') {
    // One round trip: the page with the total on each row, a named prepared statement on PostgreSQL.
    const rows = await EXATAS[tipo](db, { valor: valorExato(tipo, termo), size, offset: page * size });
    // A page past the end has no row to carry the total: count apart (only then).
    const total = rows[0]?.total ?? (page === 0 ? 0 : (await queryPrepared<Contagem>(db, countQuery(tipo, termo)))[0]?.total ?? 0);
    return {
      content: rows.map(({ total: _, ...c }) => c),
      totalElements: Math.min(total, COUNT_CAP),
      totalIsLowerBound: total > COUNT_CAP,
    };
  }
  // A name search: two statements, the count then the page whose strategy the count chose, each a
  // named prepared statement (its text depends on the term's shape, the values are parameters). No
  // planner settings, so no transaction: contribuinte_nome has no parallel workers (migration 0020),
  // which were the plans the settings kept away.
  const c = (await queryPrepared<Contagem>(db, countQuery(tipo, termo, (page + 1) * size)))[0] ?? { total: 0, prefixo: 0 };
  return {
    content: await queryPrepared<ContribuinteEncontrado>(db, searchQuery(tipo, termo, page, size, c).query),
    totalElements: Math.min(c.total, COUNT_CAP),
    totalIsLowerBound: c.total > COUNT_CAP,
  };
}
