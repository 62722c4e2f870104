import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

/** The caller of a request, as the database says now (see sessoes.ts). */
export interface Principal {
  id: number;
  login: string;
  authorities: readonly string[];
  /** How this session signed in (sessao_entrada; absent = a password) and, through gov.br, at which level. */
  entrada?: { metodo: 'govbr' | 'estado'; nivel: 'bronze' | 'prata' | 'ouro' | null };
}

/** What a token proves once its signature checks out: who (the immutable user id) and which session. */
export interface TokenClaims {
  userId: number;
  /** The user's token version when it was issued: a bump (password changed…) retires it. */
  version: number;
  /** This token's id: signing out revokes exactly it. */
  jti: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const TOKEN_VALIDITY_S = 24 * 60 * 60; // one working day
const REMEMBER_ME_VALIDITY_S = 30 * 24 * 60 * 60;
const ISSUER = 'cadastro';
/** A sign-in challenge (issue #41 §3) is another issuer under another key: never taken as a session. */
const DESAFIO_ISSUER = 'cadastro/segundo-fator';
const DESAFIO_VALIDITY_S = 5 * 60;

/** What a correct password earns a staff account: a few minutes to send the code (or to enrol). */
export interface Desafio {
  userId: number;
  /** The user's token version: a password changed or a reset meanwhile voids the challenge. */
  version: number;
  rememberMe: boolean;
  etapa: 'codigo' | 'inscricao';
}
/** Verified tokens remembered (oldest forgotten first): a few MB for thousands of signed-in staff. */
const VERIFIED_KEPT = 10_000;

/**
 * HS512 JWTs naming the user by id (a login can be deleted and created again for someone else) with
 * the user's token version and a token id; whether they still hold is asked of the database per
 * request (sessoes.ts). Any replica verifies any token.
 */
export class TokenService {
  private readonly key: Uint8Array;
  private readonly chaveDesafio: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
    this.chaveDesafio = new Uint8Array(crypto.hkdfSync('sha512', secret, ISSUER, 'segundo-fator/desafio', 64));
  }

  async emitirDesafio(d: Desafio): Promise<string> {
    return new SignJWT({ ver: d.version, rm: d.rememberMe, etapa: d.etapa })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(d.userId))
      .setIssuer(DESAFIO_ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + DESAFIO_VALIDITY_S)
      .sign(this.chaveDesafio);
  }

  /** The challenge, or null when forged, expired or of another step. */
  async verificarDesafio(token: string, etapa: Desafio['etapa']): Promise<Desafio | null> {
    try {
      const { payload: p } = await jwtVerify(token, this.chaveDesafio, { issuer: DESAFIO_ISSUER, algorithms: ['HS512'] });
      const userId = Number(p.sub);
      if (!Number.isSafeInteger(userId) || userId < 1 || !Number.isInteger(p.ver) || p.etapa !== etapa) return null;
      return { userId, version: p.ver as number, rememberMe: p.rm === true, etapa };
    } catch {
      return null;
    }
  }

  async issue(u: { id: number; login: string; tokenVersion: number }, rememberMe: boolean): Promise<string> {
    const validity = rememberMe ? REMEMBER_ME_VALIDITY_S : TOKEN_VALIDITY_S;
    return new SignJWT({ ver: u.tokenVersion, login: u.login })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(u.id))
      .setJti(crypto.randomBytes(16).toString('base64url'))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + validity)
      .sign(this.key);
  }

  /** Tokens already verified, by their full text: a signed-in user sends the same one all day. */
  private readonly verified = new Map<string, { claims: TokenClaims; nbf: number }>();

  /**
   * The claims, or null for a tampered, foreign or expired token. Every API call runs this:
   * node:crypto's HMAC is synchronous (jose's WebCrypto path hopped to the thread pool, ~0.3 ms),
   * and a token seen before skips even that. Only tokens whose signature checked out are kept;
   * expiry is re-checked.
   */
  verify(token: string): TokenClaims | null {
    const now = Math.floor(Date.now() / 1000);
    const known = this.verified.get(token);
    if (known) return known.claims.exp > now && known.nbf <= now ? known.claims : null;
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = crypto.createHmac('sha512', this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    const h = parseJson(header);
    const c = parseJson(payload);
    if (h?.alg !== 'HS512' || !c || c.iss !== ISSUER) return null;
    const userId = typeof c.sub === 'string' && /^[1-9]\d{0,15}$/.test(c.sub) ? Number(c.sub) : NaN;
    if (!Number.isSafeInteger(userId) || typeof c.exp !== 'number') return null;
    if (typeof c.jti !== 'string' || !c.jti || c.jti.length > 40 || !Number.isInteger(c.ver)) return null;
    const nbf = typeof c.nbf === 'number' ? c.nbf : 0;
    // Frozen: the same object is handed to every request carrying this token.
    const claims: TokenClaims = Object.freeze({ userId, version: c.ver as number, jti: c.jti, exp: c.exp });
    if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, nbf });
    return c.exp > now && nbf <= now ? claims : null;
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
