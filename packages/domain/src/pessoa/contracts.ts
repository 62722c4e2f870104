import { z } from 'zod';
import { Inteiro } from '../common/inteiro.js';
import { V } from '../common/messages.js';
import { isValidCnpj, isValidCpf, onlyCnpjChars, onlyDigits } from '../documents/index.js';
import { Endereco, Telefone } from '../contribuinte/dados.js';
import { EnderecoEdicao } from '../contribuinte/evento.js';

/** What a person document says about itself: 'cpf' and 'cnpj' are valid, the rest are the reason it is not. */
export function validarDocumentoPessoa(value: string): 'cpf' | 'cnpj' | 'length' | 'checkDigit' {
  const d = onlyCnpjChars(value);
  if (/^\d{11}$/.test(d)) return isValidCpf(d) ? 'cpf' : 'checkDigit';
  if (/^[0-9A-Z]{12}\d{2}$/.test(d)) return isValidCnpj(d) ? 'cnpj' : 'checkDigit';
  return 'length';
}

/** A CPF or CNPJ (numeric or alphanumeric) as typed, masked or not; normalized to its characters. */
export const DocumentoPessoa = z
  .string()
  .max(40, V.maxlength(40))
  .transform(onlyCnpjChars)
  .superRefine((d, ctx) => {
    const r = validarDocumentoPessoa(d);
    if (r !== 'cpf' && r !== 'cnpj') ctx.addIssue({ code: 'custom', message: r === 'checkDigit' ? 'documentoDigito' : 'documentoTamanho' });
  });
export const CpfParam = z.string().max(40).transform(onlyDigits).refine((d) => d.length === 11 && isValidCpf(d), 'cpf');
export const CnpjParam = z.string().max(40).transform(onlyCnpjChars).refine((d) => /^[0-9A-Z]{12}\d{2}$/.test(d) && isValidCnpj(d), 'cnpj');

/** §7 pessoa/{document}: the list (first element used). */
export const PessoaResumo = z.object({
  numeroPessoa: z.number().int(),
  codigoTipoDocumento: z.enum(['CPF', 'CNPJ']),
  numeroDocumento: z.string(),
  nome: z.string(),
  numeroPessoaRaiz: z.number().int().nullable(),
});
export type PessoaResumo = z.infer<typeof PessoaResumo>;

/** A company linked to the person (partner of, responsible for, accountant of): a row opens that taxpayer. */
export const EmpresaVinculada = z.object({
  numeroPessoa: z.number().int(),
  numeroCaceal: z.number().int().nullable(),
  digitoCaceal: z.number().int().nullable(),
  cnpj: z.string(),
  razaoSocial: z.string(),
  situacaoCadastral: z.string().nullable(),
  /** The partner's or responsible's qualification (QSA table); null for accounting. */
  qualificacao: z.string().nullable(),
});
export type EmpresaVinculada = z.infer<typeof EmpresaVinculada>;

/** How a person is linked to a company: partner, responsible, or accountant in charge. */
export const VINCULOS_EMPRESA = ['socio', 'responsavel', 'contador'] as const;
export type VinculoEmpresa = (typeof VINCULOS_EMPRESA)[number];

/**
 * A page of a person's linked companies (#32: one person's 25,300-pixel table), 0-based, filtered by
 * CACEAL or CNPJ digits (prefix) or part of the company name. The §7 person pages keep their lists.
 */
/** Screens that read an individual (LGPD log); anything else is logged as 'api'. */
export const TELAS_LEITURA = ['pessoa', 'contribuinte', 'cadastra-pessoa', 'api'] as const;

export const ConsultaEmpresasVinculadas = z.object({
  vinculo: z.enum(VINCULOS_EMPRESA),
  /** The screen asking (an individual's companies are personal data: each page read is logged, LGPD). */
  tela: z.enum(TELAS_LEITURA).default('api'),
  page: Inteiro(z.number().int().min(0).max(100_000)).default(0),
  size: Inteiro(z.number().int().min(1).max(100)).default(20),
  filtro: z.string().trim().max(100).optional(),
});
export type ConsultaEmpresasVinculadas = z.infer<typeof ConsultaEmpresasVinculadas>;
export const PaginaEmpresasVinculadas = z.object({ content: z.array(EmpresaVinculada), totalElements: z.number().int() });
export type PaginaEmpresasVinculadas = z.infer<typeof PaginaEmpresasVinculadas>;

/** §3 Accountant data of a person (CRC). */
export const DadosContador = z.object({
  numeroCrc: z.string(),
  digitoVerificadorCrc: z.number().int().nullable(),
  codigoTipoInscricao: z.string(),
  tipoInscricao: z.string(),
  codigoUfCrc: z.string(),
  categoriaId: z.number().int(),
  categoria: z.string(),
  classificacaoId: z.number().int(),
  classificacao: z.string(),
  apto: z.boolean().nullable(),
});
export type DadosContador = z.infer<typeof DadosContador>;

const Identificacao = {
  numeroPessoa: z.number().int(),
  numeroDocumento: z.string(),
  email: z.string().nullable(),
  enderecos: z.array(Endereco),
  telefones: z.array(Telefone),
};

/** §3 Individual person (pessoa/{cpf}). `version` guards the edit (stale → 409). */
export const PessoaFisica = z.object({
  numeroPessoa: z.number().int(),
  version: z.number().int(),
  identificacaoPessoaFisica: z.object({ ...Identificacao, nome: z.string() }),
  contador: DadosContador.nullable(),
  socioEmpresas: z.array(EmpresaVinculada),
  responsavelEmpresas: z.array(EmpresaVinculada),
  empresaResponsavelContabil: z.array(EmpresaVinculada),
});
export type PessoaFisica = z.infer<typeof PessoaFisica>;

const PessoaRef = z.object({ numeroPessoa: z.number().int(), numeroDocumento: z.string(), nome: z.string(), qualificacao: z.string().nullable() });

/** §3 Legal person (pessoa-juridica/{cnpj}). */
export const PessoaJuridica = z.object({
  numeroPessoa: z.number().int(),
  version: z.number().int(),
  identificacaoPessoaJuridica: z.object({
    ...Identificacao,
    razaoSocial: z.string(),
    nomeFantasia: z.string().nullable(),
    naturezaJuridica: z.string().nullable(),
    cacealList: z.array(z.object({ numeroCaceal: z.number().int(), digitoCaceal: z.number().int(), situacaoCadastral: z.string() })),
  }),
  dadosContabilista: DadosContador.nullable(),
  /** The responsible of an accounting organization (the accountant person that answers for it). */
  responsavelOrganizacaoContabil: PessoaRef.nullable(),
  dadosResponsavel: PessoaRef.nullable(),
  socioEmpresas: z.array(EmpresaVinculada),
  empresaContadorResponsavel: z.array(EmpresaVinculada),
});
export type PessoaJuridica = z.infer<typeof PessoaJuridica>;

const Nome = z.string().trim().min(1, V.required).max(150, V.maxlength(150));
const Email = z.union([z.literal(''), z.string().trim().min(5, V.minlength(5)).max(100, V.maxlength(100)).email(V.email)]).nullable();

/** POST alterar-pessoa-fisica/{id}: name and e-mail (§2: the rest is read-only there). */
export const AlterarPessoaFisica = z.object({ version: z.number().int().min(0), nome: Nome, email: Email });
export type AlterarPessoaFisica = z.infer<typeof AlterarPessoaFisica>;

/** The accountant data a legal person's page edits (§5 accountant rules). */
export const ContadorEdicao = z.object({
  numeroCrc: z.string().regex(/^\d{1,6}$/, V.pattern),
  digitoVerificadorCrc: z.number().int().min(0).max(9).nullable(),
  codigoTipoInscricao: z.enum(['O', 'T', 'S', 'P', 'F']),
  codigoUfCrc: z.string().regex(/^[A-Z]{2}$/, V.pattern),
  categoriaId: z.number().int().positive(),
  classificacaoId: z.number().int().positive(),
  apto: z.boolean().nullable(),
});
export type ContadorEdicao = z.infer<typeof ContadorEdicao>;

/**
 * POST contador/cadastrar (§2 'register accountant' dialog, §5): document, name, CRC number, check digit,
 * tipo inscrição, UF, categoria, classificação, apto. The name names a person not yet known; a known person
 * keeps its own.
 */
export const CadastrarContador = ContadorEdicao.extend({ numeroDocumento: DocumentoPessoa, nome: Nome });
export type CadastrarContador = z.input<typeof CadastrarContador>;

/** §9: the state of this registry; an attorney registered here lives in another (§5 'state list excludes AL'). */
export const UF_DO_CADASTRO = 'AL';

/**
 * POST procurador/cadastrar (§2 attorney registration, §5): the CPF the lookup did not find, the name typed,
 * and optionally an address whose state is not AL. Answers what the lookup would.
 */
export const CadastrarProcurador = z.object({
  numeroDocumento: CpfParam,
  nome: Nome,
  endereco: EnderecoEdicao.nullable(),
}).refine((p) => p.endereco?.uf !== UF_DO_CADASTRO, { message: 'ufDoCadastro', path: ['endereco', 'uf'] });
export type CadastrarProcurador = z.input<typeof CadastrarProcurador>;

/** PUT alterar-pessoa-juridica/{id}. */
export const AlterarPessoaJuridica = z.object({ version: z.number().int().min(0), contador: ContadorEdicao });
export type AlterarPessoaJuridica = z.infer<typeof AlterarPessoaJuridica>;

/** Answer of an edit: the new version, and a message code the SPA words ('alteracaoRealizada'). */
export const PessoaAlterada = z.object({ numeroPessoa: z.number().int(), version: z.number().int(), mensagem: z.literal('alteracaoRealizada') });
export type PessoaAlterada = z.infer<typeof PessoaAlterada>;

/** cadastrar-pessoa-infoconv / cpf / cnpj: who was created or updated from the federal registry. */
export const PessoaCadastrada = z.object({
  numeroPessoa: z.number().int(),
  codigoTipoDocumento: z.enum(['CPF', 'CNPJ']),
  numeroDocumento: z.string(),
  nome: z.string().optional(),
  razaoSocial: z.string().optional(),
  /** true: a new person; false: an existing one brought up to date. */
  criada: z.boolean(),
});
export type PessoaCadastrada = z.infer<typeof PessoaCadastrada>;

/** The lookups of the taxpayer maintenance (partner, responsible, attorney): 404 'Registro não encontrado.' offers Cadastrar. */
export const PessoaEncontrada = z.object({
  numeroPessoa: z.number().int(),
  numeroDocumento: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  endereco: Endereco.nullable(),
  contatos: z.array(Telefone),
});
export type PessoaEncontrada = z.infer<typeof PessoaEncontrada>;

export const ContadorEncontrado = PessoaEncontrada.extend({ numeroPessoaContador: z.number().int(), email: z.string().nullable(), contador: DadosContador });
export type ContadorEncontrado = z.infer<typeof ContadorEncontrado>;

export const NumeroPessoaRaiz = z.object({ numeroPessoa: z.number().int(), numeroPessoaRaiz: z.number().int() });


/** LGPD: reads of individuals, by CPF or by user (administrators). */
export const ConsultaLeituras = z
  .object({
    cpf: z.string().max(20).transform(onlyDigits).optional(),
    login: z.string().trim().max(50).optional(),
    page: Inteiro(z.number().int().min(0).max(10_000)).default(0),
    size: Inteiro(z.number().int().min(1).max(100)).default(20),
  })
  .refine((q) => !!q.cpf || !!q.login, { message: V.required, path: ['cpf'] });
export const LeituraPessoa = z.object({ login: z.string(), cpf: z.string(), tela: z.string(), dataLeitura: z.string() });
export const PaginaLeituras = z.object({ content: z.array(LeituraPessoa), totalElements: z.number().int() });
export type PaginaLeituras = z.infer<typeof PaginaLeituras>;

