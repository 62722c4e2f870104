import { HttpError } from './http';

/**
 * Lists and records that change under the user (mail arriving, users edited or deleted by another
 * administrator, new audit events): never served from cache without asking again, and asked again
 * when the window gets the focus back.
 */
export const LIVE_DATA = { staleTime: 0, refetchOnWindowFocus: true } as const;

/** The default retry: once for a network or server failure, never for a 4xx (a 404 stays a 404). */
export function retryUnlessClientError(failures: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

/** A record that does not exist (any more): shown as the not-found state, not as an error. */
export const isNotFound = (error: unknown): boolean => error instanceof HttpError && (error.status === 404 || error.status === 410);
