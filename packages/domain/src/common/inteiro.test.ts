import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Inteiro } from './inteiro.js';
import { ClassificacaoCrc } from '../contador/contracts.js';
import { NumeroCacealCoagido } from './caceal.js';

const erro = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('Inteiro: a whole number from a URL is decimal digits only (issue #39 §11)', () => {
  const Id = Inteiro(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
  it('digits and JSON numbers pass, with their bounds', () => {
    expect(Id.parse('16')).toBe(16);
    expect(Id.parse('0016')).toBe(16);
    expect(Id.parse(16)).toBe(16);
    expect(Id.safeParse('0').success).toBe(false);
    expect(Id.safeParse(1.5).success).toBe(false);
  });
  it.each(['0x10', '9e0', ' 9', '9 ', '+9', '-9', '9.0', '0b1', '', 'Infinity', '１６', '99999999999999999'])('%j is refused (pattern)', (v) => {
    expect(erro(Id, v)).toBe('pattern');
  });
  it('contracts keep their own word for bad text', () => {
    expect(erro(ClassificacaoCrc, '')).toBe('required');
    expect(erro(ClassificacaoCrc, '0x1')).toBe('required');
    expect(ClassificacaoCrc.parse('2')).toBe(2);
    expect(erro(NumeroCacealCoagido, '0x16E3601')).toBe('caceal');
    expect(erro(NumeroCacealCoagido, '24100001')).toBe('cacealTipo');
  });
});
