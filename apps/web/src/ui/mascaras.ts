import { formatCnpj, formatCpf, formatDecimal, onlyCnpjChars, onlyDigits, type TipoBuscaContribuinte } from '@cadastro/domain';

/** Input masks of the search (§5): digits only and limited to the mask, CNPJ 99.999.999/9999-99. */
export function mascarar(tipo: TipoBuscaContribuinte | null, v: string): string {
  switch (tipo) {
    case 'CACEAL':
      return onlyDigits(v).slice(0, 8);
    case 'CNPJ':
      return formatCnpj(onlyCnpjChars(v).slice(0, 14));
    case 'RAIZ_DO_CNPJ':
      return onlyCnpjChars(v).slice(0, 8);
    case 'CPF':
      return formatCpf(onlyDigits(v).slice(0, 11));
    default:
      return v.slice(0, 150);
  }
}

export const PLACEHOLDER: Record<TipoBuscaContribuinte, string> = {
  CACEAL: '99999999',
  CNPJ: '99.999.999/9999-99',
  RAIZ_DO_CNPJ: '99999999',
  RAZAO_SOCIAL: '',
  CPF: '999.999.999-99',
};

/**
 * Money as a Brazilian types it (issue 32): the digits fill from the cents, so "50.000,00", "R$ 50.000,00"
 * and "5000000" are all R$ 50.000,00; the value kept is the API's decimal ("50000.00"), null when empty.
 * Only text, never a JS number (issue #39 §9: past 2^53 a number rounds, and a value shown rounded up to one
 * more digit came back 10× smaller). A keystroke past the mask's 17 digits leaves `atual` as it was
 * (§5: the mask limits; it never shifts the digits already there).
 */
export function moedaDigitada(texto: string, atual?: string | null): string | null {
  const todos = onlyDigits(texto).replace(/^0+(?=\d)/, '');
  // An over-long value (not from this field) may still shrink digit by digit; the contract then names the limit.
  const limite = Math.max(MOEDA_DIGITOS, atual ? onlyDigits(atual).replace(/^0+(?=\d)/, '').length : 0);
  if (todos.length > limite && atual) return atual;
  const d = todos.slice(0, limite);
  if (!d) return null;
  const cheio = d.padStart(3, '0');
  return `${cheio.slice(0, -2)}.${cheio.slice(-2)}`;
}
/** 15 integer digits + 2 cents (§5, numeric(17,2)). */
const MOEDA_DIGITOS = 17;

/** The text a money field shows for the API's decimal: pt-BR, digit by digit ('' when empty). */
export const moedaExibida = (valor: string | null): string => (valor === null ? '' : formatDecimal(valor));

/**
 * One input for CPF or CNPJ (§5): digits only up to 11 are masked as a CPF; more, or a letter
 * (alphanumeric CNPJ), as a CNPJ, limited to 14 characters.
 */
export function mascararDocumento(v: string): string {
  const c = onlyCnpjChars(v).slice(0, 14);
  return /^\d{0,11}$/.test(c) ? formatCpf(c) : formatCnpj(c);
}
