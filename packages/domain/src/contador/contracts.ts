import { z } from 'zod';
import { Inteiro } from '../common/inteiro.js';
import { V } from '../common/messages.js';
import { Dia } from '../common/dias.js';
import { NumeroCacealCoagido } from '../common/caceal.js';
import { onlyDigits } from '../documents/index.js';
import { partesCrc } from '../formato/codigos.js';

/** The CRC an accountant is known by: UF, number, type and digit, as the login form accepts it. */
export function formatarCrc(uf: string, numero: string, tipo: string | null, digito: number | null): string {
  return `${uf}${numero}${tipo ?? ''}${digito ?? ''}`;
}

/** §9 CRC classification: 1 PROFISSIONAL, 2 ESCRITÓRIO SOCIEDADE, 3 ESCRITÓRIO INDIVIDUAL. */
export const ClassificacaoCrc = Inteiro(z.number({ message: V.required }).int().min(1, V.required).max(3, V.pattern), V.required);

/** §7 the accountant parameters of every accountant-area call: crc and classificacao. */
export const CrcClassificacao = z.object({
  crc: z.string().trim().min(1, V.required).max(10, V.maxlength(10)).refine((c) => partesCrc(c) !== null, 'crc'),
  classificacao: ClassificacaoCrc,
});
export type CrcClassificacao = z.infer<typeof CrcClassificacao>;

export const EnderecoRecadastro = z.object({
  logradouro: z.string().trim().min(1, V.required).max(100, V.maxlength(100)),
  numero: z.string().trim().min(1, V.required).max(10, V.maxlength(10)),
  complemento: z.string().trim().max(60, V.maxlength(60)).default(''),
  bairro: z.string().trim().min(1, V.required).max(60, V.maxlength(60)),
  cep: z.string().transform(onlyDigits).refine((c) => c.length === 8, 'pattern'),
  uf: z.string().trim().length(2, V.required),
  municipio: z.string().trim().min(1, V.required).max(60, V.maxlength(60)),
});
export type EnderecoRecadastro = z.infer<typeof EnderecoRecadastro>;

/**
 * §2/§5: a phone typed with more than 9 digits carries its DDD (the first two digits); anything
 * else keeps the DDD typed apart.
 */
export function separarTelefone(ddd: string, telefone: string): { ddd: string; numeroTelefone: string } {
  const t = onlyDigits(telefone);
  if (t.length > 9) return { ddd: t.slice(0, 2), numeroTelefone: t.slice(2) };
  return { ddd: onlyDigits(ddd), numeroTelefone: t };
}

/**
 * §3 Re-registration: e-mail, DDD (≤ 2), phone, address. A phone typed with its DDD (more than 9
 * digits) is split before the checks, so both the form and the API accept it.
 */
export const Recadastro = CrcClassificacao.extend({
  enderecoEletronico: z.string().trim().min(1, 'emailObrigatorio').max(100, V.maxlength(100)).email('emailInvalido').min(5, 'emailInvalido'),
  ddd: z.string().trim().max(2, V.maxlength(2)).default(''),
  numeroTelefone: z.string().trim().min(1, 'telefoneObrigatorio').max(14, V.maxlength(14)),
  endereco: EnderecoRecadastro,
})
  .superRefine((v, ctx) => {
    const t = separarTelefone(v.ddd, v.numeroTelefone);
    if (!/^\d{2}$/.test(t.ddd)) ctx.addIssue({ code: 'custom', path: ['ddd'], message: v.ddd ? V.pattern : V.required });
    if (v.numeroTelefone && !/^\d{8,9}$/.test(t.numeroTelefone)) ctx.addIssue({ code: 'custom', path: ['numeroTelefone'], message: V.pattern });
  })
  .transform((v) => ({ ...v, ...separarTelefone(v.ddd, v.numeroTelefone) }));
export type Recadastro = z.infer<typeof Recadastro>;

export const RecadastroSalvo = z.object({
  id: z.number().int(),
  enderecoEletronico: z.string(),
  ddd: z.string(),
  numeroTelefone: z.string(),
  endereco: z.record(z.string(), z.string().nullable()),
});
export type RecadastroSalvo = z.infer<typeof RecadastroSalvo>;

/**
 * What the re-registration form opens with (issue 40 §7: it opened empty but for the e-mail): the
 * accountant's last re-registration, else the registry's data of its person — e-mail, first phone,
 * principal address. Every field as text the form shows and the user may change.
 */
export const DadosRecadastro = z.object({
  enderecoEletronico: z.string(),
  ddd: z.string(),
  numeroTelefone: z.string(),
  endereco: z.object({
    logradouro: z.string(), numero: z.string(), complemento: z.string(), bairro: z.string(), cep: z.string(), uf: z.string(), municipio: z.string(),
  }),
});
export type DadosRecadastro = z.infer<typeof DadosRecadastro>;

/** The accountant a CRC + classification stands for (POST contador/autenticado, /consultar). */
export const ContadorArea = z.object({
  numeroPessoaContador: z.number().int(),
  nome: z.string(),
  numeroDocumento: z.string(),
  crc: z.string(),
  classificacao: z.object({ codigo: z.number().int(), descricao: z.string() }),
  email: z.string().nullable(),
  /** Whether the re-registration is done (else the SPA opens the required modal). */
  recadastrado: z.boolean(),
  /** The accountant's own confirmation only (contador/autenticado): the re-registration form's starting values. */
  recadastro: DadosRecadastro.optional(),
});
export type ContadorArea = z.infer<typeof ContadorArea>;

/** §3 Statement: 1 confirmation, 2 denial; S active, N inactive. */
export const TipoManifestacao = z.union([z.literal(1), z.literal(2)]);
export const Manifestacao = z.object({
  id: z.number().int(),
  caceal: z.number().int(),
  digitoCaceal: z.number().int().nullable(),
  razaoSocial: z.string().nullable(),
  tipoManifestacao: TipoManifestacao,
  /** ISO 8601 instant; shown dd/MM/yyyy HH:mm in Maceió time. */
  dataManifestacao: z.string(),
  indAtivo: z.enum(['S', 'N']),
});
export type Manifestacao = z.infer<typeof Manifestacao>;

/** POST manifestacao/consultar: the accountant's name and statements, newest first. */
export const ManifestacoesContador = z.object({
  nomeContador: z.string(),
  total: z.number().int(),
  manifestacoes: z.array(Manifestacao),
  /** With a page asked for: the rows matching the filter, and the active statements' counts (the summary). */
  totalFiltrado: z.number().int().optional(),
  ativas: z.object({ confirmacoes: z.number().int(), negacoes: z.number().int() }).optional(),
});
export type ManifestacoesContador = z.infer<typeof ManifestacoesContador>;

/**
 * A page of an accountant's statements (#32: hundreds of rows were one long page): 0-based page, a
 * filter by CACEAL, CNPJ or company name, only the active ones if asked. Alone it is the body of
 * consultarPorUsuario (the signed-in accountant's own); with CRC + classification, of consultar.
 */
export const PaginaManifestacoes = z.object({
  page: z.number().int().min(0).max(100_000).optional(),
  size: z.number().int().min(1).max(100).optional(),
  filtro: z.string().trim().max(100).optional(),
  somenteAtivas: z.boolean().optional(),
});
export type PaginaManifestacoes = z.infer<typeof PaginaManifestacoes>;
export const ConsultaManifestacoes = CrcClassificacao.extend(PaginaManifestacoes.shape);
export type ConsultaManifestacoes = z.infer<typeof ConsultaManifestacoes>;

/** §3 Taxpayer row in statement flows. */
export const ContribuinteManifestacao = z.object({
  numeroCaceal: z.number().int(),
  digitoCaceal: z.number().int().nullable(),
  razaoSocial: z.string(),
  situacaoCadastral: z.string().nullable(),
  dataInicioAtividade: z.string().nullable(),
  /** Instant of the last active statement of the company, if any. */
  ultimaManifestacao: z.string().nullable(),
});
export type ContribuinteManifestacao = z.infer<typeof ContribuinteManifestacao>;

/**
 * contribuinte/porContador and porUsuario with `page` (issue 40 §1: the busiest accountant answers for
 * thousands of companies): a page of them, filtered on the server (CACEAL, CNPJ or part of the name,
 * accents ignored); without `page`, every one of them.
 */
export const PaginaContribuintesContador = PaginaManifestacoes.pick({ page: true, size: true, filtro: true });
export type PaginaContribuintesContador = z.infer<typeof PaginaContribuintesContador>;
export const ConsultaContribuintesContador = CrcClassificacao.extend(PaginaContribuintesContador.shape);
export type ConsultaContribuintesContador = z.infer<typeof ConsultaContribuintesContador>;
/** The page, how many match the filter (totalElements) and how many the accountant answers for (total). */
export const PaginaContribuintesManifestacao = z.object({ content: z.array(ContribuinteManifestacao), totalElements: z.number().int(), total: z.number().int() });
export type PaginaContribuintesManifestacao = z.infer<typeof PaginaContribuintesManifestacao>;

/** POST manifestacao/gerar: one statement per company (at least one). */
export const GerarManifestacoes = CrcClassificacao.extend({
  manifestacoes: z
    .array(z.object({ caceal: NumeroCacealCoagido, tipoManifestacao: TipoManifestacao }))
    .min(1, 'semContribuinte')
    .max(5_000, V.maxlength(5000))
    .optional(),
  /**
   * Issue 40 §1, instead of `manifestacoes`: one statement for every client company matching `filtro`
   * (all of them without one), chosen by the server — Negação for the CACEALs in `negacoes`, Confirmação
   * for the rest — so 8,677 companies are not sent one by one.
   */
  todas: z.object({
    filtro: z.string().trim().max(100).optional(),
    negacoes: z.array(NumeroCacealCoagido).max(5_000, V.maxlength(5000)).default([]),
  }).optional(),
}).refine((g) => (g.manifestacoes === undefined) !== (g.todas === undefined), { message: 'semContribuinte', path: ['manifestacoes'] });
export type GerarManifestacoes = z.infer<typeof GerarManifestacoes>;

/** §5 company/date query: both days required; the final one is sent as the day after (exclusive). */
export const PeriodoManifestacao = z
  .object({ dataInicial: Dia, dataFinal: Dia })
  .refine((p) => p.dataFinal > p.dataInicial, { message: 'periodo', path: ['dataFinal'] });
export type PeriodoManifestacao = z.infer<typeof PeriodoManifestacao>;

export const PeriodoPaginado = z
  .object({ dataInicial: Dia, dataFinal: Dia, page: Inteiro(z.number().int().min(0).max(100_000)).default(0), size: Inteiro(z.number().int().min(1).max(100)).default(10) })
  .refine((p) => p.dataFinal > p.dataInicial, { message: 'periodo', path: ['dataFinal'] });

export const PaginaEmpresasSemManifestacao = z.object({
  content: z.array(ContribuinteManifestacao),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
});
export type PaginaEmpresasSemManifestacao = z.infer<typeof PaginaEmpresasSemManifestacao>;

/**
 * The denial list's body (§7 comManifestacaoNegacaoSemEvento): the period alone answers the whole
 * list, as §7 says; with `page` (#32: a busy period was one long page) a page of `size` (20),
 * filtered by CACEAL, CNPJ or company name.
 */
export const ConsultaNegacoes = z
  .object({ dataInicial: Dia, dataFinal: Dia, ...PaginaManifestacoes.pick({ page: true, size: true, filtro: true }).shape })
  .refine((p) => p.dataFinal > p.dataInicial, { message: 'periodo', path: ['dataFinal'] });
export type ConsultaNegacoes = z.infer<typeof ConsultaNegacoes>;
/** A page of it: `totalElements` match the filter, `total` is every company of the period (the summary). */
export const PaginaEmpresasNegacao = PaginaEmpresasSemManifestacao.extend({ total: z.number().int() });
export type PaginaEmpresasNegacao = z.infer<typeof PaginaEmpresasNegacao>;
