import { describe, expect, it } from 'vitest';
import { classificarBuscaRapida, validarTermoBusca } from './busca.js';

describe('quick search classification', () => {
  it.each([
    ['24000004', { tipo: 'CACEAL', termo: '24000004' }],
    ['240000048', { tipo: 'CACEAL', termo: '24000004' }],
    ['11.222.333/0001-81', { tipo: 'CNPJ', termo: '11222333000181' }],
    ['11222333000181', { tipo: 'CNPJ', termo: '11222333000181' }],
    ['12.abc.345/01de-35', { tipo: 'CNPJ', termo: '12ABC34501DE35' }],
    ['12ABC345', { tipo: 'RAIZ_DO_CNPJ', termo: '12ABC345' }],
    ['Comércio de Alimentos', { tipo: 'RAZAO_SOCIAL', termo: 'Comércio de Alimentos' }],
    ['529.982.247-25', { tipo: 'CPF', termo: '52998224725' }],
    ['52998224725', { tipo: 'CPF', termo: '52998224725' }],
  ])('%s → %j', (text, expected) => {
    expect(classificarBuscaRapida(text)).toEqual(expected);
  });
  it('nothing for too short text, an invalid CNPJ or an invalid CPF', () => {
    expect(classificarBuscaRapida('ab')).toBeNull();
    expect(classificarBuscaRapida('11222333000182')).toBeNull();
    expect(classificarBuscaRapida('529.982.247-26')).toBeNull();
    expect(classificarBuscaRapida('240000047')).toBeNull(); // 9 digits whose last is not the check digit
    expect(classificarBuscaRapida('249000016')).toBeNull(); // right check digit, but 9 is no company type
  });
  it('a CACEAL search term follows the AL rule: 8 digits, 24, a company type as third digit', () => {
    expect(validarTermoBusca('CACEAL', '24800001')).toBeNull();
    expect(validarTermoBusca('CACEAL', '24900001')).toBe('cacealTipo');
    expect(validarTermoBusca('CACEAL', '24100001')).toBe('cacealTipo');
    expect(validarTermoBusca('CACEAL', '13000001')).toBe('caceal');
    expect(validarTermoBusca('CACEAL', '2400000')).toBe('caceal');
    expect(validarTermoBusca('CACEAL', '24.000.001')).toBeNull();
  });
  it('every classification passes the search rule of its kind', () => {
    for (const t of ['24000004', '11.222.333/0001-81', '12ABC345', 'silva', '529.982.247-25']) {
      const c = classificarBuscaRapida(t)!;
      expect(validarTermoBusca(c.tipo, c.termo)).toBeNull();
    }
  });
});
