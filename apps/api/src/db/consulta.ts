import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * The one typed way to read rows of a raw statement on either driver (PGlite and node-postgres both
 * answer `{ rows }`). `T` names the columns as the SQL aliases them.
 */
export async function query<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The first row, or undefined. */
export async function queryOne<T>(db: DbOrTx, statement: SQL): Promise<T | undefined> {
  return (await query<T>(db, statement))[0];
}
