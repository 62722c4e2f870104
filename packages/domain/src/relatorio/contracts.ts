import { z } from 'zod';
import { Dia } from '../common/dias.js';
import { ProblemSchema } from '../common/problem.js';

/** The zod side of the reports: filters and the preview page (the definitions are in definicoes.ts). */

export * from './definicoes.js';

/** §5: both dates required, the final one not before the initial one. */
const periodoValido = (f: { dataInicial?: string; dataFinal?: string }, ctx: z.RefinementCtx) => {
  if (f.dataInicial && f.dataFinal && f.dataFinal < f.dataInicial) {
    ctx.addIssue({ code: 'custom', path: ['dataFinal'], message: 'periodoInvalido' });
  }
};
export const FiltroPeriodo = z.object({ dataInicial: Dia, dataFinal: Dia }).superRefine(periodoValido);
/** §2 multiple live registrations: the start is required; an empty end takes the start. */
export const FiltroPeriodoAberto = z.object({ dataInicial: Dia, dataFinal: Dia.optional() }).superRefine(periodoValido);
export const TIPOS_CONSULTA_ATIVOS = ['tipo', 'simples-mei'] as const;
export const FiltroAtivos = z.object({ tipoConsulta: z.enum(TIPOS_CONSULTA_ATIVOS) });
/** A list of codes in a query string: "0,3" (empty or absent: all). */
const ListaCodigos = z
  .string()
  .max(200)
  .regex(/^(\d{1,3}(,\d{1,3})*)?$/, 'pattern')
  .optional()
  .transform((v) => (v ? [...new Set(v.split(',').map(Number))] : []));
export const FiltroForaInteresse = z.object({ tipoContribuinte: ListaCodigos, situacaoCadastral: ListaCodigos });
/** Which day the general report's period applies to: the activity start (§2) or the day of the current status. */
export const DATAS_REFERENCIA = ['inicio', 'situacao'] as const;
/**
 * §2 general report: both dates required; beyond the spec, optional statuses and the day the period
 * applies to, so that a slice or bar of the home page's picture opens exactly the rows it counts.
 */
export const FiltroGeral = z
  .object({ dataInicial: Dia, dataFinal: Dia, situacaoCadastral: ListaCodigos, dataReferencia: z.enum(DATAS_REFERENCIA).default('inicio') })
  .superRefine(periodoValido);
export const SemFiltro = z.object({});

export type FiltroPeriodo = z.infer<typeof FiltroPeriodo>;

/** The preview page: rows as the report's columns name them, the exact count and the totals. */
export const ValorCelula = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A row's sub-rows (a report's `lista`, e.g. a taxpayer's atividadeEconomicaList). */
export const ListaCelulas = z.array(z.record(z.string(), ValorCelula));
export const PaginaRelatorio = z.object({
  content: z.array(z.record(z.string(), z.union([ValorCelula, ListaCelulas]))),
  totalElements: z.number().int(),
  totais: z.record(z.string(), z.number()).optional(),
});
export type PaginaRelatorio = z.infer<typeof PaginaRelatorio>;

/** The zod filter of each kind (the API validates the query with it; the SPA builds the query from it). */
export const FILTROS_RELATORIO = {
  periodo: FiltroPeriodo,
  periodoAberto: FiltroPeriodoAberto,
  ativos: FiltroAtivos,
  foraInteresse: FiltroForaInteresse,
  geral: FiltroGeral,
  nenhum: SemFiltro,
} as const;

/**
 * The home page's picture of the registry (issue #18): taxpayers by status, registrations opened and
 * closed per month, the Simples/MEI share of the active ones, open pendências by criticality.
 */
const Quantidade = z.number().int().min(0);
export const TIPOS_SIMPLES_MEI = ['mei', 'simples', 'naoOptante'] as const;
export const PanoramaCadastro = z.object({
  situacoes: z.array(z.object({ situacaoId: z.number().int(), descricao: z.string(), quantidade: Quantidade })),
  /** The first and last activity start of the registry: the period a status slice opens the general report with. */
  periodo: z.object({ dataInicial: z.string().nullable(), dataFinal: z.string().nullable() }),
  /** The 24 months up to the current one ('YYYY-MM'), oldest first. */
  meses: z.array(z.object({ mes: z.string(), abertas: Quantidade, baixadas: Quantidade })),
  simplesMei: z.array(z.object({ tipo: z.enum(TIPOS_SIMPLES_MEI), quantidade: Quantidade })),
  pendencias: z.array(z.object({ criticidadeId: z.number().int(), descricao: z.string(), quantidade: Quantidade })),
});
export type PanoramaCadastro = z.infer<typeof PanoramaCadastro>;

/**
 * A report PDF rendered in the background (relatorio/<path>/imprimir/tarefa): its phase — reading the
 * rows, laying out the file, done, failed — the seconds since it started, the rows read and the bytes
 * of the file once done; a failed one carries its problem (a refusal for size names the limit and the spreadsheet).
 */
export const EstadoTarefaPdf = z.object({
  id: z.string(),
  fase: z.enum(['consultando', 'montando', 'pronta', 'falhou']),
  segundos: z.number(),
  linhas: z.number().int().optional(),
  bytes: z.number().int(),
  erro: ProblemSchema.pick({ status: true, message: true, detail: true, params: true, limite: true, alternativa: true }).partial({ message: true, detail: true, params: true, limite: true, alternativa: true }).optional(),
});
export type EstadoTarefaPdf = z.infer<typeof EstadoTarefaPdf>;
