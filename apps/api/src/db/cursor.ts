import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';
import { query } from './consulta.js';

/**
 * Reads a statement's rows in batches through a server-side cursor, so a caller that streams them
 * (a report's spreadsheet) holds one batch in memory however many rows there are. The cursor lives
 * in a read-only transaction; `cadaLote` may await (the response stream's pace).
 */
export async function porCursor<T>(db: Db, statement: SQL, lote: number, cadaLote: (linhas: T[]) => Promise<void> | void): Promise<number> {
  let total = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`declare relatorio_cursor no scroll cursor for ${statement}`);
    for (;;) {
      const linhas = await query<T>(tx, sql.raw(`fetch forward ${Math.trunc(lote)} from relatorio_cursor`));
      if (!linhas.length) break;
      total += linhas.length;
      await cadaLote(linhas);
      if (linhas.length < lote) break;
    }
    await tx.execute(sql`close relatorio_cursor`);
  });
  return total;
}
