import { sql } from 'drizzle-orm';
import {
  AuditMessage, chaveVinculo, hojeEmMaceio, SITUACAO, SITUACAO_EDITAL, TIPO_EDITAL_CONVOCACAO, type EditalEdicao, type EditalForm,
} from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { updateVersioned } from '../../db/versionado.js';
import { edital } from '../../db/schema/index.js';
import { auditChange } from '../../platform/audit.js';
import { fieldProblem, HttpProblem, notFound } from '../../platform/errors/problem.js';

const OBJ = 'edital';
export const NAO_ENCONTRADO = 'Nenhum registro encontrado.';

/** The state machine's messages (§4): every refused transition is a 409 with one of these. */
export const TRANSICAO = {
  editar: 'Somente um edital EM EDIÇÃO pode ser alterado.',
  excluir: 'Somente um edital EM EDIÇÃO ou PRONTO PARA PUBLICAR pode ser excluído.',
  assinar: 'Somente um edital EM EDIÇÃO pode ser assinado.',
  confirmar: 'Somente um edital PRONTO PARA PUBLICAR pode ter a publicação confirmada.',
  republicar: 'Somente um edital PUBLICADO pode ser republicado.',
} as const;

/** 409 for a transition the state machine refuses; the detail is the sentence the screen shows. */
export const transicaoRecusada = (detail: string) => new HttpProblem(409, detail, { message: 'error.edital.transicao' });

export interface EditalAtual { id: number; numero: string; situacao_edital_id: number; version: number; numero_pessoa_responsavel: string | null; processado: boolean }

/** The notice, locked for the rest of the transaction (two clerks acting at once take turns). */
export async function editalParaAlterar(tx: DbOrTx, id: number): Promise<EditalAtual> {
  const e = await queryOne<EditalAtual>(tx, sql`select id, numero, situacao_edital_id, version, numero_pessoa_responsavel, processado from edital where id = ${id} for update`);
  if (!e) throw notFound(NAO_ENCONTRADO);
  return { ...e, id: Number(e.id), situacao_edital_id: Number(e.situacao_edital_id), version: Number(e.version) };
}

/** At most 20 CACEALs in a message. */
const lista = (xs: number[]) => `${xs.slice(0, 20).join(', ')}${xs.length > 20 ? '…' : ''}`;

/**
 * Every rule of §5 that needs the database; nothing is written before all of them pass. `equipe` are
 * the GESTOR_EDITAL members, asked to the access-control port BEFORE the transaction (its simulator
 * reads the database too, and the embedded database has one connection).
 */
async function validar(tx: DbOrTx, equipe: number[], f: EditalForm, id: number | null): Promise<{ sequencial: number; ano: number; numero: string } | null> {
  const tipo = await queryOne<{ id: number }>(tx, sql`select id from ref_tipo_edital where id = ${f.idTipoEdital} and ativo`);
  if (!tipo) throw fieldProblem(OBJ, 'idTipoEdital', 'required', 'Tipo de edital inexistente.');
  if (f.prazoConvocacao !== null && f.idTipoEdital !== TIPO_EDITAL_CONVOCACAO) {
    throw fieldProblem(OBJ, 'prazoConvocacao', 'prazoSoConvocacao', 'O prazo de convocação só se aplica a edital de CONVOCAÇÃO.');
  }
  if (!equipe.includes(f.numeroPessoaResponsavel)) {
    throw fieldProblem(OBJ, 'numeroPessoaResponsavel', 'responsavelForaDaEquipe', 'O responsável deve ser membro da equipe GESTOR_EDITAL.');
  }
  if (f.idSituacaoCadastralFutura === SITUACAO.NAO_CADASTRADO) throw fieldProblem(OBJ, 'idSituacaoCadastralFutura', 'required', 'Situação cadastral inválida.');
  const motivos = await query<{ id: number }>(tx, sql`select id from ref_motivo_situacao where situacao_id = ${f.idSituacaoCadastralFutura} and ativo
    and id in (select (jsonb_array_elements_text(${JSON.stringify(f.motivos)}::jsonb))::int)`);
  if (motivos.length !== new Set(f.motivos).size) {
    throw fieldProblem(OBJ, 'motivos', 'motivoDaSituacao', 'Todo motivo deve pertencer à situação cadastral futura escolhida.');
  }
  if (f.vinculados.length) {
    const caceals = [...new Set(f.vinculados.map((v) => v.numeroCaceal))];
    const achados = await query<{ numero_caceal: number; situacao_id: number }>(tx, sql`select numero_caceal, situacao_id from contribuinte
      where numero_caceal in (select (jsonb_array_elements_text(${JSON.stringify(caceals)}::jsonb))::int)`);
    const set = new Set(achados.map((c) => Number(c.numero_caceal)));
    const faltam = caceals.filter((c) => !set.has(c));
    if (faltam.length) throw fieldProblem(OBJ, 'vinculados', 'cacealInexistente', `CACEAL não encontrado: ${lista(faltam)}`);
    // §4 "status combo on edit excludes current status": the future status cannot be one a linked
    // registration already has (the notice would change nothing for it; no reason leads a status to itself).
    const jaNela = achados.filter((c) => Number(c.situacao_id) === f.idSituacaoCadastralFutura).map((c) => Number(c.numero_caceal));
    if (jaNela.length) {
      throw fieldProblem(OBJ, 'idSituacaoCadastralFutura', 'situacaoAtualDeVinculado', `A situação cadastral futura já é a situação atual destes contribuintes vinculados: CACEAL ${lista(jaNela.sort((a, b) => a - b))}.`);
    }
  }
  if (!f.numero) return null;
  const [seq, ano] = f.numero.split('/').map(Number) as [number, number];
  const outro = await queryOne<{ id: string }>(tx, sql`select id from edital where (numero = ${f.numero} or (ano = ${ano} and sequencial = ${seq})) and id <> ${id ?? 0}`);
  if (outro) throw fieldProblem(OBJ, 'numero', 'numeroEmUso', `Já existe um edital com o número ${f.numero}.`);
  return { sequencial: seq, ano, numero: `${String(seq).padStart(4, '0')}/${ano}` };
}

/** Reasons (first = main) and linked rows, written in bulk (thousands of rows: one statement each). */
async function gravarFilhos(tx: DbOrTx, id: number, f: EditalForm) {
  await tx.execute(sql`delete from edital_motivo where edital_id = ${id}`);
  await tx.execute(sql`delete from edital_contribuinte where edital_id = ${id}`);
  const motivos = [...new Set(f.motivos)].map((m, i) => ({ m, p: i === 0 }));
  await tx.execute(sql`insert into edital_motivo (edital_id, motivo_id, principal) select ${id}, v.m, v.p from jsonb_to_recordset(${JSON.stringify(motivos)}::jsonb) as v(m int, p boolean)`);
  const vistos = new Set<string>();
  const linhas = f.vinculados.filter((v) => !vistos.has(chaveVinculo(v)) && !!vistos.add(chaveVinculo(v)));
  if (!linhas.length) return;
  await tx.execute(sql`insert into edital_contribuinte (edital_id, contribuinte_id, numero_documento_vinculado, tipo_documento_vinculado_id, observacao)
    select ${id}, c.id, v."numeroDocumentoVinculado", v."tipoDocumentoVinculado", v.observacao
    from jsonb_to_recordset(${JSON.stringify(linhas)}::jsonb) as v("numeroCaceal" int, "numeroDocumentoVinculado" text, "tipoDocumentoVinculado" int, observacao text)
    join contribuinte c on c.numero_caceal = v."numeroCaceal" on conflict do nothing`);
}

const colunas = (f: EditalForm) => ({
  titulo: f.tituloEdital, tipoEditalId: f.idTipoEdital, texto: f.texto, observacao: f.observacao, prazoConvocacao: f.prazoConvocacao,
  numeroProcesso: f.numeroProcesso, numeroPessoaResponsavel: f.numeroPessoaResponsavel, dataEfeitoLegal: f.dataEfeitoLegal,
  meioComunicacao: f.indicadorMeioComunicacao, numeroDiario: f.numeroDiario, situacaoCadastralFuturaId: f.idSituacaoCadastralFutura,
});
const imagem = (f: EditalForm, numero: string, situacao: number) => ({ numero, situacao, ...colunas(f), motivos: f.motivos, vinculados: f.vinculados.length });

/** cadastro: a new notice, EM EDIÇÃO; the next number of the year unless one was typed. */
export async function cadastrarEdital(tx: DbOrTx, equipe: number[], login: string, f: EditalForm): Promise<{ id: number; numero: string }> {
  const n = await validar(tx, equipe, f, null);
  const ano = n?.ano ?? Number(hojeEmMaceio().slice(0, 4));
  // Numbers of one year are handed out one at a time.
  await tx.execute(sql`select pg_advisory_xact_lock(7011, ${ano})`);
  const sequencial = n?.sequencial ?? Number((await queryOne<{ s: number }>(tx, sql`select coalesce(max(sequencial), 0) + 1 as s from edital where ano = ${ano}`))!.s);
  const numero = n?.numero ?? `${String(sequencial).padStart(4, '0')}/${ano}`;
  const [row] = await tx.insert(edital).values({ sequencial, ano, numero, situacaoEditalId: SITUACAO_EDITAL.EM_EDICAO, ...colunas(f) }).returning({ id: edital.id });
  const id = row!.id;
  await gravarFilhos(tx, id, f);
  await auditChange(tx, login, 'Edital', id, null, imagem(f, numero, SITUACAO_EDITAL.EM_EDICAO), AuditMessage.NOTICE_CREATED);
  return { id, numero };
}

/** edicao: only EM EDIÇÃO, only the version the screen loaded. */
export async function editarEdital(tx: DbOrTx, equipe: number[], login: string, f: EditalEdicao): Promise<void> {
  const atual = await editalParaAlterar(tx, f.id);
  if (atual.situacao_edital_id !== SITUACAO_EDITAL.EM_EDICAO) throw transicaoRecusada(TRANSICAO.editar);
  const n = await validar(tx, equipe, f, f.id);
  const numero = n?.numero ?? atual.numero;
  await updateVersioned(tx, edital, f.id, f.version, { ...colunas(f), ...(n ?? {}), updatedAt: sql`now()` });
  await gravarFilhos(tx, f.id, f);
  await auditChange(tx, login, 'Edital', f.id, { numero: atual.numero, version: atual.version }, imagem(f, numero, SITUACAO_EDITAL.EM_EDICAO), AuditMessage.NOTICE_EDITED);
}

/** excluir: a notice that was never published. */
export async function excluirEdital(tx: DbOrTx, login: string, id: number): Promise<void> {
  const atual = await editalParaAlterar(tx, id);
  if (atual.situacao_edital_id !== SITUACAO_EDITAL.EM_EDICAO && atual.situacao_edital_id !== SITUACAO_EDITAL.PRONTO_PARA_PUBLICAR) throw transicaoRecusada(TRANSICAO.excluir);
  await tx.execute(sql`delete from edital where id = ${id}`);
  await auditChange(tx, login, 'Edital', id, { numero: atual.numero, situacao: atual.situacao_edital_id }, null, AuditMessage.NOTICE_DELETED);
}
