import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type Directives = Record<string, string[]>;

/**
 * CSP of the SPA (apps/web/dist): Vite emits only external module scripts and stylesheets, so
 * scripts come from our origin alone and no inline script may run.
 */
export const SPA_CSP: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // Mantine writes <style> elements at run time (theme CSS variables, component styles) and
  // index.html is a static file that cannot carry a per-request nonce, so inline styles stay
  // allowed. A style cannot run code; the script policy above stays strict.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // The API docs screen shows /swagger-ui in a frame of our own origin.
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // No upgrade-insecure-requests: an intranet deployment on plain http would lose every asset.
};

/** Swagger UI: the SPA's docs screen frames it, so our own origin may frame this one page. */
export const SWAGGER_UI_CSP = cspString({ ...SPA_CSP, 'frame-src': ["'none'"], 'frame-ancestors': ["'self'"] });

/** HSTS for 180 days, this host only (no sibling hosts of the same domain). */
const HSTS_MAX_AGE = 180 * 24 * 3600;
/** The Strict-Transport-Security value helmet writes with these options, for answers written without it. */
export const HSTS = `max-age=${HSTS_MAX_AGE}`;

const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';
const API_URL = /^\/(api|sfz-cadastro-api|management)(\/|\?|$)/;

/**
 * The headers helmet sets with these options, read once: our policy is static (no per-request
 * nonce or function), so every answer gets the same set. helmet's own middleware (and
 * @fastify/helmet's two async hooks around it) rebuilt the whole set — the CSP parsed and checked
 * again — on every request.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
  });
  return headers;
}

/**
 * Security headers on every answer (SPA files, API, errors): helmet's set with our CSP, plus
 * Permissions-Policy, and `Cache-Control: no-store` on API answers, which carry personal data.
 * A route that knows better (reference lookups with an ETag) sets its own Cache-Control.
 * The two sets are built once; one synchronous hook copies one of them onto each reply.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  const todas = Object.freeze({
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: SPA_CSP },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // HSTS only where it means something, and never for sibling hosts of the same domain.
      strictTransportSecurity: opts.https ? { maxAge: HSTS_MAX_AGE, includeSubDomains: false } : false,
    }),
    'permissions-policy': PERMISSIONS_POLICY,
  });
  const daApi = Object.freeze({ ...todas, 'cache-control': 'no-store' });
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(API_URL.test(req.url) ? daApi : todas);
    done();
  });
}

/**
 * The headers of an answer that never reached the hooks (Fastify's framework errors: bad URL,
 * over-long parameter): an error body, never a document to render or cache; over https, HSTS like
 * every other answer (issue #39 §11: a 400 or 414 went without it).
 */
export function setErrorOnlyHeaders(reply: FastifyReply, opts: { https: boolean }) {
  if (opts.https) reply.header('strict-transport-security', HSTS);
  reply
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('permissions-policy', PERMISSIONS_POLICY)
    .header('cache-control', 'no-store');
}

function cspString(d: Directives): string {
  return Object.entries(d)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');
}
