/** Neighbourhoods of Maceió (Prefeitura de Maceió, bairros oficiais). */
export const BAIRROS_MACEIO = [
  'PONTA VERDE', 'PAJUÇARA', 'JATIÚCA', 'FAROL', 'CENTRO', 'POÇO', 'JARAGUÁ', 'SERRARIA', 'BENEDITO BENTES',
  'TABULEIRO DO MARTINS', 'CRUZ DAS ALMAS', 'MANGABEIRAS', 'GRUTA DE LOURDES', 'PINHEIRO', 'PONTA DA TERRA', 'PRADO',
  'TRAPICHE DA BARRA', 'VERGEL DO LAGO', 'CIDADE UNIVERSITÁRIA', 'CLIMA BOM', 'JACINTINHO', 'FEITOSA', 'BARRO DURO',
  'SANTA AMÉLIA', 'ANTARES', 'STELLA MARIS', 'GARÇA TORTA', 'RIACHO DOCE', 'PESCARIA', 'IPIOCA', 'BEBEDOURO', 'LEVADA',
];
export const BAIRROS_INTERIOR = ['CENTRO', 'CENTRO', 'CENTRO', 'ZONA RURAL', 'CONJUNTO HABITACIONAL', 'NOVO HORIZONTE', 'SÃO JOSÉ'];

/** Largest municipalities of Alagoas (IBGE names) and the share of companies in each; the rest spread evenly. */
export const MUNICIPIOS_PESO: [string, number][] = [
  ['Maceió', 0.42], ['Arapiraca', 0.1], ['Palmeira dos Índios', 0.03], ['Rio Largo', 0.03], ['Marechal Deodoro', 0.025],
  ['Penedo', 0.025], ['União dos Palmares', 0.02], ['São Miguel dos Campos', 0.02], ['Coruripe', 0.015], ['Delmiro Gouveia', 0.015],
];

/** CNAE prefixes most common among ICMS taxpayers (commerce, industry, food). */
export const CNAE_PREFIXOS_COMUNS = ['47', '46', '45', '56', '10', '14', '23', '25', '31', '43'];

/** CNAE divisions of services taxed by the municipalities (ISS), outside the State's interest (ICMS). */
export const CNAE_PREFIXOS_SERVICOS = ['69', '70', '71', '73', '74', '78', '80', '81', '82', '85', '86', '96'];

/** Naturezas jurídicas (IBGE/CONCLA table codes, e.g. 206-2): the domain's one table. */
export { NATUREZA } from '@cadastro/domain';
export const SUFIXO_NATUREZA: Record<number, string> = { 2054: 'S.A.', 2062: 'LTDA', 2240: 'LTDA', 2305: 'EIRELI' };
/** Words a phrase cut short must not end on. */
export const CONECTIVOS = ['E', 'DE', 'DO', 'DA', 'DOS', 'DAS', 'EM', 'NA', 'NO', 'NAS', 'NOS', 'PARA', 'COM', 'SEM', 'POR', 'A', 'O', 'AS', 'OS', 'À', 'AO', 'NÃO', 'OU'];
/** Trade-name words by CNAE division (the common ones; others are 'COMERCIAL'). */
export const FANTASIA_POR_DIVISAO: Record<string, string> = {
  '47': 'MERCADINHO', '46': 'DISTRIBUIDORA', '45': 'AUTO PEÇAS', '56': 'RESTAURANTE', '10': 'ALIMENTOS', '14': 'CONFECÇÕES',
  '23': 'CERÂMICA', '25': 'METALÚRGICA', '31': 'MÓVEIS', '43': 'CONSTRUÇÕES', '01': 'FAZENDA', '86': 'CLÍNICA', '85': 'ESCOLA',
};

export const SUFIXOS_EMPRESA = ['LTDA', 'LTDA', 'LTDA', 'EIRELI', 'S.A.', 'ME', 'EPP'];

/** The generator's "today": nothing it writes happens after this day. */
export const HOJE = '2026-11-20';
/** SEFAZ staff (persons 1–50): the notice team (GESTOR_EDITAL); never partners nor accountants. */
export const SERVIDORES = 50;

/**
 * Receita Federal's qualifications (Tabela de Qualificação do Sócio/Responsável) by legal nature: who
 * sits in the QSA and who answers for the company. An empresário individual or an EIRELI has its
 * titular only (no QSA rows); a limitada, partners; an S.A. or a cooperative, its officers.
 */
export const QUALIFICACAO = {
  ADMINISTRADOR: 5, CONSELHEIRO: 8, DIRETOR: 10, PRESIDENTE: 16, SOCIO: 22, SOCIO_ADMINISTRADOR: 49, EMPRESARIO: 50, TITULAR_PF: 65,
} as const;
export const SITUACAO_PESO: [number, number][] = [
  [1, 0.7], [2, 0.05], [3, 0.08], [4, 0.12], [5, 0.01], [6, 0.01], [7, 0.015], [8, 0.015],
];
export const PORTE_PESO: [number, number][] = [[1, 0.45], [2, 0.15], [3, 0.3], [4, 0.1]];
