import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lsnNumero, naRequisicao, WAL_COOKIE, WAL_HEADER, type Replicas, type Requisicao } from '../../db/replicas.js';

/** Long enough for any replica in rotation to have replayed the write (the lag bound is seconds). */
const WAL_COOKIE_MAX_AGE_S = 600;

declare module 'fastify' {
  interface FastifyRequest {
    /** Where its reads go and whether it wrote (set only with replicas configured). */
    replicaRoteamento: Requisicao | null;
  }
}

/**
 * Per request, where its reads go (db/replicas.ts): a GET or HEAD may read from a replica that has
 * replayed the client's last write; every other request stays on the primary. A request that wrote
 * (whatever its method: §7 has GETs that register a person) answers with the primary's WAL position
 * after its commit, as a cookie (browsers) and a header (other clients send it back in the same
 * header); one that wrote nothing — a refusal, a 404, a shed request — asks the primary nothing.
 */
export function registerReplicaRouting(app: FastifyInstance, replicas: Replicas, opts: { secureCookie: boolean }) {
  const atributos = `; Path=/; Max-Age=${WAL_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${opts.secureCookie ? '; Secure' : ''}`;
  // Declared up front (fastify's advice): every request object keeps one shape.
  app.decorateRequest('replicaRoteamento', null);
  app.addHook('onRequest', (req, _reply, done) => {
    const roteada = req.method === 'GET' || req.method === 'HEAD';
    const seguir = (minLsn: bigint) => {
      const r: Requisicao = { roteada, minLsn, escreveu: false };
      req.replicaRoteamento = r;
      naRequisicao(r, done);
    };
    if (!roteada) return seguir(0n);
    // A position past what the primary has reached is clamped (Replicas.limitar).
    const pedido = ultimaEscrita(req);
    const minLsn = pedido === 0n ? 0n : replicas.limitar(pedido);
    if (typeof minLsn === 'bigint') return seguir(minLsn);
    minLsn.then(seguir, () => seguir(pedido));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.replicaRoteamento?.escreveu) return payload;
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
