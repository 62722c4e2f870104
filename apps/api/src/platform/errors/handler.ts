import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError, Problem } from '@cadastro/domain';
import { idiomaDe, ProblemType, textoCampo } from '@cadastro/domain';
import { erroDeBancoParaLog, problemOfDatabaseError } from './banco.js';
import { HttpProblem, STATUS_TITLES } from './problem.js';
import { boundDetail, boundFieldErrors, frameworkDetail, problemPath } from '../http/framework-errors.js';

export function sendProblem(reply: FastifyReply, req: FastifyRequest, status: number, p: Partial<Problem>) {
  const body: Problem = {
    type: p.type ?? ProblemType.DEFAULT,
    title: p.title ?? STATUS_TITLES[status] ?? 'Error',
    status,
    detail: boundDetail(p.detail),
    message: p.message ?? `error.http.${status}`,
    path: problemPath(req.url),
    ...(p.fieldErrors ? { fieldErrors: boundFieldErrors(p.fieldErrors) } : {}),
    ...(p.params ? { params: p.params } : {}),
    ...(p.limite !== undefined ? { limite: p.limite } : {}),
    ...(p.alternativa ? { alternativa: p.alternativa } : {}),
    ...(p.desafio ? { desafio: p.desafio } : {}),
  };
  return reply.code(status).header('content-type', 'application/problem+json; charset=utf-8').send(body);
}

/** Every failure leaves as problem+json; bad input is a 4xx, never a 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (!(err instanceof HttpProblem)) {
      const db = problemOfDatabaseError(err);
      if (db) {
        // Its message alone, without the stack (erroDeBancoParaLog: the statement, not its values).
        const info = db.status === 503 ? erroDeBancoParaLog(err) : undefined;
        // Past the ceiling: the statement (never its values) tells which query needs work.
        if (db.opts.message === 'error.http.tempoEsgotado') req.log.warn({ err: { message: info?.message ?? err.message, statement: info?.statement } }, 'statement cancelled past its ceiling');
        else if (db.status === 503) req.log.warn({ err: { message: (info?.message as string | undefined) ?? err.message } }, 'database unreachable');
        err = db as unknown as FastifyError;
      }
    }
    if (err instanceof HttpProblem) {
      if (err.opts.retryAfterSeconds !== undefined) reply.header('Retry-After', String(Math.max(1, Math.ceil(err.opts.retryAfterSeconds))));
      return sendProblem(reply, req, err.status, {
        type: err.opts.type,
        detail: err.detail,
        message: err.opts.message,
        fieldErrors: err.opts.fieldErrors,
        params: err.opts.params,
        limite: err.opts.limite,
        alternativa: err.opts.alternativa,
        desafio: err.opts.desafio,
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const objectName = req.routeOptions.url ?? 'request';
      const fieldErrors: FieldError[] = err.validation.map((v) => ({
        objectName,
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body'),
        message: v.message ?? 'invalid',
      }));
      return sendProblem(reply, req, 400, {
        type: ProblemType.CONSTRAINT_VIOLATION,
        message: 'error.validation',
        // Each field by its screen name and the form expected, in the caller's language (issue #39 §9):
        // "Invalid body: dadosCadastrais.valorCapitalSocial (pattern)" told a clerk nothing.
        detail: fieldErrors.map((f) => textoCampo(f.field, f.message, idiomaDe(req.headers['accept-language']))).join('; '),
        fieldErrors,
      });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return sendProblem(reply, req, 500, { detail: 'Unexpected server error', message: 'error.http.500' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type…), in words that do not echo the input
    return sendProblem(reply, req, status, { detail: frameworkDetail(err, status) });
  });
  app.setNotFoundHandler((req, reply) =>
    sendProblem(reply, req, 404, { detail: `No route for ${req.method} on this path` }),
  );
}
