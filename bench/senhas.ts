// Searches while passwords change, on the embedded database (PGlite: ONE connection for the whole
// process). A password change costs two argon2 runs (check the current one, hash the new one, ~19 MB
// and tens of ms each); if either ran inside a database transaction, every search would queue behind
// it on that one connection. Measured: search latency (open loop, RATE searches/s) alone, then while
// 6 users change their passwords back and forth without pause.
// Usage: node --import tsx bench/senhas.ts [seconds per phase]
//   DATA_DIR=<a PGlite data dir with generated taxpayers> (default: a fresh one; the API then
//   generates its 3,000-taxpayer demo registry); API_ROOT=<another checkout> measures that code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clienteHttp } from './http-cliente.js';
import { iniciarApiDoBench } from './entrar.js';

const segundos = Number(process.argv[2] ?? 20);
const RATE = Number(process.env.RATE ?? 5);
const USUARIOS = ['admin', 'user', 'auditor', 'editais', 'apoio-contador', 'contribuinte'];
const root = process.env.API_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.DATA_DIR || fs.mkdtempSync('/tmp/cadastro-bench-senhas-');

// SEED_DEMO_TAXPAYERS as the caller set it: a fresh data dir gets the demo registry to search.
const { base, parar } = await iniciarApiDoBench({ DATABASE_URL: '', DATA_DIR: dataDir, APP_PROFILE: 'dev', LOG_LEVEL: 'warn',
  SEED_DEMO_TAXPAYERS: process.env.SEED_DEMO_TAXPAYERS ?? '3000' }, { cwd: root });
for (const s of ['SIGINT', 'SIGTERM'] as const) process.once(s, () => process.exit(130));

const profile = await fetch(`${base}/api/profile-info`);
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(profile.headers.get('set-cookie') ?? '')![1]!;
const csrf = { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
async function entrar(login: string, senha: string) {
  const r = await fetch(`${base}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json', ...csrf }, body: JSON.stringify({ username: login, password: senha }) });
  if (r.status !== 200) throw new Error(`sign-in of ${login}: ${r.status}`);
  return ((await r.json()) as { id_token: string }).id_token;
}

// Terms from the registry itself, through the API (the data dir is locked by the API process).
const clerk = clienteHttp(base, { authorization: `Bearer ${await entrar('atendente', 'atendente')}` });
const busca = '/sfz-cadastro-api/api/contribuinte/obterListaContribuintes';
const amostra = (await clerk.get(`${busca}/RAZAO_SOCIAL/${encodeURIComponent('comercio')}/0/100`)) as { content: { numeroCaceal: number; cnpj: string | null; razaoSocial: string }[] };
if (!amostra.content.length) throw new Error('no taxpayers to search');
const caminhos = amostra.content.flatMap((c) => [
  `${busca}/CACEAL/${c.numeroCaceal}/0/10`,
  ...(c.cnpj ? [`${busca}/CNPJ/${c.cnpj}/0/10`] : []),
  `${busca}/RAZAO_SOCIAL/${encodeURIComponent(c.razaoSocial.toLowerCase().split(' ').slice(0, 2).join(' '))}/0/10`,
]);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const f = (x: number) => x.toFixed(1).padStart(7);

/** Open loop: a search every 1/RATE s whatever the previous ones are doing, as independent clerks do. */
async function buscas(ms: number) {
  const tempos: number[] = [];
  let falhas = 0;
  const pendentes: Promise<void>[] = [];
  const inicio = performance.now();
  for (let i = 0; performance.now() - inicio < ms; i++) {
    const t0 = performance.now();
    pendentes.push(clerk.get(caminhos[i % caminhos.length]!).then(() => void tempos.push(performance.now() - t0), () => void falhas++));
    await new Promise((r) => setTimeout(r, Math.max(0, inicio + ((i + 1) * 1000) / RATE - performance.now())));
  }
  await Promise.all(pendentes);
  return { tempos, falhas };
}

/** One user changing the password back and forth until `ate`; each change answers a new token. */
async function trocarSenhas(login: string, ate: number) {
  const senhas = [login, `${login}-outra`];
  let token = await entrar(login, senhas[0]!);
  const tempos: number[] = [];
  let falhas = 0;
  for (let i = 0; performance.now() < ate; i++) {
    const t0 = performance.now();
    const r = await fetch(`${base}/api/account/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...csrf },
      body: JSON.stringify({ currentPassword: senhas[i % 2], newPassword: senhas[(i + 1) % 2] }),
    });
    if (r.status === 200) {
      // The new token (versions before the session rework answered an empty 200 and kept the old one).
      const corpo = await r.text();
      token = corpo ? ((JSON.parse(corpo) as { id_token?: string }).id_token ?? token) : token;
      tempos.push(performance.now() - t0);
    } else {
      falhas++;
      console.error(`  ${login}: change-password → ${r.status} ${await r.text()}`);
      break;
    }
  }
  // Back to the demo password, so the next run starts from the same state.
  if (tempos.length % 2) {
    await fetch(`${base}/api/account/change-password`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...csrf },
      body: JSON.stringify({ currentPassword: senhas[1], newPassword: senhas[0] }),
    });
  }
  return { tempos, falhas };
}

/**
 * The control: the same argon2 work (per user a check and a hash, back to back) in ANOTHER process,
 * which shares only the CPU with the API. What searches lose here is CPU contention; what they lose
 * beyond it in the phase above would be waiting for the database connection.
 */
async function argon2Fora(ms: number): Promise<number> {
  const script = `import { hash, verify } from '@node-rs/argon2';
    const O = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
    const fim = Date.now() + ${ms}; let n = 0; const h = await hash('senha', O);
    await Promise.all(Array.from({ length: ${USUARIOS.length} }, async () => { while (Date.now() < fim) { await verify(h, 'senha'); await hash('outra', O); n++; } }));
    console.log(n);`;
  const p = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  let saida = '';
  p.stdout.on('data', (c: Buffer) => (saida += c.toString()));
  await new Promise((r) => p.once('exit', r));
  return Number(saida.trim());
}

// Warm-up (JIT, caches), then the phases.
await buscas(3_000);
const sozinho = await buscas(segundos * 1000);
const ate = performance.now() + segundos * 1000;
const [comTrocas, ...trocas] = await Promise.all([buscas(segundos * 1000), ...USUARIOS.map((u) => trocarSenhas(u, ate))]);
const todas = trocas.flatMap((t) => t.tempos);
const [comArgon2Fora, pares] = await Promise.all([buscas(segundos * 1000), argon2Fora(segundos * 1000)]);

console.log(`\nsearches at ${RATE}/s (embedded PGlite, ${dataDir === process.env.DATA_DIR ? dataDir : 'fresh demo registry'}), ${segundos} s per phase:`);
console.log('| searches | n | failed | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|---|');
for (const [nome, r] of [
  ['alone', sozinho],
  [`while ${USUARIOS.length} users change passwords`, comTrocas],
  [`while another process runs the same argon2 work (${pares} check + hash pairs)`, comArgon2Fora],
] as const) {
  console.log(`| ${nome} | ${r.tempos.length} | ${r.falhas} | ${f(pct(r.tempos, 0.5))} | ${f(pct(r.tempos, 0.95))} | ${f(Math.max(...r.tempos))} |`);
}
console.log(`password changes: ${todas.length} in ${segundos} s (${(todas.length / segundos).toFixed(1)}/s), failed ${trocas.reduce((a, t) => a + t.falhas, 0)}; ` +
  `each p50 ${f(pct(todas, 0.5))} ms, p95 ${f(pct(todas, 0.95))} ms`);
clerk.fechar();
await parar();
if (!process.env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
