import { formatCnpj, formatCpf, onlyCnpjChars, onlyDigits, type TipoBuscaContribuinte } from '@cadastro/domain';

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
 */
export function moedaDigitada(texto: string): string | null {
  const d = onlyDigits(texto).replace(/^0+(?=\d)/, '').slice(0, 17); // 15 integer digits + 2 cents (§5)
  if (!d) return null;
  const cheio = d.padStart(3, '0');
  return `${cheio.slice(0, -2)}.${cheio.slice(-2)}`;
}

/**
 * One input for CPF or CNPJ (§5): digits only up to 11 are masked as a CPF; more, or a letter
 * (alphanumeric CNPJ), as a CNPJ, limited to 14 characters.
 */
export function mascararDocumento(v: string): string {
  const c = onlyCnpjChars(v).slice(0, 14);
  return /^\d{0,11}$/.test(c) ? formatCpf(c) : formatCnpj(c);
}
