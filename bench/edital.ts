// Notices at scale: a notice citing N taxpayers (default 5,000) — its cadastro (bulk linked rows), the
// publication that changes every linked registration (one transaction), its public PDF (the first one on
// a fresh render thread, then three more on the warm one as the server runs: time, bytes, process RSS
// peak and after each, to see memory stay flat), and the public query's latency (p50/p95 of 200 runs
// for each filter: CACEAL, number, type, publication period).
// Usage: node --import tsx bench/edital.ts [N]   (DATABASE_URL=postgres://… to use a server with its data;
// without it an embedded database is seeded with N + 1,000 taxpayers first).
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.js';
import { query, queryOne } from '../apps/api/src/db/consulta.js';
import { consultarPublicos } from '../apps/api/src/modules/edital/consulta.js';
import { cadastrarEdital } from '../apps/api/src/modules/edital/manutencao.js';
import { editalPdf } from '../apps/api/src/modules/edital/pdf.js';
import { confirmarPublicacao } from '../apps/api/src/modules/edital/publicacao.js';
import { PdfPool } from '../apps/api/src/platform/pdf/documento.js';
import { ensureReferenceData } from '../apps/api/src/seed/referencia/index.js';
import { countTaxpayers, seedRegistry } from '../apps/api/src/seed/registro.js';

const N = Number(process.argv[2] ?? 5000);
const url = process.env.DATABASE_URL;
const db = await openDatabase(url, fs.mkdtempSync('/tmp/cadastro-bench-edital-'));
if ((await countTaxpayers(db)) < N) {
  await ensureReferenceData(db.db);
  await seedRegistry(db, { taxpayers: N + 1000, seed: 3 });
}
const total = await countTaxpayers(db);
const ativos = (await query<{ c: number }>(db.db, sql`select numero_caceal as c from contribuinte where situacao_id = 1 order by id desc limit ${N}`)).map((r) => Number(r.c));
const equipe = (await query<{ n: number }>(db.db, sql`select numero_pessoa as n from sca_membro where grupo = 'GESTOR_EDITAL'`)).map((r) => Number(r.n));
const agora = () => performance.now();
console.error(`load average at start: ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);

let t0 = agora();
const e = await db.db.transaction((tx) => cadastrarEdital(tx, equipe, 'bench', {
  numero: null, tituloEdital: 'EDITAL DE SUSPENSÃO (BENCH)', idTipoEdital: 3, texto: 'Bench.', observacao: null, prazoConvocacao: null, numeroProcesso: null,
  numeroPessoaResponsavel: equipe[0]!, dataEfeitoLegal: null, indicadorMeioComunicacao: 'E', numeroDiario: null, idSituacaoCadastralFutura: 2, motivos: [201],
  vinculados: ativos.map((numeroCaceal) => ({ numeroCaceal, numeroDocumentoVinculado: null, tipoDocumentoVinculado: null, observacao: null })),
}));
const cadastro = agora() - t0;
await db.db.execute(sql`update edital set situacao_edital_id = 2 where id = ${e.id}`); // signed
t0 = agora();
const r = await db.db.transaction((tx) => confirmarPublicacao(tx, 'bench', { id: e.id, dataPublicacao: '2026-11-23', numeroDiario: null }));
const publicacao = agora() - t0;

const pool = new PdfPool();
/** One PDF as the route makes it (its queries, then the render): wall time, bytes, process RSS peak (the render thread lives in this process). */
async function imprimir() {
  let pico = process.memoryUsage().rss;
  const amostra = setInterval(() => (pico = Math.max(pico, process.memoryUsage().rss)), 20);
  const s = agora();
  const c0 = process.cpuUsage();
  const doc = (await editalPdf(db.db, e.id, { publico: true }))!;
  const stream = await pool.render({ ...doc.documento, emitidoEm: new Date().toISOString() });
  let bytes = 0;
  for await (const c of stream) bytes += (c as Buffer).length;
  const ms = Math.round(agora() - s);
  // CPU of every thread of this process (the render thread included): what the PDF costs on an idle core.
  const c = process.cpuUsage(c0);
  clearInterval(amostra);
  return { ms, cpuMs: Math.round((c.user + c.system) / 1000), kb: Math.round(bytes / 1024), rssPicoMb: Math.round(pico / 2 ** 20), rssDepoisMb: Math.round(process.memoryUsage().rss / 2 ** 20) };
}
const rss0 = Math.round(process.memoryUsage().rss / 2 ** 20);
const pdfFrio = await imprimir();
const pdfQuente = [await imprimir(), await imprimir(), await imprimir()];

const caceais = ativos.slice(0, 200);
const publicados = await query<{ numero: string; tipo: number; data: string }>(db.db, sql`select numero, tipo_edital_id as tipo, data_publicacao::text as data from edital
  where situacao_edital_id in (3, 4) order by id limit 200`);
const filtros: Record<string, (i: number) => Parameters<typeof consultarPublicos>[1]> = {
  caceal: (i) => ({ caceal: caceais[i % caceais.length]! }),
  numero: (i) => ({ numero: publicados[i % publicados.length]!.numero.replace('/', '') }),
  tipo: (i) => ({ tipoEdital: Number(publicados[i % publicados.length]!.tipo) }),
  periodo: (i) => { const d = publicados[i % publicados.length]!.data; return { dataInicioPublicacao: `${d.slice(0, 7)}-01`, dataFimPublicacao: d }; },
};
const consultaPublica: Record<string, { p50Ms: number; p95Ms: number }> = {};
for (const [nome, f] of Object.entries(filtros)) {
  const tempos: number[] = [];
  for (let i = 0; i < 200; i++) {
    const s = agora();
    await consultarPublicos(db.db, f(i)!, 0, 10);
    tempos.push(agora() - s);
  }
  tempos.sort((a, b) => a - b);
  consultaPublica[nome] = { p50Ms: +tempos[100]!.toFixed(2), p95Ms: +tempos[190]!.toFixed(2) };
}
const n = await queryOne<{ n: string }>(db.db, sql`select count(*) as n from historico_situacao where edital_id = ${e.id}`);
console.log(JSON.stringify({
  banco: url ? 'postgresql' : 'pglite', contribuintes: total, vinculados: ativos.length, alterados: r.alterados, historico: Number(n?.n),
  cadastroMs: Math.round(cadastro), publicacaoMs: Math.round(publicacao), rssAntesDoPdfMb: rss0, pdfFrio, pdfQuente, consultaPublica,
  cargaMedia: os.loadavg().map((x) => +x.toFixed(2)),
}));
await pool.close();
await db.close();
