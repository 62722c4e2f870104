import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();
/** What a node-postgres pool looks like (PGlite has no `totalCount`). */
interface NamedQueryClient { totalCount: number; query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> }
const isPgPool = (c: unknown): c is NamedQueryClient => typeof c === 'object' && c !== null && 'totalCount' in c && 'query' in c;

/**
 * Rows of a hot statement the server should parse and plan once per connection: on PostgreSQL a
 * node-postgres NAMED prepared statement (after the first call on a connection only Bind/Execute
 * travel, and the server may reuse a generic plan); on PGlite an ordinary statement. The name is
 * derived from the text, so statements whose text differs never share one.
 */
export async function queryPrepared<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!isPgPool(client)) return query<T>(db, statement);
  const { sql, params } = dialect.sqlToQuery(statement);
  const name = `q_${createHash('sha1').update(sql).digest('base64url').slice(0, 16)}`;
  return (await client.query({ name, text: sql, values: params })).rows as T[];
}
