/**
 * Numbers as the offices write them (pt-BR): thousands with '.', decimals with ',', money with 'R$',
 * percentages glued to '%'. Written by hand, not through Intl: the same text in Node, Chromium and the
 * PDF/XLSX workers, whatever ICU each carries (Intl writes 'R$' with a no-break space).
 */

type Numero = string | number | null | undefined;

/** A number from the database (numeric as text '1234.50') or from code; null when there is none. */
function lido(v: Numero): number | null {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const n = typeof v === 'number' ? v : Number(v.trim());
  return Number.isFinite(n) ? n : null;
}

const milhares = (inteiro: string) => inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** 1234.5 → '1.234,50' (`casas` decimals, 2 by default); '' when empty; text that is no number as it came. */
export function formatDecimal(v: Numero, casas = 2): string {
  // A decimal string (the database's numeric, the API's money) is written digit by digit: through a
  // JS number, 999999999999999.99 came out as 1.000.000.000.000.000,00 (issue #39 §9).
  const exato = typeof v === 'string' ? arredondado(v.trim(), casas) : null;
  if (exato) return exato.sinal + milhares(exato.inteiro) + (exato.fracao ? `,${exato.fracao}` : '');
  const n = lido(v);
  if (n === null) return v === null || v === undefined ? '' : String(v).trim();
  const [inteiro, fracao] = Math.abs(n).toFixed(casas).split('.') as [string, string | undefined];
  const sinal = n < 0 && /[1-9]/.test(inteiro + (fracao ?? '')) ? '-' : '';
  return sinal + milhares(inteiro) + (fracao ? `,${fracao}` : '');
}

/** '-12.345' to `casas` decimals, half away from zero like toFixed, on the digits; null when not plain decimal text. */
function arredondado(t: string, casas: number): { sinal: string; inteiro: string; fracao: string } | null {
  const m = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m) return null;
  const [, s, i, f = ''] = m as unknown as [string, string, string, string | undefined];
  let digitos = i + f.padEnd(casas, '0').slice(0, casas);
  if ((f[casas] ?? '0') >= '5') digitos = maisUm(digitos);
  digitos = digitos.padStart(casas + 1, '0');
  const inteiro = digitos.slice(0, digitos.length - casas).replace(/^0+(?=\d)/, '');
  const fracao = digitos.slice(digitos.length - casas);
  return { sinal: s === '-' && /[1-9]/.test(digitos) ? '-' : '', inteiro, fracao };
}

/** A string of digits plus one ('999' → '1000'). */
function maisUm(d: string): string {
  const c = d.split('');
  for (let k = c.length - 1; k >= 0; k--) {
    if (c[k] !== '9') { c[k] = String(Number(c[k]) + 1); return c.join(''); }
    c[k] = '0';
  }
  return '1' + c.join('');
}

/** A count: 1234 → '1.234'. */
export const formatInteiro = (v: Numero): string => formatDecimal(v, 0);

/** Money: '1234.5' → 'R$ 1.234,50'; a negative amount '-R$ 10,00'; '' when empty. */
export function formatMoeda(v: Numero): string {
  const t = formatDecimal(v);
  if (!t || lido(v) === null) return t;
  return t.startsWith('-') ? `-R$ ${t.slice(1)}` : `R$ ${t}`;
}

/** A share: '50' → '50,00%'; '' when empty. */
export function formatPercentual(v: Numero): string {
  const t = formatDecimal(v);
  return t && lido(v) !== null ? `${t}%` : t;
}
