import { describe, expect, it } from 'vitest';
import { abreviarNomeFantasia } from './exibicao.js';

describe('§5 fantasy name', () => {
  it('up to 26 characters whole; longer cut to 23 plus an ellipsis', () => {
    expect(abreviarNomeFantasia('A'.repeat(26))).toEqual({ texto: 'A'.repeat(26), abreviado: false });
    expect(abreviarNomeFantasia('MERCADINHO SAO JOSE DO PINHEIRO')).toEqual({ texto: 'MERCADINHO SAO JOSE DO …', abreviado: true });
    expect(abreviarNomeFantasia('B'.repeat(27)).texto).toHaveLength(24);
  });
});
