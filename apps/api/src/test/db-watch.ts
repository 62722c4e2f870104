import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { query } from '../db/consulta.js';

const rows = <T>(db: Db, q: SQL) => query<T>(db, q);

/**
 * Tells whether anything was written to this database between two looks, cheaply enough to
 * look after every request. Any INSERT, UPDATE or DELETE takes a transaction id: the ids taken
 * since the last look run from the previous "next id" to the current one, and pg_xact_status
 * tells committed from rolled back — one tiny query when nothing happened. Transaction ids are
 * shared by every database of a server (TEST_DATABASE_URL, parallel test files), so a committed
 * id is then confirmed here: rows whose version it wrote (inserts, updates) or a table whose row
 * count changed (deletes).
 */
export class DbWatch {
  private marker = 0n;
  private counts = new Map<string, number>();
  private countSql: SQL | undefined;

  constructor(private readonly db: Db) {}

  /** Takes the current state as the reference. */
  async baseline() {
    this.marker = await this.nextXid();
    this.counts = await this.rowCounts();
  }

  /**
   * Whether some transaction committed since the last look (in any database of the server), and
   * a way to name the tables of this database it wrote (empty: it was another database's); the
   * current state becomes the reference.
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
    if (!r!.committed) return { committed: false, tables: async () => [] };
    const before = this.counts;
    this.counts = await this.rowCounts();
    const after = this.counts;
    return {
      committed: true,
      tables: async () => {
        const tables = new Set(await this.tablesWritten(from, to));
        for (const [t, n] of after) if (before.get(t) !== n) tables.add(t);
        return [...tables].sort();
      },
    };
  }

  /** Tables with a row version written by a transaction in [from, to). */
  private async tablesWritten(from: bigint, to: bigint): Promise<string[]> {
    // xmin holds the low 32 bits of the id (a test database never wraps around).
    const [lo, hi] = [from % 2n ** 32n, to % 2n ** 32n];
    const found: string[] = [];
    for (const t of this.counts.keys()) {
      const [hit] = await rows<{ n: number }>(
        this.db,
        sql`select 1 as n from ${sql.identifier(t)} where xmin::text::bigint >= ${lo.toString()}::bigint and xmin::text::bigint < ${hi.toString()}::bigint limit 1`,
      );
      if (hit) found.push(t);
    }
    return found;
  }

  private async rowCounts(): Promise<Map<string, number>> {
    if (!this.countSql) {
      const tables = await rows<{ t: string }>(this.db, sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`);
      this.countSql = sql.join(
        tables.map(({ t }) => sql`select ${t} as t, count(*)::int as n from ${sql.identifier(t)}`),
        sql` union all `,
      );
    }
    return new Map((await rows<{ t: string; n: number }>(this.db, this.countSql)).map((r) => [r.t, r.n]));
  }

  private async nextXid(): Promise<bigint> {
    const [r] = await rows<{ x: string }>(this.db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
    return BigInt(r!.x);
  }
}
