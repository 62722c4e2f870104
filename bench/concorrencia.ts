// Issue #20's table, for this API alone: 20 concurrent clients (closed loop, keep-alive, no think
// time) against the API process on PostgreSQL, SEGUNDOS s per work: the name search over a mix of
// terms of every kind of bench/termos-busca.ts (first page of 10 + the total, one request), and the
// exact CNPJ lookup; and the search screen's own call (buscarPorNome, #43) on the same terms, first page
// of 10. Every answer must be 200. Prints req/s, p50/p95/p99 and the load average.
// API_ROOT = another checkout (e.g. a `git archive` of an older commit) to measure its API instead.
// Usage: DATABASE_URL=… [USUARIOS=20] [SEGUNDOS=15] [API_ROOT=…] node --import tsx bench/concorrencia.ts
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { iniciarCarga, resumir } from './carga.js';
import { termosDaBusca } from './termos-busca.js';
import { entrar, iniciarApiDoBench } from './entrar.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the PostgreSQL server with the generated data');
const USUARIOS = Number(process.env.USUARIOS ?? 20);
const SEGUNDOS = Number(process.env.SEGUNDOS ?? 15);
const { base, parar } = await iniciarApiDoBench({ DATA_DIR: fs.mkdtempSync('/tmp/cadastro-conc-') }, { cwd: process.env.API_ROOT });
const token = await entrar(base);

const client = new pg.Client({ connectionString: url });
await client.connect();
const nomes = Object.values(await termosDaBusca(client, 40)).flat();
const cnpjs = (await client.query(`select numero_documento from pessoa tablesample system (5) repeatable (9) where tipo = 'J' limit 5000`)).rows.map((r) => String(r.numero_documento));
await client.end();

const caminho = (tipo: string, t: string) => `/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/${tipo}/${encodeURIComponent(t)}/0/10`;
const trabalhos: [string, (u: number, n: number) => string][] = [
  [`name search, ${nomes.length} terms of 5 kinds`, (u, n) => caminho('RAZAO_SOCIAL', nomes[(u * 37 + n) % nomes.length]!)],
  [`screen's name search (buscarPorNome), same terms`, (u, n) => `/sfz-cadastro-api/api/contribuinte/buscarPorNome?termo=${encodeURIComponent(nomes[(u * 37 + n) % nomes.length]!)}&size=10`],
  ['exact CNPJ lookup', (u, n) => caminho('CNPJ', cnpjs[(u * 251 + n) % cnpjs.length]!)],
];
console.log(`${USUARIOS} clients, ${SEGUNDOS} s each, API on ${new URL(url).host}\n| work | req/s | p50 ms | p95 ms | p99 ms | non-200 | load average (1 min) |\n|---|---|---|---|---|---|---|`);
for (const [rotulo, proximo] of trabalhos) {
  // A short warm-up (JIT, pooled connections, prepared statements), then the measured run.
  await iniciarCarga({ base, usuarios: USUARIOS, duracaoMs: 3_000, cabecalhos: () => ({ authorization: `Bearer ${token}` }), proximo: (u, n) => ({ metodo: 'GET', caminho: proximo(u, n + 1_000), rotulo }) }).fim;
  const carga = iniciarCarga({ base, usuarios: USUARIOS, duracaoMs: SEGUNDOS * 1000, cabecalhos: () => ({ authorization: `Bearer ${token}` }), proximo: (u, n) => ({ metodo: 'GET', caminho: proximo(u, n), rotulo }) });
  await carga.fim;
  const r = resumir(carga.eventos, SEGUNDOS);
  const naoOk = r.n - carga.eventos.filter((e) => e.status === 200).length;
  console.log(`| ${rotulo} | ${r.porSegundo.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${naoOk} | ${os.loadavg()[0]!.toFixed(1)} |`);
}
await parar();
