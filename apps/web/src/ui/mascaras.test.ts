import { describe, expect, it } from 'vitest';
import { formatDecimal } from '@cadastro/domain';
import { moedaDigitada } from './mascaras';

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
