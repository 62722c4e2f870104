import { describe, expect, it } from 'vitest';
import { formatDecimal } from '@cadastro/domain';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { moedaDigitada, moedaExibida } from './mascaras';
import { CampoMoeda } from './CampoMoeda';

describe('money as a Brazilian types it (issue 32: "50.000,00" was "Valor inválido.")', () => {
  it('pt-BR text, the currency sign and bare digits give the API decimal', () => {
    expect(moedaDigitada('50.000,00')).toBe('50000.00');
    expect(moedaDigitada('R$ 50.000,00')).toBe('50000.00');
    expect(moedaDigitada('5000000')).toBe('50000.00');
    expect(moedaDigitada('0,5')).toBe('0.05');
    expect(moedaDigitada('')).toBeNull();
    expect(moedaDigitada('R$ ')).toBeNull();
  });
  it('typing after the shown value moves the cents mask; the field shows what the API keeps', () => {
    expect(formatDecimal(moedaDigitada('28.390,00' + '5')!)).toBe('283.900,05');
    expect(formatDecimal('28390.00')).toBe('28.390,00');
  });
  it('at most 15 integer digits and 2 cents (§5)', () => {
    expect(moedaDigitada('9'.repeat(20))).toBe(`${'9'.repeat(15)}.99`);
  });
});

describe('money stays a decimal string end to end (issue #39 §9: through a JS number it displayed wrong, and came back 10× smaller)', () => {
  const grandes = ['12345678901234567.89', '999999999999999.99', '99999999999999.99', '1234567890123.45'];
  it('a large amount is shown digit for digit', () => {
    expect(moedaExibida('12345678901234567.89')).toBe('12.345.678.901.234.567,89');
    expect(moedaExibida('999999999999999.99')).toBe('999.999.999.999.999,99');
    expect(moedaExibida('1234567890123.45')).toBe('1.234.567.890.123,45');
    expect(moedaExibida(null)).toBe('');
  });
  it.each(grandes)('touching the field (focus, blur, the shown text read back) keeps %s', (v) => {
    expect(moedaDigitada(moedaExibida(v), v)).toBe(v);
  });
  it('a keystroke past the mask is ignored, never shifting the digits already there', () => {
    expect(moedaDigitada(moedaExibida('999999999999999.99') + '5', '999999999999999.99')).toBe('999999999999999.99');
    expect(moedaDigitada(moedaExibida('12345678901234567.89') + '1', '12345678901234567.89')).toBe('12345678901234567.89');
    // An over-long value can still be shortened, one digit at a time.
    expect(moedaDigitada(moedaExibida('12345678901234567.89').slice(0, -1), '12345678901234567.89')).toBe('1234567890123456.78');
  });
  it('the field renders the exact text', () => {
    const html = renderToStaticMarkup(createElement(MantineProvider, null, createElement(CampoMoeda, { label: 'Capital', value: '12345678901234567.89', onChange: () => undefined })));
    expect(html).toContain('value="12.345.678.901.234.567,89"');
  });
});
