import { sql } from 'drizzle-orm';
import { hojeEmMaceio, motivoPermitido, SITUACAO, SITUACOES_FINAIS, situacaoPjDoCnpj, violacaoReativacao, type AlterarSituacaoPessoa, type SituacaoPessoa } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query } from '../../db/consulta.js';
import { auditChange } from '../../platform/audit.js';
import { badRequest, conflict, fieldProblem, notFound } from '../../platform/errors/problem.js';
import { exigirRegras } from '../../platform/errors/regra.js';


/** The company of alterarSituacaoCnpj/{numeroPessoa} and every registration it holds. */
export async function situacaoPessoa(db: DbOrTx, numeroPessoa: number, paraAlterar = false): Promise<SituacaoPessoa | null> {
  const [p] = await query<Record<string, unknown>>(db, sql`select numero_pessoa, numero_documento, nome from pessoa where numero_pessoa = ${numeroPessoa} and tipo = 'J'`);
  if (!p) return null;
  // Lock, then read: `… join … for update of c` re-checks the joined status row's old values when a
  // concurrent change committed meanwhile and drops the registration; locked by key first, the read
  // below (a new statement under READ COMMITTED) sees every registration as it now is.
  if (paraAlterar) await db.execute(sql`select id from contribuinte where numero_pessoa = ${numeroPessoa} order by numero_caceal for update`);
  const cs = await query<Record<string, unknown>>(db, sql`select c.numero_caceal, c.digito_caceal, c.situacao_id, s.descricao as situacao, m.descricao as motivo, c.data_situacao,
      c.version, c.situacao_pj from contribuinte c join ref_situacao_cadastral s on s.id = c.situacao_id left join ref_motivo_situacao m on m.id = c.motivo_id
      where c.numero_pessoa = ${numeroPessoa} order by c.numero_caceal`);
  return {
    numeroPessoa: Number(p.numero_pessoa),
    cnpj: String(p.numero_documento),
    razaoSocial: String(p.nome),
    // The CNPJ's one Receita status (issue 30), not whichever registration came first.
    situacaoPj: situacaoPjDoCnpj(cs.map((c) => ({ numeroCaceal: Number(c.numero_caceal), situacaoPj: (c.situacao_pj as string | null) ?? null }))),
    contribuintes: cs.map((c) => ({
      numeroCaceal: Number(c.numero_caceal),
      digitoCaceal: Number(c.digito_caceal),
      idSituacao: Number(c.situacao_id),
      situacaoCadastral: String(c.situacao),
      motivoSituacaoCadastral: (c.motivo as string | null) ?? null,
      dataSituacao: String(c.data_situacao).slice(0, 10),
      version: Number(c.version),
    })),
  };
}

/**
 * Changes the status of every live registration of the company (not closed or void), in one
 * transaction: the registration, a status-history row and the audit. The pair status/reason must
 * exist, and the reason must be allowed from each registration's current status.
 */
export async function alterarSituacaoPessoa(tx: DbOrTx, login: string, req: AlterarSituacaoPessoa): Promise<void> {
  const atual = await situacaoPessoa(tx, req.numeroPessoa, true);
  if (!atual) throw notFound('Nenhum registro encontrado.');
  const [motivo] = await query<Record<string, unknown>>(tx, sql`select m.id, m.descricao, s.descricao as situacao from ref_motivo_situacao m join ref_situacao_cadastral s on s.id = m.situacao_id
    where m.id = ${req.sequencialMotivoPessoa} and m.situacao_id = ${req.sequencialSituacaoPessoa} and m.ativo`);
  if (!motivo) {
    throw fieldProblem('alterarSituacaoPessoa', 'sequencialMotivoPessoa', 'motivoDaSituacao', 'O motivo não pertence à situação escolhida.');
  }
  const vivos = atual.contribuintes.filter((c) => !SITUACOES_FINAIS.includes(c.idSituacao));
  // What the screen showed must still be true of every registration of the company, checked before
  // anything is judged from the current state: one changed since (even closed by a second clerk), or
  // one the screen never saw (registered meanwhile), means a stale screen — 409, not a verdict on data
  // the clerk has not seen. §7 clients send no versions at all and keep the original contract.
  if (req.versoes) {
    for (const c of atual.contribuintes) {
      const v = req.versoes.find((x) => x.numeroCaceal === c.numeroCaceal);
      const viu = v !== undefined && v.version === c.version;
      if (!viu && (v !== undefined || vivos.includes(c))) throw conflict(`O CACEAL ${c.numeroCaceal} foi alterado por outra pessoa; consulte novamente.`);
    }
  }
  if (!vivos.length) throw badRequest('Esta empresa não tem inscrição que possa mudar de situação (todas baixadas ou nulas).');
  const proibidos = vivos.filter((c) => !motivoPermitido(req.sequencialMotivoPessoa, c.idSituacao));
  if (proibidos.length) {
    throw fieldProblem(
      'alterarSituacaoPessoa', 'sequencialMotivoPessoa', 'transicaoNaoPermitida',
      `O motivo ${String(motivo.descricao)} não se aplica a ${proibidos.map((c) => `CACEAL ${c.numeroCaceal} (${c.situacaoCadastral})`).join(', ')}.`,
    );
  }
  // Issue 30: reactivating while the CNPJ is not ATIVA at the Receita needs the clerk's confirmation.
  if (vivos.some((c) => c.idSituacao !== SITUACAO.ATIVO)) {
    exigirRegras('alterarSituacaoPessoa', '', violacaoReativacao(atual.situacaoPj, req.sequencialSituacaoPessoa, req.confirmarCnpjInapto));
  }
  const hoje = hojeEmMaceio();
  for (const c of vivos) {
    await tx.execute(sql`update contribuinte set situacao_id = ${req.sequencialSituacaoPessoa}, motivo_id = ${req.sequencialMotivoPessoa},
      data_situacao = ${hoje}, version = version + 1, updated_at = now() where numero_caceal = ${c.numeroCaceal}`);
    await tx.execute(sql`insert into historico_situacao (contribuinte_id, situacao_id, motivo_id, data_alteracao)
      select id, ${req.sequencialSituacaoPessoa}, ${req.sequencialMotivoPessoa}, ${hoje} from contribuinte where numero_caceal = ${c.numeroCaceal}`);
    await auditChange(
      tx, login, 'Contribuinte', c.numeroCaceal,
      { situacao: c.situacaoCadastral, motivo: c.motivoSituacaoCadastral, dataSituacao: c.dataSituacao },
      { situacao: String(motivo.situacao), motivo: String(motivo.descricao), dataSituacao: hoje },
    );
  }
}
