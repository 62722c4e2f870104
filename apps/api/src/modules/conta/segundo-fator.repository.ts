import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { codigoRecuperacao, segundoFator } from '../../db/schema/index.js';

export type SegundoFatorRow = typeof segundoFator.$inferSelect;

export async function doUsuario(tx: DbOrTx, usuarioId: number, bloquear = false): Promise<SegundoFatorRow | undefined> {
  const q = tx.select().from(segundoFator).where(eq(segundoFator.usuarioId, usuarioId));
  const [row] = await (bloquear ? q.for('update') : q);
  return row;
}

/** A new secret for an enrolment in progress; a confirmed one is never replaced here (the caller checked). */
export async function gravarPendente(tx: DbOrTx, usuarioId: number, segredoCifrado: string) {
  await tx
    .insert(segundoFator)
    .values({ usuarioId, segredoCifrado })
    .onConflictDoUpdate({ target: segundoFator.usuarioId, set: { segredoCifrado, criadoEm: sql`now()`, ultimoPasso: null }, setWhere: isNull(segundoFator.confirmadoEm) });
}

/**
 * Takes a time step for the user: true only when it is later than every step taken before (the row is
 * updated in one statement, so two requests with the same code cannot both pass).
 */
export async function tomarPasso(tx: DbOrTx, usuarioId: number, passo: number, confirmar: boolean): Promise<boolean> {
  const rows = await tx
    .update(segundoFator)
    .set({ ultimoPasso: passo, ...(confirmar ? { confirmadoEm: sql`now()` } : {}) })
    .where(and(eq(segundoFator.usuarioId, usuarioId), sql`coalesce(${segundoFator.ultimoPasso}, -1) < ${passo}`))
    .returning({ id: segundoFator.usuarioId });
  return rows.length === 1;
}

export async function gravarCodigos(tx: DbOrTx, usuarioId: number, hashes: string[]) {
  await tx.delete(codigoRecuperacao).where(eq(codigoRecuperacao.usuarioId, usuarioId));
  await tx.insert(codigoRecuperacao).values(hashes.map((hash) => ({ usuarioId, hash })));
}

/** The unspent recovery codes (their hashes are checked outside any transaction). */
export async function codigosLivres(tx: DbOrTx, usuarioId: number) {
  return tx
    .select({ id: codigoRecuperacao.id, hash: codigoRecuperacao.hash })
    .from(codigoRecuperacao)
    .where(and(eq(codigoRecuperacao.usuarioId, usuarioId), isNull(codigoRecuperacao.usadoEm)));
}

/** Spends a code: true only for the one request that marks it (two at once with the same code: one wins). */
export async function gastarCodigo(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx
    .update(codigoRecuperacao)
    .set({ usadoEm: sql`now()` })
    .where(and(eq(codigoRecuperacao.id, id), isNull(codigoRecuperacao.usadoEm)))
    .returning({ id: codigoRecuperacao.id });
  return rows.length === 1;
}

/** Forgets the second factor (secret and codes): the next sign-in enrols again. True when there was one. */
export async function apagar(tx: DbOrTx, usuarioId: number): Promise<boolean> {
  await tx.delete(codigoRecuperacao).where(eq(codigoRecuperacao.usuarioId, usuarioId));
  const rows = await tx.delete(segundoFator).where(eq(segundoFator.usuarioId, usuarioId)).returning({ id: segundoFator.usuarioId });
  return rows.length > 0;
}
