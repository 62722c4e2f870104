import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ProblemSchema, ProblemType } from '@cadastro/domain';
import { expectProblem, startTestApp, type Client, type TestApp } from '../../test/harness.js';
import { DbWatch } from '../../test/db-watch.js';

let t: TestApp;
let admin: Client;
let clerk: Client;
let watch: DbWatch;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'cadastro-web-'));
const REG = '/sfz-cadastro-api/api';
const SEARCH = `${REG}/contribuinte/obterListaContribuintes`;

beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/i.js"></script></body></html>');
  t = await startTestApp({ WEB_DIST: webDist });
  admin = await t.as('admin');
  clerk = await t.as('atendente');
  watch = new DbWatch(t.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** problem+json in the catalogue's shape, with the status it claims. */
function problem(r: LightMyRequestResponse, status: number) {
  const p = expectProblem(r, status);
  expect(ProblemSchema.parse(p)).toMatchObject({ status, title: expect.any(String) });
  return p;
}

describe('NUL bytes are refused at the boundary (PostgreSQL refuses 0x00 in text)', () => {
  const valid = { langKey: 'pt-br', authorities: [] as string[] };
  const cases: [string, () => Promise<LightMyRequestResponse>][] = [
    ['activate key', () => t.client().get('/api/activate?key=ab%00cd')],
    ['reset-password key', () => t.client().post('/api/account/reset-password/finish', { key: 'ab\u0000cd', newPassword: 'segredo123' })],
    ['reset-password mail (text body)', () => t.client().request('POST', '/api/account/reset-password/init', 'a\u0000@b.com')],
    ['sign-in username', () => t.client().post('/api/authenticate', { username: 'ad\u0000min', password: 'admin' })],
    ['registration login', () => t.client().post('/api/register', { login: 'nu\u0000l', email: 'nul@example.com', password: 'segredo123' })],
    ['account names', () => admin.post('/api/account', { ...valid, firstName: 'A\u0000', lastName: 'B', email: 'admin@cadastro.local' })],
    ['user names (create)', () => admin.post('/api/users', { ...valid, login: 'nul', firstName: 'N\u0000', email: 'nul@example.com' })],
    ['user names (update)', () => admin.put('/api/users', { ...valid, id: 1, login: 'admin', lastName: '\u0000', email: 'admin@cadastro.local', activated: true })],
    ['user login in the path', () => admin.get('/api/users/ad%00min')],
    ['taxpayer search term', () => clerk.get(`${SEARCH}/RAZAO_SOCIAL/ab%00cd/0/10`)],
    ['audits filter', () => admin.get('/management/audits?fromDate=2024-01-01&toDate=2024-12-31&principal=a%00')],
    ['mail sink filter', () => admin.get('/management/mail-sink?to=a%00b')],
    ['a key of the body', () => admin.post('/api/account', { ...valid, 'x\u0000': 1 })],
    ['deep in the body', () => admin.put('/management/logs', { name: 'conta', level: 'info', x: [{ y: ['ok', 'b\u0000'] }] })],
  ];
  it.each(cases)('%s → 400 problem+json, nothing written', async (_name, call) => {
    await watch.baseline();
    const p = problem(await call(), 400);
    expect(p).toMatchObject({ type: ProblemType.CONSTRAINT_VIOLATION, message: 'error.validation' });
    expect(p.fieldErrors?.[0]?.message).toBe('pattern');
    expect(await (await watch.written()).tables()).toEqual([]);
  });
});

describe('lone UTF-16 surrogates are refused at the boundary (no UTF-8 column can store them)', () => {
  const valid = { langKey: 'pt-br', authorities: [] as string[] };
  const cases: [string, () => Promise<LightMyRequestResponse>][] = [
    ['account names (JSON "\\ud800")', () => admin.post('/api/account', { ...valid, firstName: 'A\ud800', lastName: 'B', email: 'admin@cadastro.local' })],
    ['a low half alone, deep in the body', () => admin.put('/management/logs', { name: 'conta', level: 'info', x: [{ y: ['ok', '\udc00b'] }] })],
    ['a key of the body', () => admin.post('/api/account', { ...valid, 'x\ud800': 1 })],
  ];
  it.each(cases)('%s → 400 problem+json, nothing written', async (_name, call) => {
    await watch.baseline();
    const r = await call();
    expect(r.statusCode, r.body).toBe(400);
    expect(problem(r, 400).detail).toMatch(/surrogate/);
    expect(await (await watch.written()).tables()).toEqual([]);
  });

  it('a URL cannot carry one: its bytes (ED A0 80) are a bad path or a bad query string (400)', async () => {
    expect(problem(await admin.get('/api/users/a%ED%A0%80'), 400).detail).toBe('Malformed URL: invalid percent-encoding');
    expect(problem(await admin.get('/management/mail-sink?to=a%ED%A0%80'), 400).detail).toBe('Malformed URL: the query string is not percent-encoded UTF-8');
  });
});

describe('a query string that is not percent-encoded UTF-8 → 400 (issue #39 §11: it was read as literal text)', () => {
  const ruins: [string, string][] = [
    ['a byte that starts no character', '%FF'],
    ['a truncated sequence', '%C3'],
    ['an overlong NUL-free form', '%C1%BF'],
    ['a surrogate', '%ED%A0%80'],
    ['a bad escape', '%zz'],
    ['a lone percent', '%'],
  ];
  it.each(ruins)('%s', async (_name, lixo) => {
    const chamadas: [string, () => Promise<LightMyRequestResponse>][] = [
      ['search', () => clerk.get(`${REG}/atividade/consultar?termo=a${lixo}b`)],
      ['admin filter', () => admin.get(`/management/mail-sink?to=${lixo}`)],
      ['anonymous', () => t.client().post(`/api/account/reset-password/finish?x=${lixo}`, { key: 'k', newPassword: 'segredo123' })],
    ];
    for (const [nome, chamada] of chamadas) expect(problem(await chamada(), 400).detail, nome).toBe('Malformed URL: the query string is not percent-encoded UTF-8');
  });
  it('well-formed UTF-8, "+" and an encoded percent still pass', async () => {
    expect((await clerk.get(`${REG}/atividade/consultar?termo=${encodeURIComponent('Comércio 100% (peças)')}+x`)).statusCode).toBe(200);
  });
});

describe('framework errors are problem+json and never echo the input', () => {
  it('malformed percent-encoding → 400', async () => {
    for (const url of ['/api/users/%E0%A4%A', `${REG}/municipio/%zz`, `${SEARCH}/CACEAL/%/0/10`]) {
      const r = await admin.get(url);
      const p = problem(r, 400);
      expect(p.detail).toBe('Malformed URL: invalid percent-encoding');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['cache-control']).toBe('no-store');
    }
  });

  it('a 10 kB path parameter → 414, answered in a few hundred bytes', async () => {
    const long = 'x'.repeat(10_000);
    const r = await admin.get(`/api/users/${long}`);
    problem(r, 414);
    expect(r.body.length).toBeLessThan(600);
    expect(r.body).not.toContain('x'.repeat(201));
    const nf = await admin.get(`/nada/${long}`);
    problem(nf, 404);
    expect(nf.body.length).toBeLessThan(600);
  });

  it('the longest search term of the contract reaches validation (not 414)', async () => {
    const term = 'Comércio de Peças e Acessórios '.repeat(5).slice(0, 150);
    expect((await clerk.get(`${SEARCH}/RAZAO_SOCIAL/${encodeURIComponent(term)}/0/10`)).statusCode).toBe(200);
    const p = problem(await clerk.get(`${SEARCH}/RAZAO_SOCIAL/${encodeURIComponent(term + 'x')}/0/10`), 400);
    expect(p.fieldErrors?.[0]).toMatchObject({ field: 'query', message: 'maxlength:150' });
  });

  it('malformed JSON and a strange media type are described, not quoted', async () => {
    const secret = 'SEGREDO-DO-CORPO';
    const json = await admin.request('POST', '/api/authenticate', undefined, { 'content-type': 'application/json' });
    problem(json, 400);
    const bad = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: `{"username": "${secret}`, headers: { 'content-type': 'application/json' } });
    expect(bad.body).not.toContain(secret);
    const media = await admin.request('POST', '/api/authenticate', undefined, { 'content-type': `application/x-${secret}` });
    problem(media, 415);
    expect(media.body).not.toContain(secret);
  });
});

describe('security headers', () => {
  const common = (r: LightMyRequestResponse) => {
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
    expect(String(r.headers['permissions-policy'])).toContain('camera=()');
  };

  it('on the SPA index', async () => {
    const r = await t.client().get('/');
    expect(r.statusCode).toBe(200);
    common(r);
  });

  it('on API answers; personal data is never cached, reference lookups may be', async () => {
    const me = await admin.get('/api/account');
    expect(me.statusCode).toBe(200);
    common(me);
    expect(me.headers['cache-control']).toBe('no-store');
    const anonymous = await t.client().get('/api/account');
    problem(anonymous, 401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect((await t.client().get(`${REG}/uf`)).headers['cache-control']).toBe('public, max-age=300');
  });

  it('Swagger UI may be framed by our own origin (the SPA docs screen), nobody else', async () => {
    const r = await t.client().get('/swagger-ui/');
    expect(r.statusCode).toBe(200);
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('the SPA has no inline script or style a strict CSP would block', () => {
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');
    for (const file of [path.join(web, 'index.html'), path.join(web, 'dist/index.html')].filter((f) => fs.existsSync(f))) {
      const html = fs.readFileSync(file, 'utf8');
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, file).toMatch(/\bsrc=/);
      expect(html, file).not.toMatch(/<style\b|\son[a-z]+=/i);
    }
  });
});

describe('over https every answer carries HSTS, the framework\'s own errors too (issue #39 §11)', () => {
  const HSTS = 'max-age=15552000';
  let seguro: TestApp;
  beforeAll(async () => {
    seguro = await startTestApp({ PUBLIC_URL: 'https://cadastro.test' });
  }, 120_000);
  afterAll(() => seguro?.close());

  it('bad percent-encoding (400), an over-long parameter (414), malformed JSON (400), a bad query, no route, a refusal', async () => {
    const c = seguro.client();
    const respostas = [
      [400, await c.get('/api/users/%E0%A4%A')],
      [414, await c.get(`/api/users/${'x'.repeat(10_000)}`)],
      [400, await c.request('POST', '/api/authenticate', undefined, { 'content-type': 'application/json' })],
      [400, await c.get('/api/activate?key=%FF')],
      [404, await c.get('/nada')],
      [401, await c.get('/api/account')],
    ] as const;
    for (const [status, r] of respostas) {
      expect(r.statusCode, r.body).toBe(status);
      expect(r.headers['strict-transport-security'], `${status} ${r.body}`).toBe(HSTS);
    }
    // Over plain http, never (a browser would pin an intranet host to https).
    expect((await t.client().get('/api/users/%E0%A4%A')).headers['strict-transport-security']).toBeUndefined();
  });

  it('what Node\'s HTTP parser refuses before there is a request (400, 431)', async () => {
    await seguro.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = seguro.app.server.address() as AddressInfo;
    const bruto = (dados: string) =>
      new Promise<string>((resolve, reject) => {
        const s = net.connect(port, '127.0.0.1', () => s.write(dados));
        let lido = '';
        s.on('data', (b) => (lido += b.toString('latin1')));
        s.on('close', () => resolve(lido));
        s.on('error', reject);
      });
    const lixo = await bruto('NAO E HTTP\r\n\r\n');
    expect(lixo).toMatch(/^HTTP\/1\.1 400 /);
    expect(lixo).toContain(`Strict-Transport-Security: ${HSTS}\r\n`);
    const cabecalhos = await bruto(`GET /api/account HTTP/1.1\r\nHost: x\r\nX-Grande: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(cabecalhos).toMatch(/^HTTP\/1\.1 431 /);
    expect(cabecalhos).toContain(`Strict-Transport-Security: ${HSTS}\r\n`);
  });
});
