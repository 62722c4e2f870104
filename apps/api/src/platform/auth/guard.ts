import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, MANAGEMENT_BASE, REGISTRY_API_BASE, XSRF_COOKIE, XSRF_HEADER, hasAnyAuthority } from '@cadastro/domain';
import type { Authority } from '@cadastro/domain';
import { forbidden, unauthorized, HttpProblem } from '../errors/problem.js';
import type { Sessoes } from './sessoes.js';
import type { Principal, TokenClaims, TokenService } from './tokens.js';

/** What a route requires: anyone, any signed-in user, or at least one of the listed authorities. */
export type Access = 'public' | 'authenticated' | readonly Authority[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A bearer that is not our JWT (e.g. a scrape token) leaves the caller anonymous instead of 401. */
    foreignBearer?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The verified token of the call (sign-out revokes it). */
    token: TokenClaims | null;
  }
}

const GUARDED_PREFIXES = [API_BASE + '/', REGISTRY_API_BASE + '/', MANAGEMENT_BASE + '/', MANAGEMENT_BASE];
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Deny by default: every API route must declare `config.access`, or the app refuses to start.
 * Then on each request: CSRF double-submit check for mutating calls, bearer token → principal,
 * 401 when a signed-in user is needed, 403 when an authority is missing.
 */
export function registerGuard(app: FastifyInstance, tokens: TokenService, sessoes: Sessoes, opts: { secureCookie: boolean }) {
  app.decorateRequest('principal', null);
  app.decorateRequest('token', null);
  // The XSRF cookie as @fastify/cookie writes it, built once: only the (base64url, never encoded)
  // value changes per answer.
  const atributos = app.serializeCookie(XSRF_COOKIE, '', { path: '/', sameSite: 'strict', httpOnly: false, secure: opts.secureCookie }).slice(XSRF_COOKIE.length + 1);

  app.addHook('onRoute', (route) => {
    const guarded = GUARDED_PREFIXES.some((p) => route.url === p || route.url.startsWith(p));
    if (guarded && !route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });

  // Callback style, synchronous when the token's state is known: an async hook costs a promise
  // hop on every request.
  app.addHook('onRequest', (req, reply, done) => {
    let pending: Promise<void> | void;
    try {
      pending = check(req, reply);
    } catch (e) {
      done(e as Error);
      return;
    }
    if (pending) pending.then(() => done(), (e: Error) => done(e));
    else done();
  });
  function check(req: FastifyRequest, reply: FastifyReply): Promise<void> | void {
    if (!req.cookies[XSRF_COOKIE]) reply.header('set-cookie', `${XSRF_COOKIE}=${novoTokenXsrf()}${atributos}`);
    // routeOptions is a getter that builds a new object on every read: read it once.
    const config = req.routeOptions.config;
    const access = config?.access;
    if (!access) return;
    if (MUTATING.has(req.method)) {
      const header = req.headers[XSRF_HEADER.toLowerCase()];
      if (typeof header !== 'string' || !safeEqual(header, req.cookies[XSRF_COOKIE] ?? '')) {
        throw new HttpProblem(403, 'Invalid or missing CSRF token (send the XSRF-TOKEN cookie value in X-XSRF-TOKEN)', {
          message: 'error.csrf',
        });
      }
    }
    const claims = claimsOf(req, tokens, config?.foreignBearer ?? false);
    if (!claims) return authorize(req, access, null);
    req.token = claims;
    const p = sessoes.resolve(claims);
    if (p instanceof Promise) return p.then((principal) => authorize(req, access, principal ?? revoked()));
    authorize(req, access, p ?? revoked());
  }
}

/**
 * A fresh XSRF token: 24 bytes of the CSPRNG, base64url. The bytes are drawn in blocks of 128 tokens
 * (each byte used once): a call to the generator per answer cost more than the rest of the cookie.
 */
let reserva = Buffer.alloc(0);
let usado = 0;
export function novoTokenXsrf(): string {
  if (usado + 24 > reserva.length) {
    reserva = crypto.randomBytes(24 * 128);
    usado = 0;
  }
  usado += 24;
  return reserva.toString('base64url', usado - 24, usado);
}

/** A well-signed token whose user, version or session no longer holds. */
const revoked = (): never => {
  throw unauthorized('Invalid or expired token');
};

function authorize(req: FastifyRequest, access: Access, principal: Principal | null) {
  req.principal = principal;
  if (access === 'public') return;
  if (!principal) throw unauthorized();
  if (access === 'authenticated') return;
  if (!hasAnyAuthority(principal.authorities, access)) throw forbidden();
}

function claimsOf(req: FastifyRequest, tokens: TokenService, foreignBearer: boolean): TokenClaims | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  if (!m?.[1]) throw unauthorized('Malformed Authorization header');
  const p = tokens.verify(m[1]);
  if (!p && foreignBearer) return null;
  // A token that is present but invalid is an error, not an anonymous call.
  if (!p) throw unauthorized('Invalid or expired token');
  return p;
}

function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && ba.length > 0 && crypto.timingSafeEqual(ba, bb);
}

/** The signed-in principal of a route that requires one. */
export function requirePrincipal(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}
