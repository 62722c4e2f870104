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

/** LGPD: a CPF for anonymous eyes keeps only its middle digits (***.456.789-**), as the Receita masks it. */
export const mascararCpf = (cpf: string) => {
  const d = onlyDigits(cpf);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : cpf;
};

/** CPF-shaped text (999.999.999-99, 99999999999, mixed), never part of a longer number. */
const CPF_NO_TEXTO = /(?<!\d)\d{3}\.?\d{3}\.?\d{3}-?\d{2}(?!\d)/g;

/** Free text for public outputs: whatever looks like a CPF is masked, valid or not (a typo is still someone's). */
export const mascararCpfsNoTexto = (texto: string) => texto.replace(CPF_NO_TEXTO, mascararCpf);

export function generateCpf(rng: Rng = seededRng(Date.now())): string {
  for (;;) {
    const nine = randomDigits(rng, 9);
    if (!/^(\d)\1{8}$/.test(nine)) return nine + cpfCheckDigits(nine);
  }
}
