// Each name-search term alone (one client, no other load from this bench; #43's "slowest term alone"):
// the screen's call (buscarPorNome, first page of 10, and its second page when there is one) and the §7
// search (first page of 10 + total) on the terms of bench/termos-busca.ts, each run twice (the second
// measured: cached plans and pages). Prints p50/p95/max per call and the slowest terms of the screen.
// Run from another checkout (a `git archive` with node_modules linked) to measure its code on the same data.
// Usage: DATABASE_URL=… node --import tsx bench/busca-nome-sozinha.ts [termsPerKind=40]
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.js';
import { buscarContribuintes } from '../apps/api/src/modules/contribuinte/busca.js';
import { buscarPorNome } from '../apps/api/src/modules/contribuinte/busca-nome.js';
import { termosDaBusca } from './termos-busca.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the PostgreSQL server with the generated data');
const client = new pg.Client({ connectionString: url });
await client.connect();
const termos = Object.values(await termosDaBusca(client, Number(process.argv[2] ?? 40))).flat();
await client.end();
const db = await openDatabase(url, os.tmpdir());

const tempo = async (f: () => Promise<unknown>) => {
  await f();
  const t = performance.now();
  await f();
  return performance.now() - t;
};
const medidas = { tela: [] as number[], segunda: [] as number[], s7: [] as number[] };
const lentos: [number, string][] = [];
for (const termo of termos) {
  const primeira = await buscarPorNome(db.db, termo, 10);
  const ms = await tempo(() => buscarPorNome(db.db, termo, 10));
  medidas.tela.push(ms);
  lentos.push([ms, termo]);
  if (primeira.proximo) medidas.segunda.push(await tempo(() => buscarPorNome(db.db, termo, 10, primeira.proximo!)));
  medidas.s7.push(await tempo(() => buscarContribuintes(db.db, 'RAZAO_SOCIAL', termo, 0, 10)));
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
console.log(`${termos.length} terms, each alone; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}\n| call | n | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|`);
for (const [rotulo, xs] of [['screen, first page', medidas.tela], ['screen, second page', medidas.segunda], ['§7 search', medidas.s7]] as const) {
  console.log(`| ${rotulo} | ${xs.length} | ${pct(xs, 0.5).toFixed(1)} | ${pct(xs, 0.95).toFixed(1)} | ${Math.max(...xs).toFixed(1)} |`);
}
console.log(`slowest on the screen: ${lentos.sort((a, b) => b[0] - a[0]).slice(0, 5).map(([ms, t]) => `"${t}" ${ms.toFixed(0)} ms`).join(', ')}`);
await db.close();
