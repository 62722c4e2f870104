// The processes of bench:reliability (see reliability.ts): API replicas, nginx in front of them, CPU
// read from /proc. Everything started here is stopped when the bench exits, however it exits.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ambiente = (nome: string) => {
  const v = process.env[nome];
  if (!v) throw new Error(`${nome} is not set: run this through bench/reliability.sh`);
  return v;
};
export const TMP = ambiente('BENCH_TMP');
export const PG_DATA = ambiente('PG_DATA');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Every replica must sign with the same key: a token issued by one is presented to the other.
const JWT_SECRET = crypto.randomBytes(32).toString('base64url');

// ---------------------------------------------------------------- processes
const filhos = new Set<ChildProcess>();
// nginx gets SIGTERM: its master then stops its worker (a SIGKILLed master leaves the worker behind).
const terminarComTerm = new WeakSet<ChildProcess>();
process.on('exit', () => { for (const c of filhos) c.kill(terminarComTerm.has(c) ? 'SIGTERM' : 'SIGKILL'); });
for (const s of ['SIGINT', 'SIGTERM'] as const) process.once(s, () => process.exit(130));

export function lancar(nome: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const log = fs.openSync(path.join(TMP, `${nome}.log`), 'a');
  // API_ROOT: another copy of the sources to run (bench/scale.sh, a server with hand-applied migrations).
  const c = spawn(cmd, args, { cwd: process.env.API_ROOT ?? root, env: { ...env, BENCH_TMP: TMP }, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  // The wrapper's trap kills what is listed here if this process dies without cleaning up.
  fs.appendFileSync(path.join(TMP, 'pids'), `${c.pid}\n`);
  filhos.add(c);
  c.on('exit', () => filhos.delete(c));
  return c;
}
export const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const portaLivre = () => new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const a = srv.address() as net.AddressInfo;
    srv.close(() => resolve(a.port));
  });
});
export const vivo = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;

export interface Api { nome: string; porta: number; base: string; processo: ChildProcess }
export async function iniciarApi(nome: string, porta: number, extra: Record<string, string>): Promise<Api> {
  const env = {
    ...process.env, HOST: '127.0.0.1', PORT: String(porta), JWT_SECRET, APP_PROFILE: 'dev', SEED_DEMO_TAXPAYERS: '0',
    LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1', DATA_DIR: path.join(TMP, `dados-${nome}`), ...extra,
  };
  // node itself, not npm: a SIGKILL must hit the API process, not a wrapper around it.
  const processo = lancar(nome, process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], env);
  const base = `http://127.0.0.1:${porta}`;
  for (let i = 0; ; i++) {
    if (!vivo(processo)) throw new Error(`${nome} exited at start; see its log:\n${fs.readFileSync(path.join(TMP, `${nome}.log`), 'utf8').slice(-3000)}`);
    if (await fetch(`${base}/management/health/readiness`).then((r) => r.status === 200, () => false)) break;
    if (i > 600) throw new Error(`${nome} not ready after 2 min`);
    await dormir(200);
  }
  return { nome, porta, base, processo };
}

// CPU seconds of a process (and, for the postmaster, of its backends), from /proc: where the two
// cores went during a phase.
const TICK = 100;
export function cpuDe(pid: number, comFilhos = false): number {
  const campos = (p: number) => {
    try {
      const s = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      return s.slice(s.lastIndexOf(')') + 2).split(' ');
    } catch {
      return undefined;
    }
  };
  const f = campos(pid);
  if (!f) return NaN;
  // Fields after the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
  let t = Number(f[11]) + Number(f[12]);
  if (comFilhos) {
    t += Number(f[13]) + Number(f[14]);
    for (const d of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      const g = campos(Number(d));
      if (g && Number(g[1]) === pid) t += Number(g[11]) + Number(g[12]);
    }
  }
  return t / TICK;
}
/** Idle CPU seconds of the whole machine (all cores), from /proc/stat: whether a phase used every core. */
export function ocioDaMaquina(): number {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  return (Number(f[4]) + Number(f[5])) / TICK;
}
/** CPU seconds the hypervisor gave to other machines (steal), from /proc/stat: a noisy neighbour. */
export function rouboDaMaquina(): number {
  return Number(fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)[8]) / TICK;
}
export const postmaster = () => Number(fs.readFileSync(path.join(PG_DATA, 'postmaster.pid'), 'utf8').split('\n')[0]);
export function medirCpu(pids: Record<string, () => number>) {
  const antes = Object.fromEntries(Object.entries(pids).map(([k, f]) => [k, f()]));
  return () => Object.fromEntries(Object.entries(pids).map(([k, f]) => [k, f() - antes[k]!]));
}

// ---------------------------------------------------------------- nginx
export async function iniciarNginx(portas: number[]) {
  const porta = await portaLivre();
  const dir = path.join(TMP, 'nginx');
  fs.mkdirSync(dir, { recursive: true });
  const conf = `# Generated by bench/reliability.ts
worker_processes 1;            # two cores shared with two API processes, PostgreSQL and the client
daemon off;                    # a child of the bench: it stops with it
pid ${TMP}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # Which replica answered, and whether nginx had to try the other one ("502, 200"): explains the
  # failures around the kill.
  log_format rel '$msec $request_method $status $request_time "$upstream_addr" "$upstream_status" $request_uri';
  access_log ${dir}/access.log rel buffer=256k flush=1s;
  # Clients keep their connections (a browser does); the default of 1,000 requests per connection
  # would make the bench reconnect every few seconds.
  keepalive_requests 1000000;
  keepalive_timeout 75s;
  upstream cadastro_api {
${portas.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join('\n')}
    # Idle connections kept open to the replicas: without them every request pays a TCP connect.
    keepalive 256;
    keepalive_requests 1000000;
    keepalive_timeout 60s;     # below the API's 72 s: nginx closes first, never reuses a socket the API closed
  }
  server {
    listen 127.0.0.1:${porta};
    location / {
      proxy_pass http://cadastro_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # nginx is the edge: the client's own address, replacing whatever X-Forwarded-For it sent
      # (the API trusts 127.0.0.1 only: TRUST_PROXY=127.0.0.1).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A replica that refuses or drops the connection: the request goes to the other one. nginx
      # does this for GET/HEAD/PUT/DELETE always, but for POST/PATCH only if the request was not
      # sent yet (a refused connection): a POST a replica may have executed is never replayed
      # ("non_idempotent" is deliberately absent). 503 is not retried either: the API's 503 means
      # "shed, retry after" or "database unreachable", the same on the other replica.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 30s;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const processo = lancar('nginx', 'nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], process.env);
  terminarComTerm.add(processo);
  const base = `http://127.0.0.1:${porta}`;
  for (let i = 0; !(await fetch(`${base}/management/health/readiness`).then((r) => r.status === 200, () => false)); i++) {
    if (!vivo(processo) || i > 100) throw new Error(`nginx did not start:\n${fs.readFileSync(path.join(TMP, 'nginx.log'), 'utf8')}`);
    await dormir(100);
  }
  return { porta, base, processo, dir };
}

