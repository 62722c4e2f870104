import { describe, expect, it } from 'vitest';
import { lerListaCaceal, ObterSituacaoCadastral } from './contracts.js';
import { CacealParam, MENSAGEM_CACEAL_TIPO, NumeroCaceal } from '../common/caceal.js';

describe('the pasted CACEAL list (situacaoCadastral)', () => {
  it('commas, blanks and lines separate; a repeated number counts once; order kept', () => {
    expect(lerListaCaceal('24000002, 24000001\n24000002  24000003,')).toEqual({ caceais: [24000002, 24000001, 24000003], invalidos: [] });
  });
  it('names what is not a CACEAL, as typed: letters, 9 digits, 7 digits, outside 24xxxxxx, other separators', () => {
    expect(lerListaCaceal('24000001, 2400000A, 240000011, 2400000, 12345678, 24000002;24000003').invalidos).toEqual([
      '2400000A', '240000011', '2400000', '12345678', '24000002;24000003',
    ]);
  });
  it('a third digit that is no company type (0, 3, 5, 7, 8) is invalid', () => {
    expect(lerListaCaceal('24100001 24200001 24300001 24900001 24500001 24700001 24800001')).toEqual({
      caceais: [24300001, 24500001, 24700001, 24800001], invalidos: ['24100001', '24200001', '24900001'],
    });
  });
});

describe('the CACEAL contracts', () => {
  it('refuse a wrong type digit with its own code, and name it in the list answer', () => {
    expect(NumeroCaceal.safeParse(24_300_001).success).toBe(true);
    expect(NumeroCaceal.safeParse(24_900_001).error?.issues.map((i) => i.message)).toEqual(['cacealTipo']);
    expect(NumeroCaceal.safeParse(25_000_001).error?.issues[0]?.message).toBe('caceal');
    expect(CacealParam.safeParse('24100001').error?.issues.map((i) => i.message)).toEqual(['cacealTipo']);
    expect(CacealParam.parse('24700001')).toBe(24_700_001);
    const r = ObterSituacaoCadastral.safeParse([24_000_001, 24_900_001]);
    expect(r.error?.issues[0]?.message).toBe(`CACEAL inválido: 24900001. ${MENSAGEM_CACEAL_TIPO}`);
  });
});
