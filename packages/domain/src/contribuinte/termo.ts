import { V } from '../common/messages.js';
import { onlyCnpjChars, onlyDigits } from '../documents/digits.js';
import { isValidCnpj } from '../documents/cnpj.js';
import { isValidCpf } from '../documents/cpf.js';
import { isValidCacealWithDigit, validarNumeroCaceal } from '../documents/caceal.js';

// Kept free of zod: the navbar's quick search runs on the first page load, where the zod schemas
// (~25 kB gzipped) would weigh on every visit (apps/web/build/bundleBudget.ts).

/**
 * "Consultar por" of the taxpayer search (§2), plus CPF (§9 lists it among the search document types):
 * an individual taxpayer (a rural producer, say) is found by the CPF of its person.
 */
export const TIPOS_BUSCA_CONTRIBUINTE = ['CACEAL', 'CNPJ', 'RAIZ_DO_CNPJ', 'RAZAO_SOCIAL', 'CPF'] as const;
export type TipoBuscaContribuinte = (typeof TIPOS_BUSCA_CONTRIBUINTE)[number];

/** The most results a search shows (the pager says "mais de 1.000" beyond): pages past it are refused. */
export const BUSCA_LIMITE_RESULTADOS = 1000;

/** Shortest name fragment searched (shorter ones match almost everything and defeat the index). */
export const RAZAO_SOCIAL_MIN = 3;

/** The rule each kind's input must follow; the same function guards the form and the API. */
export function validarTermoBusca(tipo: TipoBuscaContribuinte, termo: string): string | null {
  switch (tipo) {
    case 'CACEAL': {
      // Digits only, masks aside; then the AL rule (24 + company type + sequence).
      const d = onlyDigits(termo);
      return d.length === 8 && d.length === termo.replace(/[\s.-]/g, '').length ? validarNumeroCaceal(d) : 'caceal';
    }
    case 'CNPJ':
      return isValidCnpj(termo) ? null : 'cnpj';
    case 'RAIZ_DO_CNPJ':
      return /^[0-9A-Z]{8}$/.test(onlyCnpjChars(termo)) ? null : 'raizCnpj';
    case 'CPF':
      return isValidCpf(termo) ? null : 'cpf';
    case 'RAZAO_SOCIAL': {
      const t = termo.trim();
      return t.length < RAZAO_SOCIAL_MIN ? V.minlength(RAZAO_SOCIAL_MIN) : t.length > 150 ? V.maxlength(150) : null;
    }
  }
}

/**
 * The navbar quick search: what a pasted text is. 8 digits (or 9 starting with 24 whose last is the check digit) → CACEAL; a valid
 * CNPJ (masked or not, numeric or alphanumeric) → CNPJ; 8 CNPJ characters with a letter → root;
 * a valid CPF (masked or not) → CPF; anything else of 3+ characters → razão social.
 */
export function classificarBuscaRapida(texto: string): { tipo: TipoBuscaContribuinte; termo: string } | null {
  const t = texto.trim();
  const digits = onlyDigits(t);
  const plainDigits = /^[\d\s./-]+$/.test(t);
  if (plainDigits && digits.length === 8) return { tipo: 'CACEAL', termo: digits };
  if (plainDigits && digits.length === 9 && isValidCacealWithDigit(digits)) return { tipo: 'CACEAL', termo: digits.slice(0, 8) };
  if (plainDigits && digits.length === 11 && isValidCpf(digits)) return { tipo: 'CPF', termo: digits };
  const cnpj = onlyCnpjChars(t);
  if (/^[\dA-Za-z\s./-]+$/.test(t) && cnpj.length === 14 && isValidCnpj(cnpj)) return { tipo: 'CNPJ', termo: cnpj };
  if (/^[0-9A-Za-z]{8}$/.test(t) && /[A-Za-z]/.test(t) && /\d/.test(t)) return { tipo: 'RAIZ_DO_CNPJ', termo: cnpj };
  if (plainDigits) return null;
  return t.length >= RAZAO_SOCIAL_MIN ? { tipo: 'RAZAO_SOCIAL', termo: t } : null;
}
