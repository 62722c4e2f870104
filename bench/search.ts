// Search benchmark: the SQL of each kind of the taxpayer search screen, measured by PostgreSQL
// itself (EXPLAIN ANALYZE planning + execution time), over many terms taken from the data
// (bench/termos-busca.ts). Every name search is also checked against the naive SQL (page + total).
// Usage: DATABASE_URL=postgres://… node --import tsx bench/search.ts [termsPerKind]   (CHECK=0: no check)
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { countQuery, exactQuery, searchQuery, type Contagem, type TipoBusca } from '../apps/api/src/modules/contribuinte/busca.js';
import { ingenuo, termosDaBusca } from './termos-busca.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the PostgreSQL server with the generated data');
const runs = Number(process.argv[2] ?? 40);
const check = process.env.CHECK !== '0';
const client = new pg.Client({ connectionString: url });
await client.connect();
const dialect = new PgDialect();

// 1 % of the table's pages: cheap at 1,000,000 rows, but at a few thousand it may draw no page at all,
// and then the whole (small) table is shuffled instead.
const sample = async (coluna: string, tabela: string, onde = 'true') => {
  const q = (de: string) => client.query(`select ${coluna} from ${de} where ${onde} limit ${runs}`);
  let r = await q(`${tabela} tablesample system (1)`);
  if (r.rows.length < runs) r = await client.query(`select ${coluna} from ${tabela} where ${onde} order by random() limit ${runs}`);
  return r.rows.map((x) => String(Object.values(x)[0]));
};
const cacealTerms = await sample('numero_caceal', 'contribuinte');
const cnpjTerms = await sample('numero_documento', 'pessoa', `tipo = 'J'`);
const rootTerms = await sample('raiz_cnpj', 'pessoa', `tipo = 'J'`);
const nomes = await termosDaBusca(client, runs);

const joined = (xs: SQL[]) => xs.map((x) => dialect.sqlToQuery(x).sql).join('; ');
/** One statement under EXPLAIN ANALYZE, with the planner settings the API gives it. */
async function explain(q: SQL, settings: SQL[]) {
  const { sql, params } = dialect.sqlToQuery(q);
  if (settings.length) await client.query(`begin; ${joined(settings)}`);
  const r = await client.query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`, params);
  const rows = (await client.query(sql, params)).rows;
  if (settings.length) await client.query("commit");
  const plan = r.rows[0]['QUERY PLAN'][0];
  const seq = /"Seq Scan"[^}]*"Relation Name": "(pessoa|contribuinte)"/.test(JSON.stringify(plan));
  return { ms: plan['Execution Time'] + plan['Planning Time'], seq, rows };
}
/** The same sequence as the API: the capped count first, then the page by the strategy it picks. */
async function search(tipo: TipoBusca, term: string) {
  if (tipo !== 'RAZAO_SOCIAL') {
    // Exact kinds: one statement, the page with the total on each row.
    const e = await explain(exactQuery(tipo, term, 0, 10), []);
    return { ms: e.ms, countMs: 0, pageMs: e.ms, seq: e.seq, total: Number(e.rows[0]?.total ?? 0), ids: e.rows.map((r) => Number(r.id)) };
  }
  const c = await explain(countQuery(tipo, term, 10), []);
  const count = (c.rows[0] ?? { total: 0, prefixo: 0 }) as Contagem;
  const { query } = searchQuery(tipo, term, 0, 10, count);
  const p = await explain(query, []);
  return { ms: c.ms + p.ms, countMs: c.ms, pageMs: p.ms, seq: c.seq || p.seq, total: count.total, ids: p.rows.map((r) => Number(r.id)) };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const f = (x: number) => x.toFixed(2).padStart(7);
let wrong = 0;
const slowest: string[] = [];
async function measure(kind: string, tipo: TipoBusca, terms: string[]) {
  // A small registry has no terms of some kinds (no common word pairs among 1,000 names): say so.
  if (!terms.length) return void console.log(`| ${kind} | 0 | — | — | — | — | — |`);
  const r: { term: string; ms: number; countMs: number; pageMs: number; total: number; seq: boolean }[] = [];
  for (const term of terms) {
    const s = await search(tipo, term);
    r.push({ term, ...s });
    if (check && tipo === 'RAZAO_SOCIAL') {
      const n = await ingenuo(client, term, 0, 10);
      if (n.total !== Math.min(s.total, 1001) || JSON.stringify(n.ids) !== JSON.stringify(s.ids)) {
        wrong++;
        console.log(`  DIFFERS "${term}": naive ${JSON.stringify(n)} search ${JSON.stringify({ total: s.total, ids: s.ids })}`);
      }
    }
  }
  const col = (k: 'ms' | 'countMs' | 'pageMs') => r.map((x) => x[k]);
  console.log(
    `| ${kind} | ${r.length} | ${f(pct(col('countMs'), 0.5))} / ${f(pct(col('countMs'), 0.95))} | ${f(pct(col('pageMs'), 0.5))} / ${f(pct(col('pageMs'), 0.95))} ` +
      `| ${f(pct(col('ms'), 0.5))} / **${f(pct(col('ms'), 0.95))}** | ${f(Math.max(...col('ms')))} | ${r.filter((x) => x.seq).length} |`,
  );
  for (const x of [...r].sort((a, b) => b.ms - a.ms).slice(0, 3)) {
    slowest.push(`  ${kind.padEnd(24)} ${f(x.ms)} ms (count ${f(x.countMs)}, page ${f(x.pageMs)})  total ${String(x.total).padStart(4)}  "${x.term}"`);
  }
}

const [{ n }] = (await client.query('select count(*)::int n from contribuinte')).rows;
console.log(`taxpayers: ${n.toLocaleString('pt-BR')} — planning + execution inside PostgreSQL (EXPLAIN ANALYZE), ms`);
console.log('| kind | terms | count p50 / p95 | page p50 / p95 | search p50 / p95 | max | seq scans |\n|---|---|---|---|---|---|---|');
await measure('CACEAL', 'CACEAL', cacealTerms);
await measure('CNPJ', 'CNPJ', cnpjTerms);
await measure('RAIZ_DO_CNPJ', 'RAIZ_DO_CNPJ', rootTerms);
for (const [kind, terms] of Object.entries(nomes)) await measure(`name: ${kind}`, 'RAZAO_SOCIAL', terms);
console.log(`slowest terms of each kind:\n${slowest.join('\n')}`);
if (check) console.log(wrong ? `${wrong} name searches DIFFER from the naive SQL` : 'every name search equals the naive SQL (page + total)');
await client.end();
if (wrong) process.exitCode = 1;
