// The slowest name searches of a sample (2 words of real names): count and page times, the counts and the strategy.
// Usage: DATABASE_URL=… node --import tsx bench/search-slowest.ts
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { COUNT_SETTINGS, countQuery, pageSettings, searchQuery } from '../apps/api/src/modules/contribuinte/busca.js';
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const d = new PgDialect();
const joined = (xs: typeof COUNT_SETTINGS) => xs.map((x) => d.sqlToQuery(x).sql).join('; ');
const names = (await client.query(`select nome from pessoa tablesample system (1) where tipo = 'J' limit 200`)).rows.map((r) => String(r.nome));
const out: string[] = [];
for (const n of names) {
  const term = n.split(' ').slice(0, 2).join(' ').toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const c = d.sqlToQuery(countQuery('RAZAO_SOCIAL', term));
  let t = performance.now();
  await client.query(`begin; ${joined(COUNT_SETTINGS)}`);
  const cnt = (await client.query(c.sql, c.params)).rows[0];
  await client.query('commit');
  const cms = performance.now() - t;
  const { query, ordered } = searchQuery('RAZAO_SOCIAL', term, 0, 10, cnt);
  const q = d.sqlToQuery(query);
  await client.query(`begin; ${joined(pageSettings(ordered))}`);
  t = performance.now();
  await client.query(q.sql, q.params);
  const pms = performance.now() - t;
  await client.query('commit');
  out.push(`${(cms + pms).toFixed(1).padStart(6)} count ${cms.toFixed(1).padStart(6)} page ${pms.toFixed(1).padStart(6)} ${JSON.stringify(cnt)} ${ordered} "${term}"`);
}
console.log(out.sort().reverse().slice(0, 12).join('\n'));
await client.end();
