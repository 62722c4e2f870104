import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { tentativaLogin, usuario, usuarioAutoridade } from '../../db/schema/index.js';

export type UsuarioRow = typeof usuario.$inferSelect;
export type UsuarioComAutoridades = UsuarioRow & { authorities: string[] };

const authoritiesOf = sql<string[]>`coalesce((select array_agg(ua.autoridade order by ua.autoridade)
  from usuario_autoridade ua where ua.usuario_id = ${usuario.id}), '{}')`;

async function findOne(tx: DbOrTx, where: ReturnType<typeof eq>): Promise<UsuarioComAutoridades | undefined> {
  const rows = await tx
    .select({ u: usuario, authorities: authoritiesOf })
    .from(usuario)
    .where(where)
    .limit(1);
  const r = rows[0];
  return r ? { ...r.u, authorities: r.authorities } : undefined;
}

export const findById = (tx: DbOrTx, id: number) => findOne(tx, eq(usuario.id, id));
export const findByLogin = (tx: DbOrTx, login: string) => findOne(tx, eq(usuario.login, login.toLowerCase()));
export const findByEmail = (tx: DbOrTx, email: string) => findOne(tx, eq(usuario.email, email.toLowerCase()));
export const findByActivationKey = (tx: DbOrTx, key: string) => findOne(tx, eq(usuario.activationKey, key));
export const findByResetKey = (tx: DbOrTx, key: string) => findOne(tx, eq(usuario.resetKey, key));

export async function insertUsuario(tx: DbOrTx, values: typeof usuario.$inferInsert, authorities: string[]) {
  const [row] = await tx.insert(usuario).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  if (authorities.length) {
    await tx.insert(usuarioAutoridade).values(authorities.map((a) => ({ usuarioId: row.id, autoridade: a })));
  }
  return { ...row, authorities: [...authorities].sort() };
}

export async function updateUsuario(tx: DbOrTx, id: number, values: PgUpdateSetSource<typeof usuario>) {
  const [row] = await tx
    .update(usuario)
    .set({ ...values, version: sql`${usuario.version} + 1` })
    .where(eq(usuario.id, id))
    .returning();
  if (!row) throw new Error(`usuario ${id} vanished`);
  return row;
}

export async function replaceAuthorities(tx: DbOrTx, id: number, authorities: string[]) {
  await tx.delete(usuarioAutoridade).where(eq(usuarioAutoridade.usuarioId, id));
  if (authorities.length) {
    await tx.insert(usuarioAutoridade).values(authorities.map((a) => ({ usuarioId: id, autoridade: a })));
  }
}

/**
 * Serializes the sign-in attempts of one login (until the transaction ends), so that counting the
 * failures and recording the new attempt are one step: parallel guesses cannot all pass the count.
 */
export async function lockLogin(tx: DbOrTx, login: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'login:' + login.toLowerCase()}))`);
}

/** Records an attempt (as a failure until the password is proven) and returns its id. */
export async function recordLoginAttempt(tx: DbOrTx, login: string, remoteAddress: string, success: boolean) {
  const [row] = await tx.insert(tentativaLogin).values({ login: login.toLowerCase(), remoteAddress, success }).returning({ id: tentativaLogin.id });
  return row!.id;
}

export async function markAttemptSucceeded(tx: DbOrTx, id: number) {
  await tx.update(tentativaLogin).set({ success: true }).where(eq(tentativaLogin.id, id));
}

/** Every token issued to the user stops working (password changed or reset, deactivated). */
export async function bumpTokenVersion(tx: DbOrTx, id: number) {
  const [row] = await tx
    .update(usuario)
    .set({ tokenVersion: sql`${usuario.tokenVersion} + 1` })
    .where(eq(usuario.id, id))
    .returning({ tokenVersion: usuario.tokenVersion });
  return row?.tokenVersion;
}

/**
 * Self-registered accounts never activated within the key's validity give their login and e-mail
 * back (else a typo, or a squatter, holds them forever).
 */
export async function purgeNeverActivated(tx: DbOrTx, olderThan: string) {
  const r = await tx
    .delete(usuario)
    .where(and(eq(usuario.activated, false), sql`${usuario.createdDate} < ${olderThan}::timestamptz`, sql`${usuario.activationKey} is not null`))
    .returning({ id: usuario.id, login: usuario.login });
  return r;
}

/**
 * Failed attempts since `since`: per login (only those after its last success, so a user who got
 * in is not punished for earlier typos) and per address. Both counts use the indexes.
 */
export async function recentFailures(tx: DbOrTx, login: string, remoteAddress: string, since: string) {
  const l = login.toLowerCase();
  const lastSuccess = sql`(select max(t2.attempted_at) from tentativa_login t2
    where t2.login = ${l} and t2.success and t2.attempted_at > ${since})`;
  const [byLogin] = await tx
    .select({ n: count() })
    .from(tentativaLogin)
    .where(
      and(
        eq(tentativaLogin.login, l),
        eq(tentativaLogin.success, false),
        gt(tentativaLogin.attemptedAt, since),
        sql`${tentativaLogin.attemptedAt} > coalesce(${lastSuccess}, ${since}::timestamptz)`,
      ),
    );
  const [byAddress] = await tx
    .select({ n: count() })
    .from(tentativaLogin)
    .where(
      and(
        eq(tentativaLogin.remoteAddress, remoteAddress),
        eq(tentativaLogin.success, false),
        gt(tentativaLogin.attemptedAt, since),
      ),
    );
  const [byLoginFromAddress] = await tx
    .select({ n: count() })
    .from(tentativaLogin)
    .where(
      and(
        eq(tentativaLogin.remoteAddress, remoteAddress),
        eq(tentativaLogin.login, l),
        eq(tentativaLogin.success, false),
        gt(tentativaLogin.attemptedAt, since),
      ),
    );
  return { byLogin: byLogin?.n ?? 0, byAddress: byAddress?.n ?? 0, byLoginFromAddress: byLoginFromAddress?.n ?? 0 };
}
