import { onlyDigits, seededRng, type Rng } from './digits.js';

/**
 * CACEAL: the Alagoas state registration (inscrição estadual) as SINTEGRA defines it for AL — 9 digits:
 * "24", the company type (third digit), 5 digits of sequence, and a check digit: weights 9..2 over the
 * first 8 digits, digit = (sum × 10) mod 11, 10 → 0. Staff type the 8-digit number; the check digit
 * is stored and shown apart ("24012345-6").
 */
export function cacealCheckDigit(eight: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(eight[i]) * (9 - i);
  const d = (sum * 10) % 11;
  return d === 10 ? 0 : d;
}

/**
 * The third digit: 0 normal, 3 produtor rural, 5 substituta, 7 micro-empresa ambulante, 8 microempresa
 * (SINTEGRA, cad_AL; the same codes as ref_tipo_contribuinte).
 */
export const TIPOS_CACEAL = [0, 3, 5, 7, 8] as const;
export type TipoCaceal = (typeof TIPOS_CACEAL)[number];
/** Numbers per type: "24" + type + 5 digits of sequence. */
export const CACEAL_POR_TIPO = 100_000;

/** Is this a type digit of the AL registration? */
export const isTipoCaceal = (tipo: number): tipo is TipoCaceal => (TIPOS_CACEAL as readonly number[]).includes(tipo);

/**
 * The rule an 8-digit CACEAL number must follow, as a validation code (null when valid): 'caceal' for
 * anything but 8 digits starting with 24, 'cacealTipo' when the third digit is not a company type.
 */
export function validarNumeroCaceal(numero: number | string): 'caceal' | 'cacealTipo' | null {
  const s = String(numero);
  if (!/^24\d{6}$/.test(s)) return 'caceal';
  return isTipoCaceal(Number(s[2])) ? null : 'cacealTipo';
}

/** 8 digits "24" + a company type + 5 digits: a CACEAL number staff may type. */
export const isValidCacealNumber = (numero: number | string) => validarNumeroCaceal(numero) === null;

/** The company type its third digit records (null when the number is not a valid CACEAL). */
export const tipoDoCaceal = (numero: number | string): TipoCaceal | null =>
  isValidCacealNumber(numero) ? (Number(String(numero)[2]) as TipoCaceal) : null;

/** 8 digits (the number staff type, without the check digit), whatever its type digit. */
export const isCacealNumber = (v: string) => /^\d{8}$/.test(v);

/** The 9-digit form (number + check digit) is a valid Alagoas registration. */
export function isValidCacealWithDigit(value: string): boolean {
  const d = onlyDigits(value);
  return d.length === 9 && isValidCacealNumber(d.slice(0, 8)) && cacealCheckDigit(d.slice(0, 8)) === Number(d[8]);
}

/**
 * The `sequencial`-th number (0-based) of a company type: 24 T SSSSS. Each type has CACEAL_POR_TIPO
 * numbers; asking past them is an error, never a number of another type.
 */
export function cacealDoTipo(tipo: number, sequencial: number): number {
  if (!isTipoCaceal(tipo)) throw new Error(`Tipo de contribuinte ${tipo} não tem CACEAL: o terceiro dígito é 0, 3, 5, 7 ou 8.`);
  if (!Number.isInteger(sequencial) || sequencial < 0 || sequencial >= CACEAL_POR_TIPO) {
    throw new Error(
      `CACEAL do tipo ${tipo} esgotado: cada tipo tem ${CACEAL_POR_TIPO} números (24${tipo}00000 a 24${tipo}99999); pedido o de ordem ${sequencial}.`,
    );
  }
  return 24_000_000 + tipo * CACEAL_POR_TIPO + sequencial;
}

/** "24012345-6": number, hyphen, check digit (the CACEAL-digit column of the screens). */
export const formatCaceal = (numero: string | number, digito?: number) => {
  const n = String(numero).padStart(8, '0');
  return `${n}-${digito ?? cacealCheckDigit(n)}`;
};

/** A new CACEAL number of `tipo` (or of a type drawn too), sequence drawn. */
export function generateCacealNumber(rng: Rng = seededRng(Date.now()), tipo?: TipoCaceal): string {
  const t = tipo ?? TIPOS_CACEAL[Math.floor(rng() * TIPOS_CACEAL.length)]!;
  return String(cacealDoTipo(t, Math.floor(rng() * CACEAL_POR_TIPO)));
}
