import { sql } from 'drizzle-orm';
import { formatCaceal, formatDocumento } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { campos, dia, secao, tabela } from '../../platform/pdf/blocos.js';
import type { DocumentoPdf } from '../../platform/pdf/documento.js';

type Row = Record<string, unknown>;
const rows = async (db: DbOrTx, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;

/** Published (3) and republished (4) notices are public acts; drafts are internal. */
export const EDITAL_PUBLICADO = [3, 4];

/** The status of a notice (null: no such notice): one primary-key read, before any heavy work. */
export async function situacaoDoEdital(db: DbOrTx, id: number): Promise<number | null> {
  const [e] = await rows(db, sql`select situacao_edital_id from edital where id = ${id}`);
  return e ? Number(e.situacao_edital_id) : null;
}

/** A notice as printed (edital/pdf?id): its text, dates, reasons and every taxpayer it cites. */
export async function editalPdf(db: DbOrTx, id: number): Promise<{ documento: DocumentoPdf; numero: string } | null> {
  const [e] = await rows(db, sql`select e.*, t.descricao as tipo, s.descricao as situacao from edital e join ref_tipo_edital t on t.id = e.tipo_edital_id
    join ref_situacao_edital s on s.id = e.situacao_edital_id where e.id = ${id}`);
  if (!e) return null;
  const [motivos, citados] = await Promise.all([
    rows(db, sql`select m.descricao, em.principal from edital_motivo em join ref_motivo_situacao m on m.id = em.motivo_id where em.edital_id = ${id} order by em.principal desc, m.descricao`),
    rows(db, sql`select c.numero_caceal, c.digito_caceal, p.numero_documento, p.nome from edital_contribuinte ec join contribuinte c on c.id = ec.contribuinte_id
      join pessoa p on p.numero_pessoa = c.numero_pessoa where ec.edital_id = ${id} order by c.numero_caceal`),
  ]);
  const documento: DocumentoPdf = {
    titulo: `Edital nº ${String(e.numero)}`,
    subtitulo: `${String(e.tipo)} · ${String(e.situacao)}`,
    conteudo: [
      campos([
        ['Título', String(e.titulo)],
        ['Data de publicação', dia(e.data_publicacao as string | null)],
        ['Efeito legal', dia(e.data_efeito_legal as string | null)],
        ['Prazo de convocação', e.prazo_convocacao === null ? null : `${String(e.prazo_convocacao)} dias`],
        ['Processo', (e.numero_processo as string | null) ?? null],
        ['Diário Oficial', (e.numero_diario as string | null) ?? null],
      ]),
      secao('Motivos'),
      { ul: motivos.length ? motivos.map((m) => `${String(m.descricao)}${m.principal ? ' (principal)' : ''}`) : ['Não informado'] },
      secao('Texto'),
      { text: String(e.texto), alignment: 'justify' },
      secao(`Contribuintes citados (${citados.length})`),
      tabela(['CACEAL', 'CPF/CNPJ', 'Nome / razão social'], citados.map((c) => [formatCaceal(Number(c.numero_caceal), Number(c.digito_caceal)), formatDocumento(String(c.numero_documento)), String(c.nome)]), 'Nenhum registro encontrado.', [65, 110, '*']),
    ],
  };
  return { documento, numero: String(e.numero) };
}
