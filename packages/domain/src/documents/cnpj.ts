import { onlyCnpjChars, randomDigits, seededRng, type Rng } from './digits.js';

/**
 * CNPJ: 12 characters + 2 numeric check digits. Since July 2026 Receita Federal also issues
 * alphanumeric CNPJs: the 12 first characters may be digits or upper-case letters, each worth its
 * ASCII code minus 48 (so '0'..'9' = 0..9, 'A' = 17 … 'Z' = 42) in the usual mod-11 sum.
 */
const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function dv(chars: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (chars.charCodeAt(i) - 48) * weights[i]!;
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function cnpjCheckDigits(twelve: string): string {
  const d1 = dv(twelve, W1);
  const d2 = dv(twelve + d1, W2);
  return `${d1}${d2}`;
}

export function isValidCnpj(value: string): boolean {
  const c = onlyCnpjChars(value);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(c)) return false;
  if (/^(\d)\1{13}$/.test(c)) return false;
  return cnpjCheckDigits(c.slice(0, 12)) === c.slice(12);
}

export const isAlphanumericCnpj = (value: string) => /[A-Z]/.test(onlyCnpjChars(value).slice(0, 12));

/** 99.999.999/9999-99 (letters kept where they are). */
export function formatCnpj(value: string): string {
  const c = onlyCnpjChars(value).slice(0, 14);
  return c
    .replace(/^(\w{2})(\w)/, '$1.$2')
    .replace(/^(\w{2})\.(\w{3})(\w)/, '$1.$2.$3')
    .replace(/\.(\w{3})(\w)/, '.$1/$2')
    .replace(/(\w{4})(\w{1,2})$/, '$1-$2');
}

/** The CNPJ root: its first 8 characters (shared by head office and branches). */
export const cnpjRoot = (value: string) => onlyCnpjChars(value).slice(0, 8);

/** Head office (0001) or branch number `ordem` of a root. */
export function cnpjFromRoot(root: string, ordem: number): string {
  const twelve = root + String(ordem).padStart(4, '0');
  return twelve + cnpjCheckDigits(twelve);
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export function generateCnpjRoot(rng: Rng = seededRng(Date.now()), alphanumeric = false): string {
  if (!alphanumeric) return randomDigits(rng, 8);
  let root = '';
  for (let i = 0; i < 8; i++) root += ALNUM[Math.floor(rng() * ALNUM.length)];
  return /[A-Z]/.test(root) ? root : 'A' + root.slice(1);
}
