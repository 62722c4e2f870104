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
