import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import ptBr from '../i18n/pt-br';
import { erroDaPlanilha, erroDoDocumento } from './documentos';
import { HttpError } from './http';

const traducao = async (lng: string, translation: object) => {
  const i18n = createInstance();
  await i18n.init({ resources: { [lng]: { translation } }, lng, lowerCaseLng: true, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n);
};
const recusa = (status: number, message: string, detail: string, params?: string) =>
  new HttpError(status, '/x', { type: 'about:blank', status, title: '', detail, message, ...(params ? { params } : {}) }, '', undefined);

describe('why a spreadsheet download failed', () => {
  it('the refusals the server names by code are worded in the session’s language (the server’s detail is Portuguese only)', async () => {
    const grande = recusa(422, 'relatorio.planilhaGrandeDemais', 'O relatório tem mais de 1.048.572 linhas, o máximo para exportar de uma vez: refine os filtros.', '1048572');
    const ocupadas = recusa(503, 'relatorio.planilhasOcupadas', 'Outras planilhas estão sendo geradas agora; tente de novo em alguns segundos.');
    const tEn = await traducao('en', en);
    expect(erroDaPlanilha(grande, tEn)).toBe('The spreadsheet could not be downloaded. The report has more than 1.048.572 rows, the most exported at once: narrow the filters.');
    expect(erroDaPlanilha(ocupadas, tEn)).toBe('The spreadsheet could not be downloaded. Other spreadsheets are being generated right now; try again in a few seconds.');
    const tPt = await traducao('pt-br', ptBr);
    expect(erroDaPlanilha(grande, tPt)).toBe('Não foi possível baixar a planilha. O relatório tem mais de 1.048.572 linhas, o máximo para exportar de uma vez: refine os filtros.');
  });

  it('any other failure: the server’s detail goes along, or the generic text alone', async () => {
    const tPt = await traducao('pt-br', ptBr);
    expect(erroDaPlanilha(recusa(400, 'error.validation', 'Filtro inválido.'), tPt)).toBe('Não foi possível baixar a planilha. Filtro inválido.');
    expect(erroDaPlanilha(new TypeError('Failed to fetch'), tPt)).toBe('Não foi possível baixar a planilha.');
  });
});

describe('why a PDF failed', () => {
  it('a PDF refused for size says its limit formatted, in the session’s language (#40 §4: it said "20000")', async () => {
    const grande = recusa(422, 'relatorio.pdfGrandeDemais', 'O relatório tem mais de 20.000 linhas, o máximo de um PDF: baixe a planilha (XLSX).', '20000');
    expect(erroDoDocumento(grande, await traducao('pt-br', ptBr))).toBe('Não foi possível gerar o documento para impressão. O relatório tem mais de 20.000 linhas, o máximo de um PDF: baixe a planilha.');
    expect(erroDoDocumento(grande, await traducao('en', en))).toBe('The document could not be generated for printing. The report has more than 20.000 rows, the most a PDF holds: download the spreadsheet.');
  });

  it('a document not found is "no records"; any other failure keeps the server’s detail', async () => {
    const tPt = await traducao('pt-br', ptBr);
    expect(erroDoDocumento(recusa(404, 'error.http.404', ''), tPt)).toBe(`Não foi possível gerar o documento para impressão. ${tPt('global.noRecords')}`);
    expect(erroDoDocumento(recusa(400, 'error.validation', 'Filtro inválido.'), tPt, 'relatorio.erroPlanilha')).toBe('Não foi possível baixar a planilha. Filtro inválido.');
  });
});
