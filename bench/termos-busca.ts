// The name-search terms of the benches, drawn FROM THE DATA (issue #20): the kinds of text a clerk
// really types, dozens of each, and the naive SQL every answer is checked against.
import type pg from 'pg';

export const plain = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
/** Connectives: what a clerk types between words, never the word a fragment stands for. */
const CONECTIVOS = new Set(['e', 'de', 'do', 'da', 'dos', 'das', 'em', 'na', 'no', 'nas', 'nos', 'para', 'com', 'sem', 'por', 'a', 'o', 'as', 'os', 'ao', '&']);
/** A word carried by at least this many persons is "very common" (the generated data: ~1,350 words). */
const COMUM = 20_000;

/** A deterministic shuffle (same terms run after run): mulberry32. */
function embaralhar<T>(xs: T[], seed: number): T[] {
  let a = seed;
  const rnd = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
/**
 * `n` distinct terms in a fixed random order, at most `porPrimeira` with the same first word: the ~20
 * surnames of the generated data are in 135,000 names each and would otherwise crowd out the
 * activity words ("comercio vare", "material de").
 */
function distintos(xs: (string | null)[], n: number, seed: number, porPrimeira = Infinity) {
  const vistos = new Map<string, number>();
  return embaralhar([...new Set(xs.filter((x): x is string => !!x))], seed).filter((t) => {
    const w = t.split(' ')[0]!;
    vistos.set(w, (vistos.get(w) ?? 0) + 1);
    return vistos.get(w)! <= porPrimeira;
  }).slice(0, n);
}

export type TipoDeTermo = 'rare' | 'common' | 'common word + start' | 'two common words' | 'surname + start of name';

/**
 * `n` terms of each kind, typed in lower case without accents as clerks do:
 * - rare: the first two words of a company's name;
 * - common: a single very common word of the vocabulary;
 * - common word + start: a very common whole word and the first 2–4 letters of the word after it
 *   ("material cons");
 * - two common words: two adjacent whole words, each very common ("comercio varejista");
 * - surname + start of name: a surname of a person's name and the start of the next name ("silva sou").
 */
export async function termosDaBusca(client: pg.Client, n: number): Promise<Record<TipoDeTermo, string[]>> {
  const sample = async (q: string) => (await client.query(q)).rows.map((r) => String(Object.values(r)[0]));
  const voc = new Map<string, number>(
    (await client.query(`select palavra, pessoas from nome_vocabulario where pessoas >= ${COMUM}`)).rows.map((r) => [String(r.palavra), Number(r.pessoas)]),
  );
  const comum = (w: string | undefined) => !!w && voc.has(w);
  const empresas = (await sample(`select p.nome_busca from contribuinte c tablesample system (2) repeatable (20)
    join pessoa p on p.numero_pessoa = c.numero_pessoa where p.tipo = 'J' limit 20000`)).map((s) => s.split(' '));
  const pessoas = (await sample(`select nome_busca from pessoa tablesample system (1) repeatable (20) where tipo = 'F' limit 5000`)).map((s) => s.split(' '));
  const pares = (ws: string[], f: (a: string, b: string, i: number) => string | null) => ws.slice(0, -1).map((a, i) => f(a, ws[i + 1]!, i));
  const inicio = (w: string, i: number) => w.slice(0, 2 + (i % 3));
  return {
    rare: distintos(empresas.map((ws) => ws.slice(0, 2).join(' ')), n, 1),
    common: distintos(embaralhar([...voc.keys()], 2).filter((w) => w.length >= 3 && !CONECTIVOS.has(w)), n, 2),
    'common word + start': distintos(
      empresas.flatMap((ws) => pares(ws, (a, b, i) => (comum(a) && !CONECTIVOS.has(a) && b.length >= 5 && !CONECTIVOS.has(b) ? `${a} ${inicio(b, i)}` : null))), n, 3, 2),
    'two common words': distintos(empresas.flatMap((ws) => pares(ws, (a, b) => (comum(a) && comum(b) ? `${a} ${b}` : null))), n, 4, 3),
    'surname + start of name': distintos(pessoas.map((ws) => (ws.length >= 3 && ws[2]!.length >= 4 ? `${ws[1]} ${inicio(ws[2]!, ws[2]!.length)}` : null)), n, 5),
  };
}

/** Escapes LIKE's special characters of the normalized, trimmed term. */
const padrao = `'%' || replace(replace(replace(cadastro_normaliza(trim($1)), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;

/**
 * What the search must answer, the naive way (every match found and sorted): the capped total and
 * the page's registrations in order. Seconds per term at 1,000,000 taxpayers: only to check.
 */
export async function ingenuo(client: pg.Client, termo: string, page: number, size: number) {
  const r = await client.query(
    `with m as (select c.id, p.nome_busca, p.numero_pessoa, c.numero_caceal,
        p.nome_busca collate "C" like replace(replace(replace(cadastro_normaliza(trim($1)), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' as inicio
      from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where p.nome_busca like ${padrao})
    select (select least(count(*), 1001)::int from m) as total,
      (select coalesce(array_agg(id), '{}') from (select id from m order by inicio desc, nome_busca collate "C", numero_pessoa, numero_caceal
        limit $2 offset $3) x) as ids`,
    [termo, size, page * size],
  );
  const row = r.rows[0] as { total: number; ids: number[] };
  return { total: row.total, ids: row.ids.map(Number) };
}
