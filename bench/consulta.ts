// The consultation screen at scale, through the real HTTP API: p50/p95 of each search kind and of a
// full detail (registration data + the seven tabs, fetched in parallel as the sheet does), and the
// ratio API / SQL-alone (the same queries run straight on the database from Node, no HTTP).
// Usage: DATABASE_URL=postgres://… node --import tsx bench/consulta.ts [runsPerKind]
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { clienteHttp } from './http-cliente.js';
import { termosDaBusca } from './termos-busca.js';
import { cabecalhosDe, iniciarApiDoBench } from './entrar.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { buscarContribuintes, type TipoBusca } from '../apps/api/src/modules/contribuinte/busca.js';
import { obterDadosCadastrais } from '../apps/api/src/modules/contribuinte/dados.js';
import {
  obterAtividades, obterContador, obterEditais, obterProcuradores, obterRegimesEspeciais, obterResponsavel, obterSocios,
} from '../apps/api/src/modules/contribuinte/abas.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the PostgreSQL server with the generated data');
const runs = Number(process.argv[2] ?? 200);
const WARMUP = 20;

// The API runs as it does in production: its own process (main.ts, default log level: one access log
// line per call), so the client's CPU is not charged to it. SQL alone runs the same module functions
// here, without HTTP. For the exact lookups a bare node:http server calling the same function
// (bench/servidor-minimo.ts) shows the floor: what HTTP alone costs on this machine.
const { base, parar } = await iniciarApiDoBench({ DATA_DIR: fs.mkdtempSync('/tmp/cadastro-bench-') });
const floor = await iniciarApiDoBench({}, { script: 'bench/servidor-minimo.ts', pronto: '/' });
const sqlDb = await openDatabase(url, '/tmp');

// Sign in as the clerk, as the SPA does (CSRF cookie, then the bearer token).
const { authorization, cookie } = await cabecalhosDe(base);
// The caller keeps its connections open, as a browser does. By default it is a lean HTTP/1.1 client
// (bench/http-cliente.ts, the way wrk or autocannon measure): Node's own clients spend 0.25 ms
// (node:http) to 0.6 ms (fetch) of this process's CPU per call, the measuring client's cost rather
// than the API's. CLIENTE=node-http measures through node:http instead, for comparison.
const headers = { authorization, cookie };
const lean = clienteHttp(base, headers);
const floorClient = clienteHttp(floor.base, {});
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
const { port } = new URL(base);
const viaNodeHttp = (path: string) =>
  new Promise<unknown>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, agent, headers }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => (r.statusCode === 200 ? resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))) : reject(new Error(`${path} → ${r.statusCode}`))));
    }).on('error', reject);
  });
const get = process.env.CLIENTE === 'node-http' ? viaNodeHttp : lean.get;

const client = new pg.Client({ connectionString: url });
await client.connect();
const sample = async (q: string) => (await client.query(q)).rows.map((r) => String(Object.values(r)[0]));
const total = runs + WARMUP;
const terms: [string, TipoBusca, string[]][] = [
  ['CACEAL', 'CACEAL', await sample(`select numero_caceal from contribuinte tablesample system (1) limit ${total}`)],
  ['CNPJ', 'CNPJ', await sample(`select numero_documento from pessoa tablesample system (1) where tipo = 'J' limit ${total}`)],
  ['RAIZ_DO_CNPJ', 'RAIZ_DO_CNPJ', await sample(`select raiz_cnpj from pessoa tablesample system (1) where tipo = 'J' limit ${total}`)],
  // The name-search term mix of bench/search.ts, drawn from the data.
  ...Object.entries(await termosDaBusca(client, total)).map(([k, v]): [string, TipoBusca, string[]] => [`RAZAO_SOCIAL (${k})`, 'RAZAO_SOCIAL', v]),
];
const detalhes = (await client.query(`select numero_caceal, numero_pessoa from contribuinte tablesample system (1) limit ${total}`)).rows as { numero_caceal: number; numero_pessoa: number }[];

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
async function time(f: () => Promise<unknown>) {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}
function report(kind: string, api: number[], alone: number[], first: number[], who = 'API') {
  const a95 = pct(api, 0.95);
  const s95 = pct(alone, 0.95);
  console.log(
    `${kind.padEnd(26)} n=${String(api.length).padStart(4)}  ${first.length ? `first lookup p50 ${pct(first, 0.5).toFixed(1).padStart(5)} p95 ${pct(first, 0.95).toFixed(1).padStart(6)} ms` : ' '.repeat(39)}  | cached: ${who.padEnd(4)} p50 ${pct(api, 0.5).toFixed(1).padStart(6)} ms  p95 ${a95.toFixed(1).padStart(6)} ms` +
      `  | SQL alone p50 ${pct(alone, 0.5).toFixed(1).padStart(6)} ms  p95 ${s95.toFixed(1).padStart(6)} ms  | ratio p50 ${(pct(api, 0.5) / pct(alone, 0.5)).toFixed(2)}  p95 ${(a95 / s95).toFixed(2)}`,
  );
}

const [{ n }] = (await client.query('select count(*)::int n from contribuinte')).rows;
console.log(`taxpayers: ${n.toLocaleString('pt-BR')} — wall time seen by the caller (HTTP through Fastify via ${process.env.CLIENTE === 'node-http' ? 'node:http' : 'a lean HTTP/1.1 client'}, or the same queries from Node)`);
// A server in use is warm: JIT-compiled routes, pooled connections. Warm both sides first.
const searchPath = (tipo: TipoBusca, t: string) => `/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/${tipo}/${encodeURIComponent(t)}/0/10`;
const exact = (tipo: TipoBusca) => tipo !== 'RAZAO_SOCIAL';
for (const [, tipo, list] of terms) {
  for (let r = 0; r < 10; r++) for (const term of list.slice(0, WARMUP)) {
    await get(searchPath(tipo, term));
    await buscarContribuintes(sqlDb.db, tipo, term, 0, 10);
    if (exact(tipo)) await floorClient.get(searchPath(tipo, term));
  }
}
// Blocks of BLOCK terms. Each term is first looked up once through the API (timed apart: the first
// lookup of a taxpayer may read its pages from disk). Then the API and SQL alone run over the same,
// now cached, terms (which side goes first alternates), each back to back as a busy server does:
// the ratio compares like with like. Alternating single calls made each API call pay an idle
// server's wake-up; without the first pass, whichever side went first paid the disk reads.
const BLOCK = 20;
for (const [kind, tipo, list] of terms) {
  const first: number[] = [];
  const api: number[] = [];
  const alone: number[] = [];
  const bare: number[] = [];
  const measured = list.slice(WARMUP);
  for (let b = 0; b * BLOCK < measured.length; b++) {
    const block = measured.slice(b * BLOCK, (b + 1) * BLOCK);
    for (const t of block) first.push(await time(() => get(searchPath(tipo, t))));
    const a = async () => { for (const t of block) api.push(await time(() => get(searchPath(tipo, t)))); };
    const s = async () => { for (const t of block) alone.push(await time(() => buscarContribuintes(sqlDb.db, tipo, t, 0, 10))); };
    const f = async () => { if (exact(tipo)) for (const t of block) bare.push(await time(() => floorClient.get(searchPath(tipo, t)))); };
    if (b % 2) { await a(); await s(); await f(); } else { await f(); await s(); await a(); }
  }
  report(kind, api, alone, first);
  if (bare.length) report('  floor: bare node:http', bare, alone, [], 'bare');
}

const abas = ['obterAtividades', 'obterSocios', 'obterResponsavel', 'obterContador', 'obterProcuradores', 'obterEditais', 'obterRegimesEspeciais'];
const fns = [obterAtividades, obterSocios, obterResponsavel, obterContador, obterProcuradores, obterEditais, obterRegimesEspeciais];
const api: number[] = [];
const alone: number[] = [];
const viaApi = (d: { numero_caceal: number; numero_pessoa: number }) => Promise.all([
  get(`/sfz-cadastro-api/api/contribuinte/obterDadosCadastrais/${d.numero_pessoa}?caceal=${d.numero_caceal}`),
  ...abas.map((a) => get(`/sfz-cadastro-api/api/contribuinte/${a}/${d.numero_pessoa}?caceal=${d.numero_caceal}`)),
]);
const viaSql = (d: { numero_caceal: number }) =>
  Promise.all([obterDadosCadastrais(sqlDb.db, { caceal: d.numero_caceal }), ...fns.map((f) => f(sqlDb.db, { caceal: d.numero_caceal }))]);
for (let r = 0; r < 5; r++) for (const d of detalhes.slice(0, WARMUP)) { await viaApi(d); await viaSql(d); }
const medidos = detalhes.slice(WARMUP);
const first: number[] = [];
for (let b = 0; b * BLOCK < medidos.length; b++) {
  const block = medidos.slice(b * BLOCK, (b + 1) * BLOCK);
  for (const d of block) first.push(await time(() => viaApi(d)));
  const a = async () => { for (const d of block) api.push(await time(() => viaApi(d))); };
  const s = async () => { for (const d of block) alone.push(await time(() => viaSql(d))); };
  if (b % 2) { await a(); await s(); } else { await s(); await a(); }
}
report('full detail (8 calls)', api, alone, first);

lean.fechar();
floorClient.fechar();
await floor.parar();
await client.end();
await sqlDb.close();
await parar();
