import { z } from 'zod';
import { Inteiro } from '../common/inteiro.js';
import { validarTermoBusca } from '../contribuinte/termo.js';

export const TIPOS_DOCUMENTO_GESTOR = ['CACEAL', 'CNPJ'] as const;

/** GET gestor/dadosContribuinte and POST gestor/sinc: a CACEAL (8 digits) or a CNPJ. */
const documentoGestor = { tipoDocumento: z.enum(TIPOS_DOCUMENTO_GESTOR), numeroDocumento: z.string().min(1).max(20) };
const termoValido = (q: { tipoDocumento: (typeof TIPOS_DOCUMENTO_GESTOR)[number]; numeroDocumento: string }, ctx: z.RefinementCtx) => {
  const err = validarTermoBusca(q.tipoDocumento, q.numeroDocumento);
  if (err) ctx.addIssue({ code: 'custom', path: ['numeroDocumento'], message: err });
};
export const ConsultaGestor = z.object(documentoGestor).superRefine(termoValido);
export type ConsultaGestor = z.infer<typeof ConsultaGestor>;

/**
 * POST gestor/sinc. `confirmarCnpjInapto`: the clerk saw that the CNPJ is not ATIVA at the Receita and
 * still wants the manager's ATIVO applied (issue 30); without it such a reactivation is refused (400).
 */
export const SincronizarGestor = z.object({ ...documentoGestor, confirmarCnpjInapto: z.boolean().optional() }).superRefine(termoValido);
export type SincronizarGestor = z.infer<typeof SincronizarGestor>;

/**
 * One difference between the registry and the manager system (or the federal registry, for the
 * CNPJ's own status): which field, the registry's value now and the value a sync writes. A code and
 * its values, so the SPA words it in the user's language.
 */
export const CAMPOS_DIFERENCA = ['RAZAO_SOCIAL', 'SITUACAO_CADASTRAL', 'SITUACAO_CNPJ'] as const;
export const DiferencaGestor = z.object({
  campo: z.enum(CAMPOS_DIFERENCA),
  /** The registration whose status differs (SITUACAO_CADASTRAL); null otherwise. */
  caceal: z.number().int().nullable(),
  /** The registry's value now (null: never set). */
  atual: z.string().nullable(),
  novo: z.string(),
  /**
   * SITUACAO_CADASTRAL: the act that set the status a sync would override (issue 32: a status a published
   * notice set must not silently go back to ATIVO) — the notice, else the date and reason of the last change.
   */
  origem: z
    .object({ edital: z.string().nullable(), tipoEdital: z.string().nullable(), data: z.string().nullable(), motivo: z.string().nullable() })
    .nullable()
    .optional(),
});
export type DiferencaGestor = z.infer<typeof DiferencaGestor>;

/** §3 "Manager sync data", plus what would change in the registry if synchronised now. */
export const DadosGestor = z.object({
  caceal: z.number().int().nullable(),
  cnpj: z.string(),
  razaoSocial: z.string(),
  situacaoPessoa: z.string(),
  diferencas: z.array(DiferencaGestor),
});
export type DadosGestor = z.infer<typeof DadosGestor>;

/** §7 gestor/sinc answers the CNPJ (the SPA says 'O cnpj {cnpj} foi sincronizado!') and what changed. */
export const ResultadoSincronizacao = z.object({ cnpj: z.string(), alteracoes: z.array(DiferencaGestor) });
export type ResultadoSincronizacao = z.infer<typeof ResultadoSincronizacao>;

/** consultas-infoconv: which system asked and when (both dates required, §5). */
export const SISTEMAS_INFOCONV = ['cad', 'rds'] as const;

export const ConsultaInfoconv = z
  .object({
    sistema: z.enum(SISTEMAS_INFOCONV),
    dataInicial: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'pattern'),
    dataFinal: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'pattern'),
    page: Inteiro(z.number().int().min(0).max(10_000)).default(0),
    size: Inteiro(z.number().int().min(1).max(100)).default(20),
  })
  .refine((q) => q.dataInicial <= q.dataFinal, { message: 'dataFinalAntesDaInicial', path: ['dataFinal'] });

/** §3 "Infoconv row": a consultation the system made to the federal registry. */
export const ConsultaInfoconvLinha = z.object({
  cnpj: z.string(),
  razaosocial: z.string(),
  situacaoCadastral: z.string(),
  motivo: z.string().nullable(),
  dataConsulta: z.string(),
  sistema: z.enum(SISTEMAS_INFOCONV),
});
export type ConsultaInfoconvLinha = z.infer<typeof ConsultaInfoconvLinha>;
export const PaginaInfoconv = z.object({ content: z.array(ConsultaInfoconvLinha), totalElements: z.number().int() });
export type PaginaInfoconv = z.infer<typeof PaginaInfoconv>;

/** The federal registry's current answer for a CNPJ (the certificate opened from the list). */
export const ComprovanteCnpj = z.object({
  cnpj: z.string(),
  razaoSocial: z.string(),
  situacao: z.string(),
  motivo: z.string().nullable(),
  dataSituacao: z.string().nullable(),
  cpfResponsavel: z.string().nullable(),
  nomeResponsavel: z.string().nullable(),
  consultadoEm: z.string(),
});
export type ComprovanteCnpj = z.infer<typeof ComprovanteCnpj>;
