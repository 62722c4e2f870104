import { describe, expect, it } from 'vitest';
import { codigoConhecido, idiomaDe, textoCampo } from './campos.js';

describe('field refusals in words (issue #39 §9)', () => {
  it('the language of a request: English only when asked first', () => {
    expect(idiomaDe(undefined)).toBe('pt');
    expect(idiomaDe('')).toBe('pt');
    expect(idiomaDe('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt');
    expect(idiomaDe('en-US,en;q=0.9')).toBe('en');
    expect(idiomaDe('EN')).toBe('en');
    expect(idiomaDe(';;;q=abc,*')).toBe('pt');
    expect(idiomaDe('es')).toBe('pt');
  });
  it('the field by its screen name, the form expected for a format', () => {
    expect(textoCampo('dadosCadastrais.valorCapitalSocial', 'pattern', 'pt')).toBe('Capital social: use o formato 50000.00');
    expect(textoCampo('dadosCadastrais.valorCapitalSocial', 'pattern', 'en')).toBe('Share capital: use the form 50000.00');
    expect(textoCampo('enderecos.0.cep', 'pattern', 'pt')).toBe('CEP: use o formato 57000000');
    expect(textoCampo('descricao', 'maxlength:1000', 'pt')).toBe('Descrição: no máximo 1000 caracteres');
    expect(textoCampo('socios.0.percentualParticipacao', 'max:100', 'en')).toBe('Share (%): the largest value accepted is 100');
  });
  it('a rule of the registry in its own words; the caller\'s word first; an unknown field keeps its path', () => {
    expect(textoCampo('dataRegularizacao', 'dataFutura:28/11/2026', 'pt')).toBe('Data de regularização: A data não pode ser posterior a hoje (28/11/2026).');
    expect(textoCampo('login', 'pattern', 'pt', 'Este campo aceita apenas letras.')).toBe('Login: Este campo aceita apenas letras.');
    expect(textoCampo('x.y', 'Too big: expected number to be <=4', 'pt')).toBe('x.y: valor inválido');
    // A contract's own sentence is said as it is.
    expect(textoCampo('body', 'CACEAL inválido: 240000001, 1234', 'pt')).toBe('CACEAL inválido: 240000001, 1234');
    expect(textoCampo('descricao', 'Texto com mais de uma linha não é aceito.', 'pt')).toBe('Descrição: Texto com mais de uma linha não é aceito.');
    expect(codigoConhecido('x', 'transicaoNaoPermitida')).toBe(false);
    expect(codigoConhecido('dadosCadastrais.valorCapitalSocial', 'pattern')).toBe(true);
  });
});
