import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { abreviacoes, CONECTIVOS, palavrasDaBusca, parentesco, soDigitos, type Parentesco, type PaginaBuscaNome, type TipoAchado } from '@cadastro/domain';
import type { Db, DbOrTx } from '../../db/client.js';
import { query, queryOne, queryPrepared } from '../../db/consulta.js';
import { badRequest } from '../../platform/errors/problem.js';
import { CANDIDATOS_POUCOS, candidatosContem, COUNT_CAP, countQuery, type Contagem } from './busca.js';
import { normalizaNoApp } from './normaliza.js';

/**
 * The name search screen (#43, #40 §2): the §7 "contains" matches first, then names that carry every
 * typed word in any order, then spelling/sound/abbreviation variants, then typos. Each group is a
 * condition on contribuinte_nome (persons with a registration) read in name order; pages follow a
 * keyset (group, name, person, CACEAL), so every row is reachable however many there are. The typed
 * words become whole words of nome_vocabulario (trigram-indexed, kept by the person triggers), which
 * the name's word index (contribuinte_nome_palavras_idx) answers: no new index, nothing more to write.
 * Speed: a page costs what the §7 search costs (its capped count, then the "contains" rows by the same
 * indexes) until it reaches the end of the "contains" matches; only then are the other groups built
 * (one vocabulary lookup) and read, and never counted (`parecidos` says whether there are any). A page
 * is one statement for all its groups, with no transaction (the trigram threshold is the connection's):
 * three round trips at most when anything matches, where one a group and a transaction were 8–11.
 */

/**
 * Groups in order; the first three are all "contains": the name begins with the text (whole words), then
 * holds it as whole words elsewhere ("CIA" before "COMERCIAIS"), then inside a word.
 */
const GRUPOS: readonly TipoAchado[] = ['CONTEM', 'CONTEM', 'CONTEM', 'PALAVRAS', 'VARIANTE', 'APROXIMADO'];
/** The first group after "contains". */
const PARECIDOS = 3;
/**
 * Stored words a typed word may stand for, at most, per source (beginning with it: the commonest
 * first; similar by trigrams: the closest first): "sil" alone begins hundreds of words, each one more
 * posting list to read for every group.
 */
const FORMAS_MAX = 200;

const Apos = z.object({ k: z.number().int().min(0).max(GRUPOS.length - 1), r: z.number().int().default(0), n: z.string().max(150), p: z.number().int(), c: z.number().int() });
type Apos = z.infer<typeof Apos>;
const codifica = (a: Apos) => Buffer.from(JSON.stringify(a)).toString('base64url');
function decodifica(texto: string): Apos {
  try {
    return Apos.parse(JSON.parse(Buffer.from(texto, 'base64url').toString()));
  } catch {
    throw badRequest('Posição de página inválida.', { fieldErrors: [{ objectName: 'busca', field: 'apos', message: 'invalido' }] });
  }
}

const escapaLike = (n: string) => n.replace(/[\\%_]/g, '\\$&');
const escapaRegex = (n: string) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PALAVRAS = sql`string_to_array(p.nome_busca::text, ' ')`;
/** A text array as ONE parameter (drizzle spreads a JS array into a list); words never hold chr(1). */
const arr = (xs: Iterable<string>) => sql`string_to_array(${[...xs].join('\u0001')}::text, chr(1))`;

/** Per typed word, the stored words it stands for, by kind (each a superset of the kinds before it). */
type Formas = Record<Parentesco, Set<string>>;

/**
 * The vocabulary's words that begin with each typed word (3+ letters; shorter ones exactly), its
 * abbreviation forms (bare, with a dot or a comma) and the words similar by trigrams; the domain's
 * `parentesco` then says which kind each is.
 */
async function formasDasPalavras(db: DbOrTx, palavras: string[]): Promise<Formas[]> {
  const partes = palavras.map((w, i) => {
    const inicio = w.length >= 3 ? sql`palavra like ${`${escapaLike(w)}%`}` : sql`palavra in (${w}, ${`${w}.`}, ${`${w},`})`;
    const comeca = sql`(select ${i}::int as i, palavra from nome_vocabulario where ${inicio} order by pessoas desc limit ${FORMAS_MAX})`;
    // A number only begins stored ones (soDigitos): and its trigrams ('  7', ' 78') are in every CPF of the vocabulary.
    if (soDigitos(w)) return comeca;
    const abrev = abreviacoes(w).flatMap((f) => [f, `${f}.`, `${f},`]);
    // `%`: pg_trgm.similarity_threshold, the connection's own (db/sessao.ts).
    return sql`${comeca}
      union all (select ${i}, palavra from nome_vocabulario where palavra = any(${arr(abrev)}))
      union all (select ${i}, palavra from nome_vocabulario where palavra % ${w} order by similarity(palavra, ${w}) desc limit ${FORMAS_MAX})`;
  });
  const rows = await query<{ i: number; palavra: string }>(db, sql.join(partes, sql` union all `));
  const formas = palavras.map((): Formas => ({ PALAVRAS: new Set(), VARIANTE: new Set(), APROXIMADO: new Set() }));
  for (const { i, palavra } of rows) {
    const tipo = parentesco(palavras[i]!, palavra);
    if (tipo) formas[i]![tipo].add(palavra);
  }
  return formas;
}

/** Every typed word matches one of its stored forms up to `ate`. */
const todas = (formas: Formas[], ate: Parentesco[]) =>
  sql.join(formas.map((f) => sql`${PALAVRAS} && ${arr(ate.flatMap((t) => [...f[t]]))}`), sql` and `);
/** Some typed word matches a form of exactly kind `t` (what makes a row belong to that group). */
const alguma = (formas: Formas[], t: Parentesco) => {
  const com = formas.filter((f) => f[t].size);
  return com.length ? sql`(${sql.join(com.map((f) => sql`${PALAVRAS} && ${arr(f[t])}`), sql` or `)})` : null;
};

/**
 * A group: its condition on contribuinte_nome p, or `cand`, a materialized CTE that read every candidate
 * by index; those are sorted, then `filtro` tested in name order only until the page is full (the
 * whole-word regex costs ~5 µs a name: on 3,800 candidates of "de comercio", 20 ms).
 */
interface Grupo { cond?: SQL; cand?: string; filtro?: SQL; rk?: SQL }
/** Groups in their order, and the CTEs they read (`com`: each runs once, and only if a group reading it does). */
interface Grupos { com: SQL[]; grupos: (Grupo | null)[] }
const CAND = 'cand';
const candidatos = (cond: SQL) => sql`${sql.raw(CAND)} as materialized (select p.numero_pessoa, p.nome_busca from contribuinte_nome p where ${cond})`;

/** Whole-word candidates read through the word index up to this many (the vocabulary's lookup returns no more). */
const INTEIRAS_MAX = 500;

/**
 * The three "contains" groups (beginning, whole word, inside a word), read as the §7 search reads them. When the count says few names carry the
 * term's words or pairs (the old search's threshold), the word or pair index reads them all and they
 * are sorted; else a rarer text (≤ COUNT_CAP) goes by the trigram index, and a common one walks the name
 * index in order (strpos, which the planner estimates as common, so it stops after the page; a LIKE it
 * believes rare would read every match and sort them) — the whole-word regex only on names that contain
 * the text (CASE: the planner would run the costlier regex first, on every name walked). In that walk the
 * whole-word group may be rare ("cia" among the COMERCIAIS) or empty ("comercio vare": no word is
 * "vare"): the vocabulary says, per typed word, which stored words it can be as a whole word (the first
 * may end, the last may begin a punctuated word) and how many names carry them; none → empty, few →
 * the word index reads them all, else the walk.
 */
async function gruposContem(db: DbOrTx, termo: string, norm: string, contagem: Contagem): Promise<Grupos> {
  if (contagem.total === 0) return { com: [], grupos: [null, null, null] };
  const re = `(^|[^a-z0-9])${escapaRegex(norm)}($|[^a-z0-9])`;
  // The name begins with the text: a range of the name index (the clerk typed a name's beginning:
  // CLARA OLIVEIRA MOREIRA before ANA CLARA OLIVEIRA MOREIRA), read before any walk.
  const reInicio = `^${escapaRegex(norm)}($|[^a-z0-9])`;
  const inicio: Grupo = { cond: sql`p.nome_busca collate "C" >= ${norm} and p.nome_busca collate "C" < ${`${norm}\u{10FFFF}`} and p.nome_busca ~ ${reInicio}` };
  const foraDoInicio = sql`not (p.nome_busca ~ ${reInicio})`;
  const porIndice = contagem.candidatos != null && contagem.candidatos <= CANDIDATOS_POUCOS ? candidatosContem(termo) : null;
  if (porIndice) {
    // The three groups read the same candidates: read once.
    const g = (filtro: SQL): Grupo => ({ cand: CAND, filtro });
    return { com: [porIndice.com, candidatos(porIndice.cond)], grupos: [g(sql`p.nome_busca ~ ${reInicio}`), g(sql`p.nome_busca ~ ${re} and ${foraDoInicio}`), g(sql`not (p.nome_busca ~ ${re})`)] };
  }
  const comum = contagem.total > COUNT_CAP;
  const contem = comum ? sql`strpos(p.nome_busca, ${norm}) > 0` : sql`p.nome_busca like ${`%${escapaLike(norm)}%`}`;
  const inteira = sql`(case when ${contem} then p.nome_busca ~ ${re} and ${foraDoInicio} else false end)`;
  const resto: Grupo = { cond: sql`${contem} and (case when ${contem} then not (p.nome_busca ~ ${re}) else false end)` };
  const tokens = norm.split(' ');
  if (!comum || tokens.some((w) => !w)) return { com: [], grupos: [inicio, { cond: sql`${contem} and ${inteira}` }, resto] };
  const ultimo = tokens.length - 1;
  // Every typed word is a condition every match meets, so any one of them bounds the group. A connective
  // at either end is left out when another word remains: a word every registry holds can neither prove
  // the group empty nor be its rarest, and "e" alone has no trigram for the index (its scan of the
  // vocabulary: 8–24 ms at 500,000). Any other word stays: "comercio va" is proved empty by "va" alone,
  // where the walk would read every name.
  const dispensavel = tokens.map((w, i) => (i === 0 || i === ultimo) && CONECTIVOS.has(w));
  const consultar = dispensavel.every(Boolean) ? tokens.map(() => true) : dispensavel.map((d) => !d);
  const partes = tokens.flatMap((w, i) => {
    if (!consultar[i]) return [];
    // The LIKE is the regex's superset the trigram index reads (a regex ending a word has no prefix to look up).
    const cond = i > 0 && i < ultimo ? sql`palavra = ${w}`
      : sql`palavra like ${`${i === 0 ? '%' : ''}${escapaLike(w)}${i === ultimo ? '%' : ''}`}
        and palavra ~ ${`${i === 0 ? '(^|[^a-z0-9])' : '^'}${escapaRegex(w)}${i === ultimo ? '($|[^a-z0-9])' : '$'}`}`;
    return [sql`(select ${i}::int as i, count(*)::int as n, coalesce(sum(pessoas), 0)::int as pessoas, coalesce(array_agg(palavra), '{}') as palavras
      from (select palavra, pessoas from nome_vocabulario where ${cond} limit ${INTEIRAS_MAX}) x)`];
  });
  const porPalavra = await queryPrepared<{ i: number; n: number; pessoas: number; palavras: string[] }>(db, sql.join(partes, sql` union all `));
  const menor = porPalavra.reduce((m, x) => (x.pessoas < m.pessoas ? x : m));
  if (menor.n === 0) return { com: [], grupos: [null, null, resto] };
  const poucas = menor.n < INTEIRAS_MAX && menor.pessoas <= CANDIDATOS_POUCOS;
  if (!poucas) return { com: [], grupos: [inicio, { cond: sql`${contem} and ${inteira}` }, resto] };
  return { com: [candidatos(sql`${PALAVRAS} && ${arr(menor.palavras)}`)], grupos: [inicio, { cand: CAND, filtro: sql`p.nome_busca ~ ${re} and ${foraDoInicio}` }, resto] };
}

/**
 * A name's words a clerk types: connectives and a MEI's CPF (the trailing 11 digits) aside. Array
 * removals, not a regex count: on the 6,206 candidates of "comercio limitada" (500,000), 5 ms against 12.
 */
const palavrasDoNome = () => sql`cardinality(${[...CONECTIVOS].reduce((a, c) => sql`array_remove(${a}, ${c}::text)`, PALAVRAS)}) - (p.nome_busca ~ ' [0-9]{11}$')::int`;
/** Variant and typo forms per typed word the order test looks for (they are few: the vocabulary's closest). */
const FORMAS_ORDEM = 40;

/**
 * How well a name of the later groups matches, lower first (#43): every group holds names with every
 * typed word, so what tells them apart is, in this order, how many words the name has that the clerk
 * did not type (connectives and a MEI's CPF aside: JOÃO PEDRO REIS SOUZA before JOÃO PEDRO REIS SOUZA
 * MODAS), whether the typed words come in the name's order (MOREIRA & BARROS before BARROS & MOREIRA),
 * how many typed words are only the beginning of a word, then the trigram similarity to the whole text
 * (the CPF aside too: its digits would put every MEI after the other names).
 * One integer, so that the keyset (rank, name, person, CACEAL) stays a total order. Computed on the
 * group's candidates only (read by the word index), a regex or two each.
 */
function classificacao(norm: string, palavras: string[], formas: Formas[]): SQL {
  const digitadas = norm.split(/\s+/).filter((w) => w && !CONECTIVOS.has(w)).length || palavras.length;
  const extras = sql`greatest(0, ${palavrasDoNome()} - ${digitadas}::int)`;
  const alternativas = palavras.map((w, i) => [`${escapaRegex(w)}[^ ]*`, ...[...formas[i]!.VARIANTE, ...formas[i]!.APROXIMADO].slice(0, FORMAS_ORDEM).map(escapaRegex)].join('|'));
  const desordem = palavras.length > 1
    ? sql`(p.nome_busca !~ ${`(^| )${alternativas.map((a) => `(?:${a})`).join('[^ ]* (.* )?')}`})::int` : sql`0`;
  // A whole word, bare or followed by a dot or comma (as the stored words are split): array overlap, cheaper than a regex.
  const parciais = sql.join(palavras.map((w) => sql`(not (${PALAVRAS} && ${arr([w, `${w}.`, `${w},`])}))::int`), sql` + `);
  return sql`(10000 * least(${extras}, 9) + 1000 * ${desordem} + 100 * least(${parciais}, 9) + 99 - round(similarity(regexp_replace(p.nome_busca, ' [0-9]{11}$', ''), ${norm}) * 99))::int`;
}

/** The groups after "contains": every word in any order, variants, typos (built only when a page reaches them). */
async function gruposParecidos(db: DbOrTx, norm: string): Promise<Grupos> {
  const palavras = palavrasDaBusca(norm);
  const formas = await formasDasPalavras(db, palavras);
  // One word typed: every name whose word starts with it contains it already.
  const soContem = palavras.length === 1 && palavras[0] === norm;
  const variante = alguma(formas, 'VARIANTE');
  const aproximado = alguma(formas, 'APROXIMADO');
  const semContem = sql`not (p.nome_busca like ${`%${escapaLike(norm)}%`})`;
  const rk = classificacao(norm, palavras, formas);
  const g = (cond: SQL | null): Grupo | null => cond && { cond, rk };
  return { com: [], grupos: [
    soContem ? null : g(sql`${todas(formas, ['PALAVRAS'])} and ${semContem}`),
    variante && g(sql`${todas(formas, ['PALAVRAS', 'VARIANTE'])} and ${variante} and not (${todas(formas, ['PALAVRAS'])}) and ${semContem}`),
    aproximado && g(sql`${todas(formas, ['PALAVRAS', 'VARIANTE', 'APROXIMADO'])} and ${aproximado}
      and not (${todas(formas, ['PALAVRAS', 'VARIANTE'])}) and ${semContem}`),
  ] };
}

interface Linha {
  rk: number;
  id: number; numeroCaceal: number; digitoCaceal: number; numeroPessoa: number; cnpj: string; razaoSocial: string; situacaoCadastral: string;
  nomeBusca: string;
}

/**
 * Up to `n` registrations of group `k` after `apos`, in (rank, name, person, CACEAL) order. The persons are
 * walked first (one more than needed: the person of `apos` may have no registration left after it),
 * then their registrations joined by key. The "contains" groups rank every name alike (0), so they walk
 * the name index in order; the others, read through the word index, put the names closest to the whole
 * text first (`classificacao`).
 * A group whose matches are few but scattered (`cand`) has read them all through the word index first,
 * in a materialized CTE: inline, the planner would walk the name index in order, since LIMIT looks
 * cheap that way.
 */
function paginaDoGrupo(g: Grupo, k: number, apos: Apos | null, n: number): SQL {
  const porSemelhanca = g.rk != null;
  const rk = g.rk ?? sql`0`;
  const depois = !apos ? sql``
    : porSemelhanca ? sql`and (${rk}, p.nome_busca collate "C", p.numero_pessoa) >= (${apos.r}::int, ${apos.n}::varchar collate "C", ${apos.p}::bigint)`
    : sql`and (p.nome_busca collate "C", p.numero_pessoa) >= (${apos.n}::varchar collate "C", ${apos.p}::bigint)`;
  const depoisC = apos
    ? sql`where (m.rk, m.nome_busca collate "C", m.numero_pessoa, c.numero_caceal) > (${apos.r}::int, ${apos.n}::varchar collate "C", ${apos.p}::bigint, ${apos.c}::int)`
    : sql``;
  // OFFSET 0: the filter stays above the sort (not pushed down to every candidate).
  const fonte = g.cand
    ? sql`(select * from ${sql.raw(g.cand)} p where true ${depois} order by p.nome_busca collate "C", p.numero_pessoa offset 0) p where ${g.filtro ?? sql`true`}`
    : sql`contribuinte_nome p where ${g.cond ?? sql`true`} ${depois}`;
  return sql`select ${sql.raw(String(k))} as k, m.rk, c.id, c.numero_caceal as "numeroCaceal", c.digito_caceal as "digitoCaceal", c.numero_pessoa as "numeroPessoa",
      pe.numero_documento as cnpj, pe.nome as "razaoSocial", (select s.descricao from ref_situacao_cadastral s where s.id = c.situacao_id) as "situacaoCadastral",
      m.nome_busca as "nomeBusca"
    from (select p.numero_pessoa, p.nome_busca, ${rk} as rk from ${fonte}
      order by ${porSemelhanca ? sql`rk, ` : sql``}p.nome_busca collate "C", p.numero_pessoa limit ${n + 1}) m
    join pessoa pe on pe.numero_pessoa = m.numero_pessoa join contribuinte c on c.numero_pessoa = m.numero_pessoa
    ${depoisC} order by m.rk, m.nome_busca collate "C", m.numero_pessoa, c.numero_caceal limit ${n}`;
}

/**
 * The first `n` registrations of the groups from `apos` on, in ONE statement: each group a branch of a
 * UNION ALL under one LIMIT. A plain Append runs its branches in order and the LIMIT stops it, so a
 * group past a full page is never read (nor the CTEs only it reads) — what the one-statement-a-group
 * loop did, without its round trips and with the candidates read once for the three "contains" groups.
 */
function paginaDosGrupos(partes: { de: number; grupos: Grupos }[], apos: Apos | null, n: number): SQL | null {
  const ramos = partes.flatMap(({ de, grupos }) => grupos.grupos.flatMap((g, i) => {
    const k = de + i;
    return g && k >= (apos?.k ?? 0) ? [sql`(${paginaDoGrupo(g, k, apos?.k === k ? apos : null, n)})`] : [];
  }));
  if (!ramos.length) return null;
  const com = partes.flatMap((p) => p.grupos.com);
  return sql`${com.length ? sql`with ${sql.join(com, sql`, `)} ` : sql``}select * from (${sql.join(ramos, sql` union all `)}) u limit ${n}`;
}

/**
 * Names a "Você quis dizer…" ranks at most: a common word makes most names close to the text ("comercio va":
 * 24,726 at 500,000, 260 ms to rank them all); a typo of a rarer name has fewer, all ranked.
 */
const SUGESTOES_CANDIDATAS = 500;
const sugestoesAte = (db: DbOrTx, norm: string) => query<{ nome: string }>(db, sql`select pe.nome from (select c.numero_pessoa, c.nome_busca <<-> ${norm} as d
    from (select p.numero_pessoa, p.nome_busca from contribuinte_nome p where ${norm} <% p.nome_busca limit ${SUGESTOES_CANDIDATAS}) c
    order by d, c.numero_pessoa limit 5) m join pessoa pe on pe.numero_pessoa = m.numero_pessoa order by m.d, pe.nome`);
/**
 * With no match: up to five names closest to the whole text ("Você quis dizer…"). First those at pg_trgm's
 * word similarity (0.6); none, then down to 0.4 (for that transaction alone), which most typos need.
 */
async function sugestoes(db: Db, norm: string): Promise<string[]> {
  let rows = await sugestoesAte(db, norm);
  if (!rows.length) {
    rows = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.4', true)`);
      return sugestoesAte(tx, norm);
    });
  }
  return [...new Set(rows.map((r) => r.nome))];
}

export async function buscarPorNome(db: Db, termo: string, size: number, aposTexto?: string): Promise<PaginaBuscaNome> {
  const apos = aposTexto ? decodifica(aposTexto) : null;
  const t = termo.trim();
  const norm = normalizaNoApp(t) ?? (await queryOne<{ n: string }>(db, sql`select lower(public.unaccent('public.unaccent'::regdictionary, ${t})) as n`))!.n;
  // The "contains" part as the §7 search runs it: named prepared statements (their text depends on the
  // term's shape alone), no transaction.
  const contagem = (await queryPrepared<Contagem>(db, countQuery('RAZAO_SOCIAL', t)))[0] ?? { total: 0, prefixo: 0 };
  const de = apos?.k ?? 0;
  const contem = de < PARECIDOS ? { de: 0, grupos: await gruposContem(db, t, norm, contagem) } : null;
  // The later groups cost a vocabulary lookup: built only for a page that reaches the end of the
  // "contains" matches. A first page knows it from the count (the three groups are exactly the
  // counted names); a later page inside them finds out by reading.
  const parecidos = async () => ({ de: PARECIDOS, grupos: await gruposParecidos(db, norm) });
  let depois = de >= PARECIDOS || (!apos && contagem.total <= size) ? await parecidos() : null;
  const le = async (partes: { de: number; grupos: Grupos }[], n: number): Promise<(Linha & { k: number })[]> => {
    const q = paginaDosGrupos(partes, apos, n);
    return q ? queryPrepared<Linha & { k: number }>(db, q) : [];
  };
  const linhas = await le([...(contem ? [contem] : []), ...(depois ? [depois] : [])], size + 1);
  const alcancou = linhas.filter((l) => l.k < PARECIDOS).length <= size;
  if (alcancou && !depois) {
    depois = await parecidos();
    linhas.push(...(await le([depois], size + 1 - linhas.length)));
  }
  const sugeridos = !linhas.length && !apos ? await sugestoes(db, norm) : [];
  const pagina = linhas.slice(0, size);
  const ultima = pagina.at(-1);
  return {
    content: pagina.map(({ k, nomeBusca: _, rk: __, ...r }) => ({ ...r, numeroPessoa: Number(r.numeroPessoa), tipo: GRUPOS[k]! })),
    proximo: linhas.length > size && ultima ? codifica({ k: ultima.k, r: ultima.rk, n: ultima.nomeBusca, p: Number(ultima.numeroPessoa), c: ultima.numeroCaceal }) : null,
    total: Math.min(contagem.total, COUNT_CAP),
    totalIsLowerBound: contagem.total > COUNT_CAP,
    parecidos: alcancou ? linhas.some((l) => l.k >= PARECIDOS) : null,
    sugestoes: sugeridos,
  };
}
