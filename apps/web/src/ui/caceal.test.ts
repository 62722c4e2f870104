import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en';
import ptBr from '../i18n/pt-br';
import { erroCacealDigitado } from './caceal';
import { httpErrorMessage } from './errors';
import { HttpError } from './http';

const i18n = createInstance();
await i18n.init({ resources: { 'pt-br': { translation: ptBr }, en: { translation: en } }, lng: 'pt-br', lowerCaseLng: true, interpolation: { escapeValue: false } });
const t = i18n.t.bind(i18n);

describe('a typed CACEAL (the domain rule, said before sending)', () => {
  it('nothing while incomplete or valid; the type-digit rule in words, pt-BR and en', async () => {
    expect(erroCacealDigitado('2490', t)).toBeUndefined();
    expect(erroCacealDigitado('24300001', t)).toBeUndefined();
    expect(erroCacealDigitado('24900001', t)).toBe('CACEAL inválido: o terceiro dígito indica o tipo de contribuinte (0, 3, 5, 7 ou 8).');
    expect(erroCacealDigitado('13000001', t)).toBe('Informe um CACEAL de 8 dígitos começando por 24.');
    await i18n.changeLanguage('en');
    expect(erroCacealDigitado('24100001', t)).toBe('Invalid CACEAL: the third digit is the taxpayer type (0, 3, 5, 7 or 8).');
    await i18n.changeLanguage('pt-br');
  });
  it("the server's 400 for the same number reads the same", () => {
    const err = new HttpError(400, '/x', { type: 'about:blank', status: 400, title: 'Bad Request', detail: 'Invalid params: caceal (cacealTipo)', fieldErrors: [{ objectName: 'x', field: 'caceal', message: 'cacealTipo' }] }, '', undefined);
    expect(httpErrorMessage(err, t)).toContain('o terceiro dígito indica o tipo de contribuinte (0, 3, 5, 7 ou 8)');
  });
});
