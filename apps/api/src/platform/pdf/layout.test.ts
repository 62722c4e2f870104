import { describe, expect, it } from 'vitest';
import { distribuirLarguras, emLinhas, winAnsi } from './layout.js';

describe('long tables: text prepared on the render thread', () => {
  it('emLinhas breaks on spaces within the width, keeps every word, joins a line with no-break spaces', () => {
    const nome = 'COSTA & PEREIRA COMÉRCIO VAREJISTA ESPECIALIZADO DE INSTRUMENTOS EIRELI';
    const r = emLinhas(nome, 166, 8);
    const linhas = r.split('\n');
    expect(linhas).toEqual(['COSTA\u00a0&\u00a0PEREIRA\u00a0COMÉRCIO\u00a0VAREJISTA', 'ESPECIALIZADO\u00a0DE\u00a0INSTRUMENTOS', 'EIRELI']);
    expect(linhas.join(' ').replace(/\u00a0/g, ' ')).toBe(nome);
    expect(linhas.every((l) => !l.includes(' '))).toBe(true);
    // Short text, a word wider than the column, and the text's own line breaks.
    expect(emLinhas('JOSÉ DA SILVA', 166, 8)).toBe('JOSÉ\u00a0DA\u00a0SILVA');
    expect(emLinhas('X'.repeat(80), 50, 8)).toBe('X'.repeat(80));
    expect(emLinhas('Contribuinte não\nlocalizado', 300, 8)).toBe('Contribuinte\u00a0não\nlocalizado');
    expect(emLinhas('', 100, 8)).toBe('');
  });

  it('winAnsi keeps Portuguese as it is and folds what the standard font cannot print', () => {
    expect(winAnsi('AÇÃO Ñ ü € – “x”')).toBe('AÇÃO Ñ ü € – “x”');
    expect(winAnsi('Łódź Őz 漢')).toBe('?odz Oz ?');
  });

  it('distribuirLarguras never gives a column less than its longest word, in the header or in a value (#32: "MICROEMPREENDE / DOR")', () => {
    const porte = 'MICROEMPREENDEDOR INDIVIDUAL - MEI';
    const [nome, tipo] = distribuirLarguras([
      { titulo: 'Razão social', peso: 60, semQuebra: false, valores: ['JOSÉ DA SILVA'] },
      { titulo: 'Porte', peso: 5, semQuebra: false, valores: [porte] },
    ], 300, 8);
    // As wide as the word printed whole (a column that never wraps, holding just that word).
    const [, palavra] = distribuirLarguras([
      { titulo: 'Razão social', peso: 60, semQuebra: false, valores: [] },
      { titulo: 'Porte', peso: 5, semQuebra: true, valores: ['MICROEMPREENDEDOR'] },
    ], 300, 8);
    expect(tipo).toBeGreaterThanOrEqual(palavra!);
    expect(emLinhas(porte, tipo!, 8).split('\n')[0]).toBe('MICROEMPREENDEDOR');
    expect(nome! + tipo!).toBeLessThanOrEqual(300);
  });
});
