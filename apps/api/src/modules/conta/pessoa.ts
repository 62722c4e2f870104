import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { noPrimario } from '../../db/replicas.js';

/**
 * The registry person an account stands for (usuario.numero_pessoa, set by an administrator: usuario/vinculo.ts),
 * or null. Read by the user's id, which no other account ever gets; every ownership check (meu cadastro, the
 * accountant area, notice signing) asks here, then compares it with the resource it actually read.
 * Always on the primary: an unlink counts from the next call, not when a read replica has replayed it.
 */
export async function pessoaDoUsuario(db: DbOrTx, userId: number): Promise<number | null> {
  const u = await noPrimario(() => queryOne<{ numero_pessoa: string | null }>(db, sql`select numero_pessoa from usuario where id = ${userId}`));
  return u?.numero_pessoa == null ? null : Number(u.numero_pessoa);
}
