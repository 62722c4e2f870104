import { z } from 'zod';
import { Endereco, Telefone } from './dados.js';

/** §3 endereco + contatos of a partner, responsible, accountant or attorney: the main address and the phones. */
const Contatos = { endereco: Endereco.nullable(), contatos: z.array(Telefone) };

/** §3 Economic activity (obterAtividades). */
export const Atividade = z.object({
  codigoCnae: z.string(),
  descricao: z.string(),
  ehAtividadePrincipal: z.boolean(),
  ehInteresse: z.boolean(),
  ehVistoriaPrevia: z.boolean(),
});
export type Atividade = z.infer<typeof Atividade>;

const Qualificacao = z.object({ id: z.number().int(), descricao: z.string() });

/** §3 Partner (obterSocios): the QSA of the head office's person. */
export const Socio = z.object({
  numeroPessoaSocio: z.number().int(),
  numeroDocumentoSocio: z.string(),
  nomeSocio: z.string(),
  qualificacao: Qualificacao,
  percentualParticipacao: z.string().nullable(),
  dataInclusao: z.string(),
  ehImpedido: z.boolean(),
  ehResponsavel: z.boolean(),
  documentoRepresentanteLegal: z.string().nullable(),
  nomeRepresentanteLegal: z.string().nullable(),
  qualificacaoRepresentanteLegal: z.string().nullable(),
  ...Contatos,
  /** Every address of the partner, the main one first (the Quadro de Sócios edits them). */
  enderecos: z.array(Endereco),
  /** The version of the partner's addresses, read before them: a registry event that replaces them carries it back. */
  versaoEnderecos: z.number().int(),
});
export type Socio = z.infer<typeof Socio>;

/** §3 Responsible (obterResponsavel). */
export const Responsavel = z.object({
  numeroPessoa: z.number().int(),
  numeroDocumento: z.string(),
  razaoSocial: z.string(),
  qualificacao: Qualificacao,
  possuiImpedimento: z.boolean(),
  ...Contatos,
});
export type Responsavel = z.infer<typeof Responsavel>;

/** §3 Accountant (obterContador). */
export const Contador = z.object({
  numeroPessoaContador: z.number().int(),
  numeroDocumento: z.string(),
  nome: z.string(),
  numeroCrc: z.string(),
  digitoVerificadorCrc: z.number().int().nullable(),
  tipoInscricao: z.string(),
  /** O, T, S, P or F (§9): the letter of the CRC number. */
  codigoTipoInscricao: z.string(),
  codigoUfCrc: z.string(),
  categoria: z.string(),
  classificacao: z.string(),
  apto: z.boolean().nullable(),
  email: z.string().nullable(),
  dataInicio: z.string(),
  ...Contatos,
});
export type Contador = z.infer<typeof Contador>;

/** §3 Attorney in the State (obterProcuradores). */
export const Procurador = z.object({
  numeroPessoa: z.number().int(),
  numeroDocumento: z.string(),
  razaoSocial: z.string(),
  dataInicioValidade: z.string(),
  caceal: z.number().int(),
  ...Contatos,
});
export type Procurador = z.infer<typeof Procurador>;

/** A notice that cites the registration (obterEditais). */
export const EditalDoContribuinte = z.object({
  id: z.number().int(),
  numero: z.string(),
  tipo: z.string(),
  motivo: z.string().nullable(),
  processo: z.string().nullable(),
  dataPublicacao: z.string().nullable(),
  situacao: z.string(),
});
export type EditalDoContribuinte = z.infer<typeof EditalDoContribuinte>;

/** §3 Special regime (obterRegimesEspeciais); situation I/D/R/S, active S/N (§4). */
export const RegimeEspecial = z.object({
  seqSujeitoPassivo: z.number().int(),
  numCaceal: z.number().int(),
  /** Ids of the combos, so the special-regime dialog can alter it. */
  regimeId: z.number().int(),
  tipoRegimeId: z.number().int(),
  tipoAtoConcessorioId: z.number().int(),
  descRegimeEspecial: z.string(),
  descTipoRegime: z.string(),
  descAtoConcessorio: z.string(),
  processo: z.string().nullable(),
  dtInicio: z.string(),
  dtFim: z.string().nullable(),
  situacao: z.enum(['I', 'D', 'R', 'S']),
  indAtivo: z.enum(['S', 'N']),
});
export type RegimeEspecial = z.infer<typeof RegimeEspecial>;

export const SITUACAO_REGIME: Record<RegimeEspecial['situacao'], string> = { I: 'INDEFINIDO', D: 'DEFINIDO', R: 'REVOGADO', S: 'SUSPENSO' };
