// EXPLAIN (ANALYZE, BUFFERS) of the name search of the given terms, the count (COUNT=1) and the page,
// as the API runs them (diagnosis). Usage: DATABASE_URL=… [COUNT=1] node --import tsx bench/search-plan.ts "term" …
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { countQuery, searchQuery, type Contagem } from '../apps/api/src/modules/contribuinte/busca.js';
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const d = new PgDialect();
const joined = (xs: SQL[]) => xs.map((x) => d.sqlToQuery(x).sql).join('; ');
async function run(q: SQL, settings: SQL[], explain = false) {
  const { sql, params } = d.sqlToQuery(q);
  await client.query(`begin; ${joined(settings)}`);
  const r = await client.query(explain ? `EXPLAIN (ANALYZE, BUFFERS) ${sql}` : sql, params);
  await client.query('commit');
  return r.rows;
}
for (const term of process.argv.slice(2)) {
  const c = (await run(countQuery('RAZAO_SOCIAL', term, 10), []))[0] as Contagem;
  const { query, ordered } = searchQuery('RAZAO_SOCIAL', term, 0, 10, c);
  if (process.env.COUNT) console.log(`== "${term}": count\n${(await run(countQuery('RAZAO_SOCIAL', term, 10), [], true)).map((r) => r['QUERY PLAN']).join('\n')}`);
  console.log(`== "${term}": page ${JSON.stringify({ ...c, pessoas: c.pessoas?.length })} ${ordered}\n${(await run(query, [], true)).map((r) => r['QUERY PLAN']).join('\n')}`);
}
await client.end();
