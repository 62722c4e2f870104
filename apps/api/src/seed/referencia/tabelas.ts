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

/** SINTEGRA / SEFAZ-AL: the type digit of the Alagoas state registration (24X…). */
export const TIPOS_CONTRIBUINTE = rows([[0, 'NORMAL'], [3, 'PRODUTOR RURAL'], [5, 'SUBSTITUTO TRIBUTÁRIO'], [7, 'MICROEMPRESA AMBULANTE'], [8, 'MICROEMPRESA']]);

/** Special regimes of the registry's own table (RICMS-AL and PRODESIN grounds). */
export const TIPOS_REGIME_ESPECIAL = rows([[1, 'REGIME ESPECIAL DE TRIBUTAÇÃO'], [2, 'SUBSTITUIÇÃO TRIBUTÁRIA'], [3, 'DIFERIMENTO'], [4, 'INCENTIVO FISCAL']]);
export const REGIMES_ESPECIAIS = [
  [1, 1, 'CRÉDITO PRESUMIDO'], [2, 1, 'REDUÇÃO DE BASE DE CÁLCULO'], [3, 1, 'APURAÇÃO CENTRALIZADA'],
  [4, 2, 'RESPONSABILIDADE POR SUBSTITUIÇÃO - OPERAÇÕES SUBSEQUENTES'], [5, 2, 'DISPENSA DE RETENÇÃO ANTECIPADA'],
  [6, 3, 'DIFERIMENTO NA IMPORTAÇÃO'], [7, 3, 'DIFERIMENTO NA AQUISIÇÃO DE INSUMOS'],
  [8, 4, 'PRODESIN - PROGRAMA DE DESENVOLVIMENTO INTEGRADO DO ESTADO DE ALAGOAS'],
].map(([id, tipoRegimeId, descricao]) => ({ id: id as number, tipoRegimeId: tipoRegimeId as number, descricao: descricao as string }));
export const TIPOS_ATO_CONCESSORIO = rows([[1, 'TERMO DE ACORDO'], [2, 'DECRETO'], [3, 'PORTARIA'], [4, 'PARECER'], [5, 'DESPACHO']]);

/** Notice types (CONVOCAÇÃO is the one with a deadline, spec §5) and documents a notice may cite. */
export const TIPOS_EDITAL = rows([[1, 'CONVOCAÇÃO'], [2, 'INTIMAÇÃO'], [3, 'SUSPENSÃO'], [4, 'INAPTIDÃO'], [5, 'BAIXA DE OFÍCIO'], [6, 'NULIDADE']]);
export const TIPO_EDITAL_CONVOCACAO = 1;
export const TIPOS_DOCUMENTO_VINCULADO = rows([[1, 'CPF'], [2, 'CNPJ'], [3, 'CACEAL']]);

/** Pendência origins (10 = registry, spec §9) and classifications (7 = registry data, regularizable). */
export const ORIGENS_IRREGULARIDADE = rows([[1, 'ARRECADAÇÃO'], [2, 'FISCALIZAÇÃO'], [3, 'DOCUMENTOS FISCAIS ELETRÔNICOS'], [10, 'CADASTRO']]);
export const CLASSIFICACOES_IRREGULARIDADE = [
  [1, 'OMISSÃO DE ENTREGA DA EFD ICMS/IPI', 3], [2, 'OMISSÃO DE ENTREGA DA DeSTDA', 3], [3, 'DÉBITO DECLARADO E NÃO PAGO', 1],
  [4, 'PARCELAMENTO EM ATRASO', 1], [5, 'DIVERGÊNCIA EM NF-e', 3], [6, 'AUTO DE INFRAÇÃO NÃO QUITADO', 2],
  [7, 'DADOS CADASTRAIS DESATUALIZADOS', 10],
].map(([id, descricao, origemId]) => ({ id: id as number, descricao: descricao as string, origemId: origemId as number }));
export const CLASSIFICACAO_CADASTRO = 7;

/** Registry events; codes from 11001 are those a notice triggers (spec §9). */
export const TIPOS_EVENTO = [
  [101, 'INSCRIÇÃO DE ESTABELECIMENTO', true], [211, 'ALTERAÇÃO DE ENDEREÇO', true], [220, 'ALTERAÇÃO DO NOME EMPRESARIAL', true],
  [221, 'ALTERAÇÃO DO TÍTULO DO ESTABELECIMENTO (NOME FANTASIA)', true], [222, 'ALTERAÇÃO DA NATUREZA JURÍDICA', true],
  [225, 'ALTERAÇÃO DE CAPITAL SOCIAL', true], [244, 'ALTERAÇÃO DE ATIVIDADES ECONÔMICAS', true], [247, 'ALTERAÇÃO DE PORTE', true],
  [248, 'ALTERAÇÃO DO CONTABILISTA', true], [405, 'ALTERAÇÃO DO QUADRO DE SÓCIOS E ADMINISTRADORES', true], [407, 'BAIXA A PEDIDO', true],
  [510, 'REATIVAÇÃO', false], [11001, 'SUSPENSÃO POR EDITAL', true], [11002, 'INAPTIDÃO POR EDITAL', true],
  [11003, 'BAIXA DE OFÍCIO POR EDITAL', true], [11004, 'NULIDADE POR EDITAL', false], [11005, 'CONVOCAÇÃO POR EDITAL', true],
].map(([id, descricao, implementado]) => ({ id: id as number, descricao: descricao as string, implementado: implementado as boolean }));
