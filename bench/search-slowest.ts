// The slowest name searches and the strategy each took (diagnosis for bench/search.ts).
// Usage: DATABASE_URL=… node --import tsx bench/search-slowest.ts [word,word,…]
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { countQuery, searchQuery } from '../apps/api/src/modules/contribuinte/busca.js';
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const d = new PgDialect();
const names = process.argv[2] ? process.argv[2].split(',').map((w) => w.toUpperCase() + ' X') : (await client.query(`select nome from pessoa tablesample system (1) where tipo = 'J' limit 200`)).rows.map((r) => String(r.nome));
const out: [number, string, number, boolean][] = [];
for (const n of names) {
  const term = (process.argv[2] ? n.split(' ').slice(0, 1) : n.split(' ').slice(0, 2)).join(' ').toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const c = d.sqlToQuery(countQuery('RAZAO_SOCIAL', term));
  const cnt = (await client.query(c.sql, c.params)).rows[0];
  const { query, ordered } = searchQuery('RAZAO_SOCIAL', term, 0, 10, cnt);
  const q = d.sqlToQuery(query);
  if (ordered) await client.query('begin; set local enable_bitmapscan = off');
  const t = performance.now();
  await client.query(q.sql, q.params);
  const ms = performance.now() - t;
  if (ordered) await client.query('commit');
  out.push([ms, term, cnt.total * 10000 + cnt.prefixo, ordered]);
}
out.sort((a, b) => b[0] - a[0]);
console.log(out.slice(0, 12).map((r) => `${r[0].toFixed(1)}ms ${r[2]} ${r[3] ? 'ordered' : 'trigram'} "${r[1]}"`).join('\n'));
await client.end();
