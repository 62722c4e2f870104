import { describe, expect, it } from 'vitest';
import { separarTipoLogradouro } from './logradouro.js';

// The registry's reference table, as ref_tipo_logradouro holds it (a few of its rows).
const TIPOS = [
  { id: 1, descricao: 'RUA' }, { id: 2, descricao: 'AVENIDA' }, { id: 3, descricao: 'TRAVESSA' }, { id: 4, descricao: 'PRAÇA' },
  { id: 5, descricao: 'RODOVIA' }, { id: 6, descricao: 'ESTRADA' }, { id: 7, descricao: 'ALAMEDA' }, { id: 16, descricao: 'LADEIRA' },
];

describe('separarTipoLogradouro (issue 40 §6)', () => {
  it('takes the type from the first word and removes it from the name, whatever its case', () => {
    expect(separarTipoLogradouro('Rua do Sol', TIPOS)).toEqual({ tipoLogradouroId: 1, logradouro: 'do Sol' });
    expect(separarTipoLogradouro('AVENIDA FERNANDES LIMA', TIPOS)).toEqual({ tipoLogradouroId: 2, logradouro: 'FERNANDES LIMA' });
    expect(separarTipoLogradouro('  ladeira  da Catedral ', TIPOS)).toEqual({ tipoLogradouroId: 16, logradouro: 'da Catedral' });
  });

  it('reads a type written without its accent and the usual abbreviations, with or without the dot', () => {
    expect(separarTipoLogradouro('Praca Dom Pedro II', TIPOS)).toEqual({ tipoLogradouroId: 4, logradouro: 'Dom Pedro II' });
    expect(separarTipoLogradouro('PRAÇA DEODORO', TIPOS)).toEqual({ tipoLogradouroId: 4, logradouro: 'DEODORO' });
    expect(separarTipoLogradouro('Av. Durval de Góes Monteiro', TIPOS)).toEqual({ tipoLogradouroId: 2, logradouro: 'Durval de Góes Monteiro' });
    expect(separarTipoLogradouro('AV BRASIL', TIPOS)).toEqual({ tipoLogradouroId: 2, logradouro: 'BRASIL' });
    expect(separarTipoLogradouro('R. do Comércio', TIPOS)).toEqual({ tipoLogradouroId: 1, logradouro: 'do Comércio' });
    expect(separarTipoLogradouro('Tv. São José', TIPOS)).toEqual({ tipoLogradouroId: 3, logradouro: 'São José' });
    expect(separarTipoLogradouro('ROD. AL-101 NORTE', TIPOS)).toEqual({ tipoLogradouroId: 5, logradouro: 'AL-101 NORTE' });
  });

  it('leaves alone a first word that names no type of the table, a lone type word and a word followed by a dot that is no abbreviation', () => {
    expect(separarTipoLogradouro('DO SOL', TIPOS)).toBeNull();
    expect(separarTipoLogradouro('RUAS DO SOL', TIPOS)).toBeNull();
    expect(separarTipoLogradouro('Avenida', TIPOS)).toBeNull();
    expect(separarTipoLogradouro('Rua', TIPOS)).toBeNull();
    expect(separarTipoLogradouro('Rua. Sol', TIPOS)).toBeNull();
    expect(separarTipoLogradouro('', TIPOS)).toBeNull();
    // A type the table does not have is not invented (LARGO is not among these rows).
    expect(separarTipoLogradouro('Largo da Matriz', TIPOS)).toBeNull();
  });
});
