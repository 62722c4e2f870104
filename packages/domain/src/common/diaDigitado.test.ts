import { describe, expect, it } from 'vitest';
import { lerDiaDigitado } from './diaDigitado.js';

describe('lerDiaDigitado: a typed day, in Brazilian order whatever the separator', () => {
  it.each([
    ['01/02/2026', '2026-02-01'],
    ['01-02-2026', '2026-02-01'],
    ['1-2-2026', '2026-02-01'],
    ['15-1-2026', '2026-01-15'],
    ['1/2/2026', '2026-02-01'],
    ['31.12.2025', '2025-12-31'],
    [' 29 - 02 - 2024 ', '2024-02-29'],
    ['2026-02-01', '2026-02-01'],
  ])('%s → %s', (texto, dia) => {
    expect(lerDiaDigitado(texto)).toBe(dia);
  });

  it.each(['', '01-02-20', '01-02-26', '29-02-2025', '32-01-2026', '01-13-2026', '01022026', '01/02-2026x', 'abc'])('%s is not (yet) a day', (texto) => {
    expect(lerDiaDigitado(texto)).toBeNull();
  });
});
