import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemType, type FieldError, type Problem } from '@cadastro/domain';
import { STATUS_TITLES } from '../errors/problem.js';
import { HSTS, setErrorOnlyHeaders } from './security-headers.js';

/**
 * Longest path parameter the router accepts (decoded characters); longer → 414. Above the
 * longest parameter of the contracts (a 150-character razão social search term) so that a
 * legitimate value reaches validation and gets its field error.
 */
export const MAX_PARAM_LENGTH = 200;

/** Longest request path a problem's `path` repeats; the rest of the caller's input is cut. */
const MAX_PROBLEM_PATH = 200;

/** Fastify's own 4xx in words of ours: its messages repeat the input (URL, media type, JSON text). */
const FRAMEWORK_DETAIL: Record<string, string> = {
  FST_ERR_BAD_URL: 'Malformed URL: invalid percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Body cannot be empty when content-type is application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_INVALID_CONTENT_TYPE: 'Invalid content type',
  FST_ERR_CTP_EMPTY_TYPE: 'Invalid content type',
};

/** The `detail` of a Fastify (or plugin) 4xx error, never echoing the request. */
export function frameworkDetail(err: FastifyError, status: number): string {
  const known = err.code ? FRAMEWORK_DETAIL[err.code] : undefined;
  if (known) return known;
  // JSON.parse's message quotes the body.
  if (err instanceof SyntaxError || err.name === 'SyntaxError') return FRAMEWORK_DETAIL.FST_ERR_CTP_INVALID_JSON_BODY!;
  // Proto poisoning refusals (secure-json-parse) name no input.
  if (/prototype property/.test(err.message)) return 'Body contains a forbidden property name';
  // The rate limiter's message says when to retry and nothing about the request.
  if (status === 429 && typeof err.message === 'string') return err.message.slice(0, 200);
  return `Request rejected: ${STATUS_TITLES[status] ?? `HTTP ${status}`}`;
}

/** The `path` of a problem: the request path without its query, cut to a sane length. */
export function problemPath(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.length > MAX_PROBLEM_PATH ? `${path.slice(0, MAX_PROBLEM_PATH)}…` : path;
}

/**
 * Bounds of any problem, whatever raised it: a 100 000-element array with one bad field each
 * would otherwise come back as 100 000 field errors (megabytes), and a detail that lists the
 * caller's values can be as long as the input.
 */
const MAX_DETAIL = 500;
const MAX_FIELD_ERRORS = 20;
export const boundDetail = (d: string | undefined) => (d && d.length > MAX_DETAIL ? `${d.slice(0, MAX_DETAIL)}…` : d);
export const boundFieldErrors = (f: FieldError[] | undefined) => (f && f.length > MAX_FIELD_ERRORS ? f.slice(0, MAX_FIELD_ERRORS) : f);

type ProblemSender = (reply: FastifyReply, req: FastifyRequest, status: number, p: { detail: string; message: string }) => unknown;

/**
 * Fastify's `frameworkErrors`: errors the router raises before any hook runs (malformed
 * percent-encoding → 400, over-long parameter → 414). Same problem+json as every other error.
 */
export function frameworkErrorHandler(send: ProblemSender, opts: { https: boolean }) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const status = err.statusCode ?? 400;
    setErrorOnlyHeaders(reply, opts);
    const detail = status >= 500 ? 'Unexpected server error' : frameworkDetail(err, status);
    return send(reply, req, status, { detail, message: `error.http.${status}` });
  };
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request (a
 * client too slow with its headers or body → 408, headers too large → 431, bytes that are not
 * HTTP → 400). Fastify's default writes its own JSON; this writes the same problem+json as every
 * other error, without echoing anything of the input, and closes the connection.
 */
export const clientErrorProblem = (opts: { https: boolean }) => (err: NodeJS.ErrnoException, socket: Socket) => {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const title = STATUS_TITLES[status] ?? 'Error';
  const problem: Problem = {
    type: ProblemType.DEFAULT,
    title,
    status,
    detail: status === 408 ? 'The request was not received in time' : status === 431 ? 'Request headers are too large' : 'Malformed HTTP request',
    message: `error.http.${status}`,
  };
  const body = JSON.stringify(problem);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
        (opts.https ? `Strict-Transport-Security: ${HSTS}\r\n` : '') +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
};
