import { describe, expect, it } from 'vitest';
import { abreviacoes, chaveSonora, distanciaEdicao, palavrasDaBusca, parentesco } from './variantes.js';

describe('variant table (#43)', () => {
  it.each([
    ['souza', 'sousa'],
    ['luiz', 'luis'],
    ['thiago', 'tiago'],
    ['phelipe', 'felipe'],
    ['yara', 'iara'],
    ['walter', 'valter'],
    ['katia', 'catia'],
    ['chavier', 'xavier'],
    ['cecilia', 'secilia'],
    ['geferson', 'jeferson'],
    ['helena', 'elena'],
    ['pereirra', 'pereira'],
    ['mattos', 'matos'],
    ['nascimento', 'nasimento'],
    ['ltda.', 'ltda'],
    ['cya', 'cia'],
    ['gyovanna', 'giovanna'],
  ])('%s sounds like %s', (a, b) => {
    expect(chaveSonora(a)).toBe(chaveSonora(b));
  });
  it.each([
    ['silva', 'selva'],
    ['lima', 'lina'],
    ['joao', 'jose'],
    ['carvalho', 'carvalo'],
  ])('%s does not sound like %s', (a, b) => {
    expect(chaveSonora(a)).not.toBe(chaveSonora(b));
  });
  it('abbreviations and legal suffixes both ways, without the word itself', () => {
    expect(abreviacoes('limitada')).toEqual(['ltda']);
    expect(abreviacoes('ltda.')).toEqual(['limitada']);
    expect(abreviacoes('cia')).toEqual(['companhia', 'comp']);
    expect(abreviacoes('companhia')).toEqual(['cia', 'comp']);
    expect(abreviacoes('s/a')).toEqual(['sa', 's.a.', 's.a']);
    expect(abreviacoes('&')).toEqual(['e']);
    expect(abreviacoes('pereira')).toEqual([]);
  });
  it('connectives are optional, & is e, repeated words once', () => {
    expect(palavrasDaBusca('maria da  silva')).toEqual(['maria', 'silva']);
    expect(palavrasDaBusca('souza & filhos')).toEqual(['souza', 'filhos']);
    expect(palavrasDaBusca('de da')).toEqual(['de', 'da']);
    expect(palavrasDaBusca('silva silva')).toEqual(['silva']);
  });
  it('edit distance, bounded', () => {
    expect(distanciaEdicao('pereira', 'pereria', 2)).toBe(2);
    expect(distanciaEdicao('carvalho', 'carvalho', 2)).toBe(0);
    expect(distanciaEdicao('oliveira', 'olivera', 2)).toBe(1);
    expect(distanciaEdicao('ana', 'maria', 1)).toBe(2);
    expect(distanciaEdicao('a', 'abcdef', 2)).toBe(3);
  });
  it.each([
    ['silva', 'silva', 'PALAVRAS'],
    ['silv', 'silveira', 'PALAVRAS'],
    ['ltda', 'ltda.', 'PALAVRAS'],
    ['limitada', 'ltda.', 'VARIANTE'],
    ['sousa', 'souza', 'VARIANTE'],
    ['oliviera', 'oliveira', 'APROXIMADO'],
    ['fereira', 'ferreira', 'VARIANTE'],
    ['santoss', 'santos', 'VARIANTE'],
    ['santis', 'santos', 'APROXIMADO'],
    ['cia', 'cid', null],
    ['silva', 'souza', null],
    ['0139', '01394567890', 'PALAVRAS'],
    ['01394567890', '01394567891', null],
    ['2001', '2000', null],
  ] as const)('typed %s, stored %s: %s', (digitada, guardada, esperado) => {
    expect(parentesco(digitada, guardada)).toBe(esperado);
  });
});
