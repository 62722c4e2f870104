// What a big PDF costs everybody else: the latency of a cheap call (GET /api/profile-info, open loop at
// RATE req/s) while 1,000-row status lists are printed (one every 2 s, then two callers back to back),
// with PDFs rendered on the event loop (PDF_WORKERS=0: how it was) and on the worker pool (the
// default). Also the same list as JSON (the query without the PDF) and no load, to tell the parts apart.
// Usage: node --import tsx bench/pdf.ts [secondsPerPhase]   (DATABASE_URL=postgres://… to use a server)
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { clienteHttp } from './http-cliente.js';
import { cabecalhosDe, iniciarApiDoBench } from './entrar.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { query } from '../apps/api/src/db/consulta.js';
import { ensureReferenceData } from '../apps/api/src/seed/referencia/index.js';
import { countTaxpayers, seedRegistry } from '../apps/api/src/seed/registro.js';

const segundos = Number(process.argv[2] ?? 10);
const RATE = 20;
const PDF_CLIENTES = 2;
const LINHAS = 1000;
// '' = the platform default (one worker per spare core, at most 2: one on this 2-core machine).
const modos = (process.env.PDF_WORKERS_LIST ?? '0,').split(',');
const dataDir = fs.mkdtempSync('/tmp/cadastro-bench-pdf-');
const url = process.env.DATABASE_URL;

// The list to print: 1,000 real CACEALs (an empty registry gets 1,000 generated taxpayers first).
const db = await openDatabase(url, dataDir);
const existentes = await countTaxpayers(db);
if (existentes < LINHAS) {
  if (existentes) throw new Error(`the database has ${existentes} taxpayers, fewer than ${LINHAS}`);
  await ensureReferenceData(db.db);
  await seedRegistry(db, { taxpayers: LINHAS, seed: 1 });
}
const caceais = (await query<{ numero_caceal: number }>(db.db, sql`select numero_caceal from contribuinte order by id limit ${LINHAS}`))
  .map((r) => Number(r.numero_caceal));
await db.close();

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const ms = (x: number) => x.toFixed(1).padStart(7);

async function medir(modo: string) {
  // As in production: its own process, default log level (stdout dropped), the same data dir.
  const { base, parar } = await iniciarApiDoBench({ DATA_DIR: dataDir, PDF_WORKERS: modo });
  const headers = { 'content-type': 'application/json', ...await cabecalhosDe(base) };
  const post = async (caminho: string, corpo: unknown) => {
    const r = await fetch(`${base}/sfz-cadastro-api/api${caminho}`, { method: 'POST', headers, body: JSON.stringify(corpo) });
    const bytes = await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`${caminho} → ${r.status}`);
    return bytes.byteLength;
  };
  const pdf = () => post('/relatorio/situacaoCadastral/imprimir', { cacealLista: caceais });
  const json = () => post('/contribuinte/obterSituacaoCadastral', caceais);
  // The measured call goes through a lean client (no parsing cost of our own in the numbers).
  const leve = clienteHttp(base, {});

  // Warm: the first PDF starts the worker; JIT-compiled routes.
  await pdf();
  await json();
  for (let i = 0; i < 50; i++) await leve.get('/api/profile-info');

  // The load: PDF_CLIENTES callers back to back, or (a > 0) one call every `a` ms.
  const fase = async (carga: (() => Promise<number>) | null, a = 0) => {
    const latencias: number[] = [];
    const pesados: number[] = [];
    let ativo = true;
    let tamanho = 0;
    const pesado = async () => {
      const t0 = performance.now();
      tamanho = await carga!();
      pesados.push(performance.now() - t0);
    };
    const clientes = !carga ? [] : a ? [(async () => {
      const emCurso: Promise<void>[] = [];
      for (; ativo; await new Promise((r) => setTimeout(r, a))) emCurso.push(pesado());
      await Promise.all(emCurso);
    })()] : Array.from({ length: PDF_CLIENTES }, async () => {
      while (ativo) await pesado();
    });
    // Open loop: a call every 1000/RATE ms whether or not the previous ones were answered.
    const chamadas: Promise<void>[] = [];
    const fim = performance.now() + segundos * 1000;
    for (let i = 0; performance.now() < fim; i++) {
      const t0 = performance.now();
      chamadas.push(leve.get('/api/profile-info').then(() => void latencias.push(performance.now() - t0)));
      await new Promise((r) => setTimeout(r, 1000 / RATE));
    }
    ativo = false;
    await Promise.all([...chamadas, ...clientes]);
    return { latencias, pesados, tamanho };
  };
  const fases = [
    ['no load', null, 0],
    [`${LINHAS}-row list as JSON, ${PDF_CLIENTES} back to back`, json, 0],
    [`${LINHAS}-row PDF every 2 s`, pdf, 2000],
    [`${LINHAS}-row PDF, ${PDF_CLIENTES} back to back`, pdf, 0],
  ] as const;
  const linhas = [];
  for (const [nome, carga, a] of fases) {
    const { latencias: l, pesados, tamanho } = await fase(carga, a);
    linhas.push(`| ${nome.padEnd(37)} | ${ms(pct(l, 0.5))} | ${ms(pct(l, 0.95))} | ${ms(Math.max(...l))} | ${String(l.length).padStart(4)} | ` +
      `${carga ? `${String(pesados.length).padStart(4)} × ${(tamanho / 1024).toFixed(0).padStart(4)} kB, p50 ${ms(pct(pesados, 0.5))} ms` : ''.padEnd(31)} |`);
  }
  leve.fechar();
  await parar();
  return linhas;
}

console.log(`GET /api/profile-info at ${RATE} req/s (open loop) for ${segundos} s per phase, while ${PDF_CLIENTES} clients ask back to back for the load;`);
console.log(`database: ${url ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; ${LINHAS} CACEALs per list.\n`);
for (const modo of modos) {
  const rotulo = modo === '0' ? 'before: PDF_WORKERS=0, rendered on the event loop' : `after: worker pool, PDF_WORKERS=${modo || 'default'}`;
  console.log(`${rotulo}\n| load                                  | p50 ms  | p95 ms  | max ms  | n    | heavy calls done, size, latency |\n|---|---|---|---|---|---|`);
  for (const l of await medir(modo)) console.log(l);
  console.log('');
}
fs.rmSync(dataDir, { recursive: true, force: true });
