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
 * back); the database unreachable → 503 with Retry-After. Anything else → undefined (a real 500).
 */
export function problemOfDatabaseError(err: unknown): HttpProblem | undefined {
  if (isDatabaseUnreachable(err)) {
    return new HttpProblem(503, 'The database is unreachable; try again in a few seconds', { message: 'error.http.503', retryAfterSeconds: 5 });
  }
  for (const e of chain(err)) {
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
