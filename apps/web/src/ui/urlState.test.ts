import { describe, expect, it } from 'vitest';
import { formatUrlState, param, parseUrlState } from './urlState';

const BUSCA = {
  tipo: param.oneOf(['CACEAL', 'CNPJ', 'RAZAO_SOCIAL']),
  termo: param.text(),
  page: param.page(),
};

describe('parseUrlState', () => {
  it('reads every param of the shape, ignoring others', () => {
    expect(parseUrlState(BUSCA, '?tipo=RAZAO_SOCIAL&termo=com%C3%A9rcio&page=3&x=1')).toEqual({ tipo: 'RAZAO_SOCIAL', termo: 'comércio', page: 3 });
  });
  it('absent params are undefined (no result window open)', () => {
    expect(parseUrlState(BUSCA, '')).toEqual({ tipo: undefined, termo: undefined, page: undefined });
  });
  it.each([
    ['?tipo=NOPE', { tipo: undefined }],
    ['?termo=%20%20', { termo: undefined }],
    ['?termo=+ab+', { termo: 'ab' }],
    ['?page=abc', { page: 1 }],
    ['?page=0', { page: 1 }],
    ['?page=-4', { page: 1 }],
    ['?page=2.5', { page: 1 }],
    ['?page=12', { page: 12 }],
  ])('a bad or odd value falls back instead of failing: %s', (search, expected) => {
    expect(parseUrlState(BUSCA, search)).toMatchObject(expected);
  });
  it('too long a text is dropped', () => {
    expect(parseUrlState({ t: param.text(5) }, '?t=123456').t).toBeUndefined();
  });
  it('days must be real days', () => {
    const s = { d: param.day() };
    expect(parseUrlState(s, '?d=2026-02-28').d).toBe('2026-02-28');
    expect(parseUrlState(s, '?d=2024-02-29').d).toBe('2024-02-29');
    expect(parseUrlState(s, '?d=2026-02-29').d).toBeUndefined();
    expect(parseUrlState(s, '?d=2026-13-01').d).toBeUndefined();
    expect(parseUrlState(s, '?d=01/02/2026').d).toBeUndefined();
  });
  it('lists of numbers', () => {
    const s = { c: param.numbers(3) };
    expect(parseUrlState(s, '?c=24000001,24000002').c).toEqual([24000001, 24000002]);
    expect(parseUrlState(s, '?c=24000001,,2').c).toBeUndefined();
    expect(parseUrlState(s, '?c=1,2,3,4').c).toBeUndefined();
  });
  it('sorts among the allowed fields', () => {
    const s = { sort: param.sort(['id', 'login']) };
    expect(parseUrlState(s, '?sort=login,desc').sort).toBe('login,desc');
    expect(parseUrlState(s, '?sort=password,asc').sort).toBeUndefined();
    expect(parseUrlState(s, '?sort=id').sort).toBeUndefined();
  });
});

describe('formatUrlState', () => {
  it('writes in the shape order and leaves out absent values, so one state has one spelling', () => {
    expect(formatUrlState(BUSCA, { page: 2, termo: 'comércio', tipo: 'RAZAO_SOCIAL' })).toBe('?tipo=RAZAO_SOCIAL&termo=com%C3%A9rcio&page=2');
    expect(formatUrlState(BUSCA, { tipo: 'CNPJ', termo: '', page: undefined })).toBe('?tipo=CNPJ');
    expect(formatUrlState(BUSCA, {})).toBe('');
  });
  it('keeps commas readable in lists', () => {
    expect(formatUrlState({ c: param.numbers() }, { c: [24000001, 24000002] })).toBe('?c=24000001,24000002');
  });
  it('round-trips through parse', () => {
    const v = { tipo: 'CNPJ' as const, termo: '12.ABC.345/01DE-35 & co', page: 7 };
    expect(parseUrlState(BUSCA, formatUrlState(BUSCA, v))).toEqual(v);
  });
});

describe('param.withDefault', () => {
  const LISTA = { page: param.withDefault(param.page(), 1), de: param.withDefault(param.day(), () => '2026-01-01') };
  it('fills absent and bad values, so "?" and "?page=1" are one state', () => {
    expect(parseUrlState(LISTA, '')).toEqual({ page: 1, de: '2026-01-01' });
    expect(parseUrlState(LISTA, '?page=1&de=2026-01-01')).toEqual(parseUrlState(LISTA, ''));
    expect(parseUrlState(LISTA, '?page=x&de=ontem')).toEqual({ page: 1, de: '2026-01-01' });
    expect(parseUrlState(LISTA, '?page=4&de=2025-12-31')).toEqual({ page: 4, de: '2025-12-31' });
    expect(formatUrlState(LISTA, parseUrlState(LISTA, ''))).toBe('?page=1&de=2026-01-01');
  });
});
