import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { DocumentoPdf } from './documento.js';

const FUSO = 'America/Maceio';

/** dd/MM/yyyy HH:mm in the authority's time zone (Alagoas, UTC−3 without daylight saving). */
export function dataHoraLocal(d: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** Table layouts by name: content crosses to the render thread as plain data, so no functions in it. */
export const LAYOUTS_TABELA = {
  grade: { hLineWidth: () => 0.5, vLineWidth: () => 0.5, hLineColor: () => '#adb5bd', vLineColor: () => '#adb5bd' },
  /** Long lists: rules between rows only (no vertical lines: half the drawing, half the bytes). */
  linhas: { hLineWidth: () => 0.5, vLineWidth: () => 0, hLineColor: () => '#adb5bd', paddingTop: () => 1, paddingBottom: () => 2 },
};

/** The standard (not embedded) font family long tables are printed in; see motor.ts. */
export const FONTE_PADRAO_PDF = 'Helvetica';

/** A long table as it crosses threads (blocos.ts `tabelaLonga`): strings only. */
export interface TabelaLonga {
  tabelaLonga: { cabecalhos: string[]; linhas: string[][]; larguras: number[]; semQuebra?: boolean[]; fontSize?: number; lote?: number };
}

/**
 * Every style property pdfmake reads for a piece of text, set on the cell itself: pdfmake copies a
 * cell's properties to each word and walks the style stack only for those missing (some twenty
 * lookups a word otherwise). No link/linkToPage keys: any value there, even false, makes pdfkit write
 * an annotation per word.
 */
const CELULA = {
  font: FONTE_PADRAO_PDF, bold: false, italics: false, alignment: 'left', fontFeatures: false, characterSpacing: 0, color: 'black',
  decoration: false, decorationColor: false, decorationStyle: false, decorationThickness: false, background: false, opacity: 1, sup: false, sub: false,
  lineHeight: 1.1, preserveLeadingSpaces: false, preserveTrailingSpaces: false, leadingIndent: 0, wordBreak: 'normal',
};

/** Characters outside WinAnsi (the standard fonts' encoding) lose their accent, or become '?', rather than print as garbage. */
const FORA_WIN_ANSI = /[^\n\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g;
export function winAnsi(v: string): string {
  FORA_WIN_ANSI.lastIndex = 0;
  if (!FORA_WIN_ANSI.test(v)) return v;
  return v.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC').replace(FORA_WIN_ANSI, '?');
}

/**
 * The pdfmake tables of a long table, built on the render thread. Each part of `lote` rows is its own
 * table (pdfmake slows down on one huge table), repeating the header when it starts a page. `text`
 * comes first in each cell: V8 builds and walks a literal that starts with a spread markedly slower
 * (30 % of this table's layout time, and a third more memory).
 */
export function expandirTabelaLonga({ tabelaLonga: t }: TabelaLonga): Content[] {
  const fontSize = t.fontSize ?? 8;
  const lote = t.lote ?? 250;
  const cabecalho = t.cabecalhos.map((c) => ({ text: c, ...CELULA, bold: true, fontSize, noWrap: false, fillColor: '#e9ecef' }));
  const partes: Content[] = [];
  for (let i = 0; i < t.linhas.length; i += lote) {
    const corpo = t.linhas.slice(i, i + lote).map((l) => l.map((v, j) => ({ text: winAnsi(v), ...CELULA, fontSize, noWrap: t.semQuebra?.[j] ?? false })));
    // false where pdfmake's types want a string or a number: pdfmake only tests those for truth.
    partes.push({ table: { headerRows: 1, widths: t.larguras, body: [cabecalho, ...corpo] }, layout: 'linhas' } as unknown as Content);
  }
  return partes;
}

const ehTabelaLonga = (c: unknown): c is TabelaLonga => typeof c === 'object' && c !== null && 'tabelaLonga' in c;

/**
 * Every PDF of the registry: the authority's header, the title, issue date/time and page numbers.
 * Built where it is rendered (the header and footer are functions, which cannot cross threads).
 */
export function definicao(doc: DocumentoPdf): TDocumentDefinitions {
  const emitido = dataHoraLocal(doc.emitidoEm ? new Date(doc.emitidoEm) : new Date());
  return {
    pageSize: 'A4',
    pageOrientation: doc.paisagem ? 'landscape' : 'portrait',
    pageMargins: [36, doc.subtitulo ? 112 : 96, 36, 48],
    info: { title: doc.titulo, author: 'SEFAZ-AL', subject: doc.subtitulo ?? doc.titulo, creator: 'Cadastro de Contribuintes - CACEAL' },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      orgao: { fontSize: 10, bold: true },
      titulo: { fontSize: 13, bold: true, alignment: 'center', margin: [0, 6, 0, 0] },
      subtitulo: { fontSize: 10, alignment: 'center', color: '#333333' },
      secao: { fontSize: 10, bold: true, fillColor: '#e9ecef', margin: [0, 8, 0, 2] },
      rotulo: { fontSize: 7, color: '#555555' },
      cabecalhoTabela: { bold: true, fontSize: 8, fillColor: '#e9ecef' },
    },
    header: () => ({
      margin: [36, 20, 36, 0],
      stack: [
        { text: 'ESTADO DE ALAGOAS', style: 'orgao', alignment: 'center' },
        { text: 'SECRETARIA DE ESTADO DA FAZENDA', style: 'orgao', alignment: 'center' },
        { text: 'Cadastro de Contribuintes do ICMS - CACEAL', alignment: 'center', fontSize: 9 },
        { text: doc.titulo, style: 'titulo' },
        ...(doc.subtitulo ? [{ text: doc.subtitulo, style: 'subtitulo' }] : []),
      ],
    }),
    footer: (pagina, paginas) => ({
      margin: [36, 12, 36, 0],
      columns: [
        { text: [`Emitido em ${emitido} (horário de Maceió)`, doc.rodape ? ` · ${doc.rodape}` : ''].join(''), fontSize: 7 },
        { text: `Página ${pagina} de ${paginas}`, alignment: 'right', fontSize: 7, width: 80 },
      ],
    }),
    content: doc.conteudo.flatMap((c) => (ehTabelaLonga(c) ? expandirTabelaLonga(c) : [c])),
  };
}
