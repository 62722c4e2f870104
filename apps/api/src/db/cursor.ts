import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';
import { query } from './consulta.js';

let cursores = 0;

/**
 * Reads a statement's rows in batches through a server-side cursor, so a caller that streams them
 * (a report's spreadsheet) holds one batch in memory however many rows there are. `cadaLote` may await.
 *
 * On a server the cursor lives in a read-only transaction on a connection of its own. Embedded
 * (`retido`), the one PGlite connection is everyone's: a transaction would shut every clerk out until
 * the last batch, so the cursor is declared WITH HOLD outside one (PostgreSQL materialises its rows
 * once, at the declaration) and each batch is a statement of its own, between the clerks' statements.
 */
export async function porCursor<T>(db: Db, statement: SQL, lote: number, cadaLote: (linhas: T[]) => Promise<void> | void, opcoes: { retido?: boolean } = {}): Promise<number> {
  const nome = `relatorio_cursor_${++cursores}`;
  const ler = async (executor: Db | Parameters<Parameters<Db['transaction']>[0]>[0]) => {
    let total = 0;
    for (;;) {
      const linhas = await query<T>(executor, sql.raw(`fetch forward ${Math.trunc(lote)} from ${nome}`));
      if (!linhas.length) break;
      total += linhas.length;
      await cadaLote(linhas);
      if (linhas.length < lote) break;
    }
    return total;
  };
  if (opcoes.retido) {
    await db.execute(sql`declare ${sql.identifier(nome)} no scroll cursor with hold for ${statement}`);
    try {
      return await ler(db);
    } finally {
      await db.execute(sql`close ${sql.identifier(nome)}`);
    }
  }
  let total = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`declare ${sql.identifier(nome)} no scroll cursor for ${statement}`);
    total = await ler(tx);
    await tx.execute(sql`close ${sql.identifier(nome)}`);
  });
  return total;
}
