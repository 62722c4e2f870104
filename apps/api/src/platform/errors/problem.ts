import type { FieldError, Problem } from '@cadastro/domain';
import { ProblemType } from '@cadastro/domain';

/**
 * An error that becomes an RFC 7807 problem+json answer. `message` is an i18n key the SPA
 * translates (error.http.404, error.validation, …); `detail` is the human explanation.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly opts: { type?: string; message?: string; fieldErrors?: FieldError[]; params?: string; retryAfterSeconds?: number; desafio?: string } & Pick<Problem, 'limite' | 'alternativa'> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, opts: HttpProblem['opts'] = {}) =>
  new HttpProblem(400, detail, { message: 'error.http.400', ...opts });
export const unauthorized = (detail = 'Full authentication is required to access this resource') =>
  new HttpProblem(401, detail, { message: 'error.http.401' });
export const forbidden = (detail = 'Access is denied') => new HttpProblem(403, detail, { message: 'error.http.403' });
export const notFound = (detail = 'Not found') => new HttpProblem(404, detail, { message: 'error.http.404' });
export const conflict = (detail: string) =>
  new HttpProblem(409, detail, { type: ProblemType.CONCURRENT_CHANGE, message: 'error.concurrencyFailure' });
/** Every 429 says when to come back (Retry-After). */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpProblem(429, detail, { message: 'error.http.429', retryAfterSeconds });
/** The database (or another part we cannot do without) is unreachable: come back shortly. */
export const unavailable = (detail = 'Service temporarily unavailable', retryAfterSeconds = 5) =>
  new HttpProblem(503, detail, { message: 'error.http.503', retryAfterSeconds });

/** 400 with one field error: the shape forms understand. */
export function fieldProblem(objectName: string, field: string, message: string, detail: string, type?: string) {
  return new HttpProblem(400, detail, {
    type: type ?? ProblemType.CONSTRAINT_VIOLATION,
    message: 'error.validation',
    fieldErrors: [{ objectName, field, message }],
  });
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  411: 'Length Required',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
