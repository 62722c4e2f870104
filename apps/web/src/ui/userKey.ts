import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** First element of every query key whose answer depends on who asks (see userScoped). */
export const USER_KEY_PREFIX = 'user';

/**
 * The cache key of data whose answer depends on who is asking, not only on a role every holder
 * shares: "my" registration, or a registration a taxpayer may read only when it is theirs. Two
 * users never share such an entry, even if the cache outlives a change of user (another tab
 * signing in with a remembered token). Anonymous callers share the `null` user.
 */
export function userScoped(user: { id: number } | null | undefined, key: QueryKey): QueryKey {
  return [USER_KEY_PREFIX, user?.id ?? null, ...key];
}

/**
 * Forgets every cached answer when the user changes (sign-in, sign-out, another tab's change).
 * clear() also cancels each removed query's call in flight (silently: no error state), so a late
 * answer lands in no cache the next user reads; the unit test pins that.
 */
export function forgetCachedData(qc: QueryClient) {
  qc.clear();
}
