import fs from 'node:fs';
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

  it('a URL cannot carry one: its bytes (ED A0 80) are a bad path (400) or stay literal text in a query', async () => {
    expect(problem(await admin.get('/api/users/a%ED%A0%80'), 400).detail).toBe('Malformed URL: invalid percent-encoding');
    expect((await admin.get('/management/mail-sink?to=a%ED%A0%80')).statusCode).toBe(200);
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
