import { z } from 'zod';
import { Inteiro } from '../common/inteiro.js';
import { V } from '../common/messages.js';
import { BUSCA_LIMITE_RESULTADOS, TIPOS_BUSCA_CONTRIBUINTE, validarTermoBusca } from './termo.js';

export * from './termo.js';

export const BuscaContribuinteParams = z
  .object({
    docType: z.enum(TIPOS_BUSCA_CONTRIBUINTE),
    query: z.string().min(1, V.required).max(150, V.maxlength(150)),
    page0: Inteiro(z.number().int().min(0).max(10_000)),
    size: Inteiro(z.number().int().min(1).max(100)),
  })
  .superRefine((p, ctx) => {
    const err = validarTermoBusca(p.docType, p.query);
    if (err) ctx.addIssue({ code: 'custom', path: ['query'], message: err });
    // Walking far past the shown results costs the database the whole sort (~500 ms) for nothing.
    if (p.page0 * p.size >= BUSCA_LIMITE_RESULTADOS) ctx.addIssue({ code: 'custom', path: ['page0'], message: 'alemDoLimite' });
  });

export const ContribuinteResumo = z.object({
  numeroPessoa: z.number().int(),
  numeroCaceal: z.number().int(),
  digitoCaceal: z.number().int(),
  cnpj: z.string(),
  razaoSocial: z.string(),
  situacaoCadastral: z.string(),
});
export type ContribuinteResumo = z.infer<typeof ContribuinteResumo>;

/** §7 obterListaContribuintes: content, totalElements, totalPages (+ whether the total was capped). */
export const PaginaContribuintes = z.object({
  content: z.array(ContribuinteResumo),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  totalIsLowerBound: z.boolean(),
});
export type PaginaContribuintes = z.infer<typeof PaginaContribuintes>;

/**
 * The name search screen's own call (#43, #40 §2): how each row matched, best first. CONTEM: the name
 * contains the text (as the §7 call; whole words first); PALAVRAS: every word, in any order; VARIANTE:
 * spelling, sound or abbreviation variants (variantes.ts); APROXIMADO: a typo away.
 */
export const TIPOS_ACHADO = ['CONTEM', 'PALAVRAS', 'VARIANTE', 'APROXIMADO'] as const;
export type TipoAchado = (typeof TIPOS_ACHADO)[number];

export const BuscaNomeQuery = z
  .object({
    termo: z.string().max(150, V.maxlength(150)),
    size: Inteiro(z.number().int().min(1).max(100)).default(10),
    /** The opaque position after the last row of the previous page (keyset: any row is reachable). */
    apos: z.string().max(800).optional(),
  })
  .superRefine((p, ctx) => {
    const err = validarTermoBusca('RAZAO_SOCIAL', p.termo);
    if (err) ctx.addIssue({ code: 'custom', path: ['termo'], message: err });
  });
export type BuscaNomeQuery = z.infer<typeof BuscaNomeQuery>;

export const PaginaBuscaNome = z.object({
  content: z.array(ContribuinteResumo.extend({ tipo: z.enum(TIPOS_ACHADO) })),
  /** The next page's `apos`, null on the last page. */
  proximo: z.string().nullable(),
  /** The names that contain the text (the §7 call's figure), or (totalIsLowerBound) at least this many. */
  total: z.number().int(),
  totalIsLowerBound: z.boolean(),
  /**
   * Names found by words, variants or typos (never counted: that cost every search for rows few clerks
   * reach): true when this page holds or is followed by some, false when there are none, null when not
   * looked for yet (they come after the "contains" matches, looked for when a page reaches their end).
   */
  parecidos: z.boolean().nullable(),
  /** With no match at all: the closest names ("Você quis dizer…"). */
  sugestoes: z.array(z.string()),
});
export type PaginaBuscaNome = z.infer<typeof PaginaBuscaNome>;
