import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface Principal {
  login: string;
  authorities: string[];
}

const TOKEN_VALIDITY_S = 24 * 60 * 60; // one working day
const REMEMBER_ME_VALIDITY_S = 30 * 24 * 60 * 60;
const ISSUER = 'cadastro';

/** Stateless JWTs (HS512): any replica verifies any token, nothing is kept in memory. */
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

  /** Returns the principal, or null for a missing, tampered or expired token. */
  async verify(token: string): Promise<Principal | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS512'] });
      if (!payload.sub) return null;
      const auth = typeof payload.auth === 'string' && payload.auth ? payload.auth.split(',') : [];
      return { login: payload.sub, authorities: auth };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
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
