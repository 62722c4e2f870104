import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { generate } from 'otplib';
import { ProblemType, XSRF_COOKIE, XSRF_HEADER } from '@cadastro/domain';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { mensagemCorreio } from '../db/schema/index.js';
import type { GeneratorOptions } from '../seed/gerador/gerador.js';
import { seedRegistry } from '../seed/registro.js';
import { execucaoDaPasta, modelo } from './banco-modelo.js';

/** What a test file starts with: a generated registry of this size and seed, besides the reference data. */
export interface TestAppOptions {
  logStream?: NodeJS.WritableStream;
  registry?: GeneratorOptions;
}

/**
 * A fresh application per test file on a database of its own: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a new database on that server. The database is a
 * copy of the run's template for `opts.registry` (banco-modelo.ts): migrated, reference data, demo
 * accounts and the generated registry, made once per run instead of once per file.
 */
export async function startTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  // A database of the test's own (a cluster, a data dir to reopen), or a profile or first administrator
  // that decides which accounts exist: started from nothing, as a real start would be.
  if (env.DATABASE_URL !== undefined || env.APP_PROFILE !== undefined || env.ADMIN_PASSWORD !== undefined) {
    const t = new TestApp(await buildApp(testConfig(env, env.DATABASE_URL ?? (await testDatabaseUrl())), opts));
    if (opts.registry) await seedRegistry(t.built.ctx.database, opts.registry);
    return t;
  }
  const dir = inject('bancoModelo');
  const servidor = process.env.TEST_DATABASE_URL;
  if (servidor) {
    const url = await createServerDatabase(servidor, { template: await modeloNoServidor(dir, servidor, opts.registry) });
    return new TestApp(await buildApp(testConfig(env, url), opts), () => dropServerDatabase(servidor, url));
  }
  // The file that makes a seeded template keeps the app it made it with (its copy is that database).
  let propria: TestApp | undefined;
  const arquivo = await modelo(dir, { registry: opts.registry ?? null }, async (base) => {
    if (!opts.registry) return modeloPglite(base); // made by global-setup.ts already
    const t = await startTestApp(env, { ...opts, registry: undefined }); // a copy of the unseeded one
    try {
      await seedRegistry(t.built.ctx.database, opts.registry);
      const feito = await gravar(t, base);
      propria = t;
      return feito;
    } catch (err) {
      await t.close();
      throw err;
    }
  });
  if (propria) return propria;
  const loadDataDir = new Blob([await fs.readFile(arquivo)]);
  return new TestApp(await buildApp(testConfig(env, 'memory://'), { ...opts, loadDataDir }));
}

/** global-setup.ts: the unseeded template, made before the files start. */
export async function prepararModelo(dir: string): Promise<void> {
  const servidor = process.env.TEST_DATABASE_URL;
  await (servidor ? modeloNoServidor(dir, servidor, undefined) : modelo(dir, { registry: null }, modeloPglite));
}

/** The embedded unseeded template: what a default start makes (migrations, reference data, demo accounts). */
async function modeloPglite(base: string): Promise<string> {
  const t = new TestApp(await buildApp(testConfig({}, 'memory://')));
  try {
    return await gravar(t, base);
  } finally {
    await t.close();
  }
}

/** An embedded database as a tar file (uncompressed: gzip cost seconds a copy, and the folder goes at the end). */
async function gravar(t: TestApp, base: string): Promise<string> {
  const tarball = await t.built.ctx.database.dumpDataDir!();
  await fs.writeFile(`${base}.tar`, Buffer.from(await tarball.arrayBuffer()));
  return `${base}.tar`;
}

/**
 * The server's template database for a registry: the unseeded one is what a default start makes
 * (migrations, reference data, demo accounts); a seeded one is a copy of it with the registry generated.
 */
function modeloNoServidor(dir: string, servidor: string, registry: GeneratorOptions | undefined): Promise<string> {
  return modelo(dir, { servidor: true, registry: registry ?? null }, async (base) => {
    const nome = `tpl_${path.basename(base)}_${execucaoDaPasta(dir)}`;
    // Holding the lock with no `.ready`: a database of this name is an attempt of this run that failed
    // halfway (its worker's error was reported); it is made again from scratch.
    await onServer(servidor, `DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
    if (registry) {
      const url = await createServerDatabase(servidor, { nome, template: await modeloNoServidor(dir, servidor, undefined) });
      const database = await openDatabase(url, os.tmpdir());
      await seedRegistry(database, registry).finally(() => database.close());
    } else {
      await new TestApp(await buildApp(testConfig({}, await createServerDatabase(servidor, { nome })))).close();
    }
    return nome; // a template must have no connection: both were closed
  });
}

function testConfig(env: Record<string, string>, databaseUrl: string): Config {
  return loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `cadastro-test-${crypto.randomUUID()}`),
    JWT_SECRET: crypto.randomBytes(48).toString('hex'),
    LOG_LEVEL: 'silent',
    PORT: '8080',
    // Tests seed thousands of rows on the app's own thread: the event-loop signal would shed the next
    // request. sobrecarga.test.ts turns it on where it is the subject.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
    DATABASE_URL: databaseUrl,
  } as NodeJS.ProcessEnv);
}

/** A fresh database URL: in-memory PGlite, or a new database on the TEST_DATABASE_URL server. */
export async function testDatabaseUrl(): Promise<string> {
  return process.env.TEST_DATABASE_URL ? createServerDatabase(process.env.TEST_DATABASE_URL) : 'memory://';
}

/** A new database on the server: empty, or a file copy of `template` (which must have no connection). */
async function createServerDatabase(serverUrl: string, o: { nome?: string; template?: string } = {}): Promise<string> {
  const name = o.nome ?? `t_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, o.template ? `CREATE DATABASE ${name} TEMPLATE ${o.template} STRATEGY FILE_COPY` : `CREATE DATABASE ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A file's copy goes with it: the server keeps only the run's templates (dropped by global-setup.ts). */
async function dropServerDatabase(serverUrl: string, url: string) {
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser-like client: keeps the XSRF cookie, echoes it in the header, carries a bearer token. */
export class Client {
  private xsrf: string | undefined;
  constructor(
    private readonly t: TestApp,
    public token: string | undefined = undefined,
    private readonly opts: { csrf?: boolean; remoteAddress?: string } = {},
  ) {}

  async request(method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    if (!this.xsrf && this.opts.csrf !== false && method !== 'GET') {
      const r = await this.t.app.inject({ method: 'GET', url: '/api/profile-info' });
      this.xsrf = r.cookies.find((c) => c.name === XSRF_COOKIE)?.value;
    }
    const h: Record<string, string> = { ...headers };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (this.xsrf && this.opts.csrf !== false) h[XSRF_HEADER] = this.xsrf;
    return this.t.app.inject({
      method,
      url,
      headers: h,
      cookies: this.xsrf ? { [XSRF_COOKIE]: this.xsrf } : {},
      remoteAddress: this.opts.remoteAddress ?? '127.0.0.1',
      ...(payload === undefined ? {} : typeof payload === 'string' ? { payload, headers: { ...h, 'content-type': 'text/plain' } } : { payload: payload as object }),
    });
  }
  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);
}

export class TestApp {
  constructor(
    readonly built: BuiltApp,
    private readonly onClosed: () => Promise<void> = async () => undefined,
  ) {}
  get app() {
    return this.built.app;
  }
  get db() {
    return this.built.ctx.database.db;
  }
  client(opts?: { csrf?: boolean; remoteAddress?: string }) {
    return new Client(this, undefined, opts);
  }
  /** Recovery codes of the staff accounts this app enrolled, by login (see as()). */
  private readonly recuperacao = new Map<string, string[]>();

  /**
   * Signs in and returns a client carrying the token. A staff account that is not a demo one goes
   * through its second factor as a user would: the first time it enrols (the code computed from the
   * secret shown), later it spends a recovery code (a TOTP code is good once per 30 s step).
   */
  async as(login: string, password = login): Promise<Client> {
    const c = this.client();
    let r = await c.post('/api/authenticate', { username: login, password });
    const p = r.statusCode === 401 ? r.json<{ type?: string; desafio?: string }>() : {};
    if (!p.desafio) {
      // a session, or a refusal: said below
    } else if (p.type === ProblemType.SEGUNDO_FATOR_INSCRICAO) {
      const { segredo } = (await c.post('/api/authenticate/segundo-fator/inscricao/inicio', { desafio: p.desafio })).json<{ segredo: string }>();
      r = await c.post('/api/authenticate/segundo-fator/inscricao', { desafio: p.desafio, codigo: await generate({ secret: segredo }) });
      if (r.statusCode === 200) this.recuperacao.set(login, r.json<{ codigosRecuperacao: string[] }>().codigosRecuperacao);
    } else if (p.type === ProblemType.SEGUNDO_FATOR_NECESSARIO) {
      r = await c.post('/api/authenticate/segundo-fator', { desafio: p.desafio, codigo: this.recuperacao.get(login)?.pop() ?? 'sem-codigo' });
    }
    if (r.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${r.statusCode} ${r.body}`);
    c.token = r.json<{ id_token: string }>().id_token;
    return c;
  }
  /** Latest mail received by the SMTP sink for an address (waits briefly: SMTP is asynchronous). */
  async lastMailTo(email: string) {
    for (let i = 0; i < 50; i++) {
      const rows = await this.db
        .select()
        .from(mensagemCorreio)
        .where(eq(mensagemCorreio.mailTo, email.toLowerCase()))
        .orderBy(desc(mensagemCorreio.id))
        .limit(1);
      if (rows[0]) return rows[0];
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail for ${email}`);
  }
  async close() {
    await this.app.close();
    await this.onClosed();
  }
}

export function expectProblem(r: LightMyRequestResponse, status: number) {
  if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
  if (!String(r.headers['content-type']).startsWith('application/problem+json')) {
    throw new Error(`expected problem+json, got ${String(r.headers['content-type'])}`);
  }
  return r.json<{ type: string; title: string; status: number; detail?: string; message?: string; fieldErrors?: { field: string; message: string }[] }>();
}
