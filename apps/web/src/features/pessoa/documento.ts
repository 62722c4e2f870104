import { formatCnpj, formatCpf, onlyCnpjChars, validarDocumentoPessoa } from '@cadastro/domain';

/**
 * One input for CPF or CNPJ (§5): digits only up to 11 are masked as a CPF; more, or a letter
 * (alphanumeric CNPJ), as a CNPJ, limited to 14 characters.
 */
export function mascararDocumento(v: string): string {
  const c = onlyCnpjChars(v).slice(0, 14);
  return /^\d{0,11}$/.test(c) ? formatCpf(c) : formatCnpj(c);
}

/** null when valid; else the i18n key of the hint (shown once the length is complete). */
export function erroDocumento(v: string): string | null {
  const r = validarDocumentoPessoa(v);
  if (r === 'cpf' || r === 'cnpj') return null;
  return r === 'checkDigit' ? 'pessoa.busca.digito' : 'pessoa.busca.invalido';
}
