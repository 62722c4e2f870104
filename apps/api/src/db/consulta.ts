import { createHash } from 'node:crypto';
import { is, Placeholder, sql, type SQL } from 'drizzle-orm';
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

/**
 * A hot statement whose text never changes, compiled once: `build` gets placeholders (names of
 * `nomes`) the first time and the SQL text, its parameters and its statement name are kept; each
 * call then only fills the values in and sends Bind/Execute of a node-postgres named statement
 * (no drizzle tree built and walked, no hash of the text per call). On PGlite `build` gets the
 * values and runs as an ordinary statement.
 */
export function preparada<T, K extends string>(nomes: readonly K[], build: (v: Readonly<Record<K, unknown>>) => SQL) {
  /** Per parameter, the name of the value it takes or (a constant of the text) the value itself. */
  let compilada: { name: string; text: string; params: ({ nome: K } | { valor: unknown })[] } | undefined;
  return async (db: DbOrTx, valores: Readonly<Record<K, unknown>>): Promise<T[]> => {
    const client = (db as { $client?: unknown }).$client;
    if (!isPgPool(client)) return query<T>(db, build(valores));
    if (!compilada) {
      const q = dialect.sqlToQuery(build(Object.fromEntries(nomes.map((n) => [n, sql.placeholder(n)])) as Record<K, unknown>));
      const params = q.params.map((p) => (is(p, Placeholder) ? { nome: p.name as K } : { valor: p }));
      compilada = { name: `q_${createHash('sha1').update(q.sql).digest('base64url').slice(0, 16)}`, text: q.sql, params };
    }
    const values = compilada.params.map((p) => ('nome' in p ? valores[p.nome] : p.valor));
    return (await client.query({ name: compilada.name, text: compilada.text, values })).rows as T[];
  };
}
