import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { comPontosDeQuebra } from './Campo';

const html = (v: string) => renderToStaticMarkup(createElement('span', null, comPontosDeQuebra(v)));

describe('comPontosDeQuebra', () => {
  it('offers breaks after @ and before dots in a long e-mail', () => {
    expect(html('alessandro.melo135@exemplo.com.br')).toBe('<span>alessandro<wbr/>.melo135@<wbr/>exemplo<wbr/>.com<wbr/>.br</span>');
  });
  it('leaves short values and text with spaces alone', () => {
    expect(html('a@b.com')).toBe('<span>a@b.com</span>');
    expect(html('AVENIDA SARA MARTINS 1284, CENTRO')).toBe('<span>AVENIDA SARA MARTINS 1284, CENTRO</span>');
  });
});
