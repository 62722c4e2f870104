import { onlyDigits, randomDigits, seededRng, type Rng } from './digits.js';

/** CPF: 9 digits + 2 mod-11 check digits (Receita Federal). */
function checkDigit(base: string): number {
  let sum = 0;
  const start = base.length + 1;
  for (let i = 0; i < base.length; i++) sum += Number(base[i]) * (start - i);
  const r = (sum * 10) % 11;
  return r === 10 ? 0 : r;
}

export function cpfCheckDigits(nine: string): string {
  const d1 = checkDigit(nine);
  const d2 = checkDigit(nine + d1);
  return `${d1}${d2}`;
}

export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  return cpfCheckDigits(d.slice(0, 9)) === d.slice(9);
}

/** 999.999.999-99 */
export function formatCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return d.replace(/^(\d{3})(\d)/, '$1.$2').replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3').replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

export function generateCpf(rng: Rng = seededRng(Date.now())): string {
  for (;;) {
    const nine = randomDigits(rng, 9);
    if (!/^(\d)\1{8}$/.test(nine)) return nine + cpfCheckDigits(nine);
  }
}
