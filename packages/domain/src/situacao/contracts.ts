import { z } from 'zod';
import { Dia } from '../common/dias.js';
import { MENSAGEM_CACEAL_TIPO, NumeroCaceal as Caceal } from '../common/caceal.js';
import { validarNumeroCaceal } from '../documents/caceal.js';

/** Registration statuses of the Alagoas registry (ids of ref_situacao_cadastral). */
export const SITUACAO = { ATIVO: 1, SUSPENSO: 2, INAPTO: 3, BAIXADO: 4, NULO: 5, BLOQUEIO: 6, ENQUADRAMENTO: 7, DESENQUADRAMENTO: 8, NAO_CADASTRADO: 9 } as const;

/** No status change leaves these: a closed or void registration needs a new one. */
export const SITUACOES_FINAIS: readonly number[] = [SITUACAO.BAIXADO, SITUACAO.NULO, SITUACAO.NAO_CADASTRADO];

const S = SITUACAO;
/**
 * The statuses a registration may come FROM for each reason (ref_motivo_situacao ids, RICMS-AL grounds).
 * 101 (initial registration) and 901 (no registration) are never reached by a status change.
 */
export const ORIGENS_POR_MOTIVO: Readonly<Record<number, readonly number[]>> = {
  102: [S.SUSPENSO, S.DESENQUADRAMENTO], // reativação a pedido
  103: [S.SUSPENSO, S.INAPTO, S.BLOQUEIO, S.DESENQUADRAMENTO], // reativação de ofício
  201: [S.ATIVO, S.ENQUADRAMENTO], 202: [S.ATIVO, S.ENQUADRAMENTO, S.INAPTO], 203: [S.ATIVO, S.ENQUADRAMENTO],
  301: [S.ATIVO, S.SUSPENSO, S.ENQUADRAMENTO], 302: [S.ATIVO, S.SUSPENSO, S.ENQUADRAMENTO], 303: [S.ATIVO, S.SUSPENSO, S.ENQUADRAMENTO],
  401: [S.ATIVO, S.SUSPENSO, S.INAPTO, S.ENQUADRAMENTO, S.DESENQUADRAMENTO],
  402: [S.ATIVO, S.SUSPENSO, S.INAPTO, S.BLOQUEIO, S.ENQUADRAMENTO, S.DESENQUADRAMENTO],
  403: [S.ATIVO, S.SUSPENSO, S.ENQUADRAMENTO, S.DESENQUADRAMENTO],
  501: [S.ATIVO, S.SUSPENSO, S.INAPTO, S.BLOQUEIO, S.ENQUADRAMENTO, S.DESENQUADRAMENTO],
  502: [S.ATIVO, S.SUSPENSO, S.INAPTO, S.BLOQUEIO, S.ENQUADRAMENTO, S.DESENQUADRAMENTO],
  601: [S.ATIVO, S.SUSPENSO, S.INAPTO, S.ENQUADRAMENTO, S.DESENQUADRAMENTO], 602: [S.ATIVO, S.SUSPENSO, S.INAPTO, S.ENQUADRAMENTO, S.DESENQUADRAMENTO],
  701: [S.ATIVO, S.DESENQUADRAMENTO], 702: [S.ATIVO, S.DESENQUADRAMENTO],
  801: [S.ATIVO, S.ENQUADRAMENTO], 802: [S.ATIVO, S.ENQUADRAMENTO],
};

/** May a registration now in `situacaoAtual` take this reason? (the server's rule; the UI filters with it). */
export const motivoPermitido = (motivoId: number, situacaoAtual: number) => (ORIGENS_POR_MOTIVO[motivoId] ?? []).includes(situacaoAtual);

export const LIMITE_LISTA_CACEAL = 1000;

/**
 * Reads the pasted list of situacaoCadastral: CACEALs (8 digits, 24 + company type + 5) separated by
 * commas or blanks (§2: digits, commas and whitespace only).
 * Repeated numbers count once; anything else is returned as invalid, by what was typed.
 */
export function lerListaCaceal(texto: string): { caceais: number[]; invalidos: string[] } {
  const caceais: number[] = [];
  const invalidos: string[] = [];
  const vistos = new Set<number>();
  for (const item of texto.split(/[\s,]+/).filter(Boolean)) {
    const n = Number(item);
    if (validarNumeroCaceal(item) !== null) invalidos.push(item);
    else if (!vistos.has(n)) {
      vistos.add(n);
      caceais.push(n);
    }
  }
  return { caceais, invalidos };
}

/** POST contribuinte/obterSituacaoCadastral: a list of CACEAL integers. */
export const ObterSituacaoCadastral = z
  .array(z.number())
  .min(1)
  .max(LIMITE_LISTA_CACEAL)
  // The offending entries by their value, not by their position in the list.
  .superRefine((xs, ctx) => {
    const ruins = xs.filter((x) => !Caceal.safeParse(x).success);
    if (!ruins.length) return;
    const tipo = ruins.some((x) => validarNumeroCaceal(x) === 'cacealTipo') ? ` ${MENSAGEM_CACEAL_TIPO}` : '';
    ctx.addIssue({ code: 'custom', message: `CACEAL inválido: ${ruins.slice(0, 20).join(', ')}${ruins.length > 20 ? '…' : ''}.${tipo}` });
  });

/** §3 "Status list item". */
export const SituacaoDoContribuinte = z.object({
  numeroCaceal: z.number().int(),
  digitoCaceal: z.number().int(),
  numeroPessoa: z.number().int(),
  razaoSocial: z.string(),
  situacaoCadastral: z.string(),
  motivoSituacaoCadastral: z.string().nullable(),
});
export type SituacaoDoContribuinte = z.infer<typeof SituacaoDoContribuinte>;

/** The answer names the CACEALs that do not exist instead of dropping them. */
export const ListaSituacaoCadastral = z.object({ content: z.array(SituacaoDoContribuinte), naoEncontrados: z.array(z.number().int()) });
export type ListaSituacaoCadastral = z.infer<typeof ListaSituacaoCadastral>;

/** alterarSituacaoCnpj/{numeroPessoa}: the company and each of its registrations with its version. */
export const SituacaoPessoa = z.object({
  numeroPessoa: z.number().int(),
  cnpj: z.string(),
  razaoSocial: z.string(),
  /** The CNPJ at Receita Federal (ATIVA, SUSPENSA, INAPTA, BAIXADA, NULA). */
  situacaoPj: z.string().nullable(),
  contribuintes: z.array(
    z.object({
      numeroCaceal: z.number().int(),
      digitoCaceal: z.number().int(),
      idSituacao: z.number().int(),
      situacaoCadastral: z.string(),
      motivoSituacaoCadastral: z.string().nullable(),
      dataSituacao: z.string(),
      version: z.number().int(),
    }),
  ),
});
export type SituacaoPessoa = z.infer<typeof SituacaoPessoa>;

/** POST contribuinte/alterarSituacaoPessoa; `versoes` (what the screen showed) guards against lost updates. */
export const AlterarSituacaoPessoa = z.object({
  numeroPessoa: z.number().int().positive(),
  sequencialSituacaoPessoa: z.number().int().positive(),
  sequencialMotivoPessoa: z.number().int().positive(),
  versoes: z.array(z.object({ numeroCaceal: Caceal, version: z.number().int().min(0) })).optional(),
  /** Issue 30: the clerk was told the CNPJ is not ATIVA at the Receita and still reactivates (else 400). */
  confirmarCnpjInapto: z.boolean().optional(),
});
export type AlterarSituacaoPessoa = z.infer<typeof AlterarSituacaoPessoa>;

/**
 * What alterarSituacaoPessoa answers: a code the SPA words in the session's language ('Alteração
 * realizada com sucesso' / 'Change made successfully'), and the pt-BR text for other clients.
 */
export const CODIGOS_ALTERACAO_SITUACAO = ['ALTERACAO_REALIZADA'] as const;
export type CodigoAlteracaoSituacao = (typeof CODIGOS_ALTERACAO_SITUACAO)[number];
export const AlteracaoSituacaoRealizada = z.object({ codigo: z.enum(CODIGOS_ALTERACAO_SITUACAO), mensagem: z.string() });
export type AlteracaoSituacaoRealizada = z.infer<typeof AlteracaoSituacaoRealizada>;

export const TIPOS_HISTORICO = ['SITUACAO_CADASTRAL', 'RAZAO_SOCIAL'] as const;
export const TIPOS_DOCUMENTO_HISTORICO = ['CACEAL', 'CNPJ', 'RAIZ_DO_CNPJ'] as const;
export type TipoDocumentoHistorico = (typeof TIPOS_DOCUMENTO_HISTORICO)[number];

/** POST historico/consultar/…/por-caceal: a CACEAL and an optional change-date period. */
export const ConsultaHistorico = z
  .object({ caceal: Caceal, dataInicial: Dia.optional(), dataFinal: Dia.optional() })
  .refine((q) => !q.dataInicial || !q.dataFinal || q.dataInicial <= q.dataFinal, { message: 'dataFinalAntesDaInicial', path: ['dataFinal'] });
export type ConsultaHistorico = z.infer<typeof ConsultaHistorico>;

const CabecalhoHistorico = z.object({
  numeroCaceal: z.number().int(),
  digitoCaceal: z.number().int(),
  numeroPessoa: z.number().int(),
  cnpj: z.string(),
  razaoSocial: z.string(),
});
export const HistoricoSituacao = z.object({
  contribuinte: CabecalhoHistorico,
  // numeroEdital: the notice whose publication made the change, if one did.
  content: z.array(z.object({ descricaoSituacaoCadastralHistorico: z.string(), descricaoMotivoHistorico: z.string().nullable(), dataAlteracao: z.string(), numeroEdital: z.string().nullable().optional() })),
});
export type HistoricoSituacao = z.infer<typeof HistoricoSituacao>;
export const HistoricoRazaoSocial = z.object({
  contribuinte: CabecalhoHistorico,
  content: z.array(z.object({ nomeRazaoSocial: z.string(), dataAlteracao: z.string() })),
});
export type HistoricoRazaoSocial = z.infer<typeof HistoricoRazaoSocial>;
