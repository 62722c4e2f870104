import { z } from 'zod';
import { CacealParam } from '../common/caceal.js';

/** The CACEAL typed on the public FIC lookup: 8 digits, nothing else (§2 FIC). */
export const CacealFic = CacealParam;

/**
 * §3 FIC — the public registration certificate (obterDadosFic). Days are yyyy-MM-dd; the screen and
 * the PDF apply the display rules (NAO HA., PRINCIPAL, '---', NAO).
 */
export const Fic = z.object({
  numeroCaceal: z.number().int(),
  digitoCaceal: z.number().int(),
  numeroPessoa: z.number().int(),
  numeroPessoaRaiz: z.number().int(),
  cnpj: z.string(),
  dataInicioAtividade: z.string(),
  ehOptanteDoSimples: z.boolean(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  naturezaJuridica: z.string().nullable(),
  descricaoSituacaoCadastral: z.string(),
  dataAlteracaoSituacaoCadastral: z.string(),
  motivoSituacaoCadastral: z.string().nullable(),
  /** The last change in the status history (may predate the current status' date when set by migration). */
  situacaoCadastralRecente: z.object({ situacaoCadastral: z.string(), dataAlteracaoSituacaoCadastral: z.string() }).nullable(),
  endereco: z.string().nullable(),
  atividadesEconomicas: z.array(z.object({ codigoCnae: z.string(), descricao: z.string(), principal: z.boolean() })),
  nomeDosSocios: z.array(z.string()),
  nomeDosResponsaveis: z.array(z.string()),
  regimeEspecial: z.array(z.object({ descricao: z.string(), dataInicio: z.string(), dataFim: z.string().nullable() })),
  sublimiteSN: z.boolean().nullable(),
  formasAtuacao: z.array(z.string()),
  tiposUnidade: z.array(z.string()),
  /** What the taxpayer must do to regularize (open irregularities' actions); null when nothing. */
  textoRegularizacao: z.string().nullable(),
});
export type Fic = z.infer<typeof Fic>;

/** A verification code printed on every FIC: 12 characters of Crockford base32, shown as XXXX-XXXX-XXXX. */
export const CodigoVerificacaoFic = z
  .string()
  .transform((s) => s.toUpperCase().replace(/[^0-9A-Z]/g, ''))
  .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{12}$/, 'pattern'));

export function formatCodigoVerificacao(codigo: string): string {
  return codigo.replace(/(.{4})(?=.)/g, '$1-');
}

/** What the public check of a code answers: when it was issued and exactly what it certified. */
export const VerificacaoFic = z.object({
  codigo: z.string(),
  emitidaEm: z.string(),
  fic: Fic,
});
export type VerificacaoFic = z.infer<typeof VerificacaoFic>;
