import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

const rows = async <T>(db: Db, q: ReturnType<typeof sql.raw>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/**
 * Tells whether anything was written to the database between two points, cheaply enough to
 * ask after every request. Any INSERT, UPDATE or DELETE takes a transaction id, so an unchanged
 * "next transaction id" proves nothing was written (one tiny query). When it moved, a content
 * fingerprint of every table (row count + sum of row hashes) tells a real change from a
 * transaction that was rolled back.
 */
export class DbWatch {
  private marker = '';
  private fingerprint = '';
  private fingerprintSql: ReturnType<typeof sql.raw> | undefined;

  constructor(private readonly db: Db) {}

  /** Takes the current state as the reference. */
  async baseline() {
    this.marker = await this.nextXid();
    this.fingerprint = await this.contents();
  }

  /**
   * Names the tables whose contents differ from the reference (empty: nothing written),
   * then takes the current state as the new reference.
   */
  async changedTables(): Promise<string[]> {
    const marker = await this.nextXid();
    if (marker === this.marker) return [];
    const before = this.fingerprint;
    await this.baseline();
    if (before === this.fingerprint) return [];
    const a = new Map(before.split('\n').map((l) => [l.split(' ')[0], l]));
    return this.fingerprint.split('\n').filter((l) => a.get(l.split(' ')[0]) !== l).map((l) => l.split(' ')[0]!);
  }

  /**
   * Waits until nothing more is being written (mail reaches the built-in SMTP sink after the
   * answer), then takes the current state as the reference.
   */
  async settle(quietMs = 300, maxMs = 5000) {
    const until = Date.now() + maxMs;
    let last = await this.nextXid();
    let quietSince = Date.now();
    while (Date.now() < until && Date.now() - quietSince < quietMs) {
      await new Promise((r) => setTimeout(r, 50));
      const now = await this.nextXid();
      if (now !== last) {
        last = now;
        quietSince = Date.now();
      }
    }
    await this.baseline();
  }

  private async nextXid(): Promise<string> {
    const [r] = await rows<{ x: string }>(this.db, sql.raw('select pg_snapshot_xmax(pg_current_snapshot())::text as x'));
    return r!.x;
  }

  private async contents(): Promise<string> {
    if (!this.fingerprintSql) {
      const tables = await rows<{ t: string }>(this.db, sql.raw(`select tablename as t from pg_tables where schemaname = 'public' order by 1`));
      this.fingerprintSql = sql.raw(
        tables.map(({ t }) => `select '${t}' || ' ' || count(*) || ' ' || coalesce(sum(hashtext(x::text)::bigint), 0) as l from "${t}" x`).join(' union all '),
      );
    }
    return (await rows<{ l: string }>(this.db, this.fingerprintSql)).map((r) => r.l).sort().join('\n');
  }
}
