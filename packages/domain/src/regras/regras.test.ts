import { describe, expect, it } from 'vitest';
import { codigoRegra, lerCodigoRegra, MENSAGENS_REGRAS, NATUREZA, PORTE, sublimiteAplicavel, textoRegra, violacaoCompetencia, violacaoData, violacaoEireli, violacaoEnquadramento, violacaoQsa, violacaoReativacao, violacaoResponsavel, violacaoSublimite } from '../index.js';

describe('issue 30 domain rules', () => {
  it('QSA and responsible by legal nature', () => {
    expect(violacaoQsa(NATUREZA.EMPRESARIO, [{ qualificacaoId: 49 }])?.regra).toBe('qsaEmpresarioSemSocios');
    expect(violacaoQsa(NATUREZA.EMPRESARIO, [])).toBeNull();
    expect(violacaoQsa(NATUREZA.LTDA, [{ qualificacaoId: 5 }])?.regra).toBe('qsaLimitadaSemSocio');
    expect(violacaoQsa(NATUREZA.SA_FECHADA, [{ qualificacaoId: 10 }, { qualificacaoId: 22 }])).toMatchObject({ campo: '1.qualificacaoId', n: '22' });
    expect(violacaoQsa(NATUREZA.COOPERATIVA, [{ qualificacaoId: 16 }])).toBeNull();
    expect(violacaoQsa(1015, [{ qualificacaoId: 22 }])).toBeNull(); // a nature these rules do not cover
    expect(violacaoResponsavel(NATUREZA.EMPRESARIO, 49)?.n).toBe('49');
    expect(violacaoResponsavel(NATUREZA.LTDA, 49)).toBeNull();
  });
  it('porte, Simples, MEI and EIRELI', () => {
    const e = { naturezaJuridicaId: NATUREZA.LTDA, porteId: PORTE.ME, ehMei: false, ehOptanteSimples: true };
    expect(violacaoEnquadramento(e)).toBeNull();
    expect(violacaoEnquadramento({ ...e, naturezaJuridicaId: NATUREZA.SA_ABERTA })?.regra).toBe('porteSociedadeAnonimaCooperativa');
    expect(violacaoEnquadramento({ ...e, porteId: PORTE.MEI })?.regra).toBe('porteMeiNatureza');
    expect(violacaoEnquadramento({ ...e, naturezaJuridicaId: NATUREZA.EMPRESARIO, porteId: PORTE.MEI, ehMei: true })).toBeNull();
    expect(violacaoEnquadramento({ ...e, porteId: PORTE.DEMAIS })?.regra).toBe('porteSimplesDemais');
    expect(violacaoEireli(NATUREZA.EIRELI, '2011-12-30', false)?.regra).toBe('eireliForaDoPeriodo');
    expect(violacaoEireli(NATUREZA.EIRELI, '2015-01-01', false)).toBeNull();
    expect(violacaoEireli(NATUREZA.EIRELI, '2015-01-01', true)?.regra).toBe('eireliForaDoPeriodo');
    // Its bounds (Lei 12.441/2011 in force; Lei 14.195/2021 in force, art. 41): first and last possible starts.
    expect(violacaoEireli(NATUREZA.EIRELI, '2012-01-09', false)).toBeNull();
    expect(violacaoEireli(NATUREZA.EIRELI, '2021-08-26', false)).toBeNull();
    expect(violacaoEireli(NATUREZA.EIRELI, '2021-08-27', false)?.regra).toBe('eireliForaDoPeriodo');
  });
  it('dates and reactivation, with their words', () => {
    expect(violacaoData('2026-11-26', 'x', undefined, '2026-11-25')).toMatchObject({ regra: 'dataFutura', n: '25/11/2026' });
    expect(violacaoData('2025-02-28', 'x', { dia: '2025-03-01', regra: 'dataAntesCompetencia' }, '2026-11-25')?.n).toBe('03/2025');
    expect(violacaoData(null, 'x')).toBeNull();
    const v = violacaoReativacao('INAPTA', 1, undefined)!;
    expect(textoRegra(v)).toBe('O CNPJ está INAPTA na Receita Federal: confirme que deseja reativar a inscrição mesmo assim.');
    expect(violacaoReativacao('INAPTA', 1, true)).toBeNull();
    expect(violacaoReativacao('INAPTA', 2, undefined)).toBeNull();
    for (const m of Object.values(MENSAGENS_REGRAS)) expect(m.pt.includes('{{n}}')).toBe(m.en.includes('{{n}}'));
  });
});

describe('issue 39 §6: a violation found on another registration', () => {
  it('names it in the text (pt, en) and after "@" in the code, read back by lerCodigoRegra', () => {
    const v = { regra: 'porteMeiNatureza', campo: 'porteId', inscricao: '24.000.001-2' } as const;
    expect(textoRegra(v)).toMatch(/^Inscrição 24\.000\.001-2, da mesma raiz de CNPJ, que receberia o novo porte: MEI é somente/);
    expect(textoRegra(v, 'en')).toMatch(/^Registration 24\.000\.001-2, of the same CNPJ root, which would get the new size: MEI is only/);
    expect(codigoRegra(v)).toBe('porteMeiNatureza@24.000.001-2');
    expect(lerCodigoRegra('atividadeNaoPermitidaMei:4711-3/02@24.000.001-2')).toEqual({ codigo: 'atividadeNaoPermitidaMei', n: '4711-3/02', inscricao: '24.000.001-2' });
    expect(lerCodigoRegra('maxlength:50')).toEqual({ codigo: 'maxlength', n: '50' });
    expect(lerCodigoRegra('required')).toEqual({ codigo: 'required' });
  });
});

describe('issue 39 §7 domain rules', () => {
  it("a pendência's competência: not before the month the activity started, not after the current month", () => {
    expect(violacaoCompetencia('1980-01-01', '1993-05-10', '2026-11-25')).toEqual({ regra: 'competenciaAntesInicioAtividade', campo: 'competencia', n: '05/1993' });
    expect(violacaoCompetencia('2031-12-01', '1993-05-10', '2026-11-25')).toEqual({ regra: 'competenciaFutura', campo: 'competencia', n: '11/2026' });
    expect(violacaoCompetencia('1993-05-01', '1993-05-10', '2026-11-25')).toBeNull();
    expect(violacaoCompetencia('2026-11-01', '1993-05-10', '2026-11-25')).toBeNull();
    expect(violacaoCompetencia('1980-01-01', null, '2026-11-25')).toBeNull();
    expect(textoRegra(violacaoCompetencia('1980-01-01', '1993-05-10', '2026-11-25')!, 'en')).toBe('The period cannot be before the month the company started its activities (05/1993).');
  });
  it('the sublimite is an EPP\'s: a Microempresa or a MEI cannot have exceeded it', () => {
    expect(violacaoSublimite({ porteId: PORTE.ME, ehOptanteSimples: true, sublimiteExcedido: true })).toEqual({ regra: 'sublimiteSomenteEpp', campo: 'sublimiteExcedido' });
    expect(violacaoSublimite({ porteId: PORTE.MEI, ehOptanteSimples: true, sublimiteExcedido: true })?.regra).toBe('sublimiteSomenteEpp');
    expect(violacaoSublimite({ porteId: PORTE.EPP, ehOptanteSimples: false, sublimiteExcedido: true })?.regra).toBe('sublimiteSomenteEpp');
    expect(violacaoSublimite({ porteId: PORTE.EPP, ehOptanteSimples: true, sublimiteExcedido: true })).toBeNull();
    expect(violacaoSublimite({ porteId: PORTE.ME, ehOptanteSimples: true, sublimiteExcedido: false })).toBeNull();
    expect([PORTE.ME, PORTE.EPP, PORTE.MEI, PORTE.DEMAIS].filter(sublimiteAplicavel)).toEqual([PORTE.EPP]);
  });
});
