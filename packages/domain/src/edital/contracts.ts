import { z } from 'zod';
import { Inteiro } from '../common/inteiro.js';
import { Dia } from '../common/dias.js';
import { NumeroCaceal as Caceal } from '../common/caceal.js';

/** §4 notice statuses (ids of ref_situacao_edital). */
export const SITUACAO_EDITAL = { EM_EDICAO: 1, PRONTO_PARA_PUBLICAR: 2, PUBLICADO: 3, REPUBLICADO: 4 } as const;
/** ref_tipo_edital: CONVOCAÇÃO is the only type with a deadline (§5). */
export const TIPO_EDITAL_CONVOCACAO = 1;
/** §9 notice query types ("Consultar por"). */
export const TIPOS_CONSULTA_EDITAL = ['numeroEdital', 'emEdicao', 'prontoParaPublicar', 'demaisFiltros'] as const;
export type TipoConsultaEdital = (typeof TIPOS_CONSULTA_EDITAL)[number];
/** §9 communication medium: E (electronic) or I (printed). */
export const MEIOS_COMUNICACAO = ['E', 'I'] as const;
/** Limits of §9 (text 4000, observation 500) and of one notice's taxpayer list. */
export const LIMITE_TEXTO_EDITAL = 4000;
export const LIMITE_OBSERVACAO_EDITAL = 500;
export const LIMITE_VINCULADOS = 10_000;

/**
 * §5 number format: more than 4 characters and no slash → a slash before the last 4 digits (the
 * year); anything else as typed. `semBarra` is what a search sends.
 */
export function formatarNumeroEdital(v: string): string {
  const s = v.trim();
  return s.length > 4 && !s.includes('/') ? `${s.slice(0, -4)}/${s.slice(-4)}` : s;
}
export const numeroSemBarra = (v: string) => v.trim().replace(/\//g, '');

/** §4: the medium when the record has none: I if the number starts with I, else E. */
export const meioComunicacaoDe = (meio: string | null | undefined, numero: string) => (meio === 'E' || meio === 'I' ? meio : /^i/i.test(numero) ? 'I' : 'E');

/** A day typed DD/MM/YYYY (§9: notice searches) or yyyy-MM-dd, always answered as yyyy-MM-dd. */
export const DiaEdital = z.preprocess((v) => (typeof v === 'string' && /^\d{2}\/\d{2}\/\d{4}$/.test(v) ? `${v.slice(6)}-${v.slice(3, 5)}-${v.slice(0, 2)}` : v), Dia);

const texto = (max: number) => z.string().trim().max(max);
const opcional = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);

/** §3 linked row as the form sends it (the paste row of the CACEAL-list dialog). */
export const VinculoEdital = z
  .object({
    numeroCaceal: Caceal,
    numeroDocumentoVinculado: z.string().regex(/^\d{11}$|^[0-9A-Z]{12}\d{2}$|^\d{8}$/, 'pattern').nullish().transform((v) => v ?? null),
    tipoDocumentoVinculado: z.number().int().positive().nullish().transform((v) => v ?? null),
    observacao: opcional(LIMITE_OBSERVACAO_EDITAL),
  })
  .refine((v) => (v.numeroDocumentoVinculado === null) === (v.tipoDocumentoVinculado === null), { message: 'documentoPar', path: ['tipoDocumentoVinculado'] });
export type VinculoEdital = z.infer<typeof VinculoEdital>;

/** §5 notice form (cadastro; edicao adds id and version). */
export const EditalForm = z.object({
  numero: z.string().trim().regex(/^\d{1,8}\/?\d{4}$/, 'pattern').nullish().transform((v) => (v ? formatarNumeroEdital(v) : null)),
  tituloEdital: texto(200).min(1, 'required'),
  idTipoEdital: z.number({ error: 'required' }).int().positive(),
  texto: texto(LIMITE_TEXTO_EDITAL).min(1, 'required'),
  observacao: opcional(LIMITE_OBSERVACAO_EDITAL),
  prazoConvocacao: z.number().int().min(1).max(365).nullish().transform((v) => v ?? null),
  numeroProcesso: opcional(20),
  numeroPessoaResponsavel: z.number({ error: 'required' }).int().positive(),
  dataEfeitoLegal: Dia.nullish().transform((v) => v ?? null),
  indicadorMeioComunicacao: z.enum(MEIOS_COMUNICACAO).default('E'),
  numeroDiario: opcional(20),
  idSituacaoCadastralFutura: z.number({ error: 'required' }).int().positive(),
  /** The first is the main reason (§5). */
  motivos: z.array(z.number().int().positive()).min(1, 'required').max(20),
  vinculados: z.array(VinculoEdital).max(LIMITE_VINCULADOS),
});
export type EditalForm = z.infer<typeof EditalForm>;
export type EditalFormInput = z.input<typeof EditalForm>;
export const EditalEdicao = EditalForm.extend({ id: z.number().int().positive(), version: z.number().int().min(0) });
export type EditalEdicao = z.infer<typeof EditalEdicao>;

/** A row of the internal and public result lists. */
export const EditalResumo = z.object({
  id: z.number().int(),
  numero: z.string(),
  tituloEdital: z.string(),
  tipoEdital: z.string(),
  idSituacao: z.number().int(),
  situacaoEdital: z.string(),
  dataPublicacao: z.string().nullable(),
  dataEfeitoLegal: z.string().nullable(),
});
export type EditalResumo = z.infer<typeof EditalResumo>;
export const PaginaEditais = z.object({ content: z.array(EditalResumo), totalElements: z.number().int(), totalPages: z.number().int() });
export type PaginaEditais = z.infer<typeof PaginaEditais>;

/** The linked row as shown: the registration's name and status come from the registry. */
export const VinculadoEdital = z.object({
  numeroCaceal: z.number().int(),
  digitoCaceal: z.number().int(),
  razaoSocial: z.string(),
  situacaoCadastral: z.string(),
  numeroDocumentoVinculado: z.string().nullable(),
  tipoDocumentoVinculado: z.number().int().nullable(),
  observacao: z.string().nullable(),
});
export type VinculadoEdital = z.infer<typeof VinculadoEdital>;

/** §3 Notice, as the edit and confirmation screens load it. */
export const EditalDetalhe = z.object({
  id: z.number().int(),
  version: z.number().int(),
  numero: z.string(),
  tituloEdital: z.string(),
  idTipoEdital: z.number().int(),
  tipoEdital: z.string(),
  codigoSituacao: z.number().int(),
  situacaoEdital: z.string(),
  dataPublicacao: z.string().nullable(),
  dataEfeitoLegal: z.string().nullable(),
  prazoConvocacao: z.number().int().nullable(),
  numeroProcesso: z.string().nullable(),
  numeroPessoaResponsavel: z.number().int().nullable(),
  responsavel: z.object({ numeroPessoa: z.number().int(), razaoSocial: z.string() }).nullable(),
  texto: z.string(),
  indicadorMeioComunicacao: z.enum(MEIOS_COMUNICACAO),
  numeroDiario: z.string().nullable(),
  processado: z.boolean(),
  idSituacaoCadastralFutura: z.number().int().nullable(),
  observacao: z.string().nullable(),
  motivos: z.array(z.object({ id: z.number().int(), descricao: z.string(), principal: z.boolean() })),
  vinculados: z.array(VinculadoEdital),
});
export type EditalDetalhe = z.infer<typeof EditalDetalhe>;

/** consultar (internal): the four query modes of §2. */
export const ConsultaEdital = z.object({
  tipoConsultaEdital: z.enum(TIPOS_CONSULTA_EDITAL),
  numero: z.string().trim().max(12).nullish(),
  tipoEdital: z.number().int().positive().nullish(),
  situacao: z.number().int().min(1).max(4).nullish(),
  caceal: Caceal.nullish(),
  dataInicial: DiaEdital.nullish(),
  dataFinal: DiaEdital.nullish(),
  dataEfeitoLegal: DiaEdital.nullish(),
});
export type ConsultaEdital = z.infer<typeof ConsultaEdital>;
export type ConsultaEditalInput = z.input<typeof ConsultaEdital>;

/** public/edital/consultar: at least one filter (§5). */
export const ConsultaPublicaEdital = z
  .object({
    numero: z.string().trim().max(12).nullish(),
    tipoEdital: z.number().int().positive().nullish(),
    caceal: Caceal.nullish(),
    dataInicioPublicacao: DiaEdital.nullish(),
    dataFimPublicacao: DiaEdital.nullish(),
  })
  .refine((q) => Object.values(q).some((v) => v !== null && v !== undefined && v !== ''), { message: 'umFiltro', path: ['numero'] });
export type ConsultaPublicaEdital = z.infer<typeof ConsultaPublicaEdital>;

/** Paging of the notice calls (§7: paginaAtual 0-based, itensPorPagina). */
export const PaginacaoEdital = z.object({
  paginaAtual: Inteiro(z.number().int().min(0).max(100_000)).default(0),
  itensPorPagina: Inteiro(z.number().int().min(1).max(100)).default(10),
});

/** Confirmation of publication (POST edital): the publication date is required (§4). */
export const ConfirmacaoPublicacao = z.object({
  id: z.number().int().positive(),
  version: z.number().int().min(0).optional(),
  numero: z.string().optional(),
  descricao: z.string().optional(),
  dataPublicacao: Dia,
  numeroDiario: opcional(20),
  prazoConvocacao: z.number().int().min(1).max(365).nullish(),
  motivoAlteracaoSituacao: z.number().int().positive().nullish(),
});
export type ConfirmacaoPublicacao = z.infer<typeof ConfirmacaoPublicacao>;

export const ResultadoPublicacao = z.object({
  mensagem: z.string(),
  codigoSituacao: z.number().int(),
  situacaoEdital: z.string(),
  /** Registrations that took the new status, and those whose status did not allow it. */
  alterados: z.number().int(),
  inalterados: z.array(z.number().int()),
  /** Each registration left unchanged with its reason: its current status does not allow the notice's reason. */
  detalheInalterados: z.array(z.object({ numeroCaceal: z.number().int(), situacaoCadastral: z.string() })),
});
export type ResultadoPublicacao = z.infer<typeof ResultadoPublicacao>;

/** obterDadosContribuinte: the registry's answer for pasted CACEALs. */
export const DadosContribuinteEdital = z.object({
  encontrados: z.array(z.object({ numeroCaceal: z.number().int(), digitoCaceal: z.number().int(), razaoSocial: z.string(), situacaoCadastral: z.string() })),
  naoEncontrados: z.array(z.number().int()),
});
export type DadosContribuinteEdital = z.infer<typeof DadosContribuinteEdital>;
