import { describe, expect, it } from 'vitest';
import { atividadePermitidaMei, CNAES_MEI, enquadradoComoMei, PORTE, textoRegra, violacaoAtividadesMei, violacaoAtividadesMeiNoEvento } from '../index.js';

describe('MEI activities (Resolução CGSN 140/2018, Anexo XI)', () => {
  it('the table: 351 distinct bare subclasses, sorted, Tabela B\'s four transporters included', () => {
    expect(CNAES_MEI).toHaveLength(351);
    expect(new Set(CNAES_MEI).size).toBe(351);
    expect([...CNAES_MEI].sort()).toEqual(CNAES_MEI);
    for (const c of CNAES_MEI) expect(c).toMatch(/^\d{7}$/);
    for (const c of ['4930201', '4930202', '4930203', '4930204']) expect(CNAES_MEI).toContain(c);
  });

  it('an allowed occupation passes, written either way; a supermarket or a software house does not', () => {
    expect(atividadePermitidaMei('9602501')).toBe(true); // cabeleireiro
    expect(atividadePermitidaMei('4724-5/00')).toBe(true); // quitandeiro
    expect(atividadePermitidaMei('4711302')).toBe(false); // supermercados
    expect(violacaoAtividadesMei(['9602501', '4724500'])).toBeNull();
    expect(violacaoAtividadesMei([])).toBeNull();
    const v = violacaoAtividadesMei(['9602501', '6201501'])!;
    expect(v).toEqual({ regra: 'atividadeNaoPermitidaMei', campo: '1.codigoCnae', n: '6201-5/01' });
    expect(textoRegra(v)).toBe('A atividade 6201-5/01 não é permitida ao MEI: o MEI exerce somente as ocupações do Anexo XI da Resolução CGSN nº 140/2018.');
    expect(textoRegra(v, 'en')).toContain('Activity 6201-5/01 is not allowed to a MEI');
  });

  it('a registration is a MEI by its flag or its porte', () => {
    expect(enquadradoComoMei({ ehMei: false, porteId: PORTE.MEI })).toBe(true);
    expect(enquadradoComoMei({ ehMei: true, porteId: PORTE.MEI })).toBe(true);
    expect(enquadradoComoMei({ ehMei: false, porteId: PORTE.ME })).toBe(false);
  });

  it('on one event: the activities sent, or the stored ones when the porte becomes MEI', () => {
    const me = { ehMei: false, porteId: PORTE.ME };
    const mei = { ehMei: true, porteId: PORTE.MEI };
    expect(violacaoAtividadesMeiNoEvento(me, undefined, ['4711302'], undefined)).toBeNull(); // not a MEI
    expect(violacaoAtividadesMeiNoEvento(me, PORTE.MEI, undefined, ['4711302'])).toEqual({
      aba: 'dadosCadastrais', violacao: { regra: 'atividadeNaoPermitidaMei', campo: 'porteId', n: '4711-3/02' },
    });
    expect(violacaoAtividadesMeiNoEvento(me, PORTE.MEI, ['9602501'], ['4711302'])).toBeNull(); // replaced in the same event
    expect(violacaoAtividadesMeiNoEvento(mei, undefined, ['4711302'], undefined)?.aba).toBe('atividades');
    expect(violacaoAtividadesMeiNoEvento(mei, PORTE.ME, ['4711302'], undefined)).toBeNull(); // leaves the MEI
    expect(violacaoAtividadesMeiNoEvento(mei, PORTE.MEI, undefined, ['4711302'])).toBeNull(); // porte unchanged, activities not sent
  });
});
