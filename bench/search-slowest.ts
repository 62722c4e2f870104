// The slowest name searches of the bench's term mix (bench/termos-busca.ts), each alone: wall time of
// the count and the page as the API runs them, the counts and the strategy, then the EXPLAIN
// (ANALYZE, BUFFERS) of the slowest three (diagnosis).
// Usage: DATABASE_URL=… node --import tsx bench/search-slowest.ts [termsPerKind]
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { countQuery, searchQuery, type Contagem } from '../apps/api/src/modules/contribuinte/busca.js';
import { termosDaBusca } from './termos-busca.js';

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const d = new PgDialect();
const joined = (xs: SQL[]) => xs.map((x) => d.sqlToQuery(x).sql).join('; ');
async function run(q: SQL, settings: SQL[], explain = false) {
  const { sql, params } = d.sqlToQuery(q);
  await client.query(`begin; ${joined(settings)}`);
  const t = performance.now();
  const r = await client.query(explain ? `EXPLAIN (ANALYZE, BUFFERS) ${sql}` : sql, params);
  const ms = performance.now() - t;
  await client.query('commit');
  return { ms, rows: r.rows };
}
const kinds = await termosDaBusca(client, Number(process.argv[2] ?? 40));
const out: { ms: number; line: string; term: string }[] = [];
for (const [kind, terms] of Object.entries(kinds)) {
  for (const term of terms) {
    const c = await run(countQuery('RAZAO_SOCIAL', term, 10), []);
    const cnt = c.rows[0] as Contagem;
    const { query, ordered } = searchQuery('RAZAO_SOCIAL', term, 0, 10, cnt);
    const p = await run(query, []);
    const ms = c.ms + p.ms;
    out.push({ ms, term, line: `${ms.toFixed(1).padStart(6)} count ${c.ms.toFixed(1).padStart(6)} page ${p.ms.toFixed(1).padStart(6)} ${kind.padEnd(24)} total ${cnt.total} prefixo ${cnt.prefixo} ${ordered ? 'ordered' : 'by key'} "${term}"` });
  }
}
out.sort((a, b) => b.ms - a.ms);
console.log(out.slice(0, 15).map((x) => x.line).join('\n'));
for (const { term } of out.slice(0, 3)) {
  const c = await run(countQuery('RAZAO_SOCIAL', term, 10), []);
  const { query } = searchQuery('RAZAO_SOCIAL', term, 0, 10, c.rows[0] as Contagem);
  console.log(`\n== "${term}": count\n${(await run(countQuery('RAZAO_SOCIAL', term, 10), [], true)).rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  console.log(`== "${term}": page\n${(await run(query, [], true)).rows.map((r) => r['QUERY PLAN']).join('\n')}`);
}
await client.end();
