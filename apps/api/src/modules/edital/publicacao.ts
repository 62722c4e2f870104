import { sql } from 'drizzle-orm';
import { AuditMessage, AuditType, motivoPermitido, SITUACAO_EDITAL, violacaoData, type ConfirmacaoPublicacao, type ResultadoPublicacao } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { noPrimario } from '../../db/replicas.js';
import { GRUPO_GESTOR_EDITAL, type ScaPort } from '../../integrations/sca/port.js';
import { auditChange } from '../../platform/audit.js';
import { badRequest, conflict, fieldProblem, forbidden } from '../../platform/errors/problem.js';
import { exigirRegras } from '../../platform/errors/regra.js';
import { pessoaDoUsuario } from '../conta/pessoa.js';
import { editalParaAlterar, TRANSICAO, transicaoRecusada } from './manutencao.js';

const DESCRICAO_SITUACAO: Record<number, string> = { 1: 'EM EDIÇÃO', 2: 'PRONTO PARA PUBLICAR', 3: 'PUBLICADO', 4: 'REPUBLICADO' };

/** verificarSePessoaLogadaEhResponsavel: the Sign button shows only for the notice's responsible person (decided on the primary). */
export async function ehResponsavel(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const r = await noPrimario(() => queryOne<{ ok: boolean }>(db, sql`select exists (select 1 from edital e join usuario u on u.numero_pessoa = e.numero_pessoa_responsavel
    where e.id = ${id} and u.id = ${userId}) as ok`));
  return Boolean(r?.ok);
}

/** papel-sca/verificar-equipe-edital: is the signed-in person in GESTOR_EDITAL (asked to the access-control system)? */
export async function naEquipe(db: DbOrTx, sca: ScaPort, userId: number): Promise<boolean> {
  const p = await pessoaDoUsuario(db, userId);
  return p !== null && (await sca.membros(GRUPO_GESTOR_EDITAL)).includes(p);
}

/**
 * assinatura: EM EDIÇÃO → PRONTO PARA PUBLICAR, by the notice's responsible person only, and only
 * while the access-control system still has that person in GESTOR_EDITAL (`equipe`, asked before the
 * transaction).
 */
export async function assinarEdital(tx: DbOrTx, equipe: number[], principal: { id: number; login: string }, id: number, version?: number) {
  const e = await editalParaAlterar(tx, id);
  if (e.situacao_edital_id !== SITUACAO_EDITAL.EM_EDICAO) throw transicaoRecusada(TRANSICAO.assinar);
  if (version !== undefined && version !== e.version) throw conflict('O registro foi alterado por outra pessoa; consulte novamente.');
  const pessoa = await pessoaDoUsuario(tx, principal.id);
  if (pessoa === null || e.numero_pessoa_responsavel === null || Number(e.numero_pessoa_responsavel) !== pessoa) {
    throw forbidden('Somente o responsável pelo edital pode assiná-lo.');
  }
  if (!equipe.includes(pessoa)) throw forbidden('O responsável não pertence à equipe GESTOR_EDITAL.');
  const n = await queryOne<{ n: string }>(tx, sql`select count(*) as n from edital_contribuinte where edital_id = ${id}`);
  if (!Number(n?.n)) throw badRequest('O edital não tem contribuintes vinculados.');
  await tx.execute(sql`update edital set situacao_edital_id = ${SITUACAO_EDITAL.PRONTO_PARA_PUBLICAR}, version = version + 1, updated_at = now() where id = ${id}`);
  await auditChange(tx, principal.login, 'Edital', id, { situacao: e.situacao_edital_id }, { situacao: SITUACAO_EDITAL.PRONTO_PARA_PUBLICAR }, AuditMessage.NOTICE_SIGNED);
  return { numero: e.numero, codigoSituacao: SITUACAO_EDITAL.PRONTO_PARA_PUBLICAR, situacaoEdital: DESCRICAO_SITUACAO[SITUACAO_EDITAL.PRONTO_PARA_PUBLICAR]!, mensagem: 'Edital assinado com sucesso' };
}

interface Alvo { id: string; numero_caceal: number; situacao_id: number; motivo_id: number | null; data_situacao: string; situacao: string; motivo: string | null }

/**
 * The legal effect of a publication: every linked registration whose current status allows the
 * notice's main reason (the same rule as alterarSituacaoCnpj) takes the future status and that reason
 * on the legal-effect date, with a history row naming the notice and an audit row each. Set-based,
 * so 5,000 registrations are four statements. Applied once: `processado` marks it done.
 */
async function aplicarEfeito(tx: DbOrTx, login: string, id: number, numero: string, dataEfeito: string, motivoEscolhido?: number | null) {
  const e = (await queryOne<{ futura: number | null; processado: boolean }>(tx, sql`select situacao_cadastral_futura_id as futura, processado from edital where id = ${id}`))!;
  if (e.processado || e.futura === null) return { alterados: 0, inalterados: [] as number[], detalheInalterados: [] as ResultadoPublicacao['detalheInalterados'] };
  const motivos = await query<{ id: number; principal: boolean; descricao: string }>(tx, sql`select m.id, em.principal, m.descricao from edital_motivo em
    join ref_motivo_situacao m on m.id = em.motivo_id where em.edital_id = ${id} order by em.principal desc`);
  const motivo = motivoEscolhido ? motivos.find((m) => Number(m.id) === motivoEscolhido) : motivos[0];
  if (!motivo) throw fieldProblem('edital', 'motivoAlteracaoSituacao', 'motivoDaSituacao', 'O motivo não é um dos motivos do edital.');
  const motivoId = Number(motivo.id);
  // Lock, then read. A `… join … for update of c` re-checks the joined status row's old values when a
  // clerk changed a registration meanwhile, and that registration silently dropped out of the notice's
  // effect. Locked by key first, the read below (a new statement) sees each one as it now is.
  await tx.execute(sql`select c.id from contribuinte c where c.id in (select contribuinte_id from edital_contribuinte where edital_id = ${id}) order by c.id for update`);
  const alvos = await query<Alvo>(tx, sql`select c.id, c.numero_caceal, c.situacao_id, c.motivo_id, c.data_situacao, s.descricao as situacao, m.descricao as motivo
    from contribuinte c join ref_situacao_cadastral s on s.id = c.situacao_id left join ref_motivo_situacao m on m.id = c.motivo_id
    where c.id in (select contribuinte_id from edital_contribuinte where edital_id = ${id}) order by c.id`);
  const vinculados = Number((await queryOne<{ n: string }>(tx, sql`select count(*) as n from edital_contribuinte where edital_id = ${id}`))!.n);
  // A notice is a legal act: each linked registration is changed or accounted for, never skipped.
  if (alvos.length !== vinculados) throw conflict('Contribuintes do edital foram alterados durante a publicação; tente novamente.');
  const aplica = alvos.filter((c) => motivoPermitido(motivoId, Number(c.situacao_id)));
  const naoAplica = alvos.filter((c) => !motivoPermitido(motivoId, Number(c.situacao_id)));
  const inalterados = naoAplica.map((c) => Number(c.numero_caceal));
  const detalheInalterados = naoAplica.map((c) => ({ numeroCaceal: Number(c.numero_caceal), situacaoCadastral: c.situacao }));
  if (aplica.length) {
    const ids = JSON.stringify(aplica.map((c) => Number(c.id)));
    const futura = (await queryOne<{ d: string }>(tx, sql`select descricao as d from ref_situacao_cadastral where id = ${e.futura}`))!.d;
    await tx.execute(sql`update contribuinte set situacao_id = ${e.futura}, motivo_id = ${motivoId}, data_situacao = ${dataEfeito}, version = version + 1, updated_at = now()
      where id in (select (jsonb_array_elements_text(${ids}::jsonb))::bigint)`);
    await tx.execute(sql`insert into historico_situacao (contribuinte_id, situacao_id, motivo_id, data_alteracao, edital_id)
      select (jsonb_array_elements_text(${ids}::jsonb))::bigint, ${e.futura}, ${motivoId}, ${dataEfeito}, ${id}`);
    // The same before/after images alterarSituacaoCnpj writes, plus the notice's number.
    const auditoria = aplica.map((c) => ({
      caceal: String(c.numero_caceal),
      antes: { situacao: c.situacao, motivo: c.motivo, dataSituacao: String(c.data_situacao).slice(0, 10) },
      depois: { situacao: futura, motivo: motivo.descricao, dataSituacao: dataEfeito, edital: numero },
    }));
    await tx.execute(sql`insert into evento_auditoria (principal, event_type, entity, entity_id, data, before, after)
      select ${login}, ${AuditType.ENTITY_UPDATED}, 'Contribuinte', v.caceal, ${JSON.stringify({ message: AuditMessage.STATUS_BY_NOTICE, edital: numero })}::jsonb, v.antes, v.depois
      from jsonb_to_recordset(${JSON.stringify(auditoria)}::jsonb) as v(caceal text, antes jsonb, depois jsonb)`);
  }
  await tx.execute(sql`update edital set processado = true where id = ${id}`);
  return { alterados: aplica.length, inalterados, detalheInalterados };
}

/** Confirmation of publication (POST edital): PRONTO PARA PUBLICAR → PUBLICADO with its date, and the effect. */
export async function confirmarPublicacao(tx: DbOrTx, login: string, c: ConfirmacaoPublicacao): Promise<ResultadoPublicacao> {
  const e = await editalParaAlterar(tx, c.id);
  if (e.situacao_edital_id !== SITUACAO_EDITAL.PRONTO_PARA_PUBLICAR) throw transicaoRecusada(TRANSICAO.confirmar);
  if (c.version !== undefined && c.version !== e.version) throw conflict('O registro foi alterado por outra pessoa; consulte novamente.');
  const atual = (await queryOne<{ efeito: string | null; tipo: number }>(tx, sql`select data_efeito_legal as efeito, tipo_edital_id as tipo from edital where id = ${c.id}`))!;
  const dataEfeito = atual.efeito ? String(atual.efeito).slice(0, 10) : c.dataPublicacao;
  // Issue 30: published today at the latest, and no legal effect before the publication.
  exigirRegras('confirmacaoPublicacao', '', violacaoData(c.dataPublicacao, 'dataPublicacao'),
    violacaoData(dataEfeito, 'dataEfeitoLegal', { dia: c.dataPublicacao, regra: 'dataEfeitoAntesPublicacao' }, '9999-12-31'));
  await tx.execute(sql`update edital set situacao_edital_id = ${SITUACAO_EDITAL.PUBLICADO}, data_publicacao = ${c.dataPublicacao}, data_efeito_legal = ${dataEfeito},
    numero_diario = coalesce(${c.numeroDiario ?? null}, numero_diario),
    prazo_convocacao = case when tipo_edital_id = 1 then coalesce(${c.prazoConvocacao ?? null}::smallint, prazo_convocacao) else prazo_convocacao end,
    version = version + 1, updated_at = now() where id = ${c.id}`);
  const efeito = await aplicarEfeito(tx, login, c.id, e.numero, dataEfeito, c.motivoAlteracaoSituacao);
  await auditChange(tx, login, 'Edital', c.id, { situacao: e.situacao_edital_id }, { situacao: SITUACAO_EDITAL.PUBLICADO, dataPublicacao: c.dataPublicacao, dataEfeitoLegal: dataEfeito, alterados: efeito.alterados, inalterados: efeito.detalheInalterados }, AuditMessage.NOTICE_PUBLISHED);
  return { mensagem: 'Publicação confirmada com sucesso', codigoSituacao: SITUACAO_EDITAL.PUBLICADO, situacaoEdital: DESCRICAO_SITUACAO[SITUACAO_EDITAL.PUBLICADO]!, ...efeito };
}

/** Republication: PUBLICADO → REPUBLICADO with the new date; the effect was applied once and is not applied again. */
export async function republicarEdital(tx: DbOrTx, login: string, c: { id: number; dataPublicacao: string; numeroDiario?: string | null }): Promise<ResultadoPublicacao> {
  const e = await editalParaAlterar(tx, c.id);
  if (e.situacao_edital_id !== SITUACAO_EDITAL.PUBLICADO) throw transicaoRecusada(TRANSICAO.republicar);
  exigirRegras('republicacao', '', violacaoData(c.dataPublicacao, 'dataPublicacao'));
  await tx.execute(sql`update edital set situacao_edital_id = ${SITUACAO_EDITAL.REPUBLICADO}, data_publicacao = ${c.dataPublicacao},
    numero_diario = coalesce(${c.numeroDiario ?? null}, numero_diario), version = version + 1, updated_at = now() where id = ${c.id}`);
  await auditChange(tx, login, 'Edital', c.id, { situacao: e.situacao_edital_id }, { situacao: SITUACAO_EDITAL.REPUBLICADO, dataPublicacao: c.dataPublicacao }, AuditMessage.NOTICE_REPUBLISHED);
  return { mensagem: 'Edital republicado com sucesso', codigoSituacao: SITUACAO_EDITAL.REPUBLICADO, situacaoEdital: DESCRICAO_SITUACAO[SITUACAO_EDITAL.REPUBLICADO]!, alterados: 0, inalterados: [], detalheInalterados: [] };
}
