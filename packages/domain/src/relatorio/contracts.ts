import { z } from 'zod';
import { Authority, REPORT_AUTHORITIES } from '../roles.js';
import { Dia } from '../common/dias.js';

/**
 * §2 Reports as data, shared by the API (validation, SQL, PDF, XLSX) and the SPA (filter pages, preview):
 * each report names its §7 path, its role (§6), its filter and its columns. The words of the columns live
 * in the SPA's catalogue (preview) and in the API's PDF/XLSX titles; here only fields and kinds.
 */

/** How a cell is shown: CACEAL/CNPJ/CPF as text with their masks, days as dates, counts as numbers. */
export const TIPOS_COLUNA = ['texto', 'caceal', 'cnpj', 'cpf', 'data', 'inteiro', 'simNao'] as const;
export type TipoColuna = (typeof TIPOS_COLUNA)[number];
export interface ColunaRelatorio {
  campo: string;
  tipo: TipoColuna;
}

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
export const SemFiltro = z.object({});

export type FiltroPeriodo = z.infer<typeof FiltroPeriodo>;

/** The preview page: rows as the report's columns name them, the count (capped) and the totals. */
export const ValorCelula = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const PaginaRelatorio = z.object({
  content: z.array(z.record(z.string(), ValorCelula)),
  totalElements: z.number().int(),
  /** true when there are more rows than totalElements counts (the count stops at LIMITE_CONTAGEM). */
  totalLimitado: z.boolean(),
  totais: z.record(z.string(), z.number()).optional(),
});
export type PaginaRelatorio = z.infer<typeof PaginaRelatorio>;
export const LIMITE_CONTAGEM_RELATORIO = 10_000;
/** Above this many rows the browser shows the download's progress (issue #18). */
export const LIMITE_PROGRESSO_RELATORIO = 10_000;

export type FiltroRelatorio = 'periodo' | 'periodoAberto' | 'ativos' | 'foraInteresse' | 'nenhum';
export interface DefinicaoRelatorio {
  /** The §2 filter route of the SPA (the preview is `<rota>/pre-visualizar`). */
  rota: string;
  /** §7 path under relatorio/ (preview JSON; /imprimir = PDF; /baixar = XLSX). */
  caminho: string;
  /** Any of these roles opens the report (§6). */
  acesso: readonly Authority[];
  filtro: FiltroRelatorio;
  colunas: ColunaRelatorio[];
  /** Which of Print and XLS the spec gives this report. */
  exportar: readonly ('pdf' | 'xlsx')[];
  /** Fields summed into a total line. */
  totais?: string[];
}

const c = (campo: string, tipo: TipoColuna = 'texto'): ColunaRelatorio => ({ campo, tipo });
const A = Authority;

/**
 * The eleven reports of §2. Roles where §6 and §2 disagree: the events report and the multiple-live
 * preview take their own menu roles (_EVENTOS, _MUL_CAVI); the divergence report, which §6 leaves
 * without a role, lists people's CPFs, so it asks for any report role (see README).
 */
export const RELATORIOS = {
  solicitacoesBaixadas: {
    rota: 'relatorio-solicitacoes-baixadas', caminho: 'solicitacoes/baixadas', acesso: [A.REL_SOL_BAI], filtro: 'periodo', exportar: ['pdf', 'xlsx'],
    colunas: [c('caceal', 'caceal'), c('cnpjEmpresa', 'cnpj'), c('razaoSocial'), c('situacaoCadastral'), c('motivoSituacaocadastral'), c('tipoEmpresa'), c('porte'), c('protocoloRedesim'), c('dataSolicitacao', 'data'), c('evento')],
  },
  contribuintesAtivos: {
    rota: 'relatorio-contribuintes-ativos', caminho: 'contribuintes/ativos', acesso: [A.REL_CONT_ATI], filtro: 'ativos', exportar: ['pdf', 'xlsx'],
    colunas: [c('tipo'), c('quantidade', 'inteiro')], totais: ['quantidade'],
  },
  eventos: {
    rota: 'eventos-implementados', caminho: 'listaEventos', acesso: [A.REL_EVENTOS], filtro: 'nenhum', exportar: ['pdf', 'xlsx'],
    colunas: [c('codigoEvento', 'inteiro'), c('descricaoEvento'), c('indicadorImplementado')],
  },
  cacealForaInteresse: {
    rota: 'relatorio-caceal-fora-interesse', caminho: 'cacealForaInteresse', acesso: [A.REL_CACE_FOI], filtro: 'foraInteresse', exportar: ['pdf', 'xlsx'],
    colunas: [c('numCaceal', 'caceal'), c('cnpj', 'cnpj'), c('razaoSocial'), c('situacaoCadastral'), c('motivoSitucada'), c('tipoEmpresa'), c('porte'), c('codigoCnae'), c('descricao'), c('ehInteresse')],
  },
  cacealNulo: {
    rota: 'relatorio-caceal-nulo', caminho: 'cacealNulo', acesso: [A.REL_CACE_NUL], filtro: 'periodo', exportar: ['xlsx'],
    colunas: [c('numeroCaceal', 'caceal'), c('cnpj', 'cnpj'), c('razaoSocial'), c('dataInicioAtividade', 'data'), c('situacaoCadastral')],
  },
  cacealAtivoCnpjInativo: {
    rota: 'relatorio-caceal-ativo-cnpj-inativo', caminho: 'cacealAtivoCnpjInativo', acesso: [A.REL_CACE_ATI], filtro: 'nenhum', exportar: ['pdf', 'xlsx'],
    colunas: [c('numeroCaceal', 'caceal'), c('cnpj', 'cnpj'), c('razaoSocial'), c('situacaoCaceal'), c('motivoCnpj'), c('tipoContribuinte'), c('porte')],
  },
  cacealAtivoEmOutraUf: {
    rota: 'relatorio-caceal-ativo-em-outra-uf', caminho: 'cacealAtivoEmOutraUF', acesso: [A.REL_CA_AT_UF], filtro: 'nenhum', exportar: ['pdf', 'xlsx'],
    colunas: [c('numeroCaceal', 'caceal'), c('numDocumento', 'cnpj'), c('razaoSocial'), c('uf'), c('dscSitucada'), c('dscMotivoSitucada'), c('tipoContribuinte'), c('porte')],
  },
  cacealSuspensaoTemporaria: {
    rota: 'relatorio-caceal-suspensao-temporaria', caminho: 'cacealSuspensaoTemporaria', acesso: [A.REL_CA_SU_TE], filtro: 'nenhum', exportar: ['pdf', 'xlsx'],
    colunas: [c('numeroCaceal', 'caceal'), c('numDocumento', 'cnpj'), c('razaoSocial'), c('atualizacao', 'data')],
  },
  multiplosVivos: {
    rota: 'relatorio-contribuintes-multiplos-vivos', caminho: 'multiplosCacelsVivos', acesso: [A.REL_MUL_CAVI], filtro: 'periodoAberto', exportar: ['pdf', 'xlsx'],
    colunas: [c('numeroCaceal', 'caceal'), c('razaoSocial'), c('cnpj', 'cnpj'), c('dataInicioAtividade', 'data'), c('indMei', 'simNao'), c('situacaoCaceal'), c('indOpcaoSimples', 'simNao')],
  },
  divergenciaResponsavel: {
    rota: 'relatorio-divergencia-responsavel', caminho: 'divergencias-responsavel', acesso: REPORT_AUTHORITIES, filtro: 'nenhum', exportar: ['pdf'],
    colunas: [c('cnpj', 'cnpj'), c('nomeEmpresaRds'), c('cpfSolicitacao', 'cpf'), c('nomeResponsavelLegal'), c('protocolo'), c('cpfResponsavelCad', 'cpf'), c('nomeResponsavelCad')],
  },
  contribuinteGeral: {
    rota: 'pesquisa-contribuinte-geral', caminho: 'contribuintes-geral', acesso: [A.REL_CONT_GER], filtro: 'periodo', exportar: ['pdf', 'xlsx'],
    colunas: [c('caceal', 'caceal'), c('razaoSocial'), c('dataInicioAtividade', 'data'), c('situacaoCadastral'), c('motivoSituacaoCadastral')],
  },
} as const satisfies Record<string, DefinicaoRelatorio>;
export type NomeRelatorio = keyof typeof RELATORIOS;
export const NOMES_RELATORIO = Object.keys(RELATORIOS) as NomeRelatorio[];

/** The zod filter of each kind (the API validates the query with it; the SPA builds the query from it). */
export const FILTROS_RELATORIO = {
  periodo: FiltroPeriodo,
  periodoAberto: FiltroPeriodoAberto,
  ativos: FiltroAtivos,
  foraInteresse: FiltroForaInteresse,
  nenhum: SemFiltro,
} as const;
