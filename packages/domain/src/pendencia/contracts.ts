import { z } from 'zod';
import { Dia } from '../common/dias.js';
import { NumeroCaceal } from '../common/caceal.js';
import { DEFAULT_PAGE_SIZE } from '../constants.js';
import { onlyCnpjChars } from '../documents/index.js';

/** §4/§9: pendência situations and the fixed codes of a regularization. */
export const SITUACAO_PENDENCIA = { PENDENTE: 1, REGULARIZADA: 2 } as const;
export const REGULARIZACAO = { sequencialSituacao: 2, sequencialMotivo: 2, sequencialOrigem: 10 } as const;
/** §9: the registry-origin classification whose open pendências may be regularized. */
export const CLASSIFICACAO_CADASTRO = 7;
export const ORIGEM_CADASTRO = 10;

/** §2 criticality dot: Baixa yellow, Média orange, Alta red (by sequencial). */
export const COR_CRITICIDADE: Readonly<Record<number, string>> = { 1: 'yellow', 2: 'orange', 3: 'red' };

const Codigo = z.object({ sequencial: z.number().int(), nome: z.string() });

/** §3 Pendencia (+ the deadline, the origin and the version a change must carry). */
export const Pendencia = z.object({
  sequencial: z.number().int(),
  cnpj: z.string(),
  classificacao: Codigo,
  pendencia: z.string(),
  acoesRegularizadoras: z.string().nullable(),
  /** The first day of the competence month, yyyy-MM-dd (shown MM/yyyy). */
  competencia: z.string(),
  prazo: z.string().nullable(),
  dataRegularizacao: z.string().nullable(),
  dataCancelamento: z.string().nullable(),
  criticidade: Codigo,
  situacao: Codigo,
  origem: Codigo,
  version: z.number().int(),
  /** The registration's start of activity, yyyy-MM-dd: the earliest competência the form accepts (issue 39 §7). */
  inicioAtividade: z.string().nullable().optional(),
  /** The taxpayer the row is about (issue 40 §3: a CNPJ alone named nobody). */
  caceal: z.number().int().nullable().optional(),
  digitoCaceal: z.number().int().nullable().optional(),
  razaoSocial: z.string().nullable().optional(),
  /** Open with its deadline passed (pendenciaVencida), as of the answer. */
  vencida: z.boolean().optional(),
});
export type Pendencia = z.infer<typeof Pendencia>;

/**
 * Overdue (issue 40 §3): still open (PENDENTE) and its deadline (prazo) before today in Maceió. A
 * pendência with no deadline never falls due; a regularized one is done, whatever its prazo. The lists
 * put the open ones first, earliest deadline first, so the overdue ones lead (migration 0044).
 */
export const pendenciaVencida = (p: { situacao: { sequencial: number }; prazo: string | null }, hoje: string) =>
  p.situacao.sequencial === SITUACAO_PENDENCIA.PENDENTE && p.prazo !== null && p.prazo.slice(0, 10) < hoje;

export const PaginaPendencias = z.object({
  content: z.array(Pendencia),
  /** Exact (#40 §2): every page up to it is reachable. */
  totalElements: z.number().int(),
});
export type PaginaPendencias = z.infer<typeof PaginaPendencias>;

/** §5: month 1-12 (one or two digits), year of four digits; digits only. */
export const MesCompetencia = z.number().int('mes').min(1, 'mes').max(12, 'mes');
export const AnoCompetencia = z.number().int('ano').min(1000, 'ano').max(9999, 'ano');

/** yyyy-MM-01 of a month/year. */
export const competenciaDe = (mes: number, ano: number) => `${ano}-${String(mes).padStart(2, '0')}-01`;

/** §3 pendency query; a month and its year go together, the start not after the end (§5). */
export const ConsultaPendencias = z
  .object({
    cnpj: z.string().max(40).transform(onlyCnpjChars).pipe(z.string().regex(/^[0-9A-Z]{12}\d{2}$/, 'cnpj')).optional(),
    caceal: NumeroCaceal.optional(),
    tipoConsultaNumeroDocumento: z.enum(['CACEAL', 'CNPJ']).optional(),
    mesCompetenciaInicial: MesCompetencia.optional(),
    anoCompetenciaInicial: AnoCompetencia.optional(),
    mesCompetenciaFinal: MesCompetencia.optional(),
    anoCompetenciaFinal: AnoCompetencia.optional(),
    classificacao: z.number().int().min(1).max(9999).optional(),
    criticidade: z.number().int().min(1).max(99).optional(),
    situacao: z.array(z.number().int().min(1).max(99)).max(10).optional(),
    // Any page of the count (#40 §2: 117,663 pendências at 500,000 taxpayers are 117,663 pages of 1).
    pagina: z.number().int().min(0).max(10_000_000).default(0),
    tamanho: z.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
  })
  .superRefine((q, ctx) => {
    for (const lado of ['Inicial', 'Final'] as const) {
      if ((q[`mesCompetencia${lado}`] === undefined) !== (q[`anoCompetencia${lado}`] === undefined)) {
        const faltando = q[`mesCompetencia${lado}`] === undefined ? `mesCompetencia${lado}` : `anoCompetencia${lado}`;
        ctx.addIssue({ code: 'custom', path: [faltando], message: 'required' });
      }
    }
    const { mesCompetenciaInicial: mi, anoCompetenciaInicial: ai, mesCompetenciaFinal: mf, anoCompetenciaFinal: af } = q;
    if (mi !== undefined && ai !== undefined && mf !== undefined && af !== undefined && competenciaDe(mi, ai) > competenciaDe(mf, af)) {
      ctx.addIssue({ code: 'custom', path: ['mesCompetenciaFinal'], message: 'periodo' });
    }
    if (q.tipoConsultaNumeroDocumento === 'CACEAL' && q.caceal === undefined) ctx.addIssue({ code: 'custom', path: ['caceal'], message: 'required' });
    if (q.tipoConsultaNumeroDocumento === 'CNPJ' && q.cnpj === undefined) ctx.addIssue({ code: 'custom', path: ['cnpj'], message: 'required' });
  });
export type ConsultaPendencias = z.input<typeof ConsultaPendencias>;

/** §7 PATCH regularizar: the fixed codes of §9 (anything else is refused), and the version the screen showed. */
export const RegularizarPendencia = z.object({
  sequencial: z.number().int().positive(),
  sequencialSituacao: z.literal(REGULARIZACAO.sequencialSituacao),
  sequencialMotivo: z.literal(REGULARIZACAO.sequencialMotivo),
  sequencialOrigem: z.literal(REGULARIZACAO.sequencialOrigem),
  version: z.number().int().min(0).optional(),
});
export type RegularizarPendencia = z.infer<typeof RegularizarPendencia>;

/** A competence as yyyy-MM or yyyy-MM-01. */
export const Competencia = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-01)?$/, 'pattern')
  .transform((s) => (s.length === 7 ? `${s}-01` : s));

/** §4 alter payload (aplicacao CADASTRO, document of origin the CNPJ root). */
export const AlterarPendencia = z
  .object({
    sequencial: z.number().int().positive(),
    competencia: Competencia,
    dataRegularizacao: Dia.nullable().optional(),
    dataCancelamento: Dia.nullable().optional(),
    sequencialCriticidade: z.number().int().min(1).max(99),
    sequencialSituacao: z.number().int().min(1).max(99),
    sequencialOrigem: z.literal(ORIGEM_CADASTRO).optional(),
    sequencialMotivo: z.number().int().min(1).max(99).optional(),
    aplicacao: z.literal('CADASTRO').optional(),
    idDocumentoOrigem: z.string().regex(/^[0-9A-Z]{8}$/, 'pattern').optional(),
    tipoDocumentoOrigem: z.literal('RAIZ').optional(),
    descricao: z.string().trim().min(1, 'required').max(1000, 'maxlength:1000'),
    version: z.number().int().min(0),
  })
  .superRefine((a, ctx) => {
    if (a.sequencialSituacao === SITUACAO_PENDENCIA.REGULARIZADA && !a.dataRegularizacao) {
      ctx.addIssue({ code: 'custom', path: ['dataRegularizacao'], message: 'required' });
    }
  });
export type AlterarPendencia = z.input<typeof AlterarPendencia>;

/** GET classificacoes-origem-cadastro: the classifications a registry clerk may change. */
export const ClassificacaoOrigemCadastro = z.object({ id: z.number().int(), descricao: z.string() });
export type ClassificacaoOrigemCadastro = z.infer<typeof ClassificacaoOrigemCadastro>;

/** MM/yyyy of a competence day. */
export const formatCompetencia = (dia: string) => `${dia.slice(5, 7)}/${dia.slice(0, 4)}`;
