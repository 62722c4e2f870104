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

describe('TokenService', () => {
  it('verifies what it issues, with the authorities', async () => {
    const t = await tokens.issue({ login: 'atendente', authorities: ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI'] }, false);
    expect(tokens.verify(t)).toEqual({ login: 'atendente', authorities: ['ROLE_USER', 'ROLE_CAD_CON_DADOS_CONTRI'] });
  });

  it('accepts a token of another standard implementation (jose) with the same secret', async () => {
    const t = await new SignJWT({ auth: 'ROLE_USER' }).setProtectedHeader({ alg: 'HS512' }).setSubject('user').setIssuer('cadastro').setExpirationTime(future()).sign(key);
    expect(tokens.verify(t)).toEqual({ login: 'user', authorities: ['ROLE_USER'] });
  });

  it('refuses a changed payload, another secret, another algorithm, another issuer, an expired or early token', async () => {
    const good = await tokens.issue({ login: 'user', authorities: ['ROLE_USER'] }, false);
    const [h, , s] = good.split('.');
    expect(tokens.verify(`${h}.${b64({ sub: 'admin', iss: 'cadastro', auth: 'ROLE_ADMIN', exp: future() })}.${s}`)).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { sub: 'user', iss: 'cadastro', exp: future() }, 'another-secret-another-secret-another'))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'none' }, { sub: 'user', iss: 'cadastro', exp: future() }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { sub: 'user', iss: 'someone-else', exp: future() }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { sub: 'user', iss: 'cadastro', exp: 1_700_000_000 }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { sub: 'user', iss: 'cadastro' }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { sub: 'user', iss: 'cadastro', exp: future(), nbf: future() }))).toBeNull();
    expect(tokens.verify(signRaw({ alg: 'HS512' }, { sub: 'user', iss: 'cadastro', exp: future() }))).toEqual({ login: 'user', authorities: [] });
  });

  it('refuses garbage without throwing', () => {
    for (const t of ['', 'a.b', 'a.b.c', '...', 'x'.repeat(500), `${b64({ alg: 'HS512' })}.not-json.sig`]) expect(tokens.verify(t)).toBeNull();
  });

  describe('a token seen before', () => {
    afterEach(() => vi.useRealTimers());

    it('stops being accepted when it expires, and an early one starts at its nbf', () => {
      const service = new TokenService(secret);
      const now = Math.floor(Date.now() / 1000);
      const curto = signRaw({ alg: 'HS512' }, { sub: 'user', iss: 'cadastro', exp: now + 60 });
      const cedo = signRaw({ alg: 'HS512' }, { sub: 'user', iss: 'cadastro', exp: now + 600, nbf: now + 30 });
      expect(service.verify(curto)).toEqual({ login: 'user', authorities: [] });
      expect(service.verify(cedo)).toBeNull();
      vi.useFakeTimers({ now: (now + 61) * 1000 });
      expect(service.verify(curto)).toBeNull();
      expect(service.verify(cedo)).toEqual({ login: 'user', authorities: [] });
    });

    it('hands out a principal no request can change', async () => {
      const t = await tokens.issue({ login: 'user', authorities: ['ROLE_USER'] }, false);
      const p = tokens.verify(t)!;
      expect(() => p.authorities.push('ROLE_ADMIN')).toThrow();
      expect(tokens.verify(t)).toEqual({ login: 'user', authorities: ['ROLE_USER'] });
    });
  });
});
