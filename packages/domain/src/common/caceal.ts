import { z } from 'zod';
import { Inteiro } from './inteiro.js';
import { validarNumeroCaceal } from '../documents/caceal.js';

/** The words of 'cacealTipo' where the server writes prose (the SPA words the code, pt-BR and en). */
export const MENSAGEM_CACEAL_TIPO = 'O terceiro dígito do CACEAL indica o tipo de contribuinte (0, 3, 5, 7 ou 8).';

// Only the type digit: the shape (8 digits, 24…) is said once, by int/min/max or the regex.
const regra = (v: number | string, ctx: z.RefinementCtx) => {
  if (validarNumeroCaceal(v) === 'cacealTipo') ctx.addIssue({ code: 'custom', message: 'cacealTipo' });
};

/**
 * A CACEAL number typed or received (8 digits, "24" + company type + sequence): every contract that
 * takes one uses this, so a wrong type digit is refused alike everywhere ('cacealTipo'; 'caceal' for
 * the rest). min/max stay for the OpenAPI document.
 */
export const NumeroCaceal = z.number().int('caceal').min(24_000_000, 'caceal').max(24_999_999, 'caceal').superRefine(regra);

/** The same from a query string or a form that may send digits as text. */
export const NumeroCacealCoagido = Inteiro(z.number().int('caceal').min(24_000_000, 'caceal').max(24_999_999, 'caceal').superRefine(regra), 'caceal');

/**
 * A CACEAL in a path or query string: exactly 8 plain digits — a coerced number would also take
 * '2.4e7', '0x16E3600' or '+24000000'.
 */
export const CacealParam = z.string().regex(/^24\d{6}$/, 'caceal').superRefine(regra).transform(Number);
