import { z } from 'zod';
import { V } from './messages.js';

/** Decimal digits only, at most 16 (past that no id or count of ours exists, and a double loses digits). */
const DIGITOS = /^\d{1,16}$/;

/**
 * A whole number as a path, a query string or a form sends it (text), or as JSON sends it (a number):
 * text must be plain decimal digits. Inteiro(z.number()) read Number(text), so '0x10' was 16, '9e0' 9,
 * ' 9' 9 and '' 0 (issue #39 §11: DELETE edital/excluir/0x10 deleted notice 16). `n` carries the
 * bounds (int, min, max…), kept in the OpenAPI document; `mensagem` is the field error of bad text.
 */
export function Inteiro<T extends z.ZodType<number, number>>(n: T, mensagem: string = V.pattern) {
  return z.union([n, z.string().regex(DIGITOS).transform(Number).pipe(n)], { error: mensagem });
}
