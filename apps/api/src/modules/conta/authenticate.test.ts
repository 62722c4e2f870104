import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { ProblemType } from '@cadastro/domain';
import { startTestApp, expectProblem, type TestApp } from '../../test/harness.js';
import { eventoAuditoria } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' });
});
afterAll(() => t.close());

describe('POST /api/authenticate', () => {
  it('signs in a demo account: bearer header and id_token, then /api/account', async () => {
    const c = t.client();
    const r = await c.post('/api/authenticate', { username: 'admin', password: 'admin', rememberMe: false });
    expect(r.statusCode).toBe(200);
    const token = r.json().id_token as string;
    expect(r.headers.authorization).toBe(`Bearer ${token}`);
    c.token = token;
    const acc = await c.get('/api/account');
    expect(acc.statusCode).toBe(200);
    expect(acc.json()).toMatchObject({ login: 'admin', activated: true, langKey: 'pt-br' });
    expect(acc.json().authorities).toEqual(['ROLE_ADMIN', 'ROLE_USER']);
  });

  it('remember-me gives a much longer token', async () => {
    const exp = async (rememberMe: boolean) => {
      const r = await t.client().post('/api/authenticate', { username: 'user', password: 'user', rememberMe });
      const payload = JSON.parse(Buffer.from(r.json().id_token.split('.')[1], 'base64url').toString());
      return payload.exp - payload.iat;
    };
    expect(await exp(false)).toBe(24 * 3600);
    expect(await exp(true)).toBe(30 * 24 * 3600);
  });

  it('wrong password → 401 problem, audited as AUTHENTICATION_FAILURE with the remote address', async () => {
    const c = t.client({ remoteAddress: '10.1.2.3' });
    const p = expectProblem(await c.post('/api/authenticate', { username: 'atendente', password: 'nope' }), 401);
    expect(p.message).toBe('error.http.401');
    const rows = await t.db.select().from(eventoAuditoria).where(eq(eventoAuditoria.principal, 'atendente'));
    expect(rows.some((e) => e.eventType === 'AUTHENTICATION_FAILURE' && e.data.remoteAddress === '10.1.2.3')).toBe(true);
  });

  it('success is audited as AUTHENTICATION_SUCCESS', async () => {
    await t.as('editais');
    const rows = await t.db.select().from(eventoAuditoria).where(eq(eventoAuditoria.principal, 'editais'));
    expect(rows.map((e) => e.eventType)).toContain('AUTHENTICATION_SUCCESS');
  });

  it('rate-limits an account after repeated failures, even with the right password; the 429 says when to retry', async () => {
    const c = t.client({ remoteAddress: '10.9.9.1' });
    for (let i = 0; i < 3; i++) expectProblem(await c.post('/api/authenticate', { username: 'auditor', password: 'x' }), 401);
    const r = await c.post('/api/authenticate', { username: 'auditor', password: 'auditor' });
    expectProblem(r, 429);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an address over its limit is slowed, refused for the accounts it failed on, never for an account that did not fail', async () => {
    const c = t.client({ remoteAddress: '10.9.9.2' });
    for (let i = 0; i < 6; i++) expectProblem(await c.post('/api/authenticate', { username: `ghost${i}`, password: 'x' }), 401);
    // a colleague behind the same NAT address, with the right password, still gets in (after a pause)
    const t0 = Date.now();
    expect((await c.post('/api/authenticate', { username: 'user', password: 'user' })).statusCode).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    // an account already guessed from this address is refused, with Retry-After
    const r = await c.post('/api/authenticate', { username: 'ghost0', password: 'x' });
    expectProblem(r, 429);
    expect(r.headers['retry-after']).toBeDefined();
    // another address is not affected
    const ok = await t.client({ remoteAddress: '10.9.9.3' }).post('/api/authenticate', { username: 'user', password: 'user' });
    expect(ok.statusCode).toBe(200);
  });

  it('40 parallel wrong passwords: only the limit reach the password check, the rest get 429', async () => {
    const calls = Array.from({ length: 40 }, (_, i) => t.client({ remoteAddress: `10.7.${i}.1` }).post('/api/authenticate', { username: 'apoio-contador', password: `wrong${i}` }));
    const codes = (await Promise.all(calls)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(37);
  });

  it('bad body → 400 with fieldErrors, never 500', async () => {
    const p = expectProblem(await t.client().post('/api/authenticate', { username: '' }), 400);
    expect(p.type).toBe(ProblemType.CONSTRAINT_VIOLATION);
    expect(p.fieldErrors?.map((f) => f.field).sort()).toEqual(['password', 'username']);
    expectProblem(await t.client().request('POST', '/api/authenticate', '{not json', { 'content-type': 'application/json' }), 400);
  });
});

describe('tokens and CSRF', () => {
  it('no token → 401; tampered token → 401; expired token → 401', async () => {
    expectProblem(await t.client().get('/api/account'), 401);
    const c = await t.as('user');
    const [h, p, s] = c.token!.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.auth = 'ROLE_ADMIN,ROLE_USER';
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    c.token = forged;
    expectProblem(await c.get('/api/account'), 401);
    const secret = t.built.ctx.config.jwtSecret!;
    c.token = await new SignJWT({ auth: 'ROLE_USER' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('user')
      .setIssuer('cadastro')
      .setIssuedAt(1_700_000_000)
      .setExpirationTime(1_700_000_100)
      .sign(new TextEncoder().encode(secret));
    expectProblem(await c.get('/api/account'), 401);
  });

  it('a mutating call without the X-XSRF-TOKEN header → 403 and nothing happens', async () => {
    const c = t.client({ csrf: false });
    const p = expectProblem(await c.post('/api/register', { login: 'nocsrf', email: 'nocsrf@x.com.br', password: 'secret1' }), 403);
    expect(p.message).toBe('error.csrf');
    const again = await t.client().post('/api/register', { login: 'nocsrf', email: 'nocsrf@x.com.br', password: 'secret1' });
    expect(again.statusCode).toBe(201); // the refused call wrote nothing
  });

  it('GET /api/profile-info is public and sets the XSRF-TOKEN cookie', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/profile-info' });
    expect(r.statusCode).toBe(200);
    expect(r.json().activeProfiles).toContain('dev');
    expect(r.cookies.find((x) => x.name === 'XSRF-TOKEN')?.value).toBeTruthy();
  });

  it('unknown API path → 404 problem', async () => {
    expectProblem(await t.client().get('/api/does-not-exist'), 404);
  });
});
