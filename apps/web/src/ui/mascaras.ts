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
 * One input for CPF or CNPJ (§5): digits only up to 11 are masked as a CPF; more, or a letter
 * (alphanumeric CNPJ), as a CNPJ, limited to 14 characters.
 */
export function mascararDocumento(v: string): string {
  const c = onlyCnpjChars(v).slice(0, 14);
  return /^\d{0,11}$/.test(c) ? formatCpf(c) : formatCnpj(c);
}
