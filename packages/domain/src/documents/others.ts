import { onlyDigits } from './digits.js';
import { UF_CODES } from '../reference/uf.js';
import { formatCpf } from './cpf.js';
import { formatCnpj } from './cnpj.js';

/** CEP: 8 digits, shown xxxxx-xxx (§5). Alagoas CEPs are 57000-000..57999-999. */
export const isValidCep = (v: string) => /^\d{8}$/.test(onlyDigits(v)) && onlyDigits(v).length === v.replace(/[-.\s]/g, '').length;
export const formatCep = (v: string | null | undefined) => {
  const d = onlyDigits(v ?? '');
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : (v ?? '');
};
export const isAlagoasCep = (v: string) => {
  const n = Number(onlyDigits(v));
  return n >= 57_000_000 && n <= 57_999_999;
};

/** CRC (accountants' council number): UF + up to 6 digits + registration type (O,T,S,P,F) + check digit. */
export const CRC_TYPES = ['O', 'T', 'S', 'P', 'F'] as const;
export interface Crc {
  uf: string;
  numero: string;
  tipo: string | null;
  digito: string | null;
}
export function parseCrc(value: string): Crc | null {
  const m = /^([A-Z]{2})(\d{1,6})([OTSPF])?(\d)?$/.exec(value.toUpperCase().replace(/[\s./-]/g, ''));
  if (!m || !UF_CODES.includes(m[1] as (typeof UF_CODES)[number])) return null;
  return { uf: m[1]!, numero: m[2]!, tipo: m[3] ?? null, digito: m[4] ?? null };
}
export const formatCrc = (c: Crc) => `${c.uf}${c.numero.padStart(6, '0')}${c.tipo ?? ''}${c.digito ?? ''}`;

/** §5: a document with fewer than 12 digits is a CPF, otherwise a CNPJ. */
export function documentKind(value: string): 'CPF' | 'CNPJ' {
  return value.replace(/[^0-9A-Za-z]/g, '').length < 12 ? 'CPF' : 'CNPJ';
}

/** §5: a person's document shown masked as CPF or CNPJ by its length. */
export const formatDocumento = (value: string) => (documentKind(value) === 'CPF' ? formatCpf(value) : formatCnpj(value));
