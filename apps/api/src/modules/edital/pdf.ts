import { sql } from 'drizzle-orm';
import { formatCaceal, formatDocumento, mascararCpf, mascararCpfsNoTexto } from '@cadastro/domain';
import type { DbOrTx } from '../../db/client.js';
import { query, queryOne } from '../../db/consulta.js';
import { campos, dia, secao, tabelaLonga } from '../../platform/pdf/blocos.js';
import type { DocumentoPdf } from '../../platform/pdf/documento.js';

/** Published (3) and republished (4) notices are public acts; drafts are internal. */
export const EDITAL_PUBLICADO = [3, 4];

/** The status of a notice (null: no such notice): one primary-key read, before any heavy work. */
export async function situacaoDoEdital(db: DbOrTx, id: number): Promise<number | null> {
  const e = await queryOne<{ s: number }>(db, sql`select situacao_edital_id as s from edital where id = ${id}`);
  return e ? Number(e.s) : null;
}

interface EditalPdfRow {
  numero: string; titulo: string; tipo: string; situacao: string; texto: string; data_publicacao: string | null; data_efeito_legal: string | null;
  prazo_convocacao: number | null; numero_processo: string | null; numero_diario: string | null; meio_comunicacao: string; responsavel: string | null; futura: string | null;
}
interface CitadoRow { numero_caceal: number; digito_caceal: number; numero_documento: string; nome: string; doc: string | null; tipo_doc: string | null; observacao: string | null }

/** The closing lines: where and when the notice was published, and from when it takes effect. */
function publicacao(e: EditalPdfRow): string {
  if (!e.data_publicacao) return 'Edital ainda não publicado.';
  const meio = e.meio_comunicacao === 'I' ? 'impresso' : 'eletrônico';
  const diario = e.numero_diario ? ` no Diário Oficial do Estado nº ${e.numero_diario}` : '';
  const efeito = e.data_efeito_legal ? `, com efeito legal a partir de ${dia(e.data_efeito_legal)}` : '';
  return `Publicado em ${dia(e.data_publicacao)}${diario} (meio ${meio})${efeito}.`;
}

/**
 * A notice as printed (edital/pdf?id), in the official layout: the authority's header and "page x of
 * y" come from the PDF platform; here number/year, title, text, reasons, the taxpayers cited, the
 * responsible and the publication data. For anonymous readers (`publico`) individuals' CPFs are masked,
 * and so is anything CPF-shaped typed into the free texts (title, text, observação).
 */
export async function editalPdf(db: DbOrTx, id: number, opts: { publico?: boolean } = {}): Promise<{ documento: DocumentoPdf; numero: string } | null> {
  const e = await queryOne<EditalPdfRow>(db, sql`select e.*, t.descricao as tipo, s.descricao as situacao, p.nome as responsavel, f.descricao as futura
    from edital e join ref_tipo_edital t on t.id = e.tipo_edital_id join ref_situacao_edital s on s.id = e.situacao_edital_id
    left join pessoa p on p.numero_pessoa = e.numero_pessoa_responsavel left join ref_situacao_cadastral f on f.id = e.situacao_cadastral_futura_id where e.id = ${id}`);
  if (!e) return null;
  const [motivos, citados] = await Promise.all([
    query<{ descricao: string; principal: boolean }>(db, sql`select m.descricao, em.principal from edital_motivo em join ref_motivo_situacao m on m.id = em.motivo_id
      where em.edital_id = ${id} order by em.principal desc, m.descricao`),
    query<CitadoRow>(db, sql`select c.numero_caceal, c.digito_caceal, p.numero_documento, p.nome, ec.numero_documento_vinculado as doc, td.descricao as tipo_doc, ec.observacao
      from edital_contribuinte ec join contribuinte c on c.id = ec.contribuinte_id join pessoa p on p.numero_pessoa = c.numero_pessoa
      left join ref_tipo_documento_vinculado td on td.id = ec.tipo_documento_vinculado_id where ec.edital_id = ${id} order by c.numero_caceal, ec.id`),
  ]);
  const documento = (d: string) => (opts.publico && d.length === 11 ? mascararCpf(d) : formatDocumento(d));
  const livre = (t: string) => (opts.publico ? mascararCpfsNoTexto(t) : t);
  const documentoPdf: DocumentoPdf = {
    titulo: `Edital nº ${e.numero}`,
    subtitulo: `${e.tipo} · ${e.situacao}`,
    conteudo: [
      { text: livre(e.titulo), bold: true, alignment: 'center', margin: [0, 0, 0, 6] },
      campos([
        ['Número/ano', e.numero],
        ['Tipo', e.tipo],
        ['Situação cadastral aplicada', e.futura],
        ['Data de publicação', dia(e.data_publicacao)],
        ['Data de efeito legal', dia(e.data_efeito_legal)],
        ['Prazo de convocação', e.prazo_convocacao === null ? null : `${e.prazo_convocacao} dias`],
        ['Processo', e.numero_processo],
        ['Diário Oficial', e.numero_diario],
        ['Meio de comunicação', e.meio_comunicacao === 'I' ? 'Impresso' : 'Eletrônico'],
      ]),
      secao('Motivos'),
      { ul: motivos.length ? motivos.map((m) => `${m.descricao}${m.principal ? ' (principal)' : ''}`) : ['Não informado'] },
      secao('Texto'),
      { text: livre(e.texto), alignment: 'justify' },
      secao(`Contribuintes citados (${citados.length})`),
      // Thousands of rows (5,000 in bench/edital.ts): the long-table layout, CACEAL and documents on one line each.
      tabelaLonga(
        ['CACEAL', 'CPF/CNPJ', 'Nome / razão social', 'Documento vinculado', 'Observação'],
        citados.map((c) => [
          formatCaceal(Number(c.numero_caceal), Number(c.digito_caceal)), documento(c.numero_documento), c.nome,
          c.doc ? `${c.tipo_doc ?? ''} ${c.tipo_doc === 'CACEAL' ? c.doc : documento(c.doc)}` : '', livre(c.observacao ?? ''),
        ]),
        // A4 portrait: 523 pt between the margins, less 8 pt of padding per column.
        { larguras: [52, 80, 166, 95, 90], semQuebra: [true, true, false, false, false], vazio: 'Nenhum registro encontrado.' },
      ),
      secao('Responsável'),
      { text: e.responsavel ?? 'Não informado' },
      secao('Publicação'),
      { text: publicacao(e) },
    ],
  };
  return { documento: documentoPdf, numero: e.numero };
}
