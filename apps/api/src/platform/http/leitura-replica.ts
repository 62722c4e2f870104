import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lendo, lsnNumero, WAL_COOKIE, WAL_HEADER, type Replicas } from '../../db/replicas.js';

/** Long enough for any replica in rotation to have replayed the write (the lag bound is seconds). */
const WAL_COOKIE_MAX_AGE_S = 600;

/**
 * Per request, where its reads go (db/replicas.ts): a GET or HEAD may read from a replica that has
 * replayed the client's last write; every other request stays on the primary and its response
 * carries the primary's WAL position after its commit, as a cookie (browsers) and a header (other
 * clients send it back in the same header).
 */
export function registerReplicaRouting(app: FastifyInstance, replicas: Replicas, opts: { secureCookie: boolean }) {
  const atributos = `; Path=/; Max-Age=${WAL_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${opts.secureCookie ? '; Secure' : ''}`;
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return done();
    lendo(ultimaEscrita(req), done);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return payload;
    // The handler has committed; a position read now is at or past its commit.
    const lsn = await replicas.posicaoPrimario().catch(() => undefined);
    if (lsn) {
      reply.header(WAL_HEADER, lsn);
      reply.header('set-cookie', `${WAL_COOKIE}=${lsn}${atributos}`); // added to the others, not in their place
    }
    return payload;
  });
}

// Compiled once: a GET is the common request.
const NO_COOKIE = new RegExp(`(?:^|;\\s*)${WAL_COOKIE}=([0-9A-Fa-f/]+)`);

/** The latest of the client's write positions it sent (cookie or header); 0 when none. */
function ultimaEscrita(req: FastifyRequest): bigint {
  const cookie = req.headers.cookie;
  const doCookie = cookie ? NO_COOKIE.exec(cookie)?.[1] : undefined;
  const doCabecalho = req.headers[WAL_HEADER];
  const a = lsnNumero(doCookie) ?? 0n;
  const b = lsnNumero(typeof doCabecalho === 'string' ? doCabecalho : undefined) ?? 0n;
  return a > b ? a : b;
}
