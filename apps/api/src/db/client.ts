import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { Replicas } from './replicas.js';
import { conferirIndices, restaurarSuspensos } from './indices.js';
import { aplicarTetos, type Tetos } from './teto.js';
import { copiarDataDir } from './copia-embutida.js';
import { conexaoComSessao, SET_SESSAO } from './sessao.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; every repository function takes one so a write is one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * For a statement that streams for seconds (a report's spreadsheet through a cursor): its own small
   * pool on a server, so exports never hold the connections the searches use. The same as `db` embedded.
   */
  fluxos: Db;
  driver: 'pglite' | 'postgresql';
  /** Human description for health/config pages (never contains a password). */
  description: string;
  /** Hot-standby replicas the reads of GET requests may go to (DATABASE_REPLICA_URLS); none embedded. */
  replicas: Replicas | undefined;
  /** Connection pool figures; the embedded database has exactly one connection. */
  pool(): { total: number; idle: number; waiting: number };
  /**
   * Bulk load: COPY rows (PostgreSQL text format: tab-separated, \N for null) into a table.
   * `trusted` skips foreign-key triggers (session_replication_role = replica) where the role may —
   * only for data generated consistent by construction.
   */
  copyRows(table: string, columns: readonly string[], text: string, opts?: { trusted?: boolean }): Promise<void>;
  /** Embedded only: the whole data dir as a tarball, for `openDatabase`'s `loadDataDir` (test templates). */
  dumpDataDir?(): Promise<Blob>;
  /** Embedded only: the data dir at one instant, copied into the new folder `destino` (copia-embutida.ts; a backup). */
  copiarDataDir?(destino: string): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the configured database and applies the checked-in migrations.
 * `url` undefined → PGlite in `dataDir`; `memory://` → in-memory PGlite (tests), started from
 * `loadDataDir` when given (a tarball of dumpDataDir(): no initdb, migrations already applied).
 */
export async function openDatabase(
  url: string | undefined,
  dataDir: string,
  opts: { onConnectionLost?: (err: Error) => void; poolSize?: number; replicas?: { urls: readonly string[]; maxLagMs: number }; loadDataDir?: Blob; tetos?: Tetos } = {},
): Promise<Database> {
  // Embedded, no ceiling: PGlite ignores statement_timeout (teto.ts).
  if (!url || url.startsWith('memory://')) return openPglite(url ? undefined : path.join(dataDir, 'pgdata'), opts.loadDataDir);
  return openPostgres(url, opts.onConnectionLost ?? (() => undefined), opts.poolSize ?? defaultPoolSize(), opts.replicas, opts.tetos);
}

/**
 * Connections per API process when DATABASE_POOL_SIZE is unset: twice the cores, between 4 and 10.
 * More statements at once than the database has cores to run them only queue inside it, where they
 * also switch in and out: on 2 cores, 4 connections served 13 % more exact lookups than 10, with a
 * p95 3 ms lower (docs/performance.md). The cores of this host stand in for the database's (one host, or
 * hosts sized alike); with several API processes on one database, set it (database cores × 2 / processes).
 */
export function defaultPoolSize(): number {
  return Math.min(10, Math.max(4, 2 * os.availableParallelism()));
}
/** Connections for streamed reports: a third export waits for one (up to STREAM_WAIT_MS). */
const STREAM_POOL_SIZE = 2;
const STREAM_WAIT_MS = 30_000;

async function openPglite(dir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm, unaccent }, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzle(client, { schema }) as unknown as Db;
  // The index set the migrations define, whole before and after them (indices.ts).
  try {
    await restaurarSuspensos(db);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    await conferirIndices(db);
  } catch (err) {
    await client.close(); // a refused start leaves no database open (nor the data dir's files held)
    throw err;
  }
  await client.exec(SET_SESSAO);
  return {
    db,
    fluxos: db,
    replicas: undefined,
    driver: 'pglite',
    description: dir ? `PGlite (embedded) at ${dir}` : 'PGlite (embedded, in memory)',
    pool: () => ({ total: 1, idle: 1, waiting: 0 }),
    copyRows: async (table, columns, text, opts) => {
      if (opts?.trusted) await client.exec('SET session_replication_role = replica');
      try {
        await client.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`, [], { blob: new Blob([text]) });
      } finally {
        if (opts?.trusted) await client.exec('RESET session_replication_role');
      }
    },
    dumpDataDir: async () => {
      await client.exec('CHECKPOINT'); // the copy then starts without replaying WAL
      return client.dumpDataDir('none');
    },
    copiarDataDir: (destino) => copiarDataDir(client, dir, destino),
    close: once(() => client.close()),
  };
}

async function openPostgres(
  url: string,
  onConnectionLost: (err: Error) => void,
  poolSize: number,
  replicaOpts: { urls: readonly string[]; maxLagMs: number } | undefined,
  tetos: Tetos | undefined,
): Promise<Database> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // bigint keys come back as numbers on both drivers (ours stay far below 2^53).
  pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));
  // A day stays the 'yyyy-MM-dd' text it is: never through Date (Brazil is UTC−3).
  pg.types.setTypeParser(pg.types.builtins.DATE, (v: string) => v);
  // A request waits at most 5 s for a connection: a database that is gone answers 503, not a hang.
  // Each statement under its route class's ceiling (teto.ts); `tetoMs` the connections' own (the usual class's).
  const abrir = (max: number, connectionTimeoutMillis: number, connectionString = url, tetoMs = tetos?.interativaMs ?? 0) => {
    const p = guardClients(new pg.Pool({ ...conexaoComSessao(connectionString), max, connectionTimeoutMillis, idleTimeoutMillis: 30_000, ...(tetoMs ? { statement_timeout: tetoMs } : {}) }));
    if (tetos) aplicarTetos(p, tetos, tetoMs);
    // An idle connection dropped by the server (restart, failover, pg_terminate_backend) is an
    // 'error' event on the pool: without a listener Node ends the process. The pool discards that
    // client and opens new ones on demand, so the API serves again as soon as the database is back.
    p.on('error', onConnectionLost);
    // The same for a connection lost while checked out between two statements (inside a transaction):
    // the client emits 'error' itself; the statement that follows fails and answers 503.
    p.on('connect', (client) => client.on('error', onConnectionLost));
    return p;
  };
  const pool = abrir(poolSize, 5_000);
  const poolFluxos = abrir(STREAM_POOL_SIZE, STREAM_WAIT_MS, url, tetos?.relatorioMs ?? 0);
  const orm = drizzle(pool, { schema });
  // Replicas may start together: one migrates, the others wait on the advisory lock.
  try {
    const conn = await pool.connect();
    try {
      await conn.query('SELECT pg_advisory_lock(727210)');
      // The index set the migrations define, whole before and after them (indices.ts); under the same lock.
      const naConexao = drizzle(conn, { schema }) as unknown as Db;
      await restaurarSuspensos(naConexao);
      await migrate(drizzle(conn, { schema }), { migrationsFolder });
      await conferirIndices(naConexao);
    } finally {
      await conn.query('SELECT pg_advisory_unlock(727210)').catch(() => undefined);
      conn.release();
    }
  } catch (err) {
    await Promise.all([pool.end(), poolFluxos.end()]).catch(() => undefined); // a refused start holds no connection
    throw err;
  }
  // After the migrations: the replicas replay them.
  const replicas = replicaOpts?.urls.length
    ? new Replicas(replicaOpts.urls, pool, (u, max, timeout) => abrir(max, timeout, u), poolSize, replicaOpts.maxLagMs)
    : undefined;
  await replicas?.iniciar();
  const u = new URL(url);
  return {
    db: orm as unknown as Db,
    fluxos: drizzle(poolFluxos, { schema }) as unknown as Db,
    replicas,
    driver: 'postgresql',
    description: `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`,
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    copyRows: async (table, columns, text, opts) => {
      const { from } = await import('pg-copy-streams');
      const { pipeline } = await import('node:stream/promises');
      const { Readable } = await import('node:stream');
      const c = await pool.connect();
      let trusted = false;
      try {
        if (opts?.trusted) {
          // Only a superuser may skip FK triggers; anyone else gets a normal, checked COPY.
          trusted = await c.query('SET session_replication_role = replica').then(() => true, () => false);
          await c.query('SET synchronous_commit = off');
        }
        await pipeline(Readable.from([text]), c.query(from(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)));
      } finally {
        if (trusted) await c.query('RESET session_replication_role').catch(() => undefined);
        if (opts?.trusted) await c.query('RESET synchronous_commit').catch(() => undefined);
        c.release();
      }
    },
    close: once(() => Promise.all([replicas?.close(), pool.end(), poolFluxos.end()]).then(() => undefined)),
  };
}

const GUARDED = Symbol('guardedClient');

/**
 * What the clients handed out by connect() (drizzle's transactions, the migrator) get on top of pg:
 *
 * - **One statement at a time.** The read functions take a pool or a transaction alike and start
 *   their reads together (`Promise.all`): on the pool each read gets a connection of its own, but in
 *   a transaction (e.g. issuing a FIC reads the whole registration inside the insert's transaction)
 *   they all land on one connection. pg queued them itself, a use it deprecates ("Calling
 *   client.query() when the client is already executing a query", printed by every server test run;
 *   pg 9 refuses it). Here a statement starts when the one before it on that connection has settled,
 *   in the order they were called — the order pg's queue used — so pg never sees a busy client.
 *   Streams (COPY, cursors) and callback calls (pool.query()) are passed through as they are.
 * - **Released when BEGIN fails.** drizzle's node-postgres transaction sends BEGIN before its
 *   try/finally: when BEGIN fails (the connection died under it: restart, failover) the client is
 *   never released, the pool fills with dead clients and shutdown waits forever. These clients
 *   release themselves when BEGIN fails — with the error, so pg discards them instead of handing
 *   them out again.
 */
function guardClients(pool: import('pg').Pool) {
  const connect = pool.connect.bind(pool) as (...a: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (typeof args[0] === 'function') return connect(...args);
    return (connect() as Promise<import('pg').PoolClient & { [GUARDED]?: true }>).then((client) => {
      if (!client[GUARDED]) {
        client[GUARDED] = true;
        const query = client.query.bind(client) as (...a: unknown[]) => unknown;
        let previous: Promise<unknown> = Promise.resolve();
        (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
          const stream = typeof (a[0] as { submit?: unknown } | undefined)?.submit === 'function';
          if (stream || a.some((x) => typeof x === 'function')) return query(...a);
          const r = previous.then(() => query(...a));
          previous = r.catch(() => undefined);
          const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text?: string } | undefined)?.text;
          if (text && /^\s*begin\b/i.test(text)) r.catch((err: Error) => client.release(err));
          return r;
        };
      }
      return client;
    });
  }) as typeof pool.connect;
  return pool;
}

export async function ping(db: Db): Promise<string> {
  const r = await db.execute(sql`select version() as v`);
  return String((r as unknown as { rows: { v: string }[] }).rows[0]?.v ?? '');
}

/** Closing twice (health test, then shutdown) must not throw. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let p: Promise<void> | undefined;
  return () => (p ??= fn());
}
