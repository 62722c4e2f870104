import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { planilhaEmFluxo } from './xlsx.js';

describe('planilhaEmFluxo: rows written as sheet XML', () => {
  it('reads back typed: text inline (markup escaped, forbidden characters dropped, spaces kept), days as dates, integers as numbers', async () => {
    const x = planilhaEmFluxo({ aba: 'Teste', titulo: 'Título', filtros: 'Sem filtros', colunas: [
      { titulo: 'CACEAL', tipo: 'texto', largura: 11 }, { titulo: 'Razão social', tipo: 'texto', largura: 40 },
      { titulo: 'Início', tipo: 'data', largura: 12 }, { titulo: 'Quantidade', tipo: 'inteiro', largura: 10 },
    ] });
    const partes: Buffer[] = [];
    x.saida.on('data', (b: Buffer) => partes.push(b));
    const fim = new Promise((ok) => x.saida.on('end', ok));
    x.linha(['24000001-2', ' SILVA & <FILHOS> "LTDA"\u0001 ', '2024-02-29', 1234]);
    x.linha(['Total', null, null, 99999]);
    await x.fechar();
    await fim;
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(Buffer.concat(partes) as unknown as ArrayBuffer);
    const folha = livro.worksheets[0]!;
    expect(folha.getCell('A1').value).toBe('Título');
    expect(folha.getRow(4).values).toEqual([undefined, 'CACEAL', 'Razão social', 'Início', 'Quantidade']);
    const l = folha.getRow(5);
    expect(l.getCell(1).value).toBe('24000001-2');
    expect(l.getCell(2).value).toBe(' SILVA & <FILHOS> "LTDA" ');
    expect((l.getCell(3).value as Date).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(l.getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(l.getCell(4).value).toBe(1234);
    expect(l.getCell(4).numFmt).toBe('#,##0');
    expect(folha.getRow(6).values).toEqual([undefined, 'Total', undefined, undefined, 99999]);
    expect(folha.actualRowCount).toBe(5);
  });
});
