// Starting the API for a bench, and signing in as a demo account the way the SPA does (XSRF cookie from
// profile-info, then authenticate).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on now (the OS picks it). */
export const portaLivre = () => new Promise<number>((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const a = srv.address() as net.AddressInfo;
    srv.close(() => resolve(a.port));
  });
});

export interface ApiDoBench { base: string; processo: ChildProcess; parar: () => Promise<void> }
interface Opcoes {
  /** The script to run (the API's by default; bench/servidor-minimo.ts for the HTTP floor). */
  script?: string;
  /** The path that answers once it is up (below 500). profile-info, not the readiness probe: older
   *  checkouts measured through API_ROOT have no probe. */
  pronto?: string;
  /** Another checkout to run (API_ROOT), default this one. */
  cwd?: string;
  port?: number;
}

/**
 * The API in its own process, as production runs it (so the bench client's CPU is not charged to it), on
 * a free port, stdout dropped (its default log level: an access line per call, as in production), killed when the bench exits however it exits. `env` adds to or
 * overrides the bench's environment (DATA_DIR, DATABASE_URL, PDF_WORKERS…).
 */
export async function iniciarApiDoBench(env: Record<string, string> = {}, opcoes: Opcoes = {}): Promise<ApiDoBench> {
  const porta = opcoes.port ?? await portaLivre();
  const processo = spawn(process.execPath, ['--import', 'tsx', opcoes.script ?? 'apps/api/src/main.ts'], {
    cwd: opcoes.cwd ?? raiz, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', SEED_DEMO_TAXPAYERS: '0', ...env, PORT: String(porta) },
  });
  const matar = () => processo.kill('SIGKILL');
  process.on('exit', matar);
  const base = `http://127.0.0.1:${porta}`;
  for (let i = 0; !(await fetch(`${base}${opcoes.pronto ?? '/api/profile-info'}`).then((r) => r.status < 500, () => false)); i++) {
    if (processo.exitCode !== null || i > 900) throw new Error(`${opcoes.script ?? 'the API'} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const parar = async () => {
    process.off('exit', matar);
    if (processo.exitCode !== null) return;
    const fim = new Promise((r) => processo.once('exit', r));
    processo.kill('SIGTERM');
    await fim;
  };
  return { base, processo, parar };
}

/** The headers a signed-in client sends: the bearer token, and the XSRF pair its writes need. */
export async function cabecalhosDe(base: string, login = 'atendente', senha = login) {
  const profile = await fetch(`${base}/api/profile-info`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(profile.headers.get('set-cookie') ?? '')![1]!;
  const auth = await fetch(`${base}/api/authenticate`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify({ username: login, password: senha }),
  });
  if (auth.status !== 200) throw new Error(`sign-in of ${login}: ${auth.status} ${await auth.text()}`);
  const token = ((await auth.json()) as { id_token: string }).id_token;
  return { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
}

/** The bearer token alone (reads). */
export async function entrar(base: string, login = 'atendente', senha = login): Promise<string> {
  return (await cabecalhosDe(base, login, senha)).authorization.slice('Bearer '.length);
}
