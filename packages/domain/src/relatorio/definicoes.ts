import { Authority, REPORT_AUTHORITIES } from '../roles.js';

/**
 * §2 Reports as data, shared by the API (validation, SQL, PDF, XLSX) and the SPA (filter pages, preview):
 * each report names its §7 path, its role (§6), its filter and its columns. The words of the columns live
 * in the SPA's catalogue (preview) and in the API's PDF/XLSX titles; here only fields and kinds.
 */

// Without zod: the SPA's route table reads these on the first page load (zod is 25 kB gzip).

/** How a cell is shown: CACEAL/CNPJ/CPF/CNAE as text with their masks, days as dates, counts as numbers (formato/celula.ts). */
export const TIPOS_COLUNA = ['texto', 'caceal', 'cnpj', 'cpf', 'cnae', 'data', 'inteiro', 'simNao'] as const;
export type TipoColuna = (typeof TIPOS_COLUNA)[number];
export interface ColunaRelatorio {
  campo: string;
  tipo: TipoColuna;
}

/**
 * A list of sub-rows inside each row (§2/§7 "Fora de interesse": a taxpayer with its
 * atividadeEconomicaList): one row per group in the preview, one cell listing them in the PDF,
 * the taxpayer once and one spreadsheet row per item below it.
 */
export interface ListaRelatorio {
  campo: string;
  colunas: ColunaRelatorio[];
}

export type FiltroRelatorio = 'periodo' | 'periodoAberto' | 'ativos' | 'foraInteresse' | 'geral' | 'nenhum';
export interface DefinicaoRelatorio {
  /** The §2 filter route of the SPA (the preview is `<rota>/pre-visualizar`). */
  rota: string;
  /** §7 path under relatorio/ (preview JSON; /imprimir = PDF; /baixar = XLSX). */
  caminho: string;
  /** Any of these roles opens the report (§6). */
  acesso: readonly Authority[];
  filtro: FiltroRelatorio;
  colunas: ColunaRelatorio[];
  /** Sub-rows listed inside each row, after the columns. */
  lista?: ListaRelatorio;
  /** Which of Print and XLS the spec gives this report. */
  exportar: readonly ('pdf' | 'xlsx')[];
  /** Fields summed into a total line. */
  totais?: string[];
  /**
   * The §7 data query of this report, where the spec names one (under the registry API): the same
   * preview at the spec's own path; `POST` = the filter travels in the body (and the files are POSTs too).
   */
  dados?: { caminho: string; metodo: 'GET' | 'POST' };
}

const c = (campo: string, tipo: TipoColuna = 'texto'): ColunaRelatorio => ({ campo, tipo });
const A = Authority;

/**
 * The eleven reports of §2. Roles where §6 and §2 disagree: the events report and the multiple-live
 * preview take their own menu roles (_EVENTOS, _MUL_CAVI); the divergence report, which §6 leaves
 * without a role, lists people's CPFs, so it asks for any report role (see docs/security.md).
 */
export const RELATORIOS = {
  solicitacoesBaixadas: {
    rota: 'relatorio-solicitacoes-baixadas', caminho: 'solicitacoes/baixadas', acesso: [A.REL_SOL_BAI], filtro: 'periodo', exportar: ['pdf', 'xlsx'], dados: { caminho: 'solicitacao/baixadas', metodo: 'GET' },
    colunas: [c('caceal', 'caceal'), c('cnpjEmpresa', 'cnpj'), c('razaoSocial'), c('situacaoCadastral'), c('motivoSituacaocadastral'), c('tipoEmpresa'), c('porte'), c('protocoloRedesim'), c('dataSolicitacao', 'data'), c('evento')],
  },
  contribuintesAtivos: {
    rota: 'relatorio-contribuintes-ativos', caminho: 'contribuintes/ativos', acesso: [A.REL_CONT_ATI], filtro: 'ativos', exportar: ['pdf', 'xlsx'], dados: { caminho: 'contribuinte/obterAtivos', metodo: 'GET' },
    colunas: [c('tipo'), c('quantidade', 'inteiro')], totais: ['quantidade'],
  },
  eventos: {
    rota: 'eventos-implementados', caminho: 'listaEventos', acesso: [A.REL_EVENTOS], filtro: 'nenhum', exportar: ['pdf', 'xlsx'],
    colunas: [c('codigoEvento', 'inteiro'), c('descricaoEvento'), c('indicadorImplementado')],
  },
  cacealForaInteresse: {
    rota: 'relatorio-caceal-fora-interesse', caminho: 'cacealForaInteresse', acesso: [A.REL_CACE_FOI], filtro: 'foraInteresse', exportar: ['pdf', 'xlsx'], dados: { caminho: 'contribuinte/cacealForaInteresse', metodo: 'GET' },
    // §2: one group per taxpayer, its activities inside it (§7's atividadeEconomicaList), not the taxpayer on every activity row.
    colunas: [c('numCaceal', 'caceal'), c('cnpj', 'cnpj'), c('razaoSocial'), c('situacaoCadastral'), c('motivoSitucada'), c('tipoEmpresa'), c('porte')],
    lista: { campo: 'atividadeEconomicaList', colunas: [c('codigoCnae', 'cnae'), c('descricao'), c('ehInteresse')] },
  },
  cacealNulo: {
    rota: 'relatorio-caceal-nulo', caminho: 'cacealNulo', acesso: [A.REL_CACE_NUL], filtro: 'periodo', exportar: ['xlsx'], dados: { caminho: 'contribuinte/cacealNulo', metodo: 'GET' },
    colunas: [c('numeroCaceal', 'caceal'), c('cnpj', 'cnpj'), c('razaoSocial'), c('dataInicioAtividade', 'data'), c('situacaoCadastral')],
  },
  cacealAtivoCnpjInativo: {
    rota: 'relatorio-caceal-ativo-cnpj-inativo', caminho: 'cacealAtivoCnpjInativo', acesso: [A.REL_CACE_ATI], filtro: 'nenhum', exportar: ['pdf', 'xlsx'],
    dados: { caminho: 'contribuinte/cacealAtivoCnpjInativo', metodo: 'GET' },
    colunas: [c('numeroCaceal', 'caceal'), c('cnpj', 'cnpj'), c('razaoSocial'), c('situacaoCaceal'), c('motivoCnpj'), c('tipoContribuinte'), c('porte')],
  },
  cacealAtivoEmOutraUf: {
    rota: 'relatorio-caceal-ativo-em-outra-uf', caminho: 'cacealAtivoEmOutraUF', acesso: [A.REL_CA_AT_UF], filtro: 'nenhum', exportar: ['pdf', 'xlsx'],
    colunas: [c('numeroCaceal', 'caceal'), c('numDocumento', 'cnpj'), c('razaoSocial'), c('uf'), c('dscSitucada'), c('dscMotivoSitucada'), c('tipoContribuinte'), c('porte')],
  },
  cacealSuspensaoTemporaria: {
    rota: 'relatorio-caceal-suspensao-temporaria', caminho: 'cacealSuspensaoTemporaria', acesso: [A.REL_CA_SU_TE], filtro: 'nenhum', exportar: ['pdf', 'xlsx'],
    dados: { caminho: 'contribuinte/cacealSuspensaoTemporaria', metodo: 'GET' },
    colunas: [c('numeroCaceal', 'caceal'), c('numDocumento', 'cnpj'), c('razaoSocial'), c('atualizacao', 'data')],
  },
  multiplosVivos: {
    rota: 'relatorio-contribuintes-multiplos-vivos', caminho: 'multiplosCacelsVivos', acesso: [A.REL_MUL_CAVI], filtro: 'periodoAberto', exportar: ['pdf', 'xlsx'],
    dados: { caminho: 'contribuinte/obterMultiplosCacealsVivos', metodo: 'GET' },
    colunas: [c('numeroCaceal', 'caceal'), c('razaoSocial'), c('cnpj', 'cnpj'), c('dataInicioAtividade', 'data'), c('indMei', 'simNao'), c('situacaoCaceal'), c('indOpcaoSimples', 'simNao')],
  },
  divergenciaResponsavel: {
    rota: 'relatorio-divergencia-responsavel', caminho: 'divergencias-responsavel', acesso: REPORT_AUTHORITIES, filtro: 'nenhum', exportar: ['pdf'],
    dados: { caminho: 'contribuinte/responsaveis/', metodo: 'GET' },
    colunas: [c('cnpj', 'cnpj'), c('nomeEmpresaRds'), c('cpfSolicitacao', 'cpf'), c('nomeResponsavelLegal'), c('protocolo'), c('cpfResponsavelCad', 'cpf'), c('nomeResponsavelCad')],
  },
  contribuinteGeral: {
    rota: 'pesquisa-contribuinte-geral', caminho: 'contribuintes-geral', acesso: [A.REL_CONT_GER], filtro: 'geral', exportar: ['pdf', 'xlsx'],
    dados: { caminho: 'contribuinte/contribuintes-geral/consultar', metodo: 'POST' },
    colunas: [c('caceal', 'caceal'), c('razaoSocial'), c('dataInicioAtividade', 'data'), c('situacaoCadastral'), c('motivoSituacaoCadastral')],
  },
} as const satisfies Record<string, DefinicaoRelatorio>;
export type NomeRelatorio = keyof typeof RELATORIOS;
export const NOMES_RELATORIO = Object.keys(RELATORIOS) as NomeRelatorio[];

