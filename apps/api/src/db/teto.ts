import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient } from 'pg';

/**
 * The ceiling on every statement's time inside PostgreSQL (`statement_timeout`), by route class (#40 §5:
 * one page of a person's companies ran 5.6 minutes at 500,000 taxpayers, holding a connection and a
 * core). A clerk's screen waits `interativa`; a report (preview, PDF, spreadsheet) `relatorio`. A
 * statement past it is cancelled by the server (SQLSTATE 57014) and the request answers 503.
 *
 * One place: the pools are opened with the interactive ceiling as their connections' default (a
 * startup parameter: no statement added to a clerk's request), and here a statement of another class
 * — a report's, or one outside any request (start-up, seed, background tasks: no ceiling) — gets its
 * own, set on the connection it runs on and reset before that connection goes back to the pool. The replicas' pools are opened the same way (replicas.ts routes
 * the statements of a GET to them). Embedded PGlite runs a statement to its end on the one thread that
 * would time it (it ignores statement_timeout): there is no ceiling there.
 */
export type ClasseTeto = 'interativa' | 'relatorio';
export interface Tetos {
  /** ms; 0 = none. */
  interativaMs: number;
  relatorioMs: number;
}

const classe = new AsyncLocalStorage<ClasseTeto>();

/** Runs `fn` (the rest of a request) with its statements under the ceiling of `c`. */
export function comTeto<T>(c: ClasseTeto, fn: () => T): T {
  return classe.run(c, fn);
}

/** The ceiling (ms) of the statements run now: the request's class, or none outside a request. */
export function tetoAtual(t: Tetos): number {
  const c = classe.getStore();
  return c === undefined ? 0 : c === 'relatorio' ? t.relatorioMs : t.interativaMs;
}

const SET = (ms: number) => `set statement_timeout = ${Math.trunc(ms)}`;
type Query = (...a: unknown[]) => Promise<unknown>;

/**
 * Applies the ceilings to a pool whose connections start with `padraoMs` (its `statement_timeout`).
 * Called on the pool before anything binds its query() or connect() (replica routing, drizzle).
 */
export function aplicarTetos(pool: Pool, tetos: Tetos, padraoMs: number): Pool {
  const connect = pool.connect.bind(pool) as (...a: unknown[]) => Promise<PoolClient> | undefined;
  const query = pool.query.bind(pool) as unknown as Query;
  /** A connection under `ms` while it is held; it goes back to the pool under the pool's ceiling. */
  const tomar = async (ms: number) => {
    const c = (await connect())!;
    await c.query(SET(ms)).catch((err: Error) => {
      c.release(err);
      throw err;
    });
    const release = c.release;
    c.release = (err?: Error | boolean) => {
      c.release = release;
      if (err) return release.call(c, err);
      // One whose setting could not be put back is discarded, never handed out with it.
      void c.query(SET(padraoMs)).then(() => release.call(c), (e: Error) => release.call(c, e));
    };
    return c;
  };
  (pool as unknown as { query: Query }).query = async (...a: unknown[]) => {
    const ms = tetoAtual(tetos);
    // Callback calls and streams (none of ours go through here) keep pg's own path.
    const fluxo = typeof (a[0] as { submit?: unknown } | undefined)?.submit === 'function';
    if (ms === padraoMs || fluxo || a.some((x) => typeof x === 'function')) return query(...a);
    const c = await tomar(ms);
    try {
      return await (c.query as unknown as Query)(...a);
    } finally {
      c.release();
    }
  };
  // A transaction, a cursor, the migrations: the connection under the class's ceiling while held.
  (pool as unknown as { connect: (...a: unknown[]) => unknown }).connect = (...a: unknown[]) => {
    if (a.some((x) => typeof x === 'function')) return connect(...a);
    const ms = tetoAtual(tetos);
    return ms === padraoMs ? connect() : tomar(ms);
  };
  return pool;
}
