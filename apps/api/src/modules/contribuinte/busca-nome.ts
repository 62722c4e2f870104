import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { abreviacoes, CONECTIVOS, palavrasDaBusca, parentesco, type Parentesco, type PaginaBuscaNome, type TipoAchado } from '@cadastro/domain';
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
 * and read, and never counted (`parecidos` says whether there are any).
 */

/**
 * Groups in order; the first three are all "contains": the name begins with the text (whole words), then
 * holds it as whole words elsewhere ("CIA" before "COMERCIAIS"), then inside a word.
 */
const GRUPOS: readonly TipoAchado[] = ['CONTEM', 'CONTEM', 'CONTEM', 'PALAVRAS', 'VARIANTE', 'APROXIMADO'];
/** The first group after "contains". */
const PARECIDOS = 3;
/** Below this trigram similarity a stored word is not offered as a variant or typo of a typed one. */
const SEMELHANCA = 0.25;
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
    const abrev = abreviacoes(w).flatMap((f) => [f, `${f}.`, `${f},`]);
    const inicio = w.length >= 3 ? sql`palavra like ${`${escapaLike(w)}%`}` : sql`palavra in (${w}, ${`${w}.`}, ${`${w},`})`;
    return sql`(select ${i}::int as i, palavra from nome_vocabulario where ${inicio} order by pessoas desc limit ${FORMAS_MAX})
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
 * A group's condition on contribuinte_nome p; `materializa`: read every candidate by index, sort them,
 * then test `filtro` in name order only until the page is full (the whole-word regex costs ~5 µs a
 * name: on 3,800 candidates of "de comercio", 20 ms); `com`: CTEs the condition reads.
 */
interface Grupo { cond: SQL; filtro?: SQL; materializa?: boolean; com?: SQL; rk?: SQL }

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
async function gruposContem(db: DbOrTx, termo: string, norm: string, contagem: Contagem): Promise<(Grupo | null)[]> {
  if (contagem.total === 0) return [null, null, null];
  const re = `(^|[^a-z0-9])${escapaRegex(norm)}($|[^a-z0-9])`;
  // The name begins with the text: a range of the name index (the clerk typed a name's beginning:
  // CLARA OLIVEIRA MOREIRA before ANA CLARA OLIVEIRA MOREIRA), read before any walk.
  const reInicio = `^${escapaRegex(norm)}($|[^a-z0-9])`;
  const inicio: Grupo = { cond: sql`p.nome_busca collate "C" >= ${norm} and p.nome_busca collate "C" < ${`${norm}\u{10FFFF}`} and p.nome_busca ~ ${reInicio}` };
  const foraDoInicio = sql`not (p.nome_busca ~ ${reInicio})`;
  const porIndice = contagem.candidatos != null && contagem.candidatos <= CANDIDATOS_POUCOS ? candidatosContem(termo) : null;
  if (porIndice) {
    const g = (filtro: SQL): Grupo => ({ com: porIndice.com, cond: porIndice.cond, filtro, materializa: true });
    return [g(sql`p.nome_busca ~ ${reInicio}`), g(sql`p.nome_busca ~ ${re} and ${foraDoInicio}`), g(sql`not (p.nome_busca ~ ${re})`)];
  }
  const comum = contagem.total > COUNT_CAP;
  const contem = comum ? sql`strpos(p.nome_busca, ${norm}) > 0` : sql`p.nome_busca like ${`%${escapaLike(norm)}%`}`;
  const inteira = sql`(case when ${contem} then p.nome_busca ~ ${re} and ${foraDoInicio} else false end)`;
  const resto: Grupo = { cond: sql`${contem} and (case when ${contem} then not (p.nome_busca ~ ${re}) else false end)` };
  const tokens = norm.split(' ');
  if (!comum || tokens.some((w) => !w)) return [inicio, { cond: sql`${contem} and ${inteira}` }, resto];
  const ultimo = tokens.length - 1;
  const partes = tokens.map((w, i) => {
    const cond = i > 0 && i < ultimo ? sql`palavra = ${w}`
      : sql`palavra ~ ${`${i === 0 ? '(^|[^a-z0-9])' : '^'}${escapaRegex(w)}${i === ultimo ? '($|[^a-z0-9])' : '$'}`}`;
    return sql`(select ${i}::int as i, count(*)::int as n, coalesce(sum(pessoas), 0)::int as pessoas, coalesce(array_agg(palavra), '{}') as palavras
      from (select palavra, pessoas from nome_vocabulario where ${cond} limit ${INTEIRAS_MAX}) x)`;
  });
  const porPalavra = await queryPrepared<{ i: number; n: number; pessoas: number; palavras: string[] }>(db, sql.join(partes, sql` union all `));
  const menor = porPalavra.reduce((m, x) => (x.pessoas < m.pessoas ? x : m));
  if (menor.n === 0) return [null, null, resto];
  const poucas = menor.n < INTEIRAS_MAX && menor.pessoas <= CANDIDATOS_POUCOS;
  return [inicio, poucas ? { cond: sql`${PALAVRAS} && ${arr(menor.palavras)}`, filtro: sql`p.nome_busca ~ ${re} and ${foraDoInicio}`, materializa: true } : { cond: sql`${contem} and ${inteira}` }, resto];
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
async function gruposParecidos(db: DbOrTx, norm: string): Promise<(Grupo | null)[]> {
  await db.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(SEMELHANCA)}, true), set_config('pg_trgm.word_similarity_threshold', '0.4', true)`);
  const palavras = palavrasDaBusca(norm);
  const formas = await formasDasPalavras(db, palavras);
  // One word typed: every name whose word starts with it contains it already.
  const soContem = palavras.length === 1 && palavras[0] === norm;
  const variante = alguma(formas, 'VARIANTE');
  const aproximado = alguma(formas, 'APROXIMADO');
  const semContem = sql`not (p.nome_busca like ${`%${escapaLike(norm)}%`})`;
  const rk = classificacao(norm, palavras, formas);
  const g = (cond: SQL | null): Grupo | null => cond && { cond, rk };
  return [
    soContem ? null : g(sql`${todas(formas, ['PALAVRAS'])} and ${semContem}`),
    variante && g(sql`${todas(formas, ['PALAVRAS', 'VARIANTE'])} and ${variante} and not (${todas(formas, ['PALAVRAS'])}) and ${semContem}`),
    aproximado && g(sql`${todas(formas, ['PALAVRAS', 'VARIANTE', 'APROXIMADO'])} and ${aproximado}
      and not (${todas(formas, ['PALAVRAS', 'VARIANTE'])}) and ${semContem}`),
  ];
}

interface Linha {
  rk: number;
  id: number; numeroCaceal: number; digitoCaceal: number; numeroPessoa: number; cnpj: string; razaoSocial: string; situacaoCadastral: string;
  nomeBusca: string;
}

/**
 * Up to `n` registrations of a group after `apos`, in (rank, name, person, CACEAL) order. The persons are
 * walked first (one more than needed: the person of `apos` may have no registration left after it),
 * then their registrations joined by key. The "contains" groups rank every name alike (0), so they walk
 * the name index in order; the others, read through the word index, put the names closest to the whole
 * text first (trigram similarity: fewer words the clerk did not type).
 * A group whose matches are few but scattered (`materializa`) reads them all through the word index
 * first, in a materialized CTE: inline, the planner would walk the name index in order, since LIMIT
 * looks cheap that way.
 */
function paginaDoGrupo(g: Grupo, apos: Apos | null, n: number): SQL {
  const porSemelhanca = g.rk != null;
  const rk = g.rk ?? sql`0`;
  const depois = !apos ? sql``
    : porSemelhanca ? sql`and (${rk}, p.nome_busca collate "C", p.numero_pessoa) >= (${apos.r}::int, ${apos.n}::varchar collate "C", ${apos.p}::bigint)`
    : sql`and (p.nome_busca collate "C", p.numero_pessoa) >= (${apos.n}::varchar collate "C", ${apos.p}::bigint)`;
  const depoisC = apos
    ? sql`where (m.rk, m.nome_busca collate "C", m.numero_pessoa, c.numero_caceal) > (${apos.r}::int, ${apos.n}::varchar collate "C", ${apos.p}::bigint, ${apos.c}::int)`
    : sql``;
  const com = g.materializa ? sql`with ${g.com ? sql`${g.com}, ` : sql``}cand as materialized (select p.numero_pessoa, p.nome_busca from contribuinte_nome p where ${g.cond}) ` : sql``;
  // OFFSET 0: the filter stays above the sort (not pushed down to every candidate).
  const fonte = g.materializa
    ? sql`(select * from cand p where true ${depois} order by p.nome_busca collate "C", p.numero_pessoa offset 0) p where ${g.filtro ?? sql`true`}`
    : sql`contribuinte_nome p where ${g.cond} ${depois}`;
  return sql`${com}select m.rk, c.id, c.numero_caceal as "numeroCaceal", c.digito_caceal as "digitoCaceal", c.numero_pessoa as "numeroPessoa",
      pe.numero_documento as cnpj, pe.nome as "razaoSocial", (select s.descricao from ref_situacao_cadastral s where s.id = c.situacao_id) as "situacaoCadastral",
      m.nome_busca as "nomeBusca"
    from (select p.numero_pessoa, p.nome_busca, ${rk} as rk from ${fonte}
      order by ${porSemelhanca ? sql`rk, ` : sql``}p.nome_busca collate "C", p.numero_pessoa limit ${n + 1}) m
    join pessoa pe on pe.numero_pessoa = m.numero_pessoa join contribuinte c on c.numero_pessoa = m.numero_pessoa
    ${depoisC} order by m.rk, m.nome_busca collate "C", m.numero_pessoa, c.numero_caceal limit ${n}`;
}

/** With no match: up to five names closest to the whole text ("Você quis dizer…"). */
async function sugestoes(db: DbOrTx, norm: string): Promise<string[]> {
  const rows = await query<{ nome: string }>(db, sql`select pe.nome from (select p.numero_pessoa, p.nome_busca <<-> ${norm} as d from contribuinte_nome p
      where ${norm} <% p.nome_busca order by p.nome_busca <<-> ${norm} limit 5) m join pessoa pe on pe.numero_pessoa = m.numero_pessoa order by m.d, pe.nome`);
  return [...new Set(rows.map((r) => r.nome))];
}

export async function buscarPorNome(db: Db, termo: string, size: number, aposTexto?: string): Promise<PaginaBuscaNome> {
  const apos = aposTexto ? decodifica(aposTexto) : null;
  const t = termo.trim();
  const norm = normalizaNoApp(t) ?? (await queryOne<{ n: string }>(db, sql`select lower(public.unaccent('public.unaccent'::regdictionary, ${t})) as n`))!.n;
  // The "contains" part as the §7 search runs it: named prepared statements (their text depends on the
  // term's shape alone), no transaction.
  const contagem = (await queryPrepared<Contagem>(db, countQuery('RAZAO_SOCIAL', t)))[0] ?? { total: 0, prefixo: 0 };
  const linhas: (Linha & { k: number })[] = [];
  const le = async (dbx: DbOrTx, grupos: (Grupo | null)[], de: number) => {
    for (let k = Math.max(apos?.k ?? 0, de); k < de + grupos.length && linhas.length <= size; k++) {
      const g = grupos[k - de];
      if (!g) continue;
      const rows = await queryPrepared<Linha>(dbx, paginaDoGrupo(g, apos && apos.k === k ? apos : null, size + 1 - linhas.length));
      linhas.push(...rows.map((r) => ({ ...r, k })));
    }
  };
  if ((apos?.k ?? 0) < PARECIDOS) await le(db, await gruposContem(db, t, norm, contagem), 0);
  // The rest only once this page reaches the end of the "contains" matches; the trigram thresholds
  // are set for that transaction alone.
  const alcancou = linhas.length <= size;
  let sugeridos: string[] = [];
  if (alcancou) {
    await db.transaction(async (tx) => {
      await le(tx, await gruposParecidos(tx, norm), PARECIDOS);
      if (!linhas.length && !apos) sugeridos = await sugestoes(tx, norm);
    });
  }
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
