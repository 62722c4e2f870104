// Notices at scale: a notice citing N taxpayers (default 5,000) — its cadastro (bulk linked rows), the
// publication that changes every linked registration (one transaction), its PDF (bytes and time, RSS
// before/after), and the public query's latency (by CACEAL; p50/p95 over 200 runs).
// Usage: node --import tsx bench/edital.ts [N]   (DATABASE_URL=postgres://… to use a server with its data;
// without it an embedded database is seeded with N + 1,000 taxpayers first).
import fs from 'node:fs';
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
const rss0 = process.memoryUsage().rss;
t0 = agora();
const doc = (await editalPdf(db.db, e.id, { publico: true }))!;
const stream = await pool.render({ ...doc.documento, emitidoEm: new Date().toISOString() });
let bytes = 0;
for await (const c of stream) bytes += (c as Buffer).length;
const pdf = agora() - t0;
const rss1 = process.memoryUsage().rss;

const tempos: number[] = [];
for (let i = 0; i < 200; i++) {
  const s = agora();
  await consultarPublicos(db.db, { caceal: ativos[i % ativos.length]! }, 0, 10);
  tempos.push(agora() - s);
}
tempos.sort((a, b) => a - b);
const n = await queryOne<{ n: string }>(db.db, sql`select count(*) as n from historico_situacao where edital_id = ${e.id}`);
console.log(JSON.stringify({
  banco: url ? 'postgresql' : 'pglite', contribuintes: total, vinculados: ativos.length, alterados: r.alterados, historico: Number(n?.n),
  cadastroMs: Math.round(cadastro), publicacaoMs: Math.round(publicacao), pdfMs: Math.round(pdf), pdfKb: Math.round(bytes / 1024),
  rssAntesMb: Math.round(rss0 / 2 ** 20), rssDepoisMb: Math.round(rss1 / 2 ** 20),
  consultaPublicaP50Ms: +tempos[100]!.toFixed(2), consultaPublicaP95Ms: +tempos[190]!.toFixed(2),
}));
await pool.close();
await db.close();
