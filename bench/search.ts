// Search benchmark: the SQL of each kind of the taxpayer search screen, measured by PostgreSQL
// itself (EXPLAIN ANALYZE execution time), over many terms taken from the data.
// Usage: DATABASE_URL=postgres://… node --import tsx bench/search.ts [runsPerKind]
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { COUNT_SETTINGS, countQuery, pageSettings, searchQuery, type TipoBusca } from '../apps/api/src/modules/contribuinte/busca.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the PostgreSQL server with the generated data');
const runs = Number(process.argv[2] ?? 200);
const client = new pg.Client({ connectionString: url });
await client.connect();
const dialect = new PgDialect();

const sample = async (q: string) => (await client.query(q)).rows.map((r) => String(Object.values(r)[0]));
const cacealTerms = await sample(`select numero_caceal from contribuinte tablesample system (1) limit ${runs}`);
const cnpjTerms = await sample(`select numero_documento from pessoa tablesample system (1) where tipo = 'J' limit ${runs}`);
const rootTerms = await sample(`select raiz_cnpj from pessoa tablesample system (1) where tipo = 'J' limit ${runs}`);
// Rare terms: a word pair from a real name; common terms: frequent words; both typed in lower case
// without accents, as clerks do.
const rare = (await sample(`select nome from pessoa tablesample system (1) where tipo = 'J' limit ${runs}`)).map((n) =>
  n.split(' ').slice(0, 2).join(' ').toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
);
const commonWords = ['comercio', 'silva', 'ltda', 'santos', 'oliveira', 'varejista', 'de', 'servicos', 'souza', 'alimentos'];
const common = Array.from({ length: runs }, (_, i) => commonWords[i % commonWords.length]!);

async function measure(kind: string, tipo: TipoBusca, terms: string[]) {
  const times: number[] = [];
  const countTimes: number[] = [];
  // What one search costs the database: the capped count, then the page.
  const totals: number[] = [];
  let seqScans = 0;
  // The same planner settings as the API: bitmap scans off for an ordered page, seq scans off for a name count.
  const joined = (xs: typeof COUNT_SETTINGS) => xs.map((x) => dialect.sqlToQuery(x).sql).join('; ');
  const settings = tipo === 'RAZAO_SOCIAL' ? joined(COUNT_SETTINGS) : null;
  const explain = async (q: Parameters<typeof dialect.sqlToQuery>[0], ordered: boolean, count = false) => {
    const { sql, params } = dialect.sqlToQuery(q);
    const set = tipo !== 'RAZAO_SOCIAL' ? null : count ? settings : joined(pageSettings(ordered));
    if (set) await client.query(`begin; ${set}`);
    const r = await client.query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`, params);
    if (set) await client.query('commit');
    const plan = r.rows[0]['QUERY PLAN'][0];
    if (/"Seq Scan"[^}]*"Relation Name": "(pessoa|contribuinte)"/.test(JSON.stringify(plan))) seqScans++;
    return { ms: plan['Execution Time'] + plan['Planning Time'], rows: plan['Plan']['Actual Rows'] as number };
  };
  // The same sequence as the API: the capped count first, then the page by the strategy it picks.
  for (const term of terms) {
    const c = await explain(countQuery(tipo, term), false, true);
    countTimes.push(c.ms);
    const { sql: countSql, params } = dialect.sqlToQuery(countQuery(tipo, term));
    if (settings) await client.query(`begin; ${settings}`);
    const count = (await client.query(countSql, params)).rows[0] as { total: number; prefixo: number };
    if (settings) await client.query('commit');
    const { query, ordered } = searchQuery(tipo, term, 0, 10, count);
    times.push((await explain(query, ordered)).ms);
    totals.push(c.ms + times[times.length - 1]!);
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
  console.log(
    `${kind.padEnd(24)} n=${String(terms.length).padStart(4)}  page p50 ${pct(times, 0.5).toFixed(2).padStart(7)} ms  p95 ${pct(times, 0.95).toFixed(2).padStart(7)} ms` +
      `  | capped count p50 ${pct(countTimes, 0.5).toFixed(2).padStart(7)} ms  p95 ${pct(countTimes, 0.95).toFixed(2).padStart(7)} ms  | search (count + page) p50 ${pct(totals, 0.5).toFixed(2).padStart(7)} ms  p95 ${pct(totals, 0.95).toFixed(2).padStart(7)} ms  | seq scans on big tables: ${seqScans}`,
  );
}

const [{ n }] = (await client.query('select count(*)::int n from contribuinte')).rows;
console.log(`taxpayers: ${n.toLocaleString('pt-BR')} — times are planning + execution inside PostgreSQL`);
await measure('CACEAL', 'CACEAL', cacealTerms);
await measure('CNPJ', 'CNPJ', cnpjTerms);
await measure('RAIZ_DO_CNPJ', 'RAIZ_DO_CNPJ', rootTerms);
await measure('RAZAO_SOCIAL (rare)', 'RAZAO_SOCIAL', rare);
await measure('RAZAO_SOCIAL (common)', 'RAZAO_SOCIAL', common);
await client.end();
