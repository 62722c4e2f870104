import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { autoridade, usuario } from '../../db/schema/index.js';
import { orderBy } from '../../platform/paging.js';
import type { UsuarioComAutoridades } from '../conta/repository.js';

const authoritiesOf = sql<string[]>`coalesce((select array_agg(ua.autoridade order by ua.autoridade)
  from usuario_autoridade ua where ua.usuario_id = ${usuario.id}), '{}')`;

const SORTABLE = {
  id: usuario.id,
  login: usuario.login,
  email: usuario.email,
  firstName: usuario.firstName,
  lastName: usuario.lastName,
  langKey: usuario.langKey,
  activated: usuario.activated,
  createdDate: usuario.createdDate,
  lastModifiedBy: usuario.lastModifiedBy,
  lastModifiedDate: usuario.lastModifiedDate,
};

/** One page of users with their authorities in a single query (no N+1). */
export async function pageUsers(tx: DbOrTx, page: number, size: number, sort: string[]) {
  const order = orderBy(sort, SORTABLE, usuario.id, 'id,asc');
  const rows = await tx
    .select({ u: usuario, authorities: authoritiesOf })
    .from(usuario)
    .orderBy(...order)
    .limit(size)
    .offset(page * size);
  const [total] = await tx.select({ n: count() }).from(usuario);
  return { rows: rows.map((r): UsuarioComAutoridades => ({ ...r.u, authorities: r.authorities })), total: total?.n ?? 0 };
}

export async function listAuthorities(tx: DbOrTx): Promise<string[]> {
  const rows = await tx.select().from(autoridade).orderBy(autoridade.name);
  return rows.map((r) => r.name);
}

export async function deleteUser(tx: DbOrTx, id: number) {
  await tx.delete(usuario).where(eq(usuario.id, id));
}
