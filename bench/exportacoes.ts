// Issue #40 §4: every report PDF as the SPA asks for it — a background job (relatorio/<path>/imprimir/tarefa),
// its state asked for every 400 ms as the page does, then the file — or refused at once with the spreadsheet
// offered. Per report: time to the job's answer (the first word from the server; the page shows its
// progress from the click), to the rows read, to the file ready, to the file received; or to the refusal.
// Usage: DATABASE_URL=postgres://… node --import tsx bench/exportacoes.ts   (a seeded, migrated database;
//        REPORT_PDF_MAX_ROWS as the server's, default 20,000)
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { NOMES_RELATORIO, RELATORIOS, type EstadoTarefaPdf, type NomeRelatorio } from '@cadastro/domain';
import { openDatabase } from '../apps/api/src/db/client.js';
import { query } from '../apps/api/src/db/consulta.js';
import { cabecalhosDe, iniciarApiDoBench } from './entrar.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required (a seeded, migrated database)');
const MAX = Number(process.env.REPORT_PDF_MAX_ROWS ?? 20_000);

// The general report's period holding exactly the PDF's most rows (by activity start): the largest PDF printed.
const db = await openDatabase(url, '/tmp/nao-usado');
const [total] = await query<{ n: number }>(db.db, sql`select count(*)::int n from contribuinte`);
const [{ d: primeiro } = { d: '1900-01-01' }] = await query<{ d: string }>(db.db, sql`select to_char(min(data_inicio_atividade), 'YYYY-MM-DD') d from contribuinte`);
// The last day that keeps the rows within the limit (the day after would pass it).
const [{ d: fimMax } = { d: primeiro }] = await query<{ d: string }>(db.db, sql`select to_char(d, 'YYYY-MM-DD') d from (select data_inicio_atividade d, count(*) over (order by data_inicio_atividade) n
  from contribuinte) x where n <= ${MAX} order by d desc limit 1`);
await db.close();

const { base, parar } = await iniciarApiDoBench({ LOG_LEVEL: 'warn' });
const headers = await cabecalhosDe(base, 'auditor');
const api = `${base}/sfz-cadastro-api/api/relatorio`;
const s = (ms: number | undefined) => (ms === undefined ? '–' : (ms / 1000).toFixed(2));

/** One PDF as the SPA prints it: the job, its state every 400 ms, the file. Times in ms from the click. */
async function imprimir(caminho: string, filtro: string) {
  const t0 = performance.now();
  const r = await fetch(`${api}/${caminho}/imprimir/tarefa?${filtro}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
  const resposta = performance.now() - t0;
  if (r.status === 422) {
    const p = (await r.json()) as { limite?: number; alternativa?: { href: string } };
    return { resposta, recusa: `422, limit ${p.limite?.toLocaleString('en')}${p.alternativa ? ', XLSX offered' : ''}` };
  }
  if (r.status !== 202) throw new Error(`${caminho} → ${r.status} ${await r.text()}`);
  let e = (await r.json()) as EstadoTarefaPdf;
  let lidas: number | undefined;
  while (e.fase === 'consultando' || e.fase === 'montando') {
    await new Promise((res) => setTimeout(res, 400));
    e = (await (await fetch(`${api}/tarefa-pdf/${e.id}`, { headers })).json()) as EstadoTarefaPdf;
    if (lidas === undefined && e.linhas !== undefined) lidas = performance.now() - t0;
  }
  if (e.fase === 'falhou') return { resposta, recusa: `failed: ${e.erro?.status} ${e.erro?.message}` };
  const pronta = performance.now() - t0;
  const f = await fetch(`${api}/tarefa-pdf/${e.id}/arquivo`, { headers });
  const bytes = (await f.arrayBuffer()).byteLength;
  return { resposta, lidas, pronta, arquivo: performance.now() - t0, linhas: e.linhas, bytes };
}

const FILTRO: Record<NomeRelatorio, string> = {
  solicitacoesBaixadas: 'dataInicial=1980-01-01&dataFinal=2026-12-31', contribuintesAtivos: 'tipoConsulta=tipo', eventos: '', cacealForaInteresse: '',
  cacealNulo: 'dataInicial=1980-01-01&dataFinal=2026-12-31', cacealAtivoCnpjInativo: '', cacealAtivoEmOutraUf: '', cacealSuspensaoTemporaria: '',
  multiplosVivos: 'dataInicial=1980-01-01&dataFinal=2026-12-31', divergenciaResponsavel: '', contribuinteGeral: 'dataInicial=1980-01-01&dataFinal=2026-12-31',
};

console.log(`PostgreSQL, ${total!.n.toLocaleString('en')} taxpayers; the API in its own process; PDF limit ${MAX.toLocaleString('en')} rows; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}.\n`);
// Warm: the PDF worker, JIT.
await imprimir('contribuintes-geral', `dataInicial=${primeiro}&dataFinal=${primeiro}`);
console.log('| report (its whole range) | job answer s | rows read s | file ready s | file received s | rows | MB | or |\n|---|---|---|---|---|---|---|---|');
const casos: [string, string, string][] = [
  ...NOMES_RELATORIO.filter((n) => (RELATORIOS[n].exportar as readonly string[]).includes('pdf')).map((n) => [n, RELATORIOS[n].caminho, FILTRO[n]] as [string, string, string]),
  [`contribuinteGeral, ${primeiro}…${fimMax} (the largest PDF printed)`, 'contribuintes-geral', `dataInicial=${primeiro}&dataFinal=${fimMax}`],
];
for (const [nome, caminho, filtro] of casos) {
  const r = await imprimir(caminho, filtro);
  console.log(`| ${nome} | ${s(r.resposta)} | ${s(r.lidas)} | ${s(r.pronta)} | ${s(r.arquivo)} | ${r.linhas?.toLocaleString('en') ?? '–'} | ${r.bytes ? (r.bytes / 1e6).toFixed(1) : '–'} | ${r.recusa ?? ''} |`);
}
console.log(`\nload average at the end: ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
await parar();
