import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client.js';
import { query, queryOne } from './consulta.js';

/**
 * The registry's indexes and constraints are the migrations' after any start (issue #39 §3). A large seed
 * drops them for the bulk load and rebuilds them at its end: killed halfway, the registry was left without
 * its unique keys (CPF/CNPJ, CACEAL) and accepted duplicates. So the seed records what it drops in
 * catalogo_indice (`suspenso`, same transaction as the DROP), and every start:
 *  1. before migrating, rebuilds what a seed left suspended (a migration may lean on it);
 *  2. after migrating, keeps a snapshot of the catalogue the migrations leave (retaken whenever another
 *     migration ran or the server version changed) and rebuilds whatever of it is missing;
 *  3. refuses to serve, naming them, when one cannot be rebuilt (a duplicate that came in meanwhile).
 * Extra indexes (a DBA's) are left alone. The caller holds the migration lock (client.ts).
 */
export interface Indice {
  nome: string;
  tabela: string;
  /** pg_get_indexdef: "CREATE [UNIQUE] INDEX nome ON public.tabela …". */
  definicao: string;
  /** The constraint the index carries: 'p' primary key, 'u' unique, 'x' exclusion; null for a bare index. */
  restricao: string | null;
  definicao_restricao: string | null;
}

export class IndicesIncompletosError extends Error {}

const CATALOGO = sql`select i.relname as nome, t.relname as tabela, pg_get_indexdef(i.oid) as definicao,
    c.contype::text as restricao, pg_get_constraintdef(c.oid) as definicao_restricao
  from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
  left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u', 'x')
  where t.relnamespace = 'public'::regnamespace and x.indisvalid`;

/** The valid indexes of the public schema's tables, with the constraint each carries. */
export function catalogoVivo(db: DbOrTx): Promise<Indice[]> {
  return query<Indice>(db, sql`${CATALOGO} order by i.relname`);
}

/** Step 1: what an interrupted seed left suspended (nothing on a database older than the record). */
export async function restaurarSuspensos(db: Db): Promise<void> {
  const existe = await queryOne<{ ok: boolean }>(db, sql`select to_regclass('public.catalogo_indice') is not null as ok`);
  if (!existe?.ok) return;
  const suspensos = await query<Indice>(db, sql`select nome, tabela, definicao, restricao, definicao_restricao from catalogo_indice where suspenso`);
  await reconstruir(db, suspensos);
}

/** Steps 2 and 3, after the migrations. */
export async function conferirIndices(db: Db): Promise<void> {
  const assinatura = (await queryOne<{ a: string }>(db, sql`select (select count(*) || ':' || coalesce(max(created_at), 0) from drizzle.__drizzle_migrations)
    || '@' || current_setting('server_version_num') as a`))!.a;
  const estado = await queryOne<{ assinatura: string }>(db, sql`select assinatura from catalogo_indice_estado`);
  if (estado?.assinatura !== assinatura) {
    // Migrations just ran on a database step 1 made whole: what is there now is what they define.
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from catalogo_indice`);
      await tx.execute(sql`insert into catalogo_indice (nome, tabela, definicao, restricao, definicao_restricao) ${CATALOGO}`);
      await tx.execute(sql`delete from catalogo_indice_estado`);
      await tx.execute(sql`insert into catalogo_indice_estado (assinatura) values (${assinatura})`);
    });
    return;
  }
  const esperado = await query<Indice>(db, sql`select nome, tabela, definicao, restricao, definicao_restricao from catalogo_indice`);
  await reconstruir(db, esperado);
}

/** Rebuilds those of `lista` the live catalogue lacks; marks them no longer suspended; throws naming the ones that failed. */
async function reconstruir(db: Db, lista: Indice[]): Promise<void> {
  if (!lista.length) return;
  const vivo = new Map((await catalogoVivo(db)).map((i) => [i.nome, i]));
  const falhas: string[] = [];
  const inteiros: string[] = [];
  for (const i of lista) {
    const atual = vivo.get(i.nome);
    if (!atual || (i.restricao && atual.restricao !== i.restricao)) {
      try {
        await db.execute(sql.raw(comandoDe(i, atual !== undefined)));
      } catch (err) {
        falhas.push(`${i.nome} on ${i.tabela}: ${(err as Error).message}`);
        continue;
      }
    }
    inteiros.push(i.nome);
  }
  if (inteiros.length) await db.execute(sql`update catalogo_indice set suspenso = false where suspenso and nome in ${inteiros}`);
  if (falhas.length) {
    throw new IndicesIncompletosError(`The database lacks ${falhas.length} index(es) or constraint(s) its migrations define, and rebuilding them failed `
      + `(an interrupted seed left the tables unprotected meanwhile?): ${falhas.join('; ')}. Fix the rows (e.g. remove the duplicates) and start again; `
      + 'the API does not serve a registry without its unique keys.');
  }
}

/** The statement that brings an index (and its constraint) back; `indiceExiste`: only the constraint is missing. */
export function comandoDe(i: Indice, indiceExiste = false): string {
  if (!i.restricao) return i.definicao.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ');
  const tipo = i.restricao === 'p' ? 'PRIMARY KEY' : 'UNIQUE';
  if (indiceExiste && i.restricao !== 'x') return `ALTER TABLE "${i.tabela}" ADD CONSTRAINT "${i.nome}" ${tipo} USING INDEX "${i.nome}"`;
  return `ALTER TABLE "${i.tabela}" ADD CONSTRAINT "${i.nome}" ${i.definicao_restricao}`;
}

/**
 * The seed's side: records the indexes and constraints it is about to drop as suspended and drops them,
 * in one transaction — the record never says less than what is gone.
 */
export async function suspenderIndices(db: Db, lista: readonly Indice[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const i of lista) {
      await tx.execute(sql`insert into catalogo_indice (nome, tabela, definicao, restricao, definicao_restricao, suspenso)
        values (${i.nome}, ${i.tabela}, ${i.definicao}, ${i.restricao}, ${i.definicao_restricao}, true)
        on conflict (nome) do update set suspenso = true`);
      await tx.execute(sql.raw(i.restricao ? `ALTER TABLE "${i.tabela}" DROP CONSTRAINT "${i.nome}"` : `DROP INDEX "${i.nome}"`));
    }
  });
}

/** The seed rebuilt them: no longer suspended. */
export async function retomarIndices(db: Db, nomes: readonly string[]): Promise<void> {
  if (nomes.length) await db.execute(sql`update catalogo_indice set suspenso = false where nome in ${nomes}`);
}
