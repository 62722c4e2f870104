import type { Problem } from '@cadastro/domain';
import { XSRF_COOKIE, XSRF_HEADER } from '@cadastro/domain';
import i18n from 'i18next';
import { progress } from './progress';
import { readStored, storageKeys } from './storage';

/** A failed call: status 0 when the server could not be reached. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly problem: Problem | undefined,
    readonly bodyText: string,
    readonly headers: Headers | undefined,
  ) {
    super(problem?.detail ?? problem?.message ?? `HTTP ${status}`);
  }
}

export const HTTP_ERROR_EVENT = 'cadastro:http-error';
/** A 401; detail: the bearer the call carried (null: none), so a stale call cannot end a newer session. */
export const UNAUTHORIZED_EVENT = 'cadastro:unauthorized';
export interface UnauthorizedDetail {
  token: string | null;
}
/** §8: a response header ending in app-alert (with app-params) becomes a success alert. */
export const HTTP_SUCCESS_EVENT = 'cadastro:http-success';

export interface RequestOptions {
  /** The caller shows its own message: no global http-error broadcast. */
  silent?: boolean;
  /** false: do not turn the response's app-alert header into a success alert. */
  alertHeaders?: boolean;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** 'blob' for documents (PDF, XLSX): the body is returned as a Blob. */
  responseType?: 'json' | 'blob';
  /** With 'blob': called with the bytes received so far while the body streams in (long downloads). */
  onProgress?: (bytes: number) => void;
}

function readCookie(name: string): string | undefined {
  const m = document.cookie.split('; ').find((c) => c.startsWith(name + '='));
  return m ? decodeURIComponent(m.slice(name.length + 1)) : undefined;
}

async function ensureXsrf() {
  if (!readCookie(XSRF_COOKIE)) await fetch('/api/profile-info', { credentials: 'same-origin' }).catch(() => undefined);
}

export interface HttpResponse<T> {
  data: T;
  headers: Headers;
  status: number;
}

/**
 * The one HTTP client of the SPA: bearer token, CSRF header, problem+json errors, the global
 * error events of §8 (401 → logout; other errors broadcast) and the top progress bar.
 */
export async function request<T>(method: string, url: string, body?: unknown, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
  const qs = opts.query
    ? '?' +
      Object.entries(opts.query)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
        .join('&')
    : '';
  // The session's language: the server words its refusals in it (issue #39 §9).
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json', 'Accept-Language': i18n.language === 'en' ? 'en' : 'pt-BR' };
  // Read before the first await: sign-out sends its last call and clears the token right after.
  const token = readStored(storageKeys.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET' && method !== 'HEAD') {
    await ensureXsrf();
    const x = readCookie(XSRF_COOKIE);
    if (x) headers[XSRF_HEADER] = x;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  progress.start();
  let res: Response;
  try {
    res = await fetch(url + qs, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    progress.done();
    if ((e as Error).name === 'AbortError') throw e;
    const err = new HttpError(0, url, undefined, '', undefined);
    if (!opts.silent) window.dispatchEvent(new CustomEvent(HTTP_ERROR_EVENT, { detail: err }));
    throw err;
  }
  if (res.ok && opts.responseType === 'blob') {
    const blob = await (opts.onProgress && res.body ? blobComProgresso(res, opts.onProgress) : res.blob()).finally(() => progress.done());
    return { data: blob as T, headers: res.headers, status: res.status };
  }
  progress.done();
  const text = await res.text();
  if (!res.ok) {
    let problem: Problem | undefined;
    try {
      problem = text ? (JSON.parse(text) as Problem) : undefined;
    } catch {
      problem = undefined;
    }
    const err = new HttpError(res.status, url, problem, text, res.headers);
    if (res.status === 401) window.dispatchEvent(new CustomEvent<UnauthorizedDetail>(UNAUTHORIZED_EVENT, { detail: { token } }));
    const skip = res.status === 401 && (text === '' || url.includes('/api/account'));
    if (!opts.silent && !skip) window.dispatchEvent(new CustomEvent(HTTP_ERROR_EVENT, { detail: err }));
    throw err;
  }
  if (opts.alertHeaders !== false) {
    let alert: string | null = null;
    let params: string | null = null;
    res.headers.forEach((value, name) => {
      if (name.endsWith('app-alert')) alert = value;
      if (name.endsWith('app-params')) params = value;
    });
    if (alert) window.dispatchEvent(new CustomEvent(HTTP_SUCCESS_EVENT, { detail: { key: alert, param: params } }));
  }
  const type = res.headers.get('content-type') ?? '';
  const data = (text && type.includes('json') ? JSON.parse(text) : text) as T;
  return { data, headers: res.headers, status: res.status };
}

/** Reads a body chunk by chunk, reporting the bytes received (the server streams big spreadsheets). */
async function blobComProgresso(res: Response, onProgress: (bytes: number) => void): Promise<Blob> {
  const reader = res.body!.getReader();
  const partes: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    partes.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(partes as BlobPart[], { type: res.headers.get('content-type') ?? '' });
}

export const http = {
  get: <T>(url: string, opts?: RequestOptions) => request<T>('GET', url, undefined, opts).then((r) => r.data),
  post: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', url, body ?? {}, opts).then((r) => r.data),
  put: <T>(url: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', url, body ?? {}, opts).then((r) => r.data),
  delete: <T>(url: string, opts?: RequestOptions) => request<T>('DELETE', url, undefined, opts).then((r) => r.data),
};
