import type { FastifyInstance } from 'fastify';
import { unavailable } from './errors/problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    contadoEmCurso: boolean;
  }
}

/**
 * Load shedding: beyond `max` requests in progress, a new one is answered 503 + Retry-After at once
 * instead of waiting in a queue the client will give up on (a silent 10 s timeout is worse for the
 * clerk and for a load balancer than a fast "try another replica"). Registered first, so a shed
 * request costs no database work.
 */
export function registerLoadShedding(app: FastifyInstance, max: number) {
  let emCurso = 0;
  app.decorateRequest('contadoEmCurso', false);
  app.addHook('onRequest', (req, _reply, done) => {
    if (emCurso >= max) {
      done(unavailable('Server busy; try again shortly', 1));
      return;
    }
    emCurso++;
    req.contadoEmCurso = true;
    done();
  });
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
  return { emCurso: () => emCurso };
}
