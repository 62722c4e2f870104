import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { AMOSTRA_LARGURAS, LARGURA_MAXIMA_XLSX, planilhaEmFluxo } from './xlsx.js';

describe('planilhaEmFluxo: rows written as sheet XML', () => {
  it('reads back typed: text inline (markup escaped, forbidden characters dropped, spaces kept), days as dates, integers as numbers', async () => {
    const x = planilhaEmFluxo({ aba: 'Teste', titulo: 'Título', filtros: 'Sem filtros', colunas: [
      { titulo: 'CACEAL', tipo: 'texto' }, { titulo: 'Razão social', tipo: 'texto' },
      { titulo: 'Início', tipo: 'data' }, { titulo: 'Quantidade', tipo: 'inteiro' },
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

  it('sizes each column from its header and its first rows as shown (dd/mm/yyyy, 1,234,567), capped; a longer value further down does not widen it', async () => {
    const colunas = [
      { titulo: 'CACEAL', tipo: 'texto' as const }, { titulo: 'Razão social', tipo: 'texto' as const }, { titulo: 'Início da atividade', tipo: 'data' as const },
      { titulo: 'Qtd', tipo: 'inteiro' as const }, { titulo: 'Observação', tipo: 'texto' as const },
    ];
    const x = planilhaEmFluxo({ aba: 'Teste', titulo: 'Título', filtros: 'Sem filtros', colunas });
    const partes: Buffer[] = [];
    x.saida.on('data', (b: Buffer) => partes.push(b));
    const fim = new Promise((ok) => x.saida.on('end', ok));
    const nome = 'COMERCIAL DE ALIMENTOS SANTA LUZIA DO NORTE LTDA'; // 48 characters
    for (let i = 0; i < AMOSTRA_LARGURAS + 200; i++) {
      const depois = i >= AMOSTRA_LARGURAS; // beyond the sample: not measured
      x.linha(['24000001-2', depois ? `${nome} ${nome}` : i === 7 ? nome : 'ME', '2024-02-29', i === 3 ? 1_234_567 : 5, i === 9 ? 'X'.repeat(200) : null]);
    }
    await x.fechar();
    await fim;
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(Buffer.concat(partes) as unknown as ArrayBuffer);
    const folha = livro.worksheets[0]!;
    const larguras = colunas.map((_, i) => folha.getColumn(i + 1).width!);
    const cabe = (largura: number, texto: number) => largura >= texto && largura <= texto + 4;
    expect(cabe(larguras[0]!, '24000001-2'.length), `CACEAL ${larguras[0]}`).toBe(true);
    expect(cabe(larguras[1]!, nome.length), `Razão social ${larguras[1]}`).toBe(true);
    expect(cabe(larguras[2]!, 'Início da atividade'.length * 1.1), `Início ${larguras[2]}`).toBe(true); // the header is the longest
    expect(cabe(larguras[3]!, '1,234,567'.length), `Qtd ${larguras[3]}`).toBe(true);
    expect(larguras[4]).toBe(LARGURA_MAXIMA_XLSX);
    expect(folha.actualRowCount).toBe(3 + AMOSTRA_LARGURAS + 200); // title, filters, header (the blank line is not counted)
  });
});
