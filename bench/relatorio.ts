// Reports at scale (issue #18): a big XLSX streamed from a cursor (time, server RSS growth), a
// 10,000-row PDF (time), and the first preview page of every report (p50/p95 of 20 calls each).
// Usage: DATABASE_URL=postgres://… node --import tsx bench/relatorio.ts   (bench/relatorio.sh seeds a cluster)
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { NOMES_RELATORIO, RELATORIOS, type NomeRelatorio } from '@cadastro/domain';
import { openDatabase } from '../apps/api/src/db/client.js';
import { query } from '../apps/api/src/db/consulta.js';
import { cabecalhosDe, iniciarApiDoBench } from './entrar.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (bench/relatorio.sh starts a seeded cluster)');
const XLSX_LINHAS = Number(process.env.XLSX_LINHAS ?? 100_000);

// The periods that hold the asked numbers of rows (by activity start, as the general report filters).
const db = await openDatabase(url, '/tmp/nao-usado');
const dia = async (n: number) => (await query<{ d: string }>(db.db, sql`select to_char(data_inicio_atividade, 'YYYY-MM-DD') d from contribuinte
  order by data_inicio_atividade offset ${n - 1} limit 1`))[0]?.d;
const primeiro = (await query<{ d: string }>(db.db, sql`select to_char(min(data_inicio_atividade), 'YYYY-MM-DD') d from contribuinte`))[0]!.d;
const [total] = await query<{ n: number }>(db.db, sql`select count(*)::int n from contribuinte`);
const fimXlsx = (await dia(XLSX_LINHAS)) ?? '2026-12-31';
const fimPdf = (await dia(10_000)) ?? '2026-12-31';
await db.close();

const { base, processo: server, parar } = await iniciarApiDoBench({ LOG_LEVEL: 'warn' });
const headers = await cabecalhosDe(base, 'auditor');
const api = `${base}/sfz-cadastro-api/api/relatorio`;
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024;

/** Downloads the whole body, sampling the server's RSS meanwhile. */
async function baixar(caminho: string) {
  const antes = rss();
  let pico = antes;
  const amostra = setInterval(() => { pico = Math.max(pico, rss()); }, 50);
  const t0 = performance.now();
  const r = await fetch(`${api}/${caminho}`, { headers });
  const bytes = (await r.arrayBuffer()).byteLength;
  const ms = performance.now() - t0;
  clearInterval(amostra);
  if (r.status !== 200) throw new Error(`${caminho} → ${r.status}`);
  return { ms, bytes, antes, crescimento: pico - antes };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const FILTRO: Record<NomeRelatorio, string> = {
  solicitacoesBaixadas: `dataInicial=2020-01-01&dataFinal=2026-12-31`, contribuintesAtivos: 'tipoConsulta=simples-mei', eventos: '', cacealForaInteresse: '',
  cacealNulo: `dataInicial=2000-01-01&dataFinal=2026-12-31`, cacealAtivoCnpjInativo: '', cacealAtivoEmOutraUf: '', cacealSuspensaoTemporaria: '',
  multiplosVivos: `dataInicial=1990-01-01&dataFinal=2026-12-31`, divergenciaResponsavel: '', contribuinteGeral: `dataInicial=2020-01-01&dataFinal=2020-12-31`,
};

console.log(`PostgreSQL, ${total!.n.toLocaleString('en')} taxpayers; the API in its own process; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}.\n`);
// Warm: the PDF worker, JIT.
await baixar(`contribuintes-geral/imprimir?dataInicial=${primeiro}&dataFinal=${primeiro}`);
const x = await baixar(`contribuintes-geral/baixar?dataInicial=${primeiro}&dataFinal=${fimXlsx}`);
console.log(`XLSX, ~${XLSX_LINHAS.toLocaleString('en')} rows: ${(x.ms / 1000).toFixed(2)} s, ${(x.bytes / 1e6).toFixed(1)} MB, server RSS ${x.antes.toFixed(0)} MB + ${x.crescimento.toFixed(0)} MB at peak`);
const p = await baixar(`contribuintes-geral/imprimir?dataInicial=${primeiro}&dataFinal=${fimPdf}`);
console.log(`PDF, ~10,000 rows: ${(p.ms / 1000).toFixed(2)} s, ${(p.bytes / 1e6).toFixed(1)} MB, server RSS + ${p.crescimento.toFixed(0)} MB at peak\n`);
console.log('| report | first page p50 ms | p95 ms |\n|---|---|---|');
for (const nome of NOMES_RELATORIO) {
  const ts: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const r = await fetch(`${api}/${RELATORIOS[nome].caminho}?${FILTRO[nome]}`, { headers });
    await r.arrayBuffer();
    ts.push(performance.now() - t0);
  }
  console.log(`| ${nome} | ${pct(ts, 0.5).toFixed(1)} | ${pct(ts, 0.95).toFixed(1)} |`);
}
{
  const ts: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const r = await fetch(`${api}/panorama`, { headers });
    await r.arrayBuffer();
    ts.push(performance.now() - t0);
  }
  console.log(`| home page's picture (panorama) | ${pct(ts, 0.5).toFixed(1)} | ${pct(ts, 0.95).toFixed(1)} |`);
}
console.log(`\nload average at the end: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
await parar();
