import { describe, expect, it } from 'vitest';
import { colarLinhas, lerLinhaColada, listaColadaValida } from './colagem.js';
import { formatarNumeroEdital, numeroSemBarra } from './contracts.js';

describe('CACEAL-list paste (§5)', () => {
  it('reads up to 4 tab-separated columns, empty cells null', () => {
    expect(lerLinhaColada('24000001\t12345678909\tCPF\tNão localizado')).toMatchObject({
      numeroCaceal: 24000001, numeroDocumentoVinculado: '12345678909', tipoDocumentoVinculado: 1, observacao: 'Não localizado', erro: null,
    });
    expect(lerLinhaColada('24000001')).toMatchObject({ numeroCaceal: 24000001, numeroDocumentoVinculado: null, tipoDocumentoVinculado: null, observacao: null, erro: null });
    expect(lerLinhaColada('24000001\t\t\tobs')).toMatchObject({ observacao: 'obs', erro: null });
    expect(lerLinhaColada('24000001-3').erro).toBe(null);
  });
  it('marks invalid rows', () => {
    expect(lerLinhaColada('\t123').erro).toBe('cacealAusente');
    expect(lerLinhaColada('13000001').erro).toBe('cacealInvalido');
    expect(lerLinhaColada('24900001').erro).toBe('cacealTipo'); // 9 is no company type (SINTEGRA)
    expect(lerLinhaColada('249000016').erro).toBe('cacealTipo'); // the same, with its check digit
    expect(lerLinhaColada('240000011').erro).toBe('cacealInvalido'); // wrong check digit
    expect(lerLinhaColada('24000001\t24900001\tCACEAL').erro).toBe('documentoInvalido');
    expect(lerLinhaColada('24000001\t24300001\tCACEAL').erro).toBe(null);
    expect(lerLinhaColada('24000001\t12345678909').erro).toBe('documentoPar');
    expect(lerLinhaColada('24000001\t\tCPF').erro).toBe('documentoPar');
    expect(lerLinhaColada('24000001\t123\tRG').erro).toBe('tipoInvalido');
    expect(lerLinhaColada('24000001\t123\tCPF').erro).toBe('documentoInvalido');
    expect(lerLinhaColada('24000001\ta\tb\tc\td').erro).toBe('colunas');
  });
  it('does not add duplicates, keeps invalid rows, and OK needs a clean non-empty list', () => {
    const a = colarLinhas([], '24000001\n24000001\n\n24000002\t12345678909\tCPF\n24000002\t12345678909\t1\nxx');
    expect(a.map((r) => r.numeroCaceal)).toEqual([24000001, 24000002, null]);
    expect(listaColadaValida(a)).toBe(false);
    const b = colarLinhas(a.slice(0, 2), '24000001\n24000003');
    expect(b).toHaveLength(3);
    expect(listaColadaValida(b)).toBe(true);
    expect(listaColadaValida([])).toBe(false);
  });
});

describe('notice number (§5)', () => {
  it('puts a slash before the last 4 digits when longer than 4 and without one', () => {
    expect(formatarNumeroEdital('00122026')).toBe('0012/2026');
    expect(formatarNumeroEdital('0012/2026')).toBe('0012/2026');
    expect(formatarNumeroEdital('2026')).toBe('2026');
    expect(numeroSemBarra('0012/2026')).toBe('00122026');
  });
});
