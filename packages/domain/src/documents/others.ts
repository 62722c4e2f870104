import { onlyDigits } from './digits.js';
import { formatCpf } from './cpf.js';
import { formatCnpj } from './cnpj.js';

/** CEP: 8 digits, shown xxxxx-xxx (§5). Alagoas CEPs are 57000-000..57999-999. */
export const isValidCep = (v: string) => /^\d{8}$/.test(onlyDigits(v)) && onlyDigits(v).length === v.replace(/[-.\s]/g, '').length;
export const isAlagoasCep = (v: string) => {
  const n = Number(onlyDigits(v));
  return n >= 57_000_000 && n <= 57_999_999;
};

/** §5: a document with fewer than 12 digits is a CPF, otherwise a CNPJ. */
export function documentKind(value: string): 'CPF' | 'CNPJ' {
  return value.replace(/[^0-9A-Za-z]/g, '').length < 12 ? 'CPF' : 'CNPJ';
}

/** §5: a person's document shown masked as CPF or CNPJ by its length. */
export const formatDocumento = (value: string) => (documentKind(value) === 'CPF' ? formatCpf(value) : formatCnpj(value));

/**
 * What a list of registration documents is called: the `cnpj` of a pendência, of the manager system or of a
 * report holds the CPF of an individual's registration (§3), so a column of them is CPF, CNPJ or both.
 */
export function rotuloDocumentos(values: readonly string[]): 'CPF' | 'CNPJ' | 'CNPJ/CPF' {
  const tipos = new Set(values.map(documentKind));
  return tipos.size === 1 && tipos.has('CPF') ? 'CPF' : tipos.has('CPF') ? 'CNPJ/CPF' : 'CNPJ';
}
