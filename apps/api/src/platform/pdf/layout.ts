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
  tabelaLonga: {
    cabecalhos: string[]; linhas: string[][]; larguras: number[]; semQuebra?: boolean[]; fontSize?: number; lote?: number;
    /** A last row in bold (a report's totals). */
    total?: string[];
  };
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

/** Helvetica's advance widths (1/1000 em) for WinAnsi codes 32–255, from Adobe's AFM as pdfkit ships it (js/data/Helvetica.afm). */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278,
  584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
  667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 556, 556, 556, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 556, 611, 556,
  556, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 556, 500, 500, 278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556,
  584, 333, 737, 333, 400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722,
  667, 667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611, 556, 556, 556, 556,
  556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 556,
];
const larguraHelvetica = (s: string, fontSize: number) => {
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    w += c >= 32 && c <= 255 ? HELVETICA[c - 32]! : 556;
  }
  return (w * fontSize) / 1000;
};

/**
 * A wrapping cell's text broken into its lines here ('\n'), the words of a line joined by no-break
 * spaces: pdfmake then measures and draws each line as one piece instead of one piece per word (a
 * name is five or six words). Greedy on spaces, widths without kerning (pdfkit's Helvetica kerning
 * is almost only tighter); a word wider than the column stays whole, as pdfmake would leave it.
 */
export function emLinhas(texto: string, largura: number, fontSize: number): string {
  const max = largura;
  const espaco = larguraHelvetica(' ', fontSize);
  return texto.split('\n').map((paragrafo) => {
    const linhas: string[] = [];
    let linha = '';
    let w = 0;
    for (const palavra of paragrafo.split(' ').filter(Boolean)) {
      const wp = larguraHelvetica(palavra, fontSize);
      if (!linha) {
        linha = palavra;
        w = wp;
      } else if (w + espaco + wp > max) {
        linhas.push(linha);
        linha = palavra;
        w = wp;
      } else {
        linha = `${linha}\u00a0${palavra}`;
        w += espaco + wp;
      }
    }
    linhas.push(linha);
    return linhas.join('\n');
  }).join('\n');
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
  const celula = (v: string, j: number, bold = false) => {
    const inteira = t.semQuebra?.[j] ?? false;
    return { text: inteira ? winAnsi(v) : emLinhas(winAnsi(v), t.larguras[j]!, fontSize), ...CELULA, bold, fontSize, noWrap: inteira };
  };
  const partes: Content[] = [];
  for (let i = 0; i < t.linhas.length; i += lote) {
    const corpo = t.linhas.slice(i, i + lote).map((l) => l.map((v, j) => celula(v, j)));
    if (t.total && i + lote >= t.linhas.length) corpo.push(t.total.map((v, j) => celula(v, j, true)));
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

/**
 * A table's column widths in points: `util` shared by the weights, except that no column is narrower
 * than its header's longest word (bold: ~10 % wider than regular), its values' longest word, nor, for
 * a column that does not wrap, than its widest value — a header never breaks inside a word ("De
 * interess / e"), nor a value ("MICROEMPREENDE / DOR", pdfmake cuts a word wider than its cell), nor
 * a CNPJ. The columns so fixed keep their minimum; the rest share what is left by weight.
 */
export function distribuirLarguras(cols: { titulo: string; peso: number; semQuebra: boolean; valores: string[] }[], util: number, fontSize: number): number[] {
  const minimos = cols.map((c) => {
    const palavra = Math.max(...c.titulo.split(/\s+/).map((p) => larguraHelvetica(winAnsi(p), fontSize) * 1.1));
    let valor = 0;
    for (const v of c.valores) for (const p of c.semQuebra ? [v] : v.split(/\s+/)) valor = Math.max(valor, larguraHelvetica(winAnsi(p), fontSize));
    return Math.ceil(Math.max(palavra, valor)) + 1;
  });
  const fixos = new Set<number>();
  for (;;) {
    const resto = util - [...fixos].reduce((s, i) => s + minimos[i]!, 0);
    const peso = cols.reduce((s, c, i) => (fixos.has(i) ? s : s + c.peso), 0);
    const larguras = cols.map((c, i) => (fixos.has(i) ? minimos[i]! : Math.floor((c.peso / peso) * resto)));
    const novos = larguras.map((w, i) => (!fixos.has(i) && w < minimos[i]! ? i : -1)).filter((i) => i >= 0);
    if (!novos.length || fixos.size + novos.length === cols.length) return novos.length ? minimos : larguras;
    novos.forEach((i) => fixos.add(i));
  }
}
