import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AuditMessage, hojeEmMaceio, ORIGEM_CADASTRO, SITUACAO_PENDENCIA, violacaoCompetencia, violacaoData, type AlterarPendencia, type Pendencia, type RegularizarPendencia,
} from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { queryOne } from '../../db/consulta.js';
import { pendencia } from '../../db/schema/index.js';
import { updateVersionedBy } from '../../db/versionado.js';
import { auditChange } from '../../platform/audit.js';
import { fieldProblem, HttpProblem, notFound } from '../../platform/errors/problem.js';
import { exigirRegras } from '../../platform/errors/regra.js';
import { paraPendencia, SELECT_PENDENCIA, type LinhaPendencia } from './consulta.js';

/** A rule of the registry refuses the change (not a stale version): 409 with a code the SPA words. */
const recusa = (detail: string, message: string) => new HttpProblem(409, detail, { message });

async function carregar(tx: DbOrTx, sequencial: number, bloquear: boolean): Promise<LinhaPendencia> {
  // Two clerks regularizing at once: the second waits, then sees the first's result and gets its 409.
  // Lock by key, then read: under `… join … for update of p` the row changed meanwhile was re-checked
  // against the joined status row's old values and dropped (a 404 instead of the 409).
  if (bloquear) await tx.execute(sql`select sequencial from pendencia where sequencial = ${sequencial} for update`);
  const p = await queryOne<LinhaPendencia>(tx, sql`${SELECT_PENDENCIA} where p.sequencial = ${sequencial}`);
  if (!p) throw notFound('Nenhum registro encontrado.');
  return p;
}

/** Only pendências whose classification originates in the registry (origin 10) are the registry's to change (§2). */
function exigirOrigemCadastro(p: LinhaPendencia) {
  if (Number(p.origem_id) !== ORIGEM_CADASTRO) {
    throw recusa('Only pendências of a registry-origin classification may be changed here.', 'error.pendencia.origemNaoCadastro');
  }
}

const imagem = (p: LinhaPendencia) => ({
  competencia: String(p.competencia).slice(0, 10),
  descricao: p.descricao,
  criticidade_id: Number(p.criticidade_id),
  situacao_id: Number(p.situacao_id),
  data_regularizacao: p.data_regularizacao && String(p.data_regularizacao).slice(0, 10),
  data_cancelamento: p.data_cancelamento && String(p.data_cancelamento).slice(0, 10),
});

/**
 * PATCH regularizar (§4, §9): an open registry-origin pendência becomes regularized today, with the
 * reason "change by tax official" and the origin "registry"; one transaction, version-checked, audited.
 */
export async function regularizarPendencia(tx: DbOrTx, login: string, req: RegularizarPendencia): Promise<Pendencia> {
  const atual = await carregar(tx, req.sequencial, true);
  exigirOrigemCadastro(atual);
  if (Number(atual.situacao_id) !== SITUACAO_PENDENCIA.PENDENTE) {
    throw recusa('This pendência is not open; there is nothing to regularize.', 'error.pendencia.jaRegularizada');
  }
  const hoje = hojeEmMaceio();
  // Issue 30: today may not be before the competência (a pendência of a month still to come).
  exigirRegras('pendencia', '', violacaoData(hoje, 'dataRegularizacao', { dia: String(atual.competencia).slice(0, 10), regra: 'dataAntesCompetencia' }, hoje));
  await updateVersionedBy(tx, pendencia, pendencia.sequencial, req.sequencial, req.version ?? Number(atual.version), {
    situacaoId: req.sequencialSituacao,
    dataRegularizacao: hoje,
    updatedAt: sql`now()`,
  });
  const depois = await carregar(tx, req.sequencial, false);
  await auditChange(tx, login, 'Pendencia', req.sequencial, imagem(atual), {
    ...imagem(depois), sequencial_motivo: req.sequencialMotivo, sequencial_origem: req.sequencialOrigem,
  }, AuditMessage.PENDENCIA_REGULARIZED);
  return paraPendencia(depois);
}

/** PATCH alterar (§4 alter payload): competence, criticality, situation, dates and text of a registry-origin pendência. */
export async function alterarPendencia(tx: DbOrTx, login: string, req: z.output<typeof AlterarPendencia>): Promise<Pendencia> {
  const atual = await carregar(tx, req.sequencial, true);
  exigirOrigemCadastro(atual);
  const refs = await queryOne<{ cr: boolean; si: boolean }>(tx, sql`select
    exists (select 1 from ref_criticidade_irregularidade where id = ${req.sequencialCriticidade}) as cr,
    exists (select 1 from ref_situacao_irregularidade where id = ${req.sequencialSituacao}) as si`);
  if (!refs?.cr) throw fieldProblem('pendencia', 'sequencialCriticidade', 'pattern', 'Criticidade não encontrada: escolha uma das criticidades da lista.');
  if (!refs.si) throw fieldProblem('pendencia', 'sequencialSituacao', 'pattern', 'Situação não encontrada: escolha uma das situações da lista.');
  if (req.idDocumentoOrigem !== undefined && req.idDocumentoOrigem !== atual.cnpj.slice(0, 8)) {
    throw fieldProblem('pendencia', 'idDocumentoOrigem', 'pattern', 'O documento de origem é a raiz do CNPJ da pendência.');
  }
  // Issue 39 §7: the competência is a month the registration lived (from its start to the current month).
  exigirRegras('pendencia', '', violacaoCompetencia(req.competencia, atual.inicio_atividade && String(atual.inicio_atividade).slice(0, 10)));
  // A regularization date belongs to a regularized pendência only (the table's check says the other half).
  const regularizada = req.sequencialSituacao === SITUACAO_PENDENCIA.REGULARIZADA;
  // Issue 30: a regularization is real — not after today, not before its competência.
  if (regularizada) exigirRegras('pendencia', '', violacaoData(req.dataRegularizacao, 'dataRegularizacao', { dia: req.competencia, regra: 'dataAntesCompetencia' }));
  const valores = {
    competencia: req.competencia,
    descricao: req.descricao,
    criticidadeId: req.sequencialCriticidade,
    situacaoId: req.sequencialSituacao,
    dataRegularizacao: regularizada ? (req.dataRegularizacao ?? null) : null,
    dataCancelamento: req.dataCancelamento ?? null,
  };
  await updateVersionedBy(tx, pendencia, pendencia.sequencial, req.sequencial, req.version, { ...valores, updatedAt: sql`now()` });
  const depois = await carregar(tx, req.sequencial, false);
  await auditChange(tx, login, 'Pendencia', req.sequencial, imagem(atual), imagem(depois), AuditMessage.PENDENCIA_EDITED);
  return paraPendencia(depois);
}
