import pg from 'pg';

/**
 * A second clerk's transaction on its own connection to the test's PostgreSQL server: opened, left
 * holding its locks while the code under test runs, then committed — the interleavings that only a
 * server (not embedded PGlite, one transaction at a time) can produce.
 */
export class TransacaoParalela {
  private constructor(private readonly c: pg.Client) {}

  static async abrir(url: string): Promise<TransacaoParalela> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('begin');
    return new TransacaoParalela(c);
  }

  async sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await this.c.query<T>(text, params)).rows;
  }

  async commit() {
    await this.c.query('commit');
    await this.c.end();
  }

  /** Waits until another session of this database is blocked on a lock (the one this transaction holds). */
  async esperarAlguemBloqueado(timeoutMs = 20_000) {
    const fim = Date.now() + timeoutMs;
    while (Date.now() < fim) {
      const r = await this.c.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
      );
      if (r.rows[0]!.n > 0) return;
      await new Promise((res) => setTimeout(res, 25));
    }
    throw new Error('no session blocked on a lock');
  }
}
