import { is, SQL, sql } from 'drizzle-orm';

/**
 * A list's order both ways: `crescente` as the screen shows it, `inversa` the same columns each
 * flipped (asc ⇄ desc; PostgreSQL's default nulls follow: last ascending, first descending), so an
 * index serving one serves the other backwards. The order must be total (end in a unique column).
 */
export interface Ordem { crescente: SQL; inversa: SQL }

/**
 * How to read page `page` of `size` rows of a list of `total` rows (issue #40 §2): from the nearer
 * end, so the last page costs what the first does (an offset walks every row it skips). `pular`
 * rows are skipped in the order `inversa` says, `limite` read; read backwards, the rows are reversed
 * to the list's order (`desvirar`). A page past the end reads nothing (null).
 */
export function leituraDaPagina(total: number, page: number, size: number): { inversa: boolean; limite: number; pular: number } | null {
  const inicio = page * size;
  if (inicio >= total) return null;
  const fim = Math.min(inicio + size, total);
  return inicio <= total - fim ? { inversa: false, limite: size, pular: inicio } : { inversa: true, limite: fim - inicio, pular: total - fim };
}

/** Reads the page `leituraDaPagina` planned with `ler(ordem, limite, pular)`; its rows in the list's order. */
export async function lerPagina<T>(ordem: Ordem, total: number, page: number, size: number, ler: (ordem: SQL, limite: number, pular: number) => Promise<T[]>): Promise<T[]> {
  const l = leituraDaPagina(total, page, size);
  if (!l) return [];
  const linhas = await ler(l.inversa ? ordem.inversa : ordem.crescente, l.limite, l.pular);
  return l.inversa ? linhas.reverse() : linhas;
}

/** A descending column of `ordem`. */
export const desc = (coluna: SQL) => ({ desc: coluna });

/** The order of `colunas` (`desc(x)` for a descending one) and its inverse. */
export function ordem(...colunas: (SQL | { desc: SQL })[]): Ordem {
  const cols = colunas.map((c) => (is(c, SQL) ? { expr: c, desce: false } : { expr: c.desc, desce: true }));
  const lado = (inverter: boolean) => sql.join(cols.map((c) => (c.desce !== inverter ? sql`${c.expr} desc` : c.expr)), sql`, `);
  return { crescente: lado(false), inversa: lado(true) };
}
