import { describe, expect, it } from 'vitest';
import { municipioDoCep, textoRegra, violacaoCepMunicipio } from '../index.js';

const MACEIO = 2704302;
const ARAPIRACA = 2700300;

describe('a CEP inside its municipality (Correios ranges)', () => {
  it('a CEP of Maceió with Maceió passes; with Arapiraca it is refused, naming the range', () => {
    expect(violacaoCepMunicipio('57020000', MACEIO)).toBeNull();
    const v = violacaoCepMunicipio('57020000', ARAPIRACA)!;
    expect(v).toEqual({ regra: 'cepForaDoMunicipio', campo: 'cep', n: '57300-001 a 57319-999' });
    expect(textoRegra(v)).toBe('O CEP não pertence ao município informado (faixa dos Correios: 57300-001 a 57319-999).');
  });
  it('an incomplete CEP, no municipality, or a town the table does not know: not judged here', () => {
    expect(violacaoCepMunicipio('5702', ARAPIRACA)).toBeNull();
    expect(violacaoCepMunicipio('57020000', null)).toBeNull();
    expect(violacaoCepMunicipio('01001000', 3304557)).toBeNull(); // Rio de Janeiro: not in the table
    expect(violacaoCepMunicipio('08010000', 3550308)).toBeNull(); // São Paulo's second range: other states are not judged
  });
  it('an Alagoas address without a municipality: its CEP within the State range (issue 39 §7)', () => {
    const v = violacaoCepMunicipio('01001000', null, 'AL')!;
    expect(v).toEqual({ regra: 'cepForaDaUf', campo: 'cep', n: '57000-000 a 57999-999' });
    expect(textoRegra(v)).toBe('O CEP não pertence a Alagoas (faixa dos Correios: 57000-000 a 57999-999).');
    expect(textoRegra(v, 'en')).toBe('The CEP does not belong to Alagoas (Correios range: 57000-000 a 57999-999).');
    expect(violacaoCepMunicipio('57999999', null, 'AL')).toBeNull();
    expect(violacaoCepMunicipio('01001000', null, 'SP')).toBeNull();
    expect(violacaoCepMunicipio('01001000', undefined, null)).toBeNull();
  });
  it('finds the municipality of a CEP the table covers', () => {
    expect(municipioDoCep('57020000')).toBe(MACEIO);
    expect(municipioDoCep('57310000')).toBe(ARAPIRACA);
    expect(municipioDoCep('99999999')).toBeNull();
    expect(municipioDoCep('5702')).toBeNull();
  });
});
