import { z } from 'zod';
import { Inteiro } from '../common/inteiro.js';
import { V } from '../common/messages.js';
import { Dia } from '../common/dias.js';
import { NumeroCaceal, NumeroCacealCoagido } from '../common/caceal.js';
import { VersoesCompartilhadas } from './dados.js';

/**
 * §7 POST eventos: one registry event of the detail screen ("supertela"). The process data of the
 * confirm-process dialog, the version of the registration the screen loaded, and one block per tab
 * that changed. A block is the tab's whole new state (not a list of clicks): the server compares it
 * with what it holds, applies the difference and records it field by field for the timeline.
 */

const opcional = (max: number) => z.string().trim().max(max, V.maxlength(max)).nullable();
const Id = z.number().int().positive().max(2_147_483_647);
const NumeroPessoa = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** §5 process modal: processo 1–15, ato ≤ 800, the two days dd/mm/aaaa on screen (yyyy-MM-dd here). */
export const ProcessoEvento = z.object({
  processo: z.string().trim().min(1, V.required).max(15, V.maxlength(15)),
  atoDeclaratorio: opcional(800),
  protocoloRedesim: opcional(20),
  dataEvento: Dia.nullable(),
  dataLegal: Dia.nullable(),
});
export type ProcessoEvento = z.infer<typeof ProcessoEvento>;

/** §4: Não Informado (null) / Sim / Não; the authorization date only while Sim. */
const Indicador = z.boolean().nullable();
export const ProcessamentoDadosEdicao = z.object({
  opcaoLivroEletronico: Indicador,
  dataAutorizacaoLivroEletronico: Dia.nullable(),
  opcaoDocumentoEletronico: Indicador,
  dataAutorizacaoDocumentoEletronico: Dia.nullable(),
  opcaoLivrosFiscais: Indicador,
  dataAutorizacaoLivrosFiscais: Dia.nullable(),
  usoObrigatorioDoSped: Indicador,
});
export type ProcessamentoDadosEdicao = z.infer<typeof ProcessamentoDadosEdicao>;

/** §5 phone dialog: type, DDD (≤ 4 digits) and number (≤ 14 digits) required. `id` = a phone already stored. */
export const TelefoneEdicao = z.object({
  id: z.number().int().positive().optional(),
  codigoTipoTelefone: Id,
  ddd: z.string().regex(/^\d{1,4}$/, V.pattern),
  numeroTelefone: z.string().regex(/^\d{1,14}$/, V.pattern),
});
export type TelefoneEdicao = z.infer<typeof TelefoneEdicao>;

const semRepetir = <T>(chave: (x: T) => string | number, mensagem: string) => (lista: T[], ctx: z.RefinementCtx) => {
  const vistos = new Set<string | number>();
  lista.forEach((x, i) => {
    const k = chave(x);
    if (vistos.has(k)) ctx.addIssue({ code: 'custom', message: mensagem, path: [i] });
    vistos.add(k);
  });
};

/** §2 address form / §5 new address: type and principal flag required; país, UF, município, logradouro… `id` = a stored one. */
export const EnderecoEdicao = z.object({
  id: z.number().int().positive().optional(),
  tipoEnderecoId: Id,
  ehPrincipal: z.boolean(),
  paisId: Id,
  uf: z.string().regex(/^[A-Z]{2}$/, V.pattern).nullable(),
  municipioId: Id.nullable(),
  tipoLogradouroId: Id.nullable(),
  logradouro: z.string().trim().min(1, V.required).max(150, V.maxlength(150)),
  numero: opcional(10),
  complemento: opcional(100),
  bairro: opcional(80),
  cep: z.string().regex(/^\d{8}$/, V.pattern).nullable(),
  referencia: opcional(150),
  enderecoEletronico: opcional(100),
  latitude: z.string().regex(/^-?\d{1,3}(\.\d{1,6})?$/, V.pattern).refine((v) => Math.abs(Number(v)) <= 90, V.pattern).nullable(),
  longitude: z.string().regex(/^-?\d{1,3}(\.\d{1,6})?$/, V.pattern).refine((v) => Math.abs(Number(v)) <= 180, V.pattern).nullable(),
});
export type EnderecoEdicao = z.infer<typeof EnderecoEdicao>;

/** A person's addresses as one list (replaced by it): at most one principal. */
const EnderecosEdicao = z.array(EnderecoEdicao).max(20).refine((l) => l.filter((e) => e.ehPrincipal).length <= 1, 'umPrincipal');

/** The Dados Cadastrais tab: identification, contact, phones, processing indicators, formas de atuação, tipos de unidade. */
export const DadosCadastraisEdicao = z.object({
  nomeFantasia: opcional(150),
  email: z.union([z.literal(''), z.string().trim().min(5, V.minlength(5)).max(100, V.maxlength(100)).email(V.email)]).nullable(),
  /** Propagates to every registration of the same CNPJ root (§4). */
  porteId: Id.nullable(),
  valorCapitalSocial: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, V.pattern).nullable(),
  processamentoDados: ProcessamentoDadosEdicao,
  formasAtuacao: z.array(Id).max(50).superRefine(semRepetir((x) => x, 'duplicado')),
  tiposUnidade: z.array(Id).max(50).superRefine(semRepetir((x) => x, 'duplicado')),
  telefones: z.array(TelefoneEdicao).max(20),
  /** Absent: the addresses are not touched. At most one principal. */
  enderecos: EnderecosEdicao.optional(),
});
export type DadosCadastraisEdicao = z.infer<typeof DadosCadastraisEdicao>;

/** §5 activity rules: at least one, exactly one principal, each CNAE once (it must exist: checked by the server). */
export const AtividadesEdicao = z
  .array(z.object({ codigoCnae: z.string().regex(/^\d{7}$/, V.pattern), ehAtividadePrincipal: z.boolean() }))
  .min(1, V.required)
  .max(200)
  .superRefine(semRepetir((a) => a.codigoCnae, 'duplicado'))
  .refine((l) => l.filter((a) => a.ehAtividadePrincipal).length === 1, 'umaPrincipal');
export type AtividadesEdicao = z.infer<typeof AtividadesEdicao>;

/**
 * §5 partner rules: percentage 0–100 (2 decimals), qualification, inclusion date; the same person once; sum ≤ 100.
 * §2 'Alterar Razão Social' (partners with a 14-digit document only: checked by the server) renames the partner
 * person; `enderecos` (absent: untouched) replaces the partner's addresses.
 */
export const SociosEdicao = z
  .array(
    z.object({
      numeroPessoaSocio: NumeroPessoa,
      qualificacaoId: Id,
      percentualParticipacao: z.number().min(0, 'min:0').max(100, 'max:100').refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, V.pattern),
      dataInclusao: Dia,
      razaoSocial: z.string().trim().min(1, V.required).max(150, V.maxlength(150)).optional(),
      enderecos: EnderecosEdicao.optional(),
    }),
  )
  .max(500)
  .superRefine(semRepetir((s) => s.numeroPessoaSocio, 'socioDuplicado'))
  .refine((l) => Math.round(l.reduce((s, x) => s + x.percentualParticipacao * 100, 0)) <= 10_000, 'percentualAcima');
export type SociosEdicao = z.infer<typeof SociosEdicao>;

/**
 * §5 responsible: a person (document 11–14, looked up) and a qualification. §2/§4 alterarDadosResponsavel:
 * the same person's own data (qualification, 'impedido') corrected in place. `possuiImpedimento` absent
 * (§7 clients): kept for the same person, false for a new one.
 */
export const ResponsavelEdicao = z.object({ numeroPessoa: NumeroPessoa, qualificacaoId: Id, possuiImpedimento: z.boolean().optional() });
export type ResponsavelEdicao = z.infer<typeof ResponsavelEdicao>;

/** The accountant in charge (registered or replaced: 'Empresa já possui contador! Deseja substituir?'). */
export const ContadorResponsavelEdicao = z.object({ numeroPessoaContador: NumeroPessoa, dataInicio: Dia });
export type ContadorResponsavelEdicao = z.infer<typeof ContadorResponsavelEdicao>;

/** §5 attorney: CPF (looked up), start date. */
export const ProcuradoresEdicao = z
  .array(z.object({ numeroPessoa: NumeroPessoa, dataInicioValidade: Dia }))
  .max(100)
  .superRefine(semRepetir((p) => `${p.numeroPessoa}:${p.dataInicioValidade}`, 'duplicado'));
export type ProcuradoresEdicao = z.infer<typeof ProcuradoresEdicao>;

/** §5 special regime dialog: regime, ato concessório, situação, indicador ativo, data início required. `seq` = a stored one. */
export const RegimeEspecialEdicao = z
  .object({
    seq: z.number().int().positive().optional(),
    regimeId: Id,
    tipoAtoConcessorioId: Id,
    processo: opcional(20),
    dtInicio: Dia,
    dtFim: Dia.nullable(),
    situacao: z.enum(['I', 'D', 'R', 'S']),
    indAtivo: z.enum(['S', 'N']),
  })
  .refine((r) => r.dtFim === null || r.dtFim >= r.dtInicio, { message: 'fimAntesDoInicio', path: ['dtFim'] });
export type RegimeEspecialEdicao = z.infer<typeof RegimeEspecialEdicao>;
export const RegimesEdicao = z.array(RegimeEspecialEdicao).max(100);

/** The blocks, in the order of the tabs; the names are also the `aba` of the timeline. */
export const ABAS_EVENTO = ['dadosCadastrais', 'atividades', 'contador', 'procuradores', 'responsavel', 'socios', 'regimesEspeciais'] as const;
export type AbaEvento = (typeof ABAS_EVENTO)[number];

export const SalvarEvento = ProcessoEvento.extend({
  numeroPessoa: NumeroPessoa,
  numeroCaceal: NumeroCaceal,
  /** The registration's version the screen loaded: stale → 409, nothing written. */
  version: z.number().int().min(0).max(2_147_483_647),
  /**
   * The versions of the shared data the screen read (obterDadosCadastrais' `versoes`, obterSocios'
   * `versaoEnderecos`): a part the event writes that changed meanwhile → 409, nothing written.
   * Absent (§7 clients): a shared part is written only if it last changed through this registration
   * (covered by `version`) or never; else 428, nothing written (issue 39 §4).
   */
  versoes: VersoesCompartilhadas.extend({
    enderecosSocios: z.array(z.object({ numeroPessoa: NumeroPessoa, version: z.number().int().min(0) })).max(500).optional(),
  }).optional(),
  dadosCadastrais: DadosCadastraisEdicao.nullish(),
  atividades: AtividadesEdicao.nullish(),
  contador: ContadorResponsavelEdicao.nullish(),
  procuradores: ProcuradoresEdicao.nullish(),
  responsavel: ResponsavelEdicao.nullish(),
  socios: SociosEdicao.nullish(),
  regimesEspeciais: RegimesEdicao.nullish(),
}).refine((e) => ABAS_EVENTO.some((a) => e[a] != null), { message: 'nadaAlterado', path: ['processo'] });
export type SalvarEvento = z.input<typeof SalvarEvento>;

/** Answer of POST eventos: `mensagem` is a code the SPA words in the 'Aviso' dialog. */
export const EventoSalvo = z.object({
  id: z.number().int(),
  version: z.number().int(),
  mensagem: z.literal('eventoRegistrado'),
  /** Registrations of the same CNPJ root that got the new porte too (§4). */
  portePropagado: z.number().int(),
});
export type EventoSalvo = z.infer<typeof EventoSalvo>;

/** One changed field of an event: a code (`campo`), the item it concerns (`chave`) and the values before/after. */
export const Alteracao = z.object({
  aba: z.enum(ABAS_EVENTO),
  campo: z.string(),
  chave: z.string().nullable(),
  antes: z.string().nullable(),
  depois: z.string().nullable(),
});
export type Alteracao = z.infer<typeof Alteracao>;

/** GET eventos/listar: the change timeline of a registration, newest first. */
export const ConsultaEventos = z.object({
  numeroCaceal: NumeroCacealCoagido,
  page: Inteiro(z.number().int().min(0).max(10_000)).default(0),
  size: Inteiro(z.number().int().min(1).max(50)).default(10),
});
export const EventoListado = z.object({
  id: z.number().int(),
  processo: z.string(),
  atoDeclaratorio: z.string().nullable(),
  protocoloRedesim: z.string().nullable(),
  dataEvento: z.string().nullable(),
  dataLegal: z.string().nullable(),
  usuario: z.string(),
  /** The author's name (the account's first and last name), null when the account is gone or unnamed: the timeline names people, not logins. */
  nomeUsuario: z.string().nullable(),
  registradoEm: z.string(),
  alteracoes: z.array(Alteracao),
});
export type EventoListado = z.infer<typeof EventoListado>;
export const PaginaEventos = z.object({ content: z.array(EventoListado), totalElements: z.number().int(), totalPages: z.number().int() });
export type PaginaEventos = z.infer<typeof PaginaEventos>;

/** §4: editing a registration in one of these situations (ref_situacao_cadastral ids 8, 7, 4) asks first. */
export const SITUACOES_INATIVAS: Readonly<Record<string, 'desenquadramento' | 'enquadramento' | 'baixado'>> = {
  DESENQUADRAMENTO: 'desenquadramento',
  ENQUADRAMENTO: 'enquadramento',
  BAIXADO: 'baixado',
};
