import { sql } from 'drizzle-orm';
import { AuditMessage } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { auditChange } from '../../platform/audit.js';
import { HttpProblem, notFound } from '../../platform/errors/problem.js';

/** What makes a registration part of the registry's history (any one forbids deleting it). */
export const MARCAS_DE_HISTORICO = ['eventos', 'editais', 'pendencias', 'solicitacoes', 'manifestacoes', 'fic', 'situacoes'] as const;

/**
 * DELETE contribuinte/{caceal}: a registry must never lose history, so "deleting" is only undoing a
 * registration created by mistake — one nobody has acted on yet: no registry event, no notice, no
 * pendência, no request, no accountant statement, no FIC issued by the registry's staff, no status
 * change after the first. A FIC the public printed is not an act of the registry: anyone can print one
 * of any CACEAL, so it must not make a registration undeletable (its issues go with it).
 * Anything else → 409 naming the reasons (codes); the taxpayer then goes through a status change
 * (BAIXA, NULA) instead. The deletion is audited with the row as it was, in the same transaction.
 */
export async function excluirContribuinte(tx: DbOrTx, login: string, numeroCaceal: number): Promise<{ numeroCaceal: number; mensagem: 'cadastroExcluido' }> {
  const c = await queryOne<Record<string, unknown> & { id: number }>(tx, sql`select * from contribuinte where numero_caceal = ${numeroCaceal} for update`);
  if (!c) throw notFound('Nenhum registro encontrado.');
  const id = Number(c.id);
  const h = (await queryOne<Record<(typeof MARCAS_DE_HISTORICO)[number], boolean>>(tx, sql`select
      exists (select 1 from evento_alteracao where contribuinte_id = ${id}) as eventos,
      exists (select 1 from edital_contribuinte where contribuinte_id = ${id}) as editais,
      exists (select 1 from pendencia where contribuinte_id = ${id}) as pendencias,
      exists (select 1 from solicitacao where contribuinte_id = ${id}) as solicitacoes,
      exists (select 1 from manifestacao where contribuinte_id = ${id}) as manifestacoes,
      exists (select 1 from fic_emissao where numero_caceal = ${numeroCaceal} and contribuinte_id = ${id} and emitida_por is not null) as fic,
      (select count(*) from historico_situacao where contribuinte_id = ${id}) > 1 as situacoes`))!;
  const motivos = MARCAS_DE_HISTORICO.filter((m) => h[m]);
  if (motivos.length) {
    throw new HttpProblem(409, `A inscrição tem histórico (${motivos.join(', ')}) e não pode ser excluída; altere a situação cadastral.`, {
      message: 'error.contribuinte.comHistorico', params: motivos.join(','),
    });
  }
  await tx.execute(sql`delete from contribuinte where id = ${id}`);
  await auditChange(tx, login, 'Contribuinte', id, c, null, AuditMessage.REGISTRATION_DELETED);
  return { numeroCaceal, mensagem: 'cadastroExcluido' };
}
