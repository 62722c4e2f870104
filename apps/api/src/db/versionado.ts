import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { conflict, notFound } from '../platform/errors/problem.js';
import type { DbOrTx } from './client.js';

/** A table whose rows carry an `id` and an optimistic-lock `version`. */
type Versionada = PgTable & { id: PgColumn; version: PgColumn };
/** A versioned table keyed by another column (pessoa: numero_pessoa). */
type VersionadaPor = PgTable & { version: PgColumn };

export const STALE_VERSION = 'O registro foi alterado por outra pessoa; consulte novamente.';

/**
 * Optimistic locking, the one way every screen saves a record it showed: the update applies only
 * if the row still has the version the screen loaded, and bumps it. A stale version → 409 and
 * nothing written; a row that is gone → 404.
 */
export async function updateVersioned<T extends Versionada>(
  tx: DbOrTx,
  table: T,
  id: number,
  expectedVersion: number,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  return updateVersionedBy(tx, table, table.id, id, expectedVersion, values);
}

/** updateVersioned for a table whose key column is not `id`. */
export async function updateVersionedBy<T extends VersionadaPor>(
  tx: DbOrTx,
  table: T,
  key: PgColumn,
  id: number,
  expectedVersion: number,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  const rows = (await tx
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1` } as PgUpdateSetSource<T>)
    .where(and(eq(key, id), eq(table.version, expectedVersion)))
    .returning()) as T['$inferSelect'][];
  if (rows[0]) return rows[0];
  const exists = await tx.select({ id: key }).from(table as PgTable).where(eq(key, id)).limit(1);
  if (!exists.length) throw notFound('Nenhum registro encontrado.');
  throw conflict(STALE_VERSION);
}

/**
 * Bumps the version of a person's shared part (versao_compartilhada, issue 29) written outside a registry
 * event, so a registration screen that read the part before gets 409 instead of overwriting it.
 */
export async function subirVersaoCompartilhada(tx: DbOrTx, numeroPessoa: number, parte: 'telefones' | 'enderecos'): Promise<void> {
  await tx.execute(sql`insert into versao_compartilhada (numero_pessoa, parte, version) values (${numeroPessoa}, ${parte}, 1)
    on conflict (numero_pessoa, parte) do update set version = versao_compartilhada.version + 1, numero_caceal = null, updated_at = now()`);
}
