import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import ptBr from '../i18n/pt-br';
import { erroDaPlanilha } from './documentos';
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
