import { describe, expect, it } from 'vitest';
import { lerListaCaceal } from './contracts.js';

describe('the pasted CACEAL list (situacaoCadastral)', () => {
  it('commas, blanks and lines separate; a repeated number counts once; order kept', () => {
    expect(lerListaCaceal('24000002, 24000001\n24000002  24000003,')).toEqual({ caceais: [24000002, 24000001, 24000003], invalidos: [] });
  });
  it('names what is not a CACEAL, as typed: letters, 9 digits, 7 digits, outside 24xxxxxx, other separators', () => {
    expect(lerListaCaceal('24000001, 2400000A, 240000011, 2400000, 12345678, 24000002;24000003').invalidos).toEqual([
      '2400000A', '240000011', '2400000', '12345678', '24000002;24000003',
    ]);
  });
});
