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

const antigas = process.env.CONSULTAS === 'antigas';
/** The name's words a clerk would type: connectives left out, and a MEI's CPF (the trailing 11 digits: a number is looked up by number). */
const palavras = (nome: string) => plain(nome).split(/\s+/).filter((w) => !CONECTIVOS.has(w) && (antigas || !/^\d{11}$/.test(w)));
/** The name as the clerk tells it apart: without a MEI's CPF (two MEIs of one name differ by the number the screen shows). */
const semCpf = (nome: string) => plain(nome).replace(/ \d{11}$/, '');
const SONS: [RegExp, string][] = [[/z/, 's'], [/(?<=[aeiou])s(?=[aeiou])/, 'z'], [/ss/, 's'], [/y/, 'i'], [/th/, 't'], [/ph/, 'f'], [/^h/, ''], [/ll/, 'l'], [/rr/, 'r'], [/tt/, 't'], [/i(?=[aeou])/, 'y']];
/**
 * The words the clerk means (before the kind's change): `CONSULTAS=antigas`, the name's first ones as the
 * first version of this bench took them; else the name's first words (at least `min`) until they tell the
 * name apart, as a clerk reading it from a paper goes on until the name is unmistakable ("joao pedro reis
 * souza" is a name of its own, so for JOÃO PEDRO REIS SOUZA MANUTENÇÃO E SERVIÇOS they type "manutencao"
 * too). Null (the query is not asked) when the words do not tell it apart and are not all of its words:
 * the name ties with others, so no ranking could put it first ("eduarda nogueira industria" for EDUARDA
 * BATISTA NOGUEIRA INDÚSTRIA when EDUARDA MOREIRA NOGUEIRA INDÚSTRIA exists too).
 */
type Corte = (ws: string[], min: number, todas?: number) => Promise<string[] | null>;
const distintos = async (ws: string[]) => (await query<{ n: number }>(db.db, sql`select count(distinct regexp_replace(nome_busca, ' [0-9]{11}$', ''))::int as n
  from contribuinte_nome where string_to_array(nome_busca::text, ' ') @> string_to_array(${ws.join(' ')}::text, ' ')`))[0]!.n;
const corte: Corte = async (ws, min, todas = ws.length) => {
  if (antigas) return ws.slice(0, min);
  let k = Math.min(ws.length, min);
  while (k < ws.length && (await distintos(ws.slice(0, k))) > 1) k++;
  return k < todas && (await distintos(ws.slice(0, k))) > 1 ? null : ws.slice(0, k);
};
const TIPOS: Record<string, (ws: string[]) => Promise<string | null>> = {
  'sem acento': async (ws) => (await corte(ws, 4))?.join(' ') ?? null,
  'palavras trocadas': async (ws) => {
    const q = await corte(ws, 4);
    return q && q.length >= 4 ? [q[2], q[0], q[1], ...q.slice(3)].join(' ') : null;
  },
  // The clerk leaves out the second word: they mean the others, told apart without it.
  'nome do meio omitido': async (ws) => (ws.length >= 4 ? ((await corte([ws[0]!, ...ws.slice(2)], 3, ws.length))?.join(' ') ?? null) : null),
  'um erro de digitação': async (ws) => {
    const q = await corte(ws, 4);
    if (!q) return null;
    const i = q.reduce((m, w, j) => (w.length > q[m]!.length ? j : m), 0);
    const w = q[i]!;
    const k = 1 + Math.floor(rnd() * (w.length - 2));
    q[i] = w.slice(0, k) + (w[k] === 'a' ? 'e' : 'a') + w.slice(k + 1);
    return q.join(' ');
  },
  'variante sonora': async (ws) => {
    const q = await corte(ws, 4);
    if (!q) return null;
    for (let i = 0; i < q.length; i++) for (const [re, por] of SONS) if (re.test(q[i]!)) { q[i] = q[i]!.replace(re, por); return q.join(' '); }
    return null;
  },
  // The abbreviated word in its place, after the words before it (the old version dropped those between
  // the second word and it: two changes at once).
  'abreviação': async (ws) => {
    const i = ws.findIndex((w) => abreviacoes(w).length > 0 && !CONECTIVOS.has(w));
    if (i < 2) return null;
    const q = antigas ? [...ws.slice(0, 2), ws[i]!] : await corte(ws, i + 1);
    if (!q) return null;
    q[antigas ? 2 : i] = abreviacoes(ws[i]!)[0]!;
    return q.join(' ');
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
    const q = await gera(palavras(nome));
    if (!q || q.length < 3 || plain(nome).includes(q) === (tipo !== 'sem acento')) continue; // each kind must differ from "contains"
    r.n++;
    const alvo = antigas ? plain(nome) : semCpf(nome);
    let t = performance.now();
    const nova = (await buscarPorNome(db.db, q, 10)).content.map((c) => (antigas ? plain(c.razaoSocial) : semCpf(c.razaoSocial)));
    r.nova.ms.push(performance.now() - t);
    t = performance.now();
    const hoje = (await buscarContribuintes(db.db, 'RAZAO_SOCIAL', q, 0, 10)).content.map((c) => (antigas ? plain(c.razaoSocial) : semCpf(c.razaoSocial)));
    r.hoje.ms.push(performance.now() - t);
    for (const [k, lista] of [['nova', nova], ['hoje', hoje]] as const) {
      if (lista.includes(alvo)) r[k].p++;
      if (lista[0] === alvo) r[k].f++;
    }
    // VER=1: each query the screen does not answer first, with what it answered instead (diagnosis).
    if (process.env.VER && nova[0] !== alvo) console.log(`  [${tipo}] "${q}" → ${alvo.toUpperCase()} at ${nova.indexOf(alvo) + 1 || '-'}; first: ${nova.slice(0, 3).join(' | ')}`);
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
