import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';

export interface Principal {
  login: string;
  authorities: string[];
}

const TOKEN_VALIDITY_S = 24 * 60 * 60; // one working day
const REMEMBER_ME_VALIDITY_S = 30 * 24 * 60 * 60;
const ISSUER = 'cadastro';
/** Verified tokens remembered (oldest forgotten first): a few MB for thousands of signed-in staff. */
const VERIFIED_KEPT = 10_000;

/** Stateless JWTs (HS512): any replica verifies any token; memory holds only a cache of verified ones. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(p: Principal, rememberMe: boolean): Promise<string> {
    const validity = rememberMe ? REMEMBER_ME_VALIDITY_S : TOKEN_VALIDITY_S;
    return new SignJWT({ auth: p.authorities.join(',') })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(p.login)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + validity)
      .sign(this.key);
  }

  /** Tokens already verified, by their full text: a signed-in user sends the same one all day. */
  private readonly verified = new Map<string, { principal: Principal; exp: number; nbf: number }>();

  /**
   * Returns the principal, or null for a tampered, foreign or expired token. Every API call runs
   * this: node:crypto's HMAC is synchronous (jose's WebCrypto path hopped to the thread pool, ~0.3 ms),
   * and a token seen before skips even that (HMAC + two JSON parses were ~40 µs, a third of the
   * time before the handler). Only tokens whose signature checked out are kept; expiry is re-checked.
   */
  verify(token: string): Principal | null {
    const now = Math.floor(Date.now() / 1000);
    const known = this.verified.get(token);
    if (known) return known.exp > now && known.nbf <= now ? known.principal : null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = crypto.createHmac('sha512', this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const h = parseJson(header);
    const c = parseJson(payload);
    if (h?.alg !== 'HS512' || !c || c.iss !== ISSUER || typeof c.sub !== 'string' || !c.sub) return null;
    if (typeof c.exp !== 'number') return null;
    const nbf = typeof c.nbf === 'number' ? c.nbf : 0;
    const auth = typeof c.auth === 'string' && c.auth ? c.auth.split(',') : [];
    // Frozen: the same object is handed to every request carrying this token.
    const principal: Principal = Object.freeze({ login: c.sub, authorities: Object.freeze(auth) as string[] });
    if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { principal, exp: c.exp, nbf });
    return c.exp > now && nbf <= now ? principal : null;
  }
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** JWT_SECRET from the environment, else a random one generated once and kept in DATA_DIR. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(64).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
