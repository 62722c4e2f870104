// Where the search screen's call (buscarPorNome, #43) spends a term, one client: per kind of term of
// bench/termos-busca.ts, ms and round trips (statements sent, transactions opened) of a first page of 10,
// each term's second run measured; then the statements that cost most in all, by their text's shape.
// VER=1 prints every term with its statements. Run from another checkout to profile its code.
// Usage: DATABASE_URL=… [VER=1] node --import tsx bench/busca-nome-perfil.ts [termsPerKind=40]
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.js';
import { buscarPorNome } from '../apps/api/src/modules/contribuinte/busca-nome.js';
import { termosDaBusca } from './termos-busca.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the PostgreSQL server with the generated data');
const client = new pg.Client({ connectionString: url });
await client.connect();
const porTipo = await termosDaBusca(client, Number(process.argv[2] ?? 40));
await client.end();
const db = await openDatabase(url, os.tmpdir());

// Every statement goes through the pool's query() (a transaction would check a client out: connect()).
type Pool = { query: (...a: unknown[]) => Promise<unknown>; connect: (...a: unknown[]) => unknown };
const pool = (db.db as unknown as { $client: Pool }).$client;
let enviados: [string, number][] = [];
let transacoes = 0;
const query = pool.query.bind(pool);
pool.query = async (...a: unknown[]) => {
  const t = performance.now();
  const r = await query(...a);
  const texto = (typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text).replace(/\s+/g, ' ');
  enviados.push([`${texto.slice(0, 40)}…${texto.slice(-60)}`, performance.now() - t]);
  return r;
};
const connect = pool.connect.bind(pool);
pool.connect = (...a: unknown[]) => {
  if (!a.length) transacoes++; // pool.query() checks out with a callback: only a transaction calls it bare
  return connect(...a);
};

const porForma = new Map<string, { n: number; ms: number }>();
console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}\n| kind | terms | ms a term | statements a term | transactions |\n|---|---|---|---|---|`);
for (const [tipo, termos] of Object.entries(porTipo)) {
  let ms = 0, idas = 0, tx = 0;
  for (const termo of termos) {
    await buscarPorNome(db.db, termo, 10);
    enviados = [];
    const antes = transacoes;
    const t = performance.now();
    await buscarPorNome(db.db, termo, 10);
    ms += performance.now() - t;
    tx += transacoes - antes;
    idas += enviados.length;
    for (const [forma, d] of enviados) {
      const f = porForma.get(forma) ?? { n: 0, ms: 0 };
      porForma.set(forma, { n: f.n + 1, ms: f.ms + d });
    }
    if (process.env.VER) console.log(`  ${termo}: ${enviados.map(([f, d]) => `${d.toFixed(1)} ms ${f.slice(0, 30)}`).join(' | ')}`);
  }
  console.log(`| ${tipo} | ${termos.length} | ${(ms / termos.length).toFixed(1)} | ${(idas / termos.length).toFixed(1)} | ${tx} |`);
}
console.log('\nstatements by shape, most time first:');
for (const [forma, { n, ms }] of [...porForma].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) console.log(`${ms.toFixed(0).padStart(6)} ms ${String(n).padStart(5)}× ${forma}`);
await db.close();
