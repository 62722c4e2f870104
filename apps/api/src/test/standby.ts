import pg from 'pg';
import type { TestApp } from './harness.js';
import type { PgCluster } from './pg-cluster.js';

/** Shared by the tests that drive a primary and a streaming standby of their own (replay paused at will). */
export const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until `cond` holds (checked every 25 ms); the milliseconds it took. */
export async function ate(cond: () => boolean | Promise<boolean>, ms = 20_000): Promise<number> {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await esperar(25);
  }
  return Date.now() - t0;
}

/** Direct connections to the primary and the standby, beside the API under test. */
export class ComStandby {
  readonly primario: pg.Pool;
  readonly replica: pg.Pool;

  constructor(primario: PgCluster, replica: PgCluster) {
    this.primario = new pg.Pool({ connectionString: primario.url, max: 1 });
    this.replica = new pg.Pool({ connectionString: replica.url, max: 1 });
    // The connection to the standby is lost when a test stops it, and made again after.
    for (const p of [this.primario, this.replica]) p.on('error', () => undefined);
  }

  async um<T>(text: string): Promise<T> {
    return (await this.primario.query(text)).rows[0] as T;
  }

  /** The standby has replayed everything the primary has, and the API has seen it do so. */
  async emDia(t: TestApp) {
    const { lsn } = await this.um<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    await ate(async () => (await this.replica.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [lsn])).rows[0].ok);
    await ate(() => t.built.ctx.database.replicas!.estado()[0]!.inRotation);
  }

  /** `fn` with the standby's replay paused: it answers from before what `fn` writes. */
  async replayParado(fn: () => Promise<void>) {
    await this.replica.query('select pg_wal_replay_pause()');
    try {
      await fn();
    } finally {
      await this.replica.query('select pg_wal_replay_resume()');
    }
  }

  end() {
    return Promise.allSettled([this.primario.end(), this.replica.end()]);
  }
}
