import { formatDia } from '@cadastro/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import type { TabelaLonga } from './layout.js';

/** Building blocks shared by every printed document, so sheets, certificates and reports look alike. */

export const NAO_INFORMADO = 'Não informado';

export function secao(titulo: string): Content {
  return { table: { widths: ['*'], body: [[{ text: titulo.toUpperCase(), style: 'secao', margin: [4, 2, 4, 2] }]] }, layout: 'noBorders', margin: [0, 8, 0, 2] };
}

/** Label/value pairs laid out in a grid; an empty value prints 'Não informado' (§5). */
export function campos(pares: [string, string | null | undefined][], colunas = 3): Content {
  const celulas: TableCell[] = pares.map(([rotulo, valor]) => ({
    stack: [{ text: rotulo, style: 'rotulo' }, { text: valor === null || valor === undefined || valor === '' ? NAO_INFORMADO : valor }],
    margin: [0, 1, 0, 1],
  }));
  const linhas: TableCell[][] = [];
  for (let i = 0; i < celulas.length; i += colunas) {
    const linha = celulas.slice(i, i + colunas);
    while (linha.length < colunas) linha.push({ text: '' });
    linhas.push(linha);
  }
  return { table: { widths: Array(colunas).fill('*'), body: linhas }, layout: 'noBorders' };
}

/** A bordered table with a header row; `vazio` is printed instead when there are no rows. */
export function tabela(cabecalhos: string[], linhas: (string | null | undefined)[][], vazio: string, larguras?: (string | number)[]): Content {
  if (!linhas.length) return { text: vazio, italics: true, margin: [0, 2, 0, 2] };
  return {
    table: {
      headerRows: 1,
      widths: larguras ?? cabecalhos.map(() => '*'),
      body: [
        cabecalhos.map((c) => ({ text: c, style: 'cabecalhoTabela' })),
        ...linhas.map((l) => l.map((v) => ({ text: v ?? '' }))),
      ],
    },
    layout: 'grade',
  };
}

/**
 * A table of thousands of rows, printed in about half the time of `tabela` (docs/performance.md). It
 * crosses to the render thread as bare strings (a small message) and becomes pdfmake tables there
 * (layout.ts, `expandirTabelaLonga`): widths in points, every style set on the cell, no wrapping in
 * the columns marked `semQuebra`, rules between rows only, parts of `lote` rows. Only at the top level
 * of a document's `conteudo`.
 */
export function tabelaLonga(cabecalhos: string[], linhas: string[][], opts: Omit<TabelaLonga['tabelaLonga'], 'cabecalhos' | 'linhas'> & { vazio: string }): Content {
  if (!linhas.length) return { text: opts.vazio, italics: true, margin: [0, 2, 0, 2] };
  const { vazio: _vazio, ...resto } = opts;
  const no: TabelaLonga = { tabelaLonga: { cabecalhos, linhas, ...resto } };
  return no as unknown as Content;
}

/** yyyy-MM-dd → dd/MM/yyyy, without ever going through Date (time zones): the domain's formatter. */
export const dia = formatDia;

export function simNao(v: boolean | null | undefined): string | null {
  return v === null || v === undefined ? null : v ? 'Sim' : 'Não';
}
