import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/** A typed column of a spreadsheet: what kind of cell it writes and how wide it is (characters). */
export interface ColunaXlsx {
  titulo: string;
  tipo: 'texto' | 'data' | 'inteiro' | 'numero';
  largura: number;
}

/**
 * A spreadsheet written row by row into a stream (exceljs' streaming WorkbookWriter: each committed
 * row leaves memory), so a report of any size costs the same memory. Layout: title, the filters,
 * a blank line, the frozen header row, the rows.
 */
export function planilhaEmFluxo(opt: { aba: string; titulo: string; filtros: string; colunas: ColunaXlsx[] }) {
  const saida = new PassThrough();
  // No shared strings: they would keep every distinct text in memory until the end.
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  livro.creator = 'SEFAZ-AL - Cadastro de Contribuintes';
  const folha = livro.addWorksheet(opt.aba.slice(0, 31), { views: [{ state: 'frozen', ySplit: 4 }] });
  // Number formats on the columns, not on each cell: the rows inherit them at no cost per cell.
  folha.columns = opt.colunas.map((c) => ({ width: c.largura, style: c.tipo === 'data' ? { numFmt: 'dd/mm/yyyy' } : c.tipo === 'inteiro' ? { numFmt: '#,##0' } : {} }));
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
  return {
    saida,
    /** Writes one row; values as the columns' kinds expect them (days as 'yyyy-MM-dd' text). */
    linha(valores: (string | number | null)[]) {
      folha.addRow(valores.map((v, i) => celula(v, opt.colunas[i]!))).commit();
    },
    async fechar() {
      folha.commit();
      await livro.commit();
    },
  };
}

function celula(v: string | number | null, c: ColunaXlsx): string | number | Date | null {
  if (v === null || v === undefined || v === '') return null;
  if (c.tipo === 'data') {
    // A calendar day as an Excel date: midnight UTC of that day (the file has no time zone).
    const [a, m, d] = String(v).slice(0, 10).split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(a, m - 1, d));
  }
  if (c.tipo === 'inteiro' || c.tipo === 'numero') return Number(v);
  return String(v);
}
