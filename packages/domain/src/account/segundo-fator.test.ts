import { describe, expect, it } from 'vitest';
import { ALL_AUTHORITIES, Authority } from '../roles.js';
import { codigoField, exigeSegundoFator, PAPEIS_AUTOATENDIMENTO } from './segundo-fator.js';

describe('who needs a second factor (issue #41 §3)', () => {
  it('the self-service roles alone: no; any other role of §6: yes', () => {
    expect(exigeSegundoFator([Authority.USER])).toBe(false);
    expect(exigeSegundoFator([Authority.USER, Authority.MEU_CADASTRO])).toBe(false);
    expect(exigeSegundoFator([Authority.USER, Authority.MAN_MANIFESTACAO])).toBe(false);
    for (const a of ALL_AUTHORITIES.filter((x) => !PAPEIS_AUTOATENDIMENTO.includes(x))) expect(exigeSegundoFator([Authority.USER, a]), a).toBe(true);
  });
  it('a code is six digits or a recovery code, spaces and case aside', () => {
    expect(codigoField.parse(' 123 456 ')).toBe('123456');
    expect(codigoField.parse('ABCDE-23456')).toBe('abcde-23456');
    expect(codigoField.safeParse('12345').success).toBe(false);
    expect(codigoField.safeParse('').success).toBe(false);
  });
});
