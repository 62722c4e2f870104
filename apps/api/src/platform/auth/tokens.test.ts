import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { TokenService } from './tokens.js';

const secret = 'a-test-secret-of-more-than-32-characters!';
const tokens = new TokenService(secret);
const key = new TextEncoder().encode(secret);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const signRaw = (header: object, payload: object, k = secret) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${crypto.createHmac('sha512', k).update(body).digest('base64url')}`;
};
const future = () => Math.floor(Date.now() / 1000) + 600;
const claims = { iss: 'cadastro', sub: '7', ver: 2, jti: 'abc' };

describe('TokenService', () => {
  it('verifies what it issues: the user id, the token version and a token id of its own', async () => {
    const a = await tokens.issue({ id: 42, login: 'atendente', tokenVersion: 3 }, false);
    const b = await tokens.issue({ id: 42, login: 'atendente', tokenVersion: 3 }, false);
    const ca = tokens.verify(a)!;
    expect(ca).toMatchObject({ userId: 42, version: 3 });
    expect(ca.jti).toMatch(/^[\w-]{16,}$/);
    expect(tokens.verify(b)!.jti).not.toBe(ca.jti);
    expect(ca.exp - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    const long = tokens.verify(await tokens.issue({ id: 42, login: 'atendente', tokenVersion: 3 }, true))!;
    expect(long.exp - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
  });

  it('accepts a token of another standard implementation (jose) with the same secret', async () => {
    const t = await new SignJWT({ ver: 0 }).setProtectedHeader({ alg: 'HS512' }).setSubject('5').setJti('j1').setIssuer('cadastro').setExpirationTime(future()).sign(key);
    expect(tokens.verify(t)).toMatchObject({ userId: 5, version: 0, jti: 'j1' });
  });

  it('refuses a changed payload, another secret, another algorithm, another issuer, an expired or early token', async () => {
    const good = await tokens.issue({ id: 7, login: 'user', tokenVersion: 0 }, false);
    const [h, , s] = good.split('.');
    expect(tokens.verify(`${h}.${b64({ ...claims, sub: '1', exp: future() })}.${s}`)).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { ...claims, exp: future() }, 'another-secret-another-secret-another'))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'none' }, { ...claims, exp: future() }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { ...claims, iss: 'someone-else', exp: future() }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { ...claims, exp: 1_700_000_000 }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { ...claims }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { ...claims, exp: future(), nbf: future() }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { ...claims, exp: future() }))).toMatchObject({ userId: 7 });
  });

  it('refuses the tokens of before (a login as subject, no version, no token id)', () => {
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { sub: 'admin', iss: 'cadastro', auth: 'ROLE_ADMIN', exp: future() }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { ...claims, ver: undefined, exp: future() }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { ...claims, jti: undefined, exp: future() }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { ...claims, sub: '007', exp: future() }))).toBeNull();
  });

  it('refuses garbage without throwing', () => {
    for (const t of ['', 'a.b', 'a.b.c', '...', 'x'.repeat(500), `${b64({ alg: 'HS512' })}.not-json.sig`]) expect(tokens.verify(t)).toBeNull();
  });

  describe('a token seen before', () => {
    afterEach(() => vi.useRealTimers());

    it('stops being accepted when it expires, and an early one starts at its nbf', () => {
      const service = new TokenService(secret);
      const now = Math.floor(Date.now() / 1000);
      const curto = signRaw({ alg: 'HS512' }, { ...claims, exp: now + 60 });
      const cedo = signRaw({ alg: 'HS512' }, { ...claims, exp: now + 600, nbf: now + 30 });
      expect(service.verify(curto)).toMatchObject({ userId: 7 });
      expect(service.verify(cedo)).toBeNull();
      vi.useFakeTimers({ now: (now + 61) * 1000 });
      expect(service.verify(curto)).toBeNull();
      expect(service.verify(cedo)).toMatchObject({ userId: 7 });
    });

    it('hands out claims no request can change', async () => {
      const t = await tokens.issue({ id: 9, login: 'user', tokenVersion: 1 }, false);
      const c = tokens.verify(t)!;
      expect(() => ((c as { version: number }).version = 99)).toThrow();
      expect(tokens.verify(t)).toMatchObject({ userId: 9, version: 1 });
    });
  });
});
