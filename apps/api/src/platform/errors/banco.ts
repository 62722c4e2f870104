import { ProblemType } from '@cadastro/domain';
import { HttpProblem } from './problem.js';

/** SQLSTATEs and socket errors that mean "the database is not there right now". */
const UNREACHABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
// "PGlite is closed" / "Cannot use a pool after calling end": the database closed under a request (the
// health check after close, a stop in progress), embedded or on a server.
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)|PGlite is closed|Cannot use a pool after calling end on the pool/i;

/** Walks an error and its causes (drizzle wraps the driver's error). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnreachable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/**
 * A database failure that is the caller's or the moment's, not a bug: a unique key taken by a
 * concurrent request or a serialization failure → 409 (nothing was written: the transaction rolled
 * back); the database unreachable or a statement past its ceiling → 503 with Retry-After. Anything else → undefined (a real 500).
 */
export function problemOfDatabaseError(err: unknown): HttpProblem | undefined {
  if (isDatabaseUnreachable(err)) {
    return new HttpProblem(503, 'The database is unreachable; try again in a few seconds', { message: 'error.http.503', retryAfterSeconds: 5 });
  }
  for (const e of chain(err)) {
    // 57014: cancelled past the route's statement ceiling (db/teto.ts). Not a bug and not the
    // client's fault: the same request may pass when the database is less busy, or narrowed.
    if (e.code === '57014') {
      return new HttpProblem(503, 'A consulta demorou mais que o tempo permitido e foi interrompida. Tente novamente ou restrinja os filtros.', {
        message: 'error.http.tempoEsgotado',
        retryAfterSeconds: 5,
      });
    }
    if (e.code === '23505') {
      return new HttpProblem(409, 'The record was created or changed by another request at the same time', {
        type: ProblemType.CONCURRENT_CHANGE,
        message: 'error.concurrencyFailure',
      });
    }
    if (e.code === '40001' || e.code === '40P01') {
      return new HttpProblem(409, 'Concurrent change; try again', { type: ProblemType.CONCURRENT_CHANGE, message: 'error.concurrencyFailure' });
    }
  }
  return undefined;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** The server quotes the offending value after a colon (`invalid input syntax for type integer: "…"`). */
const VALOR_CITADO = /: ".*"$/s;

/**
 * A database failure as the log keeps it: the statement, the SQLSTATE and what failed (table,
 * column, constraint), never the values bound to the statement (CPFs, names) nor the ones the
 * server quotes back in its message or detail (`Key (cpf)=(…)`). The stack keeps its frames only
 * (its first line repeats the message). undefined when no database error is in the chain.
 */
export function erroDeBancoParaLog(err: unknown): Record<string, unknown> | undefined {
  let statement: unknown;
  let banco: Record<string, unknown> | undefined;
  for (const e of chain(err)) {
    const x = e as Record<string, unknown>;
    if (statement === undefined && typeof x.query === 'string' && 'params' in x) statement = x.query;
    if (!banco && typeof x.code === 'string' && SQLSTATE.test(x.code) && ('severity' in x || 'routine' in x)) banco = x;
  }
  if (statement === undefined && !banco) return undefined;
  // Without a server error (a lost connection) the driver's own message, which quotes no value.
  const causa = [...chain(err)].find((e) => typeof e.message === 'string' && !e.message.startsWith('Failed query:'))?.message;
  const mensagem = typeof banco?.message === 'string' ? banco.message.replace(VALOR_CITADO, ': "…"') : typeof causa === 'string' ? causa : 'Failed query';
  const stack = err instanceof Error && typeof err.stack === 'string' ? err.stack.split('\n').filter((l) => /^\s+at /.test(l)).join('\n') : undefined;
  return {
    type: 'DatabaseError',
    message: mensagem,
    code: banco?.code,
    statement,
    ...Object.fromEntries((['table', 'column', 'constraint', 'routine'] as const).filter((k) => banco?.[k]).map((k) => [k, banco![k]])),
    stack,
  };
}
