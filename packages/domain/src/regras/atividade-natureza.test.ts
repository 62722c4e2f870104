import { describe, expect, it } from 'vitest';
import { atividadeDeInteresseIcms, NATUREZA, textoRegra, violacaoSociedadeSimples } from '../index.js';

describe('activities by what they are (issue 42)', () => {
  it('of interest to the ICMS registry: commerce, industry, rural, transport across municipalities, communication, energy; not ISS services', () => {
    for (const c of ['4711302', '1091101', '0111301', '4930202', '6110801', '3511501', '5611201', '0710301']) expect(atividadeDeInteresseIcms(c), c).toBe(true);
    for (const c of ['6920601', '8630503', '4120400', '8513900', '9602501', '5211701', '5310501', '7020400']) expect(atividadeDeInteresseIcms(c), c).toBe(false);
    expect(atividadeDeInteresseIcms('4711-3/02')).toBe(true);
  });
  it('a Sociedade Simples Limitada (224-0) never carries an empresário\'s activity (CC art. 966, 982)', () => {
    expect(violacaoSociedadeSimples(NATUREZA.SOCIEDADE_SIMPLES_LTDA, ['0111301', '6920601'])).toBeNull();
    const v = violacaoSociedadeSimples(NATUREZA.SOCIEDADE_SIMPLES_LTDA, ['0111301', '4711302']);
    expect(v).toEqual({ regra: 'atividadeEmpresariaSociedadeSimples', campo: '1.codigoCnae', n: '4711-3/02' });
    expect(textoRegra(v!)).toContain('não Sociedade Simples Limitada (natureza 224-0)');
    expect(violacaoSociedadeSimples(NATUREZA.LTDA, ['4711302'])).toBeNull();
  });
});
