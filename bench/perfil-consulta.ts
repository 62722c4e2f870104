// Where the API process spends its CPU on the exact CNPJ lookup (issues #20, #33 §2): the API on
// DATABASE_URL started as bench/postgraphile.sh starts it (dev profile, LOG_LEVEL warn), 20 clients
// (closed loop, keep-alive) for SEGUNDOS s after AQUECER s of warm-up; prints req/s, p50/p95, the
// process's CPU ms per request and PostgreSQL's (postmaster and backends) over the same seconds, with
// their ratio (from /proc), and with PERFIL=1 a V8 CPU profile of the measured phase summarised by self
// time (functions, then packages / source folders; PERFIL_ARQUIVO=file keeps the raw profile).
// PERFIL=0 for the CPU figures alone (the profiler costs ~10 %); PERF=file records with Linux perf
// instead (PERF_HZ, default 499). API_ROOT = another checkout to compare. TIPO=RAZAO_SOCIAL runs the
// name-search mix instead. PISO=1 loads the floor instead: bench/servidor-minimo.ts, a bare node:http
// server calling the same search function (no framework, no auth, no checks).
// Usage: DATABASE_URL=… [PERFIL=1] [SEGUNDOS=15] [AQUECER=3] [USUARIOS=20] node --experimental-websocket --import tsx bench/perfil-consulta.ts
// (the shared 1M cluster: under `flock /work/pg1m/bench.lock`)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { iniciarCarga, resumir } from './carga.js';
import { termosDaBusca } from './termos-busca.js';
import { entrar } from './entrar.js';
import { cpuDe } from './cpu.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL to the PostgreSQL server with the generated data');
const USUARIOS = Number(process.env.USUARIOS ?? 20);
const SEGUNDOS = Number(process.env.SEGUNDOS ?? 15);
// Warm-up before each measured phase: V8 compiles the hot paths on its own threads, CPU counted as the
// process's; on a busy host 3 s of requests is not enough for that to finish (AQUECER = seconds).
const AQUECER = Number(process.env.AQUECER ?? 3);
const PERFIL = process.env.PERFIL !== '0';
const TIPO = process.env.TIPO ?? 'CNPJ';
const PISO = process.env.PISO === '1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = 20_000 + Math.floor(Math.random() * 20_000);
const inspectPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const dados = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-perfil-'));
const PERF = process.env.PERF ? path.resolve(process.env.PERF) : undefined;
const api = spawn(process.execPath, [...(PERFIL ? [`--inspect=127.0.0.1:${inspectPort}`] : []), ...(PERF ? ['--perf-basic-prof-only-functions', '--interpreted-frames-native-stack'] : []), '--import', 'tsx', PISO ? 'bench/servidor-minimo.ts' : 'apps/api/src/main.ts'], {
  cwd: process.env.API_ROOT ?? root, stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', APP_PROFILE: 'dev', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1', SEED_DEMO_TAXPAYERS: '0', DATA_DIR: dados },
});
process.on('exit', () => {
  api.kill('SIGKILL');
  fs.rmSync(dados, { recursive: true, force: true });
});
const pronto = PISO ? `${base}/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/CNPJ/1/0/10` : `${base}/management/health/readiness`;
for (let i = 0; !(await fetch(pronto).then((r) => r.ok, () => false)); i++) {
  if (i > 600) throw new Error('the API did not start');
  await new Promise((r) => setTimeout(r, 200));
}
const cabecalhos: Record<string, string> = PISO ? {} : { authorization: `Bearer ${await entrar(base)}` };
const client = new pg.Client({ connectionString: url });
await client.connect();
const termos = TIPO === 'RAZAO_SOCIAL'
  ? Object.values(await termosDaBusca(client, 40)).flat()
  : (await client.query(`select numero_documento from pessoa tablesample system (5) repeatable (9) where tipo = 'J' limit 5000`)).rows.map((r) => String(r.numero_documento));
// The postmaster (parent of this backend): PostgreSQL's CPU, its backends' included.
const postmaster = Number(fs.readFileSync(`/proc/${(await client.query('select pg_backend_pid() as p')).rows[0].p}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
await client.end();
const caminho = (t: string) => `/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/${TIPO}/${encodeURIComponent(t)}/0/10`;
const carga = (ms: number, desloc: number) => iniciarCarga({
  base, usuarios: USUARIOS, duracaoMs: ms, cabecalhos: () => cabecalhos,
  proximo: (u, n) => ({ metodo: 'GET', caminho: caminho(termos[(u * 251 + n + desloc) % termos.length]!), rotulo: TIPO }),
});
await carga(AQUECER * 1000, 1_000).fim;

/** CPU seconds of PostgreSQL: the postmaster, its ended children and every live backend. */
const cpuPg = () => cpuDe(postmaster, true);
const cpu = () => {
  const s = fs.readFileSync(`/proc/${api.pid}/stat`, 'utf8');
  const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
  return { user: Number(f[11]) / 100, sys: Number(f[12]) / 100 };
};
let sessao: Sessao | undefined;
if (PERFIL) {
  // The profiler attaches to the running API (its --inspect port) for the measured phase only.
  const ws = ((await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[])[0]!.webSocketDebuggerUrl;
  sessao = await conectar(ws);
  await sessao.post('Profiler.enable');
  await sessao.post('Profiler.setSamplingInterval', { interval: 200 });
  await sessao.post('Profiler.start');
}
// PERF=file: Linux perf samples the API process's CPU (user and kernel) during the measured phase.
const perf = PERF ? spawn('perf', ['record', '-F', process.env.PERF_HZ ?? '499', '-g', '-p', String(api.pid), '-o', PERF], { stdio: 'ignore' }) : undefined;
const c0 = cpu();
const pg0 = cpuPg();
const c = carga(SEGUNDOS * 1000, 0);
await c.fim;
const c1 = cpu();
const pg1 = cpuPg();
if (perf) {
  perf.kill('SIGINT');
  await new Promise((res) => perf.once('exit', res));
}
const gasto = c1.user + c1.sys - c0.user - c0.sys;
const r = resumir(c.eventos, SEGUNDOS);
const naoOk = r.n - c.eventos.filter((e) => e.status === 200).length;
console.log(`${TIPO}: ${r.porSegundo.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, non-200 ${naoOk}; ` +
  `API process CPU ${((1000 * gasto) / r.n).toFixed(3)} ms per request (user ${((1000 * (c1.user - c0.user)) / r.n).toFixed(3)}, ` +
  `kernel ${((1000 * (c1.sys - c0.sys)) / r.n).toFixed(3)}); PostgreSQL CPU ${((1000 * (pg1 - pg0)) / r.n).toFixed(3)} ms per request; ` +
  // Both read over the same seconds: a busy host inflates both, their ratio much less.
  `API / PostgreSQL ${(gasto / (pg1 - pg0)).toFixed(2)}; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
if (sessao) {
  const { profile: p } = (await sessao.post('Profiler.stop')) as { profile: Perfil };
  // PERFIL_ARQUIVO=file.cpuprofile keeps the raw profile (Chrome DevTools, speedscope) for callers and callees.
  if (process.env.PERFIL_ARQUIVO) fs.writeFileSync(process.env.PERFIL_ARQUIVO, JSON.stringify(p));
  resumirPerfil(p);
}
process.exit(0);

// ---------------------------------------------------------------- the profile
interface No { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] }
interface Perfil { nodes: No[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

/** The inspector protocol over the API's --inspect WebSocket (node's own client speaks only in-process). */
interface Sessao { post(method: string, params?: object): Promise<unknown> }
async function conectar(wsUrl: string): Promise<Sessao> {
  const ws = new WebSocket(wsUrl);
  await new Promise((res, rej) => { ws.onopen = res; ws.onerror = rej; });
  let id = 0;
  const pendentes = new Map<number, (v: unknown) => void>();
  ws.onmessage = (m) => {
    const d = JSON.parse(String(m.data)) as { id?: number; result?: unknown; error?: unknown };
    if (d.id !== undefined) pendentes.get(d.id)?.(d.error ? Promise.reject(new Error(JSON.stringify(d.error))) : d.result);
  };
  return { post: (method, params) => new Promise((res) => { pendentes.set(++id, res); ws.send(JSON.stringify({ id, method, params })); }) };
}

function resumirPerfil(p: Perfil) {
  const porId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const onde = (u: string) => {
    if (!u) return '(native/V8)';
    if (u.startsWith('node:')) return u.replace(/^node:internal\//, 'node:').split('/').slice(0, 2).join('/');
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u);
    if (m) return m[1]!;
    const s = /(apps\/api\/src\/.*|packages\/[^/]+\/src\/.*)/.exec(u);
    return s ? s[1]! : u.slice(-60);
  };
  const funcoes = new Map<string, number>();
  const pacotes = new Map<string, number>();
  for (const [id, us] of self) {
    const n = porId.get(id)!;
    const f = `${n.callFrame.functionName || '(anonymous)'} ${onde(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    funcoes.set(f, (funcoes.get(f) ?? 0) + us);
    const k = onde(n.callFrame.url).replace(/^(apps\/api\/src\/[^/]+\/[^/]+)\/.*/, '$1');
    pacotes.set(k, (pacotes.get(k) ?? 0) + us);
  }
  // Inclusive time by package: a sample counts once for each package on its stack.
  const pai = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) pai.set(c, n.id);
  const incl = new Map<string, number>();
  for (const [id, us] of self) {
    const vistos = new Set<string>();
    for (let x: number | undefined = id; x !== undefined; x = pai.get(x)) {
      const n = porId.get(x)!;
      const k = n.callFrame.functionName ? `${n.callFrame.functionName} ${onde(n.callFrame.url)}` : '';
      if (k && !vistos.has(k)) {
        vistos.add(k);
        incl.set(k, (incl.get(k) ?? 0) + us);
      }
    }
  }
  const linhas = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n)
    .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`).join('\n');
  console.log(`\nprofile: ${(total / 1e6).toFixed(2)} s sampled\n\nself time by package / folder:\n${linhas(pacotes, 30)}`);
  console.log(`\nself time by function:\n${linhas(funcoes, 60)}`);
  console.log(`\ninclusive time by function:\n${linhas(incl, 80)}`);
}
