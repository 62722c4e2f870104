import { sql } from 'drizzle-orm';
import type { PaginaLeituras } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';

/** LGPD: an individual's page was read (who, which CPF, from which screen; when = now). */
export async function registrarLeitura(db: DbOrTx, login: string, cpf: string, tela: string) {
  await db.execute(sql`insert into leitura_pessoa (login, cpf, tela) values (${login}, ${cpf}, ${tela})`);
}

/** The log by CPF and/or by user, newest first (administrators). */
export async function listarLeituras(db: DbOrTx, q: { cpf?: string; login?: string; page: number; size: number }): Promise<PaginaLeituras> {
  const where = sql`(${q.cpf ?? null}::text is null or cpf = ${q.cpf ?? null}) and (${q.login ?? null}::text is null or login = ${q.login ?? null})`;
  const [linhas, total] = await Promise.all([
    query<{ login: string; cpf: string; tela: string; data: string }>(db, sql`select login, cpf, tela, to_char(data_leitura at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as data
      from leitura_pessoa where ${where} order by data_leitura desc, id desc limit ${q.size} offset ${q.page * q.size}`),
    queryOne<{ n: number }>(db, sql`select count(*)::int as n from leitura_pessoa where ${where}`),
  ]);
  return { content: linhas.map((x) => ({ login: x.login, cpf: x.cpf, tela: x.tela, dataLeitura: x.data })), totalElements: total?.n ?? 0 };
}
