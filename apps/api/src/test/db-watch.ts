import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

const rows = async <T>(db: Db, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/**
 * Tells whether anything was written to the database between two points, cheaply enough to
 * ask after every request. Any INSERT, UPDATE or DELETE takes a transaction id; the ids taken
 * since the last look are known (from the previous "next id" to the current one), and
 * pg_xact_status tells a committed transaction from one that was rolled back. One tiny query.
 */
export class DbWatch {
  private marker = 0n;

  constructor(private readonly db: Db) {}

  /** Takes the current state as the reference. */
  async baseline() {
    this.marker = await this.nextXid();
  }

  /**
   * Whether a transaction committed since the reference (a rolled-back one wrote nothing), and
   * the tables holding rows it inserted or updated; then takes the current state as reference.
   */
  async written(): Promise<{ committed: boolean; tables: () => Promise<string[]> }> {
    const from = this.marker;
    const [r] = await rows<{ x: string; committed: boolean }>(
      this.db,
      sql`with m as (select pg_snapshot_xmax(pg_current_snapshot())::text::bigint as x)
        select (select x from m)::text as x,
          exists (select 1 from generate_series(${from.toString()}::bigint, (select x from m) - 1) g
            where pg_xact_status(g::text::xid8) = 'committed') as committed`,
    );
    const to = BigInt(r!.x);
    this.marker = to;
    return { committed: r!.committed, tables: () => this.tablesWritten(from, to) };
  }

  /** Tables with a row whose version was written by a transaction in [from, to) (deletions leave none). */
  private async tablesWritten(from: bigint, to: bigint): Promise<string[]> {
    const tables = await rows<{ t: string }>(this.db, sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`);
    // xmin is the 32-bit part of the transaction id.
    const [lo, hi] = [from % 2n ** 32n, to % 2n ** 32n];
    const found: string[] = [];
    for (const { t } of tables) {
      const [hit] = await rows<{ n: number }>(
        this.db,
        sql`select 1 as n from ${sql.identifier(t)} where xmin::text::bigint >= ${lo.toString()}::bigint and xmin::text::bigint < ${hi.toString()}::bigint limit 1`,
      );
      if (hit) found.push(t);
    }
    return found;
  }

  private async nextXid(): Promise<bigint> {
    const [r] = await rows<{ x: string }>(this.db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
    return BigInt(r!.x);
  }
}
