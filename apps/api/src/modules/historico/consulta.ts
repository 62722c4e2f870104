import { sql } from 'drizzle-orm';
import { periodo, type ConsultaHistorico, type HistoricoRazaoSocial, type HistoricoSituacao } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';

type Row = Record<string, unknown>;
const rows = async (db: DbOrTx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

async function cabecalho(db: DbOrTx, caceal: number) {
  const [c] = await rows(db, sql`select c.id, c.numero_caceal, c.digito_caceal, c.numero_pessoa, p.numero_documento, p.nome
    from contribuinte c join pessoa p on p.numero_pessoa = c.numero_pessoa where c.numero_caceal = ${caceal}`);
  if (!c) return null;
  return {
    id: Number(c.id),
    contribuinte: {
      numeroCaceal: Number(c.numero_caceal),
      digitoCaceal: Number(c.digito_caceal),
      numeroPessoa: Number(c.numero_pessoa),
      cnpj: String(c.numero_documento),
      razaoSocial: String(c.nome),
    },
  };
}

/** §5: one date alone is used for both ends; none → the whole history. */
function entre(coluna: ReturnType<typeof sql>, q: ConsultaHistorico) {
  const { dataInicial, dataFinal } = periodo(q.dataInicial, q.dataFinal);
  return dataInicial && dataFinal ? sql`and ${coluna} between ${dataInicial} and ${dataFinal}` : sql``;
}

/** The status history of a registration, newest first (written by every status change and by sync). */
export async function historicoSituacao(db: DbOrTx, q: ConsultaHistorico): Promise<HistoricoSituacao | null> {
  const c = await cabecalho(db, q.caceal);
  if (!c) return null;
  const content = await rows(db, sql`select s.descricao as situacao, m.descricao as motivo, h.data_alteracao, e.numero as edital from historico_situacao h
    join ref_situacao_cadastral s on s.id = h.situacao_id left join ref_motivo_situacao m on m.id = h.motivo_id left join edital e on e.id = h.edital_id
    where h.contribuinte_id = ${c.id} ${entre(sql`h.data_alteracao`, q)} order by h.data_alteracao desc, h.id desc`);
  return {
    contribuinte: c.contribuinte,
    content: content.map((r) => ({
      descricaoSituacaoCadastralHistorico: String(r.situacao),
      descricaoMotivoHistorico: (r.motivo as string | null) ?? null,
      dataAlteracao: String(r.data_alteracao).slice(0, 10),
      numeroEdital: (r.edital as string | null) ?? null,
    })),
  };
}

/** The names the registration's person had, newest first. */
export async function historicoRazaoSocial(db: DbOrTx, q: ConsultaHistorico): Promise<HistoricoRazaoSocial | null> {
  const c = await cabecalho(db, q.caceal);
  if (!c) return null;
  const content = await rows(db, sql`select h.nome, h.data_alteracao from historico_razao_social h
    where h.numero_pessoa = ${c.contribuinte.numeroPessoa} ${entre(sql`h.data_alteracao`, q)} order by h.data_alteracao desc, h.id desc`);
  return { contribuinte: c.contribuinte, content: content.map((r) => ({ nomeRazaoSocial: String(r.nome), dataAlteracao: String(r.data_alteracao).slice(0, 10) })) };
}
