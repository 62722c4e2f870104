import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** A typed column of a spreadsheet: its header and what kind of cell it writes (its width comes from the content). */
export interface ColunaXlsx {
  titulo: string;
  tipo: 'texto' | 'data' | 'inteiro' | 'numero';
}

/** The rows that size the columns: a streamed sheet writes its widths before its first row, so these wait. */
export const AMOSTRA_LARGURAS = 1_000;
/** The widest a column gets (characters): a long name wraps in Excel's cell rather than push the rest off screen. */
export const LARGURA_MAXIMA_XLSX = 60;

type ValorXlsx = string | number | null;
/** A value as Excel shows it: days dd/mm/yyyy, integers with thousands separators, text by its longest line. */
function comoExibido(v: ValorXlsx | undefined, tipo: ColunaXlsx['tipo']): number {
  if (v === null || v === undefined || v === '') return 0;
  if (tipo === 'data' && /^\d{4}-\d{2}-\d{2}/.test(String(v))) return 10;
  if ((tipo === 'inteiro' || tipo === 'numero') && Number.isFinite(Number(v))) return Number(v).toLocaleString('en-US', { maximumFractionDigits: tipo === 'inteiro' ? 0 : 2 }).length;
  return Math.max(...String(v).split('\n').map((l) => l.length));
}

/**
 * Each column's width (characters) from its content: the longest of its header (bold, a tenth wider)
 * and its values as shown in `linhas`, plus room for the filter button, within [10, LARGURA_MAXIMA_XLSX]
 * (exceljs leaves out a column of its default width 9, which Excel then shows at 8.43).
 */
export function largurasPeloConteudo(colunas: readonly ColunaXlsx[], linhas: readonly (readonly ValorXlsx[])[]): number[] {
  return colunas.map((c, i) => {
    let maior = Math.ceil(c.titulo.length * 1.1);
    for (const l of linhas) maior = Math.max(maior, comoExibido(l[i], c.tipo));
    return Math.min(LARGURA_MAXIMA_XLSX, Math.max(10, maior + 2));
  });
}

/** Excel's rows per sheet (1,048,576), less the four lines above the data (title, filters, blank, header). */
export const LINHAS_POR_FOLHA = 1_048_576 - 4;

/**
 * A spreadsheet written row by row into a stream (exceljs' streaming WorkbookWriter: each committed
 * row leaves memory), so a report of any size costs the same memory. Layout: title, the filters,
 * a blank line, the frozen header row, the rows. Beyond `linhasPorFolha` data rows (Excel's limit by
 * default) the rows go on in a new sheet, "Aba (2)", with the same four lines on top. The first
 * AMOSTRA_LARGURAS rows wait in memory until the columns' widths are known from them.
 */
export function planilhaEmFluxo(opt: { aba: string; titulo: string; filtros: string; colunas: ColunaXlsx[]; linhasPorFolha?: number }) {
  const saida = new PassThrough();
  const linhasPorFolha = opt.linhasPorFolha ?? LINHAS_POR_FOLHA;
  // No shared strings: they would keep every distinct text in memory until the end.
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  livro.creator = 'SEFAZ-AL - Cadastro de Contribuintes';
  const estilos = (livro as unknown as { styles: { addStyleModel(m: object, tipo: number): number } }).styles;
  const NUMERO = 2; // exceljs' ValueType.Number
  const colunas = opt.colunas.map((c, i) => ({
    letra: letraColuna(i),
    tipo: c.tipo,
    estilo: c.tipo === 'data' ? estilos.addStyleModel({ numFmt: 'dd/mm/yyyy' }, NUMERO) : c.tipo === 'inteiro' ? estilos.addStyleModel({ numFmt: '#,##0' }, NUMERO) : 0,
  }));
  let folhas = 0;
  let larguras: number[] = [];
  const abrirFolha = () => {
    folhas++;
    const sufixo = folhas > 1 ? ` (${folhas})` : '';
    const folha = livro.addWorksheet(opt.aba.slice(0, 31 - sufixo.length) + sufixo, { views: [{ state: 'frozen', ySplit: 4 }] });
    // Number formats on the columns, not on each cell: the rows inherit them at no cost per cell.
    folha.columns = opt.colunas.map((c, i) => ({ width: larguras[i], style: c.tipo === 'data' ? { numFmt: 'dd/mm/yyyy' } : c.tipo === 'inteiro' ? { numFmt: '#,##0' } : {} }));
    const titulo = folha.addRow([opt.titulo]);
    titulo.font = { bold: true, size: 13 };
    titulo.commit();
    folha.addRow([opt.filtros]).commit();
    folha.addRow([]).commit();
    const cabecalho = folha.addRow(opt.colunas.map((c) => c.titulo));
    cabecalho.font = { bold: true };
    cabecalho.eachCell((cel) => {
      cel.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9ECEF' } };
    });
    cabecalho.commit();
    return folha;
  };
  let folha: ReturnType<typeof abrirFolha> | undefined;
  const amostra: ValorXlsx[][] = [];
  // The rows after the header are written as sheet XML here, one string per row: exceljs builds a
  // Row, a Cell and a model per value and runs them through its xforms, three quarters of a big
  // export's time (docs/performance.md). The same XML it would write: each cell with its column's style
  // (a cell without one would not inherit the column's format), text inline, days as serial numbers.
  type Estado = { length: number } | undefined;
  const fluxo = () => (folha! as unknown as { stream: { write(s: string): void; pipes?: { _writableState?: Estado; _readableState?: Estado }[] } }).stream;
  let numero = 4;
  const escrever = (valores: ValorXlsx[]) => {
    if (numero - 4 >= linhasPorFolha) {
      folha!.commit();
      folha = abrirFolha();
      numero = 4;
    }
    numero++;
    let xml = `<row r="${numero}">`;
    for (let i = 0; i < valores.length && i < colunas.length; i++) xml += celula(valores[i]!, colunas[i]!, numero);
    fluxo().write(`${xml}</row>`);
  };
  /** The sample is in (or the rows ended before it filled): widths from it, the first sheet, its rows. */
  const comecar = () => {
    larguras = largurasPeloConteudo(opt.colunas, amostra);
    folha = abrirFolha();
    for (const l of amostra.splice(0)) escrever(l);
  };
  return {
    saida,
    /** Writes one row; values as the columns' kinds expect them (days as 'yyyy-MM-dd' text). */
    linha(valores: ValorXlsx[]) {
      if (folha) return escrever(valores);
      amostra.push(valores);
      if (amostra.length >= AMOSTRA_LARGURAS) comecar();
    },
    /**
     * Bytes of the current sheet not yet taken by the zip: exceljs hands them on without backpressure,
     * so a writer that only watched `saida` would pile the rows up here.
     */
    pendente(): number {
      if (!folha) return 0;
      // archiver's PassThrough (readable-stream 2: no writableLength/readableLength getters).
      const entrada = fluxo().pipes?.[0];
      return (entrada?._writableState?.length ?? 0) + (entrada?._readableState?.length ?? 0);
    },
    get folhas() {
      return folhas;
    },
    async fechar() {
      if (!folha) comecar();
      folha!.commit();
      await livro.commit();
    },
  };
}

const letraColuna = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : letraColuna(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

/** Days from Excel's epoch (1899-12-30, counting its 1900 leap-year bug) to 1970-01-01. */
const EPOCA_EXCEL = 25_569;

function celula(v: string | number | null | undefined, c: { letra: string; tipo: ColunaXlsx['tipo']; estilo: number }, linha: number): string {
  if (v === null || v === undefined || v === '') return '';
  const r = `${c.letra}${linha}`;
  if (c.tipo === 'inteiro' || c.tipo === 'numero') {
    const n = Number(v);
    // A text where a number was expected (e.g. 'Total' in a numeric column) stays text.
    if (Number.isFinite(n)) return `<c r="${r}"${c.estilo ? ` s="${c.estilo}"` : ''}><v>${n}</v></c>`;
  } else if (c.tipo === 'data' && /^\d{4}-\d{2}-\d{2}/.test(String(v))) {
    // A calendar day as an Excel date (no time zone): its serial number, never through local time.
    const [a, m, d] = String(v).slice(0, 10).split('-').map(Number) as [number, number, number];
    return `<c r="${r}" s="${c.estilo}"><v>${Date.UTC(a, m - 1, d) / 86_400_000 + EPOCA_EXCEL}</v></c>`;
  }
  const t = String(v);
  return `<c r="${r}" t="inlineStr"><is><t${/^\s|\s$/.test(t) ? ' xml:space="preserve"' : ''}>${escaparXml(t)}</t></is></c>`;
}

/** Text for an XML element: the markup characters escaped, and the control characters XML 1.0 forbids dropped. */
// eslint-disable-next-line no-control-regex -- finding the control characters XML forbids is the point
const PROIBIDOS_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
function escaparXml(t: string): string {
  PROIBIDOS_XML.lastIndex = 0;
  if (!/[&<>"]/.test(t) && !PROIBIDOS_XML.test(t)) return t;
  return t.replace(PROIBIDOS_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
