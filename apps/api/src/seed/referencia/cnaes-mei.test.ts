import { describe, expect, it } from 'vitest';
import { CNAES_MEI } from '@cadastro/domain';
import { cnaes } from './oficiais.js';

/** The MEI table (Anexo XI) names only subclasses the registry knows: nothing typed, nothing stale. */
describe('CNAES_MEI against the registry\'s CNAE 2.3 table', () => {
  it('every one of the 351 codes is a CNAE 2.3 subclass of ref_cnae', () => {
    const tabela = new Set(cnaes().map((c) => c.id));
    expect(tabela.size).toBe(1332);
    expect(CNAES_MEI.filter((c) => !tabela.has(c))).toEqual([]);
    expect(CNAES_MEI).toHaveLength(351);
  });
});
