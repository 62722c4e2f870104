import { useCallback, useMemo } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';

/**
 * The state of a search or filter screen lives in the search params of its hash route, so Back,
 * reload and a shared link restore the query, its result and its page (ARCHITECTURE "Conventions").
 * A screen declares its params once as a shape: one zod schema per param, from the raw text
 * (undefined when absent) to its value. A bad value falls back to the param's default instead of
 * failing: a link typed or cut by hand still opens the screen.
 */
export type UrlShape = Record<string, z.ZodType>;
export type UrlValues<S extends UrlShape> = { [K in keyof S]: z.output<S[K]> };

/** `yyyy-MM-dd` that names a real day (no `new Date()`: days are strings end to end). */
function isDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= days[mo - 1]!;
}

/** The kinds of param the screens use. */
export const param = {
  /** Free text, trimmed; empty is absent. */
  text: (max = 200) =>
    z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined)
      .pipe(z.string().max(max).optional())
      .catch(undefined),
  /** One of a fixed list of codes. */
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values).optional().catch(undefined),
  /** A 1-based page: absent stays absent (no result open), a bad one is the first page. */
  page: () => z.coerce.number().int().min(1).optional().catch(1),
  /** A day, `yyyy-MM-dd`. */
  day: () => z.string().refine(isDay).optional().catch(undefined),
  /** A list of numbers written `1,2,3` (e.g. CACEALs); anything else is absent. */
  numbers: (max = 1000) =>
    z
      .string()
      .regex(/^\d{1,15}(,\d{1,15})*$/)
      .transform((v) => v.split(',').map(Number))
      .pipe(z.array(z.number()).max(max))
      .optional()
      .catch(undefined),
  /**
   * A param with its default filled in while parsing. Defaults belong here, not in the page: the
   * state (and the query keys made from it) is then the same for `?` and `?page=1`, so submitting
   * the query already on screen is recognised as the same and fetched again.
   */
  withDefault: <T>(schema: z.ZodType<T | undefined>, fallback: T | (() => T)) =>
    schema.transform((v): T => v ?? (typeof fallback === 'function' ? (fallback as () => T)() : fallback)),
  /** A server sort `field,asc|desc` among the given fields. */
  sort: <const T extends readonly [string, ...string[]]>(fields: T) =>
    z
      .string()
      .regex(new RegExp(`^(${fields.join('|')}),(asc|desc)$`))
      .optional()
      .catch(undefined),
};

/** Reads the params of `shape` from a search string (`?a=1&b=2`); other params are ignored. */
export function parseUrlState<S extends UrlShape>(shape: S, search: string | URLSearchParams): UrlValues<S> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const r = schema.safeParse(params.get(key) ?? undefined);
    out[key] = r.success ? r.data : undefined;
  }
  return out as UrlValues<S>;
}

/**
 * Writes values as a search string in the shape's order (one spelling per state, so two states
 * compare as strings); absent and empty values are left out; lists are comma-separated.
 */
export function formatUrlState<S extends UrlShape>(shape: S, values: Partial<UrlValues<S>>): string {
  const parts: string[] = [];
  for (const key of Object.keys(shape)) {
    const v = (values as Record<string, unknown>)[key];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    const text = Array.isArray(v) ? v.join(',') : String(v);
    // Commas stay readable in lists and sorts.
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text).replace(/%2C/g, ',')}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

export interface UrlSetOptions {
  /** Replace the history entry instead of adding one (Back skips it). */
  replace?: boolean;
  /** Another route of the same screen (e.g. the filter and its preview). */
  pathname?: string;
  /**
   * An explicit search: the queries under this key are fetched again even when cached, and when
   * the URL does not change (the same query submitted again) the one on screen is fetched now.
   */
  refresh?: QueryKey;
  state?: unknown;
}

/**
 * `[values, set]` of a screen's URL state. `set(patch)` merges the patch into the current values
 * (pass `undefined` to drop a param) and navigates; it resolves once the URL is in place, so a
 * screen may replace its own entry before it moves on to a record.
 */
export function useUrlState<S extends UrlShape>(shape: S) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const values = useMemo(() => parseUrlState(shape, search), [shape, search]);
  const set = useCallback(
    async (patch: Partial<UrlValues<S>>, opts: UrlSetOptions = {}) => {
      const to = { pathname: opts.pathname ?? pathname, search: formatUrlState(shape, { ...values, ...patch }) };
      const same = to.pathname === pathname && to.search === formatUrlState(shape, values);
      if (opts.refresh) void qc.invalidateQueries({ queryKey: opts.refresh, refetchType: same ? 'active' : 'none' });
      if (!same) await navigate(to, { replace: opts.replace, state: opts.state });
    },
    [shape, values, pathname, navigate, qc],
  );
  return [values, set] as const;
}
