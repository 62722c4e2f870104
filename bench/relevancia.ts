// Relevance benchmark of the name search (#43): from generated names, queries a clerk would type
// (accents dropped, words swapped, a middle name left out, one typo, a sound variant, an abbreviation),
// the intended taxpayer known. Reports the share found on the first page (10 rows) and in first
// position, and the p95 (one client), of the screen's call (buscarPorNome) beside today's §7 search
// (obterListaContribuintes RAZAO_SOCIAL, "contains") on the same queries.
// Usage: node --import tsx bench/relevancia.ts [taxpayers=20000] [queriesPerKind=60]
//   (embedded PGlite in a temp folder; DATABASE_URL=postgres://… uses that server's data instead, no seeding)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { abreviacoes, CONECTIVOS } from '../packages/domain/src/index.js';
import { openDatabase } from '../apps/api/src/db/client.js';
import { query } from '../apps/api/src/db/consulta.js';
import { ensureReferenceData } from '../apps/api/src/seed/referencia/index.js';
import { seedRegistry } from '../apps/api/src/seed/registro.js';
import { buscarContribuintes } from '../apps/api/src/modules/contribuinte/busca.js';
import { buscarPorNome } from '../apps/api/src/modules/contribuinte/busca-nome.js';

const taxpayers = Number(process.argv[2] ?? 20_000);
const porTipo = Number(process.argv[3] ?? 60);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-relevancia-'));
const db = await openDatabase(process.env.DATABASE_URL, dir);
if (!process.env.DATABASE_URL) {
  await ensureReferenceData(db.db);
  const t0 = Date.now();
  await seedRegistry(db, { taxpayers, seed: 43 });
  console.log(`generated ${taxpayers} taxpayers in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

const plain = (s: string) => s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
// A seeded random, so two runs ask the same queries.
let semente = 43;
const rnd = () => ((semente = (semente * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

/** The name's first words a clerk would type (connectives left out): the distinctive part. */
const palavras = (nome: string) => plain(nome).split(/\s+/).filter((w) => !CONECTIVOS.has(w));
const SONS: [RegExp, string][] = [[/z/, 's'], [/(?<=[aeiou])s(?=[aeiou])/, 'z'], [/ss/, 's'], [/y/, 'i'], [/th/, 't'], [/ph/, 'f'], [/^h/, ''], [/ll/, 'l'], [/rr/, 'r'], [/tt/, 't'], [/i(?=[aeou])/, 'y']];
const TIPOS: Record<string, (ws: string[]) => string | null> = {
  'sem acento': (ws) => ws.slice(0, 4).join(' '),
  'palavras trocadas': (ws) => (ws.length >= 4 ? [ws[2], ws[0], ws[1], ws[3]].join(' ') : null),
  'nome do meio omitido': (ws) => (ws.length >= 4 ? [ws[0], ws[2], ws[3]].join(' ') : null),
  'um erro de digitação': (ws) => {
    const q = ws.slice(0, 4);
    const i = q.reduce((m, w, j) => (w.length > q[m]!.length ? j : m), 0);
    const w = q[i]!;
    const k = 1 + Math.floor(rnd() * (w.length - 2));
    q[i] = w.slice(0, k) + (w[k] === 'a' ? 'e' : 'a') + w.slice(k + 1);
    return q.join(' ');
  },
  'variante sonora': (ws) => {
    const q = ws.slice(0, 4);
    for (let i = 0; i < q.length; i++) for (const [re, por] of SONS) if (re.test(q[i]!)) { q[i] = q[i]!.replace(re, por); return q.join(' '); }
    return null;
  },
  'abreviação': (ws) => {
    const i = ws.findIndex((w) => abreviacoes(w).length > 0 && !CONECTIVOS.has(w));
    if (i < 0) return null;
    const q = [...ws.slice(0, 2), abreviacoes(ws[i]!)[0]!];
    return i < 2 ? null : q.join(' ');
  },
};

const alvos = await query<{ nome: string }>(db.db, sql`select p.nome from contribuinte_nome n join pessoa p on p.numero_pessoa = n.numero_pessoa
  order by md5(n.numero_pessoa::text) limit ${porTipo * 8}`);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
console.log(`\n${'kind'.padEnd(22)} ${'n'.padStart(4)} | screen: page1  first   p95 ms | today (§7): page1  first   p95 ms`);
const geral = { nova: { p: 0, f: 0, ms: [] as number[] }, hoje: { p: 0, f: 0, ms: [] as number[] }, n: 0 };
for (const [tipo, gera] of Object.entries(TIPOS)) {
  const r = { nova: { p: 0, f: 0, ms: [] as number[] }, hoje: { p: 0, f: 0, ms: [] as number[] }, n: 0 };
  for (const { nome } of alvos) {
    if (r.n >= porTipo) break;
    const q = gera(palavras(nome));
    if (!q || q.length < 3 || plain(nome).includes(q) === (tipo !== 'sem acento')) continue; // each kind must differ from "contains"
    r.n++;
    const alvo = plain(nome);
    let t = performance.now();
    const nova = (await buscarPorNome(db.db, q, 10)).content.map((c) => plain(c.razaoSocial));
    r.nova.ms.push(performance.now() - t);
    t = performance.now();
    const hoje = (await buscarContribuintes(db.db, 'RAZAO_SOCIAL', q, 0, 10)).content.map((c) => plain(c.razaoSocial));
    r.hoje.ms.push(performance.now() - t);
    for (const [k, lista] of [['nova', nova], ['hoje', hoje]] as const) {
      if (lista.includes(alvo)) r[k].p++;
      if (lista[0] === alvo) r[k].f++;
    }
  }
  const pc = (x: number) => `${((100 * x) / Math.max(1, r.n)).toFixed(0).padStart(4)} %`;
  console.log(`${tipo.padEnd(22)} ${String(r.n).padStart(4)} |        ${pc(r.nova.p)} ${pc(r.nova.f)} ${pct(r.nova.ms, 0.95).toFixed(1).padStart(7)} |            ${pc(r.hoje.p)} ${pc(r.hoje.f)} ${pct(r.hoje.ms, 0.95).toFixed(1).padStart(7)}`);
  for (const k of ['nova', 'hoje'] as const) { geral[k].p += r[k].p; geral[k].f += r[k].f; geral[k].ms.push(...r[k].ms); }
  geral.n += r.n;
}
const pg = (x: number) => `${((100 * x) / Math.max(1, geral.n)).toFixed(0).padStart(4)} %`;
console.log(`${'all'.padEnd(22)} ${String(geral.n).padStart(4)} |        ${pg(geral.nova.p)} ${pg(geral.nova.f)} ${pct(geral.nova.ms, 0.95).toFixed(1).padStart(7)} |            ${pg(geral.hoje.p)} ${pg(geral.hoje.f)} ${pct(geral.hoje.ms, 0.95).toFixed(1).padStart(7)}`);
await db.close();
fs.rmSync(dir, { recursive: true, force: true });
