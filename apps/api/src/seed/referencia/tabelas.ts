/**
 * Reference tables that no package carries, typed from the source named on each. Codes of the
 * registry's own domains (statuses, phone types…) are the registry's; they are listed in the spec.
 */
type Row = { id: number; descricao: string };
const rows = (list: [number, string][]): Row[] => list.map(([id, descricao]) => ({ id, descricao }));

/** Receita Federal — Tabela de Qualificação do Sócio/Responsável (dados abertos do CNPJ). */
export const QUALIFICACOES = rows([
  [5, 'Administrador'], [8, 'Conselheiro de Administração'], [9, 'Curador'], [10, 'Diretor'], [11, 'Interventor'],
  [12, 'Inventariante'], [13, 'Liquidante'], [14, 'Mãe'], [15, 'Pai'], [16, 'Presidente'], [17, 'Procurador'],
  [18, 'Secretário'], [19, 'Síndico (Condomínio)'], [20, 'Sociedade Consorciada'], [21, 'Sociedade Filiada'],
  [22, 'Sócio'], [23, 'Sócio Capitalista'], [24, 'Sócio Comanditado'], [25, 'Sócio Comanditário'],
  [26, 'Sócio de Indústria'], [28, 'Sócio-Gerente'], [29, 'Sócio Incapaz ou Relat. Incapaz (exceto menor)'],
  [30, 'Sócio Menor (Assistido/Representado)'], [31, 'Sócio Ostensivo'], [32, 'Tabelião'], [33, 'Tesoureiro'],
  [34, 'Titular de Empresa Individual Imobiliária'], [35, 'Tutor'], [37, 'Sócio Pessoa Jurídica Domiciliado no Exterior'],
  [38, 'Sócio Pessoa Física Residente no Exterior'], [39, 'Diplomata'], [40, 'Cônsul'],
  [41, 'Representante de Organização Internacional'], [42, 'Oficial de Registro'], [43, 'Responsável'],
  [46, 'Ministro de Estado das Relações Exteriores'], [47, 'Sócio Pessoa Física Residente no Brasil'],
  [48, 'Sócio Pessoa Jurídica Domiciliado no Brasil'], [49, 'Sócio-Administrador'], [50, 'Empresário'],
  [51, 'Candidato a Cargo Político Eletivo'], [52, 'Sócio com Capital'], [53, 'Sócio sem Capital'], [54, 'Fundador'],
  [55, 'Sócio Comanditado Residente no Exterior'], [56, 'Sócio Comanditário Pessoa Física Residente no Exterior'],
  [57, 'Sócio Comanditário Pessoa Jurídica Domiciliado no Exterior'], [58, 'Sócio Comanditário Incapaz'],
  [59, 'Produtor Rural'], [60, 'Cônsul Honorário'], [61, 'Responsável Indígena'],
  [62, 'Representante da Instituição Extraterritorial'], [63, 'Cotas em Tesouraria'], [64, 'Administrador Judicial'],
  [65, 'Titular Pessoa Física Residente ou Domiciliado no Brasil'], [66, 'Titular Pessoa Física Residente ou Domiciliado no Exterior'],
  [67, 'Titular Pessoa Física Incapaz ou Relativamente Incapaz (exceto menor)'], [68, 'Titular Pessoa Física Menor (Assistido/Representado)'],
  [69, 'Beneficiário Final'], [70, 'Administrador Residente ou Domiciliado no Exterior'],
  [71, 'Conselheiro de Administração Residente ou Domiciliado no Exterior'], [72, 'Diretor Residente ou Domiciliado no Exterior'],
  [73, 'Presidente Residente ou Domiciliado no Exterior'], [74, 'Sócio-Administrador Residente ou Domiciliado no Exterior'],
  [75, 'Fundador Residente ou Domiciliado no Exterior'], [78, 'Titular Pessoa Jurídica Domiciliada no Brasil'],
  [79, 'Titular Pessoa Jurídica Domiciliada no Exterior'],
]);

/** Registration statuses of the Alagoas registry (spec §4 colours; issue "The registry's data"). */
export const SITUACOES_CADASTRAIS = rows([
  [1, 'ATIVO'], [2, 'SUSPENSO'], [3, 'INAPTO'], [4, 'BAIXADO'], [5, 'NULO'], [6, 'BLOQUEIO'],
  [7, 'ENQUADRAMENTO'], [8, 'DESENQUADRAMENTO'], [9, 'NÃO CADASTRADO'],
]);
export const SITUACAO = { ATIVO: 1, SUSPENSO: 2, INAPTO: 3, BAIXADO: 4, NULO: 5, BLOQUEIO: 6, ENQUADRAMENTO: 7, DESENQUADRAMENTO: 8, NAO_CADASTRADO: 9 } as const;

/** Reasons by status (the registry's own list; RICMS-AL grounds for each status). */
export const MOTIVOS_SITUACAO: { id: number; situacaoId: number; descricao: string }[] = [
  [101, 1, 'INSCRIÇÃO INICIAL'], [102, 1, 'REATIVAÇÃO A PEDIDO'], [103, 1, 'REATIVAÇÃO DE OFÍCIO'],
  [201, 2, 'SUSPENSÃO TEMPORÁRIA A PEDIDO'], [202, 2, 'SUSPENSÃO DE OFÍCIO'], [203, 2, 'PARALISAÇÃO TEMPORÁRIA DAS ATIVIDADES'],
  [301, 3, 'NÃO LOCALIZADO NO ENDEREÇO'], [302, 3, 'OMISSÃO DE DECLARAÇÕES'], [303, 3, 'CNPJ INAPTO NA RECEITA FEDERAL'],
  [401, 4, 'BAIXA A PEDIDO'], [402, 4, 'BAIXA DE OFÍCIO'], [403, 4, 'BAIXA POR INCORPORAÇÃO, FUSÃO OU CISÃO'],
  [501, 5, 'INSCRIÇÃO EM DUPLICIDADE'], [502, 5, 'INSCRIÇÃO CONCEDIDA INDEVIDAMENTE'],
  [601, 6, 'BLOQUEIO POR DETERMINAÇÃO DA FISCALIZAÇÃO'], [602, 6, 'BLOQUEIO JUDICIAL'],
  [701, 7, 'ENQUADRAMENTO NO SIMPLES NACIONAL'], [702, 7, 'ENQUADRAMENTO COMO MEI'],
  [801, 8, 'DESENQUADRAMENTO DO SIMPLES NACIONAL'], [802, 8, 'DESENQUADRAMENTO COMO MEI'],
  [901, 9, 'SEM INSCRIÇÃO ESTADUAL'],
].map(([id, situacaoId, descricao]) => ({ id: id as number, situacaoId: situacaoId as number, descricao: descricao as string }));

/** Company size of the registry; 3 is MEI (spec §9). */
export const PORTES = rows([[1, 'MICROEMPRESA'], [2, 'EMPRESA DE PEQUENO PORTE'], [3, 'MICROEMPREENDEDOR INDIVIDUAL - MEI'], [4, 'DEMAIS']]);
export const PORTE_MEI = 3;

/** Receita Federal — formas de atuação do estabelecimento (FCPJ / REDESIM). */
export const FORMAS_ATUACAO = rows([
  [1, 'ESTABELECIMENTO FIXO'], [2, 'INTERNET'], [3, 'EM LOCAL FIXO FORA DE LOJA'], [4, 'CORREIO'],
  [5, 'PORTA A PORTA, POSTOS MÓVEIS OU POR AMBULANTES'], [6, 'TELEVENDA'], [7, 'MÁQUINAS AUTOMÁTICAS'],
  [8, 'ATIVIDADE DESENVOLVIDA FORA DO ESTABELECIMENTO'],
]);

/** Receita Federal — tipo de unidade (produtiva, or the kinds of auxiliary unit) (FCPJ / REDESIM). */
export const TIPOS_UNIDADE = rows([
  [1, 'UNIDADE PRODUTIVA'], [2, 'SEDE'], [3, 'ESCRITÓRIO ADMINISTRATIVO'], [4, 'DEPÓSITO FECHADO'], [5, 'ALMOXARIFADO'],
  [6, 'OFICINA DE REPARAÇÃO'], [7, 'GARAGEM'], [8, 'UNIDADE DE ABASTECIMENTO DE COMBUSTÍVEIS'], [9, 'PONTO DE EXPOSIÇÃO'],
  [10, 'CENTRO DE TREINAMENTO'], [11, 'CENTRO DE PROCESSAMENTO DE DADOS'], [12, 'POSTO DE COLETA'],
]);

export const TIPOS_TELEFONE = rows([[1, 'RESIDENCIAL'], [2, 'COMERCIAL'], [3, 'CELULAR'], [4, 'FAX']]);
export const TIPOS_ENDERECO = rows([[1, 'COMERCIAL'], [2, 'RESIDENCIAL'], [3, 'CORRESPONDÊNCIA'], [4, 'DEPÓSITO']]);

/** Correios — tipos de logradouro do Diretório Nacional de Endereços (most used ones). */
export const TIPOS_LOGRADOURO = rows([
  [1, 'RUA'], [2, 'AVENIDA'], [3, 'TRAVESSA'], [4, 'PRAÇA'], [5, 'RODOVIA'], [6, 'ESTRADA'], [7, 'ALAMEDA'], [8, 'LARGO'],
  [9, 'BECO'], [10, 'CONJUNTO'], [11, 'LOTEAMENTO'], [12, 'SÍTIO'], [13, 'FAZENDA'], [14, 'VILA'], [15, 'QUADRA'],
  [16, 'LADEIRA'], [17, 'VIA'], [18, 'POVOADO'], [19, 'CONDOMÍNIO'], [20, 'RESIDENCIAL'], [21, 'LOTE'], [22, 'ACESSO'],
]);

/** Spec §9: CRC classification, registration type and (CFC) category. */
export const CRC_CLASSIFICACOES = rows([[1, 'PROFISSIONAL'], [2, 'ESCRITÓRIO SOCIEDADE'], [3, 'ESCRITÓRIO INDIVIDUAL']]);
export const CRC_TIPOS_INSCRICAO = [
  { id: 'O', descricao: 'ORIGINÁRIO' }, { id: 'T', descricao: 'TRANSFERIDO' }, { id: 'S', descricao: 'SECUNDÁRIO' },
  { id: 'P', descricao: 'PROVISÓRIO' }, { id: 'F', descricao: 'FILIAIS' },
];
export const CRC_CATEGORIAS = rows([[1, 'CONTADOR'], [2, 'TÉCNICO EM CONTABILIDADE']]);

/** Spec §4: processing statuses of registry (REDESIM) requests. */
export const STATUS_RDS = rows([
  [1, 'PENDENTE'], [2, 'ACATADO COM SUCESSO'], [3, 'ACATADO COM ERRO'], [4, 'CONCLUÍDA COM DEFERIMENTO'],
  [5, 'CONCLUÍDA COM INDEFERIMENTO'], [6, 'CONCLUÍDA - FORA DE INTERESSE'], [7, 'PROCESSADA COM ERRO'], [8, 'CANCELADA'],
  [9, 'EXPIRADA'], [10, 'SUSPENSA'], [11, 'EM EXIGÊNCIA'], [12, 'LIBERADA'], [13, 'DUPLICIDADE'], [14, 'REJEITADA'],
  [15, 'REJEITADO ACATADO COM SUCESSO'], [16, 'REJEITADO ACATADO COM ERRO'],
]);
/** Spec §4: statuses of Simples Nacional (CSN) requests. */
export const STATUS_CSN = rows([
  [1, 'CONCLUÍDA COM DEFERIMENTO'], [2, 'CONCLUÍDA COM INDEFERIMENTO'], [3, 'NÃO CONCLUÍDA'], [4, 'CONCLUÍDA POR CANCELAMENTO'],
  [5, 'REGISTRO ENVIADO À RECEITA FEDERAL INCONSISTENTE'], [6, 'EM IMPORTAÇÃO'], [7, 'SUSPENSÃO TEMPORÁRIA'], [8, 'REJEITADA'],
  [9, 'RECIBO E IDENTIFICAÇÃO INCONSISTENTES'], [10, 'PROBLEMA NA IMPLANTAÇÃO'], [11, 'IGNORADA - FORA DE INTERESSE'],
  [12, 'REJEITADA PELA RECEITA FEDERAL'], [13, 'EXPIRADA'], [14, 'IMPORTAÇÃO EMERGENCIAL (ETL)'],
]);

/** Spec §2/§4: pendência criticality (Baixa yellow, Média orange, Alta red) and situation (1 open, 2 regularized). */
export const CRITICIDADES = rows([[1, 'BAIXA'], [2, 'MÉDIA'], [3, 'ALTA']]);
export const SITUACOES_IRREGULARIDADE = rows([[1, 'PENDENTE'], [2, 'REGULARIZADA']]);

/** Spec §4: notice statuses. */
export const SITUACOES_EDITAL = rows([[1, 'EM EDIÇÃO'], [2, 'PRONTO PARA PUBLICAR'], [3, 'PUBLICADO'], [4, 'REPUBLICADO']]);
