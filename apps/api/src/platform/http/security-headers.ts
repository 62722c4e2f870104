import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';

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

const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';
const API_URL = /^\/(api|sfz-cadastro-api|management)(\/|\?|$)/;

/**
 * Security headers on every answer (SPA files, API, errors): helmet's set with our CSP, plus
 * Permissions-Policy, and `Cache-Control: no-store` on API answers, which carry personal data.
 * A route that knows better (reference lookups with an ETag) sets its own Cache-Control.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { https: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: SPA_CSP },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only where it means something, and never for sibling hosts of the same domain.
    strictTransportSecurity: opts.https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (API_URL.test(req.url)) reply.header('cache-control', 'no-store');
    done();
  });
}

/**
 * The headers of an answer that never reached the hooks (Fastify's framework errors: bad URL,
 * over-long parameter): an error body, never a document to render or cache.
 */
export function setErrorOnlyHeaders(reply: FastifyReply) {
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
