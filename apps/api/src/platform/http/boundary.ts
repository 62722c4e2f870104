import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProblemType, V } from '@cadastro/domain';
import { HttpProblem } from '../errors/problem.js';

const NUL = '\u0000';
/** A NUL, or a UTF-16 surrogate left without its pair (JSON's "\\ud800"): text no database column can store. */
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const IMPOSSIVEL = /[\u0000\p{Surrogate}]/u;
/** Longest field name echoed back in a field error (the rest is the caller's own input). */
const MAX_FIELD = 60;

/**
 * Checks every string that reaches a route, once for all routes: PostgreSQL refuses the NUL
 * character (0x00) in text, and a lone UTF-16 surrogate cannot be encoded as UTF-8 (the row, or its
 * audit, would fail: a 500). The raw URL is checked on arrival for NUL (literal or %00); params,
 * query and the parsed body (recursively, keys too) for both before validation. A query string whose
 * escapes are not UTF-8 is refused on arrival.
 */
export function registerInputBoundary(app: FastifyInstance) {
  // Callback style, like the guard: no promise hop on every request.
  app.addHook('onRequest', (req, _reply, done) => {
    const url = req.url;
    if (url.includes('%00') || url.includes(NUL)) return done(nulProblem(req, 'url'));
    const q = url.indexOf('?');
    if (q >= 0 && !queryDecodificavel(url.slice(q + 1))) return done(queryMalformada());
    done();
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const field = findTextoImpossivel(req.params, 'path') ?? findTextoImpossivel(req.query, 'query') ?? findTextoImpossivel(req.body, 'body');
    done(field === undefined ? undefined : nulProblem(req, field));
  });
}

/**
 * Whether a query string's percent-escapes decode as UTF-8. The router refuses a bad path (400) but the
 * query parser kept '%FF' or '%ED%A0%80' as literal text, so a value no one typed reached the handlers
 * (issue #39 §11). decodeURIComponent throws on a bad escape, invalid UTF-8, an overlong form or a surrogate.
 */
export function queryDecodificavel(query: string): boolean {
  if (!query.includes('%')) return true;
  try {
    decodeURIComponent(query);
    return true;
  } catch {
    return false;
  }
}

const queryMalformada = () =>
  new HttpProblem(400, 'Malformed URL: the query string is not percent-encoded UTF-8', { message: 'error.http.400' });

/**
 * Where a NUL or a lone surrogate hides in a parsed value: the top-level field that holds it (`root` for the value
 * itself), or undefined. Iterative, so a deeply nested JSON body cannot overflow the stack.
 */
export function findTextoImpossivel(value: unknown, root: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return IMPOSSIVEL.test(value) ? root : undefined;
  if (typeof value !== 'object') return undefined;
  const stack: { v: unknown; field: string | undefined }[] = [{ v: value, field: undefined }];
  while (stack.length > 0) {
    const { v, field } = stack.pop()!;
    if (typeof v === 'string') {
      if (IMPOSSIVEL.test(v)) return field ?? root;
    } else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v)) {
        const at = field ?? key;
        if (IMPOSSIVEL.test(key)) return at === key ? root : at;
        stack.push({ v: (v as Record<string, unknown>)[key], field: at });
      }
    }
  }
  return undefined;
}

function nulProblem(req: FastifyRequest, field: string) {
  const objectName = req.routeOptions.url ?? 'request';
  return new HttpProblem(400, 'Text may not contain the NUL character (0x00) or a lone UTF-16 surrogate', {
    type: ProblemType.CONSTRAINT_VIOLATION,
    message: 'error.validation',
    fieldErrors: [{ objectName, field: field.length > MAX_FIELD ? field.slice(0, MAX_FIELD) + '…' : field, message: V.pattern }],
  });
}
