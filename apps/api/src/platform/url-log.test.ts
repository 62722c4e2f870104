import { describe, expect, it } from 'vitest';
import { urlForLog } from './url-log.js';

const BUSCA = '/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/:docType/:query/:page0/:size';

describe('urlForLog', () => {
  it('hides a name search term and keeps the route, type and paging', () => {
    expect(urlForLog('/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/4/JOSE%20DA%20SILVA/0/10', BUSCA))
      .toBe('/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/4/***/0/10');
  });

  it('shows only the ends of a CPF or CNPJ, masked or not, numeric or alphanumeric', () => {
    expect(urlForLog('/sfz-cadastro-api/api/contribuinte/obterListaContribuintes/2/12345678909/0/10', BUSCA)).toContain('/123******09/');
    expect(urlForLog('/x/pessoa/12.ABC.345%2F01DE-35', '/x/pessoa/:number')).toBe('/x/pessoa/12A*********35');
    expect(urlForLog('/unrouted/12345678909')).toBe('/unrouted/123******09');
  });

  it('keeps ids and paging in the query, hides anything else', () => {
    expect(urlForLog('/management/mails?page=0&size=20&to=maria%40x.com', '/management/mails')).toBe('/management/mails?page=0&size=20&to=***');
    expect(urlForLog('/api/activate?key=abcdefghij0123456789', '/api/activate')).toBe('/api/activate?key=***');
  });

  it('never writes a huge URL', () => {
    expect(urlForLog('/api/' + 'a'.repeat(10_000)).length).toBeLessThan(320);
  });
});
