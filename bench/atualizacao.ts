// A rolling upgrade under the clerk's load (run by bench/atualizacao.sh, which owns the PostgreSQL
// cluster, the generated registry and the temp dir). Two replicas of the built release (apps/api/dist,
// as deploy/cadastro@.service runs it) behind nginx; USUARIOS clerks (bench/mistura-atendente.ts, plus
// the pasted-list status check, a POST) for the whole run. Then, as an operator upgrades:
//   replica 1 taken out of nginx (marked down, reload), stopped (SIGTERM), started on the next release — the same build plus an expand
//   migration (a table and a nullable column) — which migrates while replica 2, on the old release,
//   serves on the new schema; then replica 2 stopped and started on the next release (nothing left to
//   migrate), each put back in nginx once ready. Every request is counted: goal 0 failed. The migration must be applied exactly once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ambiente, dormir, iniciarApi, iniciarNginx, portaLivre, TMP, type Api } from './reliability-processos.js';
import { iniciarCarga, resumir, type Pedido } from './carga.js';
import { cabecalhosDe } from './entrar.js';
import { mistura, termos } from './mistura-atendente.js';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const URL_BANCO = ambiente('DATABASE_URL');
const USUARIOS = Number(process.env.USUARIOS ?? 20);
const ANTES = Number(process.env.SEGUNDOS_ANTES ?? 5); // load before, between and after the two upgrades

// ---------------------------------------------------------------- the next release
// A copy of the built release with one more migration: what `npm run build` of the next version would
// ship. node_modules and the SPA are the current ones (the release differs by its migration only).
const MIGRACAO = '9000_prova_atualizacao';
const proxima = path.join(TMP, 'proxima');
fs.mkdirSync(path.join(proxima, 'apps', 'web'), { recursive: true });
fs.cpSync(path.join(raiz, 'apps', 'api', 'dist'), path.join(proxima, 'apps', 'api', 'dist'), { recursive: true });
fs.symlinkSync(path.join(raiz, 'node_modules'), path.join(proxima, 'node_modules'));
fs.symlinkSync(path.join(raiz, 'apps', 'web', 'dist'), path.join(proxima, 'apps', 'web', 'dist'));
const pastaMigracoes = path.join(proxima, 'apps', 'api', 'dist', 'migrations');
fs.writeFileSync(path.join(pastaMigracoes, `${MIGRACAO}.sql`), `-- expand: a table and a nullable column the running release never reads.
CREATE TABLE "prova_atualizacao" ("id" bigserial PRIMARY KEY NOT NULL, "nota" text);
--> statement-breakpoint
ALTER TABLE "contribuinte" ADD COLUMN "prova_atualizacao" text;
`);
const diario = JSON.parse(fs.readFileSync(path.join(pastaMigracoes, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };
const quando = Math.max(Date.now(), ...diario.entries.map((e) => e.when + 1));
diario.entries.push({ idx: 9000, version: '7', when: quando, tag: MIGRACAO, breakpoints: true });
fs.writeFileSync(path.join(pastaMigracoes, 'meta', '_journal.json'), JSON.stringify(diario, null, 2));

// ---------------------------------------------------------------- run
const banco = new pg.Client({ connectionString: URL_BANCO });
await banco.connect();
const t = await termos(banco);
const [p1, p2] = [await portaLivre(), await portaLivre()];
const atual = { raiz };
let t0 = performance.now();
const replicas: Api[] = await Promise.all([iniciarApi('api-1', p1, { DATABASE_URL: URL_BANCO }, atual), iniciarApi('api-2', p2, { DATABASE_URL: URL_BANCO }, atual)]);
console.log(`two replicas of the current release ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (ports ${p1}, ${p2})`);
const rss = (a: Api) => { try { return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${a.processo.pid}/status`, 'utf8'))![1]) / 1024; } catch { return 0; } };
const mb = (x: number) => `${x.toFixed(0)} MB`;
await dormir(3000);
console.log(`resident memory idle: ${replicas.map((a) => `${a.nome} ${mb(rss(a))}`).join(', ')}`);
const nginx = await iniciarNginx([p1, p2]);
const atendente = await cabecalhosDe(nginx.base, 'atendente');

const leituras = Array.from({ length: USUARIOS }, (_, u) => mistura(t, 5000 + u));
const lista = t.caceais.slice(0, 20).map(Number);
// One call in ten: the status of a pasted list, a POST (nginx never replays a POST a replica may have run).
const proximo = (u: number, n: number): Pedido =>
  n % 10 === 9 ? { metodo: 'POST', caminho: '/sfz-cadastro-api/api/contribuinte/obterSituacaoCadastral', corpo: lista, rotulo: 'situação (POST)' } : leituras[u]!();
await iniciarCarga({ base: nginx.base, usuarios: USUARIOS, duracaoMs: 3_000, cabecalhos: () => atendente, proximo }).fim; // warm-up
// What each failed answer was: the API's load shedding (503 + Retry-After: the machine is overloaded,
// the SPA's clerk is told to wait) is counted apart from what the upgrade broke.
const cabecalhosDaFalha = new Map<number, string>();
const carga = iniciarCarga({
  base: nginx.base, usuarios: USUARIOS, duracaoMs: 3_600_000, cabecalhos: () => atendente, proximo, respeitarRetryAfter: true, repetirComoNavegador: true,
  aoResponder: (_u, _p, r, e) => { if (r && (r.status < 200 || r.status > 299)) cabecalhosDaFalha.set(e.t, r.cabecalho.toLowerCase()); },
});

let rssMax = 0;
const amostra = setInterval(() => (rssMax = Math.max(rssMax, ...replicas.map(rss))), 500);
const marcos: string[] = [];
const marco = (texto: string) => { marcos.push(`${(carga.agora() / 1000).toFixed(1)} s ${texto}`); console.log(marcos.at(-1)); };
// The operator's drain: the replica marked `down` in nginx's upstream and nginx reloaded. Its old
// workers finish what they sent and close their connections to it; the new ones never open any.
// Only then SIGTERM: no request can reach the replica on a connection it is closing (a POST sent on
// such a connection is never replayed by nginx: the clerk would get a 502).
const confNginx = path.join(nginx.dir, 'nginx.conf');
async function marcar(porta: number, fora: boolean) {
  const linha = new RegExp(`(server 127\\.0\\.0\\.1:${porta} max_fails=1 fail_timeout=5s)( down)?;`);
  fs.writeFileSync(confNginx, fs.readFileSync(confNginx, 'utf8').replace(linha, fora ? '$1 down;' : '$1;'));
  nginx.processo.kill('SIGHUP');
  await dormir(2000); // the old workers' requests in flight finish
}
async function atualizar(i: number) {
  const velha = replicas[i]!;
  marco(`${velha.nome}: marked down in nginx, reloaded`);
  await marcar(velha.porta, true);
  marco(`${velha.nome}: SIGTERM`);
  velha.processo.kill('SIGTERM');
  await new Promise((r) => velha.processo.once('exit', r));
  marco(`${velha.nome}: exited ${velha.processo.exitCode}; starting the next release`);
  t0 = performance.now();
  replicas[i] = await iniciarApi(velha.nome, velha.porta, { DATABASE_URL: URL_BANCO }, { raiz: proxima });
  marco(`${velha.nome}: next release ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; back in nginx`);
  await marcar(velha.porta, false);
  await dormir(ANTES * 1000);
}
await dormir(ANTES * 1000);
await atualizar(0);
await atualizar(1);
carga.parar();
await carga.fim;
clearInterval(amostra);

// ---------------------------------------------------------------- verdict
const r = resumir(carga.eventos, carga.agora() / 1000);
const naoOk = carga.eventos.filter((e) => e.status < 200 || e.status > 299);
const descartada = (t: number) => /\r\nretry-after:/.test(cabecalhosDaFalha.get(t) ?? '');
const descartes = naoOk.filter((e) => e.status === 503 && descartada(e.t));
const falhas = naoOk.filter((e) => !descartes.includes(e));
const aplicada = await banco.query(`select count(*)::int as n from drizzle.__drizzle_migrations where created_at = $1`, [quando]);
const coluna = await banco.query(`select count(*)::int as n from information_schema.columns where table_name = 'contribuinte' and column_name = 'prova_atualizacao'`);
await banco.end();
console.log(`\n${r.n.toLocaleString('en')} requests in ${r.segundos.toFixed(0)} s (${r.porSegundo.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(0)} ms) by ${USUARIOS} clerks`);
console.log(`resident memory under the load: at most ${mb(rssMax)} per replica`);
console.log(`failed: ${falhas.length}; shed by the overloaded API (503 + Retry-After, the clerk told to wait): ${descartes.length} (non-2xx ${JSON.stringify(r.naoOk)}, no answer ${JSON.stringify(r.erros)})`);
console.log(`GETs sent again on a new connection, as a browser does, after a reused one closed before answering: ${carga.repetidos.length} (${carga.repetidos.map((e) => `${(e.t / 1000).toFixed(2)} s`).join(', ') || 'none'})`);
console.log(`migration ${MIGRACAO}: applied ${aplicada.rows[0].n} time(s), column present: ${coluna.rows[0].n === 1}`);
for (const f of naoOk.slice(0, 12)) console.log(`  ${(f.t / 1000).toFixed(2)} s ${f.rotulo}: ${f.status || f.erro}${descartes.includes(f) ? ' (shed)' : ` ${(cabecalhosDaFalha.get(f.t) ?? '').split('\r\n').slice(0, 4).join(' | ')}`}`);
const ok = falhas.length === 0 && aplicada.rows[0].n === 1 && coluna.rows[0].n === 1;
console.log(ok ? 'rolling upgrade: 0 failed requests, the migration applied once' : 'rolling upgrade: FAILED');
for (const a of replicas) a.processo.kill('SIGTERM');
process.exit(ok ? 0 : 1);
