import { onlyDigits, seededRng, type Rng } from './digits.js';

/**
 * CACEAL: the Alagoas state registration (inscrição estadual) — 8 digits starting with "24" plus one
 * check digit: weights 9..2 over the 8 digits, digit = (sum × 10) mod 11, 10 → 0 (SEFAZ-AL / SINTEGRA).
 */
export function cacealCheckDigit(eight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(eight[i]) * (9 - i);
  const d = (sum * 10) % 11;
  return d === 10 ? 0 : d;
}

/** 8 digits (the number staff type, without the check digit). */
export const isCacealNumber = (v: string) => /^\d{8}$/.test(v);

/** The 9-digit form (number + check digit) is a valid Alagoas registration. */
export function isValidCacealWithDigit(value: string): boolean {
  const d = onlyDigits(value);
  return d.length === 9 && d.startsWith('24') && cacealCheckDigit(d.slice(0, 8)) === Number(d[8]);
}

/** "24012345-6": number, hyphen, check digit (the CACEAL-digit column of the screens). */
export const formatCaceal = (numero: string | number, digito?: number) => {
  const n = String(numero).padStart(8, '0');
  return `${n}-${digito ?? cacealCheckDigit(n)}`;
};

/** A new CACEAL number: "24" + 6 digits. */
export function generateCacealNumber(rng: Rng = seededRng(Date.now())): string {
  return '24' + String(Math.floor(rng() * 1_000_000)).padStart(6, '0');
}
