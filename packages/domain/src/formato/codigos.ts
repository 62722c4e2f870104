/**
 * Codes as the offices write them: natureza jurídica '206-2' (CONCLA, the last digit is its check
 * digit), CNAE '4711-3/02' (IBGE/CONCLA subclass), CEP '57020-000' (Correios), CRC 'CRC-AL 179190/O-9'
 * (Conselho Regional de Contabilidade: UF, number, registration type, check digit). The database
 * keeps the bare digits ('2062', '4711302', '57020000', AL + 179190 + O + 9); screens, PDFs and
 * spreadsheets all write them through these functions. CPF, CNPJ and CACEAL are written beside
 * their check digits in documents/ (formatCpf, formatCnpj, formatDocumento, formatCaceal).
 */

const digitos = (v: string) => v.replace(/\D/g, '');

/**
 * Natureza jurídica: '2062' → '206-2'; with its description '206-2 - Sociedade Empresária Limitada'.
 * Also rewrites a text that starts with the bare code ('2062 - Sociedade…', as REDESIM sends it).
 */
export function formatNaturezaJuridica(codigo: string | null | undefined, descricao?: string | null): string {
  if (!codigo) return descricao ?? '';
  const escrito = codigo.trim().replace(/^(\d{3})-?(\d)(?!\d)/, '$1-$2');
  return descricao ? `${escrito} - ${descricao}` : escrito;
}

/** CNAE subclass: '4711302' → '4711-3/02' (a leading zero lost by a number is put back); anything else as it came. */
export function formatCnae(codigo: string | number | null | undefined): string {
  if (codigo === null || codigo === undefined) return '';
  const texto = String(codigo).trim();
  if (!/^\d{6,7}$/.test(texto)) return texto;
  const d = texto.padStart(7, '0');
  return `${d.slice(0, 4)}-${d.slice(4, 5)}/${d.slice(5)}`;
}

/** CEP: '57020000' → '57020-000'; anything that is not 8 digits as it came. */
export function formatCep(v: string | null | undefined): string {
  const d = digitos(v ?? '');
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : (v ?? '');
}

/**
 * §9 CRC as typed (the accountant area's login, REDESIM's text): UF + number (1–6 digits) + optionally
 * the registration type letter (O/T/S/P/F) + optionally the check digit — "UF999999TD", e.g. AL123456T7.
 */
export const CRC_PADRAO = /^([A-Z]{2})(\d{1,6})([OTSPF])?(\d)?$/;

export interface CrcPartes {
  uf: string;
  numero: string;
  tipo: string | null;
  digito: number | null;
}

/** The parts of a typed CRC (upper-cased; spaces, dots, dashes, slashes and a leading 'CRC' ignored), or null. */
export function partesCrc(crc: string): CrcPartes | null {
  const m = CRC_PADRAO.exec(crc.toUpperCase().replace(/[\s./-]/g, '').replace(/^CRC(?=[A-Z]{2}\d)/, ''));
  if (!m) return null;
  return { uf: m[1]!, numero: String(Number(m[2]!)), tipo: m[3] ?? null, digito: m[4] === undefined ? null : Number(m[4]) };
}

/** CRC as the council writes it: 'CRC-AL 179190/O-9' (number in 6 digits; type and digit when known). */
export function formatCrc(c: { uf: string; numero: string; tipo?: string | null; digito?: string | number | null }): string {
  const tipo = c.tipo ? `/${c.tipo}` : '';
  const digito = c.digito === null || c.digito === undefined || c.digito === '' ? '' : `-${c.digito}`;
  return `CRC-${c.uf} ${c.numero.padStart(6, '0')}${tipo}${digito}`;
}

/** The CRC as the API takes it (≤ 10 characters, §9 UF999999TD): 'AL179190O9'. */
export const crcCompacto = (c: CrcPartes) => `${c.uf}${c.numero.padStart(6, '0')}${c.tipo ?? ''}${c.digito ?? ''}`;

/** An accountant's CRC from the registry's fields (obterContador, pessoa's DadosContador). */
export const formatCrcContador = (k: { codigoUfCrc: string; numeroCrc: string; codigoTipoInscricao: string | null; digitoVerificadorCrc: number | null }) =>
  formatCrc({ uf: k.codigoUfCrc, numero: k.numeroCrc, tipo: k.codigoTipoInscricao, digito: k.digitoVerificadorCrc });

/** A CRC that arrives as text ('AL179190O9', typed or from REDESIM) written the official way; unreadable text as it came. */
export function formatCrcTexto(texto: string | null | undefined): string {
  if (!texto) return '';
  const p = partesCrc(texto);
  return p ? formatCrc(p) : texto;
}
