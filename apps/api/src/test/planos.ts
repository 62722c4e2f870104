import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { queryOne } from '../db/consulta.js';

/** A node of PostgreSQL's EXPLAIN (FORMAT JSON). */
interface No { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; 'Rows Removed by Filter'?: number; Plans?: No[] }

const nos = (n: No): No[] => [n, ...(n.Plans ?? []).flatMap(nos)];

/**
 * The plans of the statements a function sends (issue 40: a fix that is a plan is tested on the plan):
 * `db` runs each statement on the real database after running it under EXPLAIN ANALYZE, whose plan
 * `planos` keeps. Reads only (an EXPLAIN ANALYZE executes the statement).
 */
export function comPlanos<D extends DbOrTx>(real: D): { db: D; planos: No[] } {
  const planos: No[] = [];
  const db = new Proxy(real, {
    get(alvo, prop, receptor) {
      if (prop !== 'execute') return Reflect.get(alvo, prop, receptor) as unknown;
      return async (s: SQL) => {
        const r = await queryOne<{ 'QUERY PLAN': [{ Plan: No }] }>(alvo, sql`explain (analyze, format json) ${s}`);
        planos.push(r!['QUERY PLAN'][0].Plan);
        return alvo.execute(s);
      };
    },
  });
  return { db, planos };
}

/**
 * Rows the plans read from `tabela`'s heap (sequential, index and bitmap scans; an index-only scan reads
 * the index): the rows each such node returned or filtered out, times its loops.
 */
export const linhasLidas = (planos: No[], tabela: string) =>
  planos.flatMap(nos).filter((n) => n['Relation Name'] === tabela && n['Node Type'] !== 'Index Only Scan')
    .reduce((s, n) => s + (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0)) * n['Actual Loops'], 0);
