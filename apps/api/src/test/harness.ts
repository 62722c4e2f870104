import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { XSRF_COOKIE, XSRF_HEADER } from '@cadastro/domain';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { mensagemCorreio } from '../db/schema/index.js';

/**
 * A fresh application per test file on a fresh database: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL points at a PostgreSQL server — a new database created on that server.
 */
export async function startTestApp(env: Record<string, string> = {}, opts: { logStream?: NodeJS.WritableStream } = {}): Promise<TestApp> {
  // A test may name its own database (a cluster of its own, a data dir to reopen).
  const databaseUrl = env.DATABASE_URL !== undefined ? env.DATABASE_URL : process.env.TEST_DATABASE_URL ? await createServerDatabase(process.env.TEST_DATABASE_URL) : 'memory://';
  const config: Config = loadConfig({
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
  const built = await buildApp(config, opts);
  return new TestApp(built);
}

/** A fresh database URL: in-memory PGlite, or a new database on the TEST_DATABASE_URL server. */
export async function testDatabaseUrl(): Promise<string> {
  return process.env.TEST_DATABASE_URL ? createServerDatabase(process.env.TEST_DATABASE_URL) : 'memory://';
}

async function createServerDatabase(serverUrl: string): Promise<string> {
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
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
  constructor(readonly built: BuiltApp) {}
  get app() {
    return this.built.app;
  }
  get db() {
    return this.built.ctx.database.db;
  }
  client(opts?: { csrf?: boolean; remoteAddress?: string }) {
    return new Client(this, undefined, opts);
  }
  /** Signs in and returns a client carrying the token. */
  async as(login: string, password = login): Promise<Client> {
    const c = this.client();
    const r = await c.post('/api/authenticate', { username: login, password });
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
  close() {
    return this.app.close();
  }
}

export function expectProblem(r: LightMyRequestResponse, status: number) {
  if (r.statusCode !== status) throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
  if (!String(r.headers['content-type']).startsWith('application/problem+json')) {
    throw new Error(`expected problem+json, got ${String(r.headers['content-type'])}`);
  }
  return r.json<{ type: string; title: string; status: number; detail?: string; message?: string; fieldErrors?: { field: string; message: string }[] }>();
}
