import type { FastifyInstance } from 'fastify';
import { ProblemType } from '@cadastro/domain';
import { unavailable } from './errors/problem.js';
import { recusarNaPorta } from './sobrecarga-porta.js';
import { HSTS } from './http/security-headers.js';

declare module 'fastify' {
  interface FastifyRequest {
    contadoEmCurso: boolean;
  }
}

export interface OpcoesSobrecarga {
  /** Requests in progress beyond which a new one is shed (the signal on a database server). */
  maxEmCurso: number;
  /** Event-loop delay (ms, two samples running) beyond which a new request is shed; 0 = off. */
  maxAtrasoMs: number;
  /** How often the delay is sampled (ms; 0 = no timer, samples only through `registrarAtraso`, for tests). */
  amostraMs?: number;
  /** Embedded: while the loop is behind, new connections get the 503 at the door, before Fastify reads them. */
  naPorta?: boolean;
  /** Over https the door's 503 carries HSTS like every other answer (issue #39 §11). */
  https?: boolean;
}

/** Never shed: a liveness probe answered 503 would make the orchestrator kill a busy, healthy process. */
const NUNCA_DESCARTAR = new Set(['/management/health/liveness']);

/**
 * Load shedding: an overloaded process answers a new request 503 + Retry-After at once instead of
 * letting it wait in a queue the client will give up on (a silent 30 s timeout is worse for the clerk
 * and for a load balancer than a fast "try again / another replica"). Registered first, so a shed
 * request costs no database work.
 *
 * Two signals, because the queue sits in different places:
 * - on a PostgreSQL server the queries are asynchronous, so waiting requests are *in progress*
 *   (between onRequest and onResponse): `maxEmCurso` counts them;
 * - on embedded PGlite the SQL runs synchronously on this thread, so the process reads the next request
 *   only when the previous ones are done: the in-progress count stays small while the queue builds up
 *   in socket buffers, unseen. What shows it is the event loop falling behind: a timer due every
 *   `amostraMs` fires late by about the work queued ahead of it. Late beyond `maxAtrasoMs`, twice in a
 *   row, shed. Nor does the loop always fall behind: between two statements it turns, and Node then
 *   accepts only a few of the connections waiting in the kernel — the rest wait there, unseen. The door
 *   probes that queue (it connects to itself): new connections waiting beyond `maxAtrasoMs` to be
 *   accepted shed too.
 *
 * A request counts as in progress only once its body has been read (preValidation): a client that
 * sends headers and then trickles (or never sends) its body costs a socket until the server's request
 * timeout, never a place among the requests being worked on. The cheap refusal still happens on
 * arrival (onRequest), before the body is read.
 */
export function registerLoadShedding(app: FastifyInstance, opcoes: OpcoesSobrecarga) {
  const { maxEmCurso, maxAtrasoMs, amostraMs = 250 } = opcoes;
  let emCurso = 0;
  let atrasoMs = 0;
  let anteriorMs = 0;
  let descartados = 0;

  /** One sample of how late the loop ran. Two in a row must be late: one long synchronous task (a big import, a GC) is not an overload. */
  const registrarAtraso = (atraso: number) => {
    atrasoMs = Math.min(anteriorMs, atraso);
    anteriorMs = atraso;
  };
  let esperado = performance.now() + amostraMs;
  if (maxAtrasoMs > 0 && amostraMs > 0) {
    // How late our own timer fires is how much work was queued ahead of it on this thread.
    const amostrar = setInterval(() => {
      const agora = performance.now();
      registrarAtraso(Math.max(0, agora - esperado));
      esperado = agora + amostraMs;
    }, amostraMs);
    amostrar.unref();
    app.addHook('onClose', (_app, done) => {
      clearInterval(amostrar);
      done();
    });
  }

  /** Embedded: how long new connections wait to be accepted (the door's probe); 0 elsewhere. */
  let esperaNaFila = () => 0;
  const sobrecarregado = () => emCurso >= maxEmCurso || (maxAtrasoMs > 0 && (atrasoMs > maxAtrasoMs || esperaNaFila() > maxAtrasoMs));
  const recusar = () => {
    descartados++;
    return unavailable('Server busy; try again shortly', 1);
  };
  app.decorateRequest('contadoEmCurso', false);
  app.addHook('onRequest', (req, _reply, done) => {
    done(!NUNCA_DESCARTAR.has(req.url) && sobrecarregado() ? recusar() : undefined);
  });
  // After the body: many bodies may have finished at once, so the limit is checked again here.
  app.addHook('preValidation', (req, _reply, done) => {
    if (NUNCA_DESCARTAR.has(req.url)) return done();
    if (sobrecarregado()) return done(recusar());
    emCurso++;
    req.contadoEmCurso = true;
    done();
  });
  if (opcoes.naPorta && maxAtrasoMs > 0) {
    // The loop's lateness as of now: the sampler's timer overdue counts before it gets to run.
    const atrasoAgora = () => (amostraMs > 0 ? Math.min(anteriorMs, Math.max(0, performance.now() - esperado)) : atrasoMs);
    ({ esperaNaFila } = recusarNaPorta(app.server, {
      recusar: () => Math.max(atrasoMs, atrasoAgora(), esperaNaFila()) > maxAtrasoMs,
      recusada: () => descartados++,
      corpo: JSON.stringify({ type: ProblemType.DEFAULT, title: 'Service Unavailable', status: 503, detail: 'Server busy; try again shortly', message: 'error.http.503' }),
      nuncaRecusar: [...NUNCA_DESCARTAR],
      sondaMs: amostraMs,
      cabecalhos: opcoes.https ? { 'Strict-Transport-Security': HSTS } : {},
    }));
  }
  const release = (req: { contadoEmCurso: boolean }) => {
    if (req.contadoEmCurso) {
      req.contadoEmCurso = false;
      emCurso--;
    }
  };
  app.addHook('onResponse', (req, _reply, done) => {
    release(req);
    done();
  });
  // A client that hung up never gets onResponse.
  app.addHook('onRequestAbort', (req, done) => {
    release(req);
    done();
  });
  return { emCurso: () => emCurso, atrasoMs: () => atrasoMs, esperaNaFila: () => esperaNaFila(), descartados: () => descartados, registrarAtraso };
}
