import { describe, expect, it } from 'vitest';
import {
  formatCelulaRelatorio, formatCep, formatItemRelatorio, RELATORIOS, formatCnae, formatCrc, formatCrcContador, formatCrcTexto, formatDecimal, formatDia, formatInteiro, formatMoeda,
  formatNaturezaJuridica, formatPercentual, partesCrc,
} from '../index.js';

describe('codes as the offices write them', () => {
  it('natureza jurídica: CONCLA code with its check digit after a hyphen', () => {
    expect(formatNaturezaJuridica('2062', 'Sociedade Empresária Limitada')).toBe('206-2 - Sociedade Empresária Limitada');
    expect(formatNaturezaJuridica('2135')).toBe('213-5');
    expect(formatNaturezaJuridica('206-2')).toBe('206-2');
    // REDESIM's text with the bare code
    expect(formatNaturezaJuridica('2062 - Sociedade Empresária Limitada')).toBe('206-2 - Sociedade Empresária Limitada');
    expect(formatNaturezaJuridica(null, 'Sem código')).toBe('Sem código');
    expect(formatNaturezaJuridica(null)).toBe('');
  });
  it('CNAE subclass 9999-9/99', () => {
    expect(formatCnae('4711302')).toBe('4711-3/02');
    expect(formatCnae('111301')).toBe('0111-3/01');
    expect(formatCnae('4711-3/02')).toBe('4711-3/02');
    expect(formatCnae(null)).toBe('');
  });
  it('CEP 99999-999', () => {
    expect(formatCep('57020000')).toBe('57020-000');
    expect(formatCep('57020-000')).toBe('57020-000');
    expect(formatCep('123')).toBe('123');
    expect(formatCep(null)).toBe('');
  });
  it('CRC-UF 999999/T-D', () => {
    expect(formatCrc({ uf: 'AL', numero: '179190', tipo: 'O', digito: 9 })).toBe('CRC-AL 179190/O-9');
    expect(formatCrc({ uf: 'AL', numero: '4567', tipo: null, digito: null })).toBe('CRC-AL 004567');
    expect(formatCrcContador({ codigoUfCrc: 'PE', numeroCrc: '12345', codigoTipoInscricao: 'T', digitoVerificadorCrc: 0 })).toBe('CRC-PE 012345/T-0');
    expect(formatCrcTexto('AL179190O9')).toBe('CRC-AL 179190/O-9');
    expect(formatCrcTexto('AL179190')).toBe('CRC-AL 179190');
    expect(formatCrcTexto('CRC-AL 179190/O-9')).toBe('CRC-AL 179190/O-9');
    expect(formatCrcTexto('não sei')).toBe('não sei');
    expect(formatCrcTexto(null)).toBe('');
  });
  it('a typed CRC read into its parts (UF999999TD)', () => {
    expect(partesCrc('AL123456O5')).toEqual({ uf: 'AL', numero: '123456', tipo: 'O', digito: 5 });
    expect(partesCrc('al-012345')).toEqual({ uf: 'AL', numero: '12345', tipo: null, digito: null });
    expect(partesCrc('AL1234567')).toEqual({ uf: 'AL', numero: '123456', tipo: null, digito: 7 });
    expect(partesCrc('AL12345678')).toBeNull();
    expect(partesCrc('AL123456X1')).toBeNull();
  });
});

describe('numbers as the offices write them', () => {
  it('money with R$, thousands with dots, two decimals with a comma', () => {
    expect(formatMoeda('1234.56')).toBe('R$ 1.234,56');
    expect(formatMoeda(1234567.5)).toBe('R$ 1.234.567,50');
    expect(formatMoeda('0')).toBe('R$ 0,00');
    expect(formatMoeda(-10)).toBe('-R$ 10,00');
    expect(formatMoeda(null)).toBe('');
    expect(formatMoeda('')).toBe('');
  });
  it('percentages glued to %', () => {
    expect(formatPercentual('50')).toBe('50,00%');
    expect(formatPercentual('33.333')).toBe('33,33%');
    expect(formatPercentual(100)).toBe('100,00%');
    expect(formatPercentual(null)).toBe('');
  });
  it('decimals and counts', () => {
    expect(formatDecimal('1234.5')).toBe('1.234,50');
    expect(formatDecimal(-0.001)).toBe('0,00');
    expect(formatDecimal('abc')).toBe('abc');
    expect(formatInteiro(1234567)).toBe('1.234.567');
    expect(formatInteiro(12)).toBe('12');
  });
  it('decimal text is written digit by digit, never through a JS number (issue #39 §9)', () => {
    expect(formatDecimal('12345678901234567.89')).toBe('12.345.678.901.234.567,89');
    expect(formatDecimal('999999999999999.99')).toBe('999.999.999.999.999,99');
    expect(formatDecimal('99999999999999.99')).toBe('99.999.999.999.999,99');
    expect(formatMoeda('1234567890123.45')).toBe('R$ 1.234.567.890.123,45');
    expect(formatDecimal('0.005')).toBe('0,01');
    expect(formatDecimal('9.995')).toBe('10,00');
    expect(formatDecimal('-0.001')).toBe('0,00');
    expect(formatDecimal('-12.5')).toBe('-12,50');
    expect(formatDecimal('007.1')).toBe('7,10');
    expect(formatInteiro('1234567890123456789')).toBe('1.234.567.890.123.456.789');
    expect(formatPercentual('33.335')).toBe('33,34%');
  });
});

describe('report cells', () => {
  const sn = { sim: 'Sim', nao: 'Não' };
  it('each kind of column written as the screens write it', () => {
    expect(formatCelulaRelatorio('cnae', '4711302', sn)).toBe('4711-3/02');
    expect(formatCelulaRelatorio('cnpj', '11222333000181', sn)).toBe('11.222.333/0001-81');
    // A produtor rural's registration is held by his CPF: written as a CPF, not cut into a CNPJ's mask.
    expect(formatCelulaRelatorio('cnpj', '52998224725', sn)).toBe('529.982.247-25');
    expect(formatCelulaRelatorio('cpf', '52998224725', sn)).toBe('529.982.247-25');
    expect(formatCelulaRelatorio('data', '2026-07-01', sn)).toBe('01/07/2026');
    expect(formatCelulaRelatorio('inteiro', 12345, sn)).toBe('12.345');
    expect(formatCelulaRelatorio('simNao', 'S', sn)).toBe('Sim');
    expect(formatCelulaRelatorio('simNao', false, sn)).toBe('Não');
    expect(formatCelulaRelatorio('texto', null, sn)).toBe('');
    expect(formatDia('2026-12-31')).toBe('31/12/2026');
  });

  it('a sub-row of a report list (a taxpayer\'s activity) as one line, its CNAE written 9999-9/99', () => {
    const colunas = RELATORIOS.cacealForaInteresse.lista.colunas;
    expect(formatItemRelatorio(colunas, { codigoCnae: '4711302', descricao: 'Comércio varejista', ehInteresse: 'NÃO' }, sn)).toBe('4711-3/02 · Comércio varejista · NÃO');
    expect(formatItemRelatorio(colunas, { codigoCnae: 111301, descricao: null, ehInteresse: 'SIM' }, sn)).toBe('0111-3/01 · SIM');
  });
});
