// Round trips per search request: every query the API's search function sends to PostgreSQL,
// counted on node-postgres' Client (BEGIN, SET, statements, COMMIT each travel once).
// Then the wall time of LOOKUPS exact CNPJ lookups one after another (distinct CNPJs), p50 / p95.
// BUSCA=module path (relative to bench/) measures another version of busca.ts, e.g. an older one copied beside it.
// Usage: DATABASE_URL=… [LOOKUPS=2000] [BUSCA=…] node --import tsx bench/viagens.ts
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.js';
import { buscarContribuintes } from '../apps/api/src/modules/contribuinte/busca.js';

let n = 0;
const texts: string[] = [];
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  n++;
  const a = args[0] as string | { text?: string; name?: string };
  texts.push(typeof a === 'string' ? a.slice(0, 40) : `${a.name ? `[${a.name}] ` : ''}${(a.text ?? '').slice(0, 40)}`);
  return (original as (...x: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const database = await openDatabase(process.env.DATABASE_URL, '/tmp');
const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
await c.connect();
const LOOKUPS = Number(process.env.LOOKUPS ?? 2000);
const cnpjs = (await c.query(`select numero_documento from pessoa tablesample system (2) repeatable (3) where tipo = 'J' limit ${LOOKUPS}`)).rows.map((r) => String(r.numero_documento));
const cnpj = cnpjs[0]!;
await c.end();
const buscar = (await import(process.env.BUSCA ?? "../apps/api/src/modules/contribuinte/busca.js")) as { buscarContribuintes: typeof buscarContribuintes };
for (const [tipo, termo] of [['CNPJ', cnpj], ['CNPJ', cnpj], ['RAZAO_SOCIAL', 'santos mar'], ['RAZAO_SOCIAL', 'comercio']] as const) {
  n = 0;
  texts.length = 0;
  await buscar.buscarContribuintes(database.db, tipo, termo, 0, 10);
  console.log(`${tipo} "${termo}": ${n} round trips — ${texts.map((t) => t.replace(/\s+/g, ' ')).join(' | ')}`);
}
const ms: number[] = [];
for (const x of cnpjs) {
  const t = performance.now();
  await buscar.buscarContribuintes(database.db, 'CNPJ', x, 0, 10);
  ms.push(performance.now() - t);
}
ms.sort((a, b) => a - b);
console.log(`${ms.length} CNPJ lookups one after another: p50 ${ms[Math.floor(ms.length / 2)]!.toFixed(3)} ms, p95 ${ms[Math.floor(ms.length * 0.95)]!.toFixed(3)} ms`);
await database.close();
