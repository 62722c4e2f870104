import { Authority as A } from '@cadastro/domain';
import { REG, type Chamada } from './chamada.js';

/** §7 "Taxpayer", "Reports", "Pendencias", "Accountant and statements", "Requests", "Notices", "History and manager". */
const C = `${REG}/contribuinte`;
const R = `${REG}/relatorio`;
const E = `${REG}/edital`;
const PERIODO = { dataInicial: '2000-01-01', dataFinal: '2026-12-31' };
const periodo = () => PERIODO;
const aba = (nome: string): Chamada[] => [
  { spec: nome, metodo: 'GET', caminho: `${C}/${nome}/{numeroPessoa}`, papel: A.CON_DADOS_CONTRI },
  { spec: nome, metodo: 'GET', caminho: `${C}/${nome}/porCaceal/{caceal}`, papel: A.CON_DADOS_CONTRI },
];
const arquivos = (spec: string, caminho: string, papel: A, query?: () => Record<string, string>): Chamada[] => [
  { spec, metodo: 'GET', caminho: `${R}/${caminho}/imprimir`, papel, query },
  { spec, metodo: 'GET', caminho: `${R}/${caminho}/baixar`, papel, query },
];
const crc = (v: { crc: string; classificacao: number }) => ({ crc: v.crc, classificacao: v.classificacao });

export const CONTRIBUINTE: Chamada[] = [
  { spec: 'GET contribuinte/obterListaContribuintes/{docType}/{query}/{page0}/{size}', metodo: 'GET', caminho: `${C}/obterListaContribuintes/CACEAL/{caceal}/0/10`, papel: A.CON_DADOS_CONTRI, campos: ['content', 'totalElements', 'totalPages'] },
  { spec: 'obterDadosCadastrais/{n}', metodo: 'GET', caminho: `${C}/obterDadosCadastrais/{numeroPessoa}`, papel: A.CON_DADOS_CONTRI },
  { spec: 'obterDadosCadastrais/{n} (and porCaceal)', metodo: 'GET', caminho: `${C}/obterDadosCadastrais/porCaceal/{caceal}`, papel: A.CON_DADOS_CONTRI },
  ...['obterAtividades', 'obterRegimesEspeciais', 'obterContador', 'obterProcuradores', 'obterSocios', 'obterEditais', 'obterResponsavel'].flatMap(aba),
  { spec: 'POST obterPendencias', metodo: 'POST', caminho: `${C}/obterPendencias`, papel: A.CON_PEND_OFICIO, corpo: (v) => ({ caceal: Number(v.caceal), tipoConsultaNumeroDocumento: 'CACEAL' }) },
  { spec: 'GET editais/{n}', metodo: 'GET', caminho: `${C}/editais/{numeroPessoa}`, papel: A.CON_DADOS_CONTRI },
  { spec: 'DELETE contribuinte/{id}', metodo: 'DELETE', caminho: `${C}/{cacealOutro}`, papel: A.MAN_DADOS_CONTRI },
  { spec: 'POST obterSituacaoCadastral with list of caceal integers', metodo: 'POST', caminho: `${C}/obterSituacaoCadastral`, papel: A.CON_SITU_CONTRI, corpo: (v) => [Number(v.caceal)] },
  { spec: 'GET listarSituacoesPessoa', metodo: 'GET', caminho: `${C}/listarSituacoesPessoa`, papel: A.ALT_SITU_CNPJ },
  { spec: 'listarMotivosPessoaBySituacao/{id}', metodo: 'GET', caminho: `${C}/listarMotivosPessoaBySituacao/1`, papel: A.ALT_SITU_CNPJ },
  {
    spec: 'POST alterarSituacaoPessoa {numeroPessoa, sequencialSituacaoPessoa, sequencialMotivoPessoa}', metodo: 'POST', caminho: `${C}/alterarSituacaoPessoa`, papel: A.ALT_SITU_CNPJ,
    // A stale version: the whole call runs and refuses (409), nothing changes.
    corpo: (v) => ({ numeroPessoa: Number(v.numeroPessoaOutro), sequencialSituacaoPessoa: v.situacaoMotivo.situacao, sequencialMotivoPessoa: v.situacaoMotivo.motivo, versoes: [{ numeroCaceal: Number(v.cacealOutro), version: 2_000_000_000 }] }),
  },
  { spec: 'GET obterDadosFic/{n}', metodo: 'GET', caminho: `${C}/obterDadosFic/{caceal}`, papel: 'publico' },
  { spec: 'obterAtivos?consultarPor', metodo: 'GET', caminho: `${C}/obterAtivos`, papel: A.REL_CONT_ATI, query: () => ({ consultarPor: 'tipo' }) },
  { spec: 'cacealAtivoCnpjInativo', metodo: 'GET', caminho: `${C}/cacealAtivoCnpjInativo`, papel: A.REL_CACE_ATI },
  { spec: 'cacealSuspensaoTemporaria', metodo: 'GET', caminho: `${C}/cacealSuspensaoTemporaria`, papel: A.REL_CA_SU_TE },
  // The spec's clients repeat a list parameter; the SPA sends "1,3" (both read the same).
  { spec: 'cacealForaInteresse?tipoContribuinte&situacaoCadastral', metodo: 'GET', caminho: `${C}/cacealForaInteresse?tipoContribuinte=1&tipoContribuinte=3&situacaoCadastral=1`, papel: A.REL_CACE_FOI },
  { spec: 'cacealNulo and', metodo: 'GET', caminho: `${C}/cacealNulo`, papel: A.REL_CACE_NUL, query: periodo },
  { spec: 'obterMultiplosCacealsVivos?dataInicial&dataFinal', metodo: 'GET', caminho: `${C}/obterMultiplosCacealsVivos`, papel: A.REL_MUL_CAVI, query: periodo },
  { spec: 'POST contribuintes-geral/consultar {dataInicial, dataFinal}', metodo: 'POST', caminho: `${C}/contribuintes-geral/consultar`, papel: A.REL_CONT_GER, corpo: periodo },
  { spec: 'GET responsaveis/ (divergences)', metodo: 'GET', caminho: `${C}/responsaveis/`, papel: A.REL_CONT_GER },
  { spec: 'GET eventos/listar', metodo: 'GET', caminho: `${REG}/eventos/listar`, papel: A.CON_DADOS_CONTRI, query: (v) => ({ numeroCaceal: v.caceal }) },
  {
    spec: 'POST eventos with numeroPessoa, numeroCaceal', metodo: 'POST', caminho: `${REG}/eventos`, papel: A.MAN_DADOS_CONTRI,
    // A stale version: validated, then refused (409) with nothing written.
    corpo: (v) => ({
      processo: '123456789012345', atoDeclaratorio: null, protocoloRedesim: null, dataEvento: null, dataLegal: null,
      numeroPessoa: Number(v.numeroPessoa), numeroCaceal: Number(v.caceal), version: 2_000_000_000, atividades: [{ codigoCnae: '4711302', ehAtividadePrincipal: true }],
    }),
  },
];

export const RELATORIOS_7: Chamada[] = [
  { spec: 'relatorio/solicitacoes/baixadas/imprimir', metodo: 'GET', caminho: `${R}/solicitacoes/baixadas/imprimir`, papel: A.REL_SOL_BAI, query: periodo },
  { spec: 'contribuintes/ativos/imprimir', metodo: 'GET', caminho: `${R}/contribuintes/ativos/imprimir`, papel: A.REL_CONT_ATI, query: () => ({ consultarPor: 'simples-mei' }) },
  ...arquivos('listaEventos/imprimir and /baixar', 'listaEventos', A.REL_EVENTOS),
  ...arquivos('cacealAtivoCnpjInativo,', 'cacealAtivoCnpjInativo', A.REL_CACE_ATI),
  ...arquivos('cacealAtivoEmOutraUF', 'cacealAtivoEmOutraUF', A.REL_CA_AT_UF),
  ...arquivos('cacealSuspensaoTemporaria,', 'cacealSuspensaoTemporaria', A.REL_CA_SU_TE),
  ...arquivos('cacealForaInteresse,', 'cacealForaInteresse', A.REL_CACE_FOI),
  ...arquivos('multiplosCacelsVivos', 'multiplosCacelsVivos', A.REL_MUL_CAVI, periodo),
  ...arquivos('cacealNulo (imprimir or baixar)', 'cacealNulo', A.REL_CACE_NUL, periodo),
  { spec: 'divergencias-responsavel', metodo: 'GET', caminho: `${R}/divergencias-responsavel/imprimir`, papel: A.REL_CONT_GER },
  { spec: 'edital/pdf?id', metodo: 'GET', caminho: `${R}/edital/pdf`, papel: 'publico', query: (v) => ({ id: v.editalPublicadoId }) },
  { spec: 'contribuintes-geral imprimir/baixar (POST)', metodo: 'POST', caminho: `${R}/contribuintes-geral/imprimir`, papel: A.REL_CONT_GER, corpo: periodo },
  { spec: 'contribuintes-geral imprimir/baixar (POST)', metodo: 'POST', caminho: `${R}/contribuintes-geral/baixar`, papel: A.REL_CONT_GER, corpo: periodo },
  {
    spec: 'imprimir (sheet; numeroCaceal, numeroPessoa, numeroPessoaRaiz)', metodo: 'GET', caminho: `${R}/imprimir`, papel: A.CON_DADOS_CONTRI,
    query: (v) => ({ numeroCaceal: v.caceal, numeroPessoa: v.numeroPessoa, numeroPessoaRaiz: v.numeroPessoa }),
  },
  { spec: 'situacaoCadastral/imprimir (cacealLista)', metodo: 'POST', caminho: `${R}/situacaoCadastral/imprimir`, papel: A.CON_SITU_CONTRI, corpo: (v) => ({ cacealLista: [Number(v.caceal)] }) },
  { spec: 'fic/imprimir (caceal, numeroPessoaRaiz)', metodo: 'GET', caminho: `${R}/fic/imprimir`, papel: 'publico', query: (v) => ({ caceal: v.caceal, numeroPessoaRaiz: v.numeroPessoa }) },
  { spec: 'GET solicitacao/baixadas?dataInicial&dataFinal', metodo: 'GET', caminho: `${REG}/solicitacao/baixadas`, papel: A.REL_SOL_BAI, query: periodo },
];

const PD = `${REG}/pendencias`;
export const PENDENCIAS: Chamada[] = [
  { spec: 'POST pendencias/consultar', metodo: 'POST', caminho: `${PD}/consultar`, papel: A.CON_PEND_OFICIO, corpo: (v) => ({ caceal: Number(v.caceal), tipoConsultaNumeroDocumento: 'CACEAL' }), campos: ['content', 'totalElements'] },
  {
    spec: 'PATCH regularizar {sequencial, sequencialSituacao, sequencialMotivo, sequencialOrigem}', metodo: 'PATCH', caminho: `${PD}/regularizar`, papel: A.MAN_PEND_OFICIO,
    corpo: (v) => ({ sequencial: v.pendencia.sequencial, sequencialSituacao: 2, sequencialMotivo: 2, sequencialOrigem: 10, version: v.pendencia.version }),
  },
  { spec: 'PATCH alterar', metodo: 'PATCH', caminho: `${PD}/alterar`, papel: A.MAN_PEND_OFICIO, corpo: (v) => v.pendenciaAlterada },
  { spec: 'GET classificacoes-origem-cadastro', metodo: 'GET', caminho: `${PD}/classificacoes-origem-cadastro`, papel: A.CON_PEND_OFICIO },
];

const K = `${REG}/contador`;
const M = `${REG}/manifestacao`;
export const CONTADOR: Chamada[] = [
  { spec: 'POST contador/consultar', metodo: 'POST', caminho: `${K}/consultar`, papel: A.MAN_MANIFESTACAO, quem: 'contador', corpo: crc },
  { spec: '/autenticado', metodo: 'POST', caminho: `${K}/autenticado`, papel: A.MAN_MANIFESTACAO, quem: 'contador', corpo: crc },
  { spec: '/consultarRecadastro', metodo: 'POST', caminho: `${K}/consultarRecadastro`, papel: A.MAN_MANIFESTACAO, quem: 'contador', corpo: crc },
  {
    spec: 'PUT contador/recadastro', metodo: 'PUT', caminho: `${K}/recadastro`, papel: A.MAN_MANIFESTACAO, quem: 'contador',
    corpo: (v) => ({ ...crc(v), enderecoEletronico: 'contador@x.com.br', ddd: '82', numeroTelefone: '33334444', endereco: v.enderecoRecadastro }),
  },
  { spec: 'POST contribuinte/porContador', metodo: 'POST', caminho: `${C}/porContador`, papel: A.MAN_MANIFESTACAO, quem: 'contador', corpo: crc },
  { spec: '/porUsuario', metodo: 'POST', caminho: `${C}/porUsuario`, papel: A.MAN_MANIFESTACAO, quem: 'contador', corpo: crc },
  { spec: '/comManifestacaoNegacaoSemEvento (body dataInicial, dataFinal; list response)', metodo: 'POST', caminho: `${C}/comManifestacaoNegacaoSemEvento`, papel: A.CON_MANIFESTACAO, corpo: periodo },
  { spec: '/relatorioEmpresasNegativadas (blob)', metodo: 'POST', caminho: `${C}/relatorioEmpresasNegativadas`, papel: A.CON_MANIFESTACAO, corpo: periodo },
  { spec: 'GET contribuinte/semManifestacaoPaginado', metodo: 'GET', caminho: `${C}/semManifestacaoPaginado`, papel: A.CON_MANIFESTACAO, query: () => ({ ...PERIODO, page: '0', size: '10' }), campos: ['totalElements', 'content'] },
  { spec: '/relatorioEmpresasSemManifestacoes', metodo: 'GET', caminho: `${C}/relatorioEmpresasSemManifestacoes`, papel: A.CON_MANIFESTACAO, query: periodo },
  { spec: 'manifestacao: POST consultar (crc, classificacao)', metodo: 'POST', caminho: `${M}/consultar`, papel: A.MAN_MANIFESTACAO, quem: 'contador', corpo: crc },
  { spec: 'consultarPorUsuario', metodo: 'POST', caminho: `${M}/consultarPorUsuario`, papel: A.MAN_MANIFESTACAO, quem: 'contador', corpo: crc },
  {
    spec: 'gerar (crc, classificacao, list of {caceal, tipoManifestacao})', metodo: 'POST', caminho: `${M}/gerar`, papel: A.MAN_MANIFESTACAO, quem: 'contador',
    corpo: (v) => ({ ...crc(v), manifestacoes: [{ caceal: v.cacealDoContador, tipoManifestacao: 1 }] }),
  },
  { spec: 'GET relatorio/{id} (blob)', metodo: 'GET', caminho: `${M}/relatorio/{manifestacaoId}`, papel: A.MAN_MANIFESTACAO, quem: 'contador' },
];

const S = `${REG}/solicitacao`;
export const SOLICITACOES: Chamada[] = [
  { spec: 'GET solicitacao/consultar?dataSolicitacao&situacao&cnpj', metodo: 'GET', caminho: `${S}/consultar`, papel: A.CON_DADOS_CONTRI, query: (v) => ({ cnpj: v.cnpjSolicitacao }) },
  { spec: 'solicitacao/{id}', metodo: 'GET', caminho: `${S}/{protocolo}`, papel: A.CON_DADOS_CONTRI },
  { spec: 'identificacao/{id}', metodo: 'GET', caminho: `${S}/identificacao/{protocolo}`, papel: A.CON_DADOS_CONTRI },
  { spec: 'atividade-economica/{id}', metodo: 'GET', caminho: `${S}/atividade-economica/{protocolo}`, papel: A.CON_DADOS_CONTRI },
  { spec: 'contabilista/{id}', metodo: 'GET', caminho: `${S}/contabilista/{protocolo}`, papel: A.CON_DADOS_CONTRI },
  { spec: 'qsa/{id}', metodo: 'GET', caminho: `${S}/qsa/{protocolo}`, papel: A.CON_DADOS_CONTRI },
  { spec: 'mensagem/{id}', metodo: 'GET', caminho: `${S}/mensagem/{protocolo}`, papel: A.CON_DADOS_CONTRI },
  { spec: 'public contribuinte/obterContribuinte/{id}', metodo: 'GET', caminho: `${C}/obterContribuinte/{cnpj}`, papel: 'publico' },
];

const PAGINA = () => ({ paginaAtual: '0', itensPorPagina: '10' });
export const EDITAIS: Chamada[] = [
  { spec: 'GET edital/{number}', metodo: 'GET', caminho: `${E}/{editalNumero}`, papel: A.CON_EDITAL },
  { spec: 'consultar-por-situacao/{situationId}/{page0}/{size}', metodo: 'GET', caminho: `${E}/consultar-por-situacao/1/0/10`, papel: A.CON_EDITAL },
  { spec: 'POST consultar (params paginaAtual, itensPorPagina)', metodo: 'POST', caminho: `${E}/consultar`, papel: A.CON_EDITAL, query: PAGINA, corpo: () => ({ tipoConsultaEdital: 'emEdicao' }) },
  { spec: 'POST obterDadosContribuinte (list of caceals)', metodo: 'POST', caminho: `${E}/obterDadosContribuinte`, papel: A.CON_EDITAL, corpo: (v) => [Number(v.caceal)] },
  { spec: 'cadastro (response edital, mensagem)', metodo: 'POST', caminho: `${E}/cadastro`, papel: A.EDITAR_EDITAL, corpo: (v) => v.editalNovo, campos: ['edital', 'mensagem'] },
  { spec: 'edicao (mensagem)', metodo: 'POST', caminho: `${E}/edicao`, papel: A.EDITAR_EDITAL, corpo: (v) => v.editalEdicao, campos: ['mensagem'] },
  { spec: 'assinatura (response numero, situacaoEdital, mensagem)', metodo: 'POST', caminho: `${E}/assinatura`, papel: A.EDITAR_EDITAL, corpo: (v) => ({ id: Number(v.editalId) }), campos: ['numero', 'situacaoEdital', 'mensagem'] },
  { spec: 'DELETE excluir/{id} (mensagem)', metodo: 'DELETE', caminho: `${E}/excluir/{editalExcluirId}`, papel: A.EDITAR_EDITAL, campos: ['mensagem'] },
  {
    spec: 'POST root to confirm publication {id, numero, descricao, dataPublicacao, prazoConvocacao, motivoAlteracaoSituacao}', metodo: 'POST', caminho: E, papel: A.CON_EDITAL_PUBLI,
    corpo: (v) => ({ id: Number(v.editalProntoId), dataPublicacao: v.hoje }),
  },
  { spec: 'GET obterDadosDocumentoVinculado/{id}', metodo: 'GET', caminho: `${E}/obterDadosDocumentoVinculado/{editalId}`, papel: A.CON_EDITAL },
  { spec: 'verificarSePessoaLogadaEhResponsavel/{id}', metodo: 'GET', caminho: `${E}/verificarSePessoaLogadaEhResponsavel/{editalId}`, papel: A.CON_EDITAL },
  { spec: 'obterMotivosAlteracaoSituacaoCadastral/{id}', metodo: 'GET', caminho: `${E}/obterMotivosAlteracaoSituacaoCadastral/{editalId}`, papel: A.CON_EDITAL },
  { spec: 'todos/{page0}/{size}', metodo: 'GET', caminho: `${E}/todos/0/10`, papel: A.CON_EDITAL },
  { spec: 'GET papel-sca/verificar-equipe-edital', metodo: 'GET', caminho: `${REG}/papel-sca/verificar-equipe-edital`, papel: A.CON_EDITAL },
  { spec: 'GET public/edital/obterTodos', metodo: 'GET', caminho: `${REG}/public/edital/obterTodos`, papel: 'publico', query: PAGINA },
  {
    spec: 'POST public/edital/consultar {numero, tipoEdital, caceal, dataInicioPublicacao, dataFimPublicacao, paginacao}', metodo: 'POST', caminho: `${REG}/public/edital/consultar`, papel: 'publico',
    query: PAGINA, corpo: () => ({ dataInicioPublicacao: '2000-01-01' }),
  },
];

const H = `${REG}/historico`;
export const HISTORICO_GESTOR: Chamada[] = [
  { spec: 'GET historico/obterListaHistorico/{docType}/{number}/{page0}/{size}', metodo: 'GET', caminho: `${H}/obterListaHistorico/CACEAL/{caceal}/0/10`, papel: A.CON_HISTORICO },
  { spec: 'POST consultar/situacao-cadastral/por-caceal', metodo: 'POST', caminho: `${H}/consultar/situacao-cadastral/por-caceal`, papel: A.CON_HISTORICO, corpo: (v) => ({ caceal: Number(v.caceal) }) },
  { spec: 'consultar/razao-social/por-caceal', metodo: 'POST', caminho: `${H}/consultar/razao-social/por-caceal`, papel: A.CON_HISTORICO, corpo: (v) => ({ caceal: Number(v.caceal) }) },
  { spec: 'GET gestor/dadosContribuinte?tipoDocumento&numeroDocumento', metodo: 'GET', caminho: `${REG}/gestor/dadosContribuinte`, papel: A.SINC_GESTOR, query: (v) => ({ tipoDocumento: 'CNPJ', numeroDocumento: v.cnpjGestor }) },
  { spec: 'POST gestor/sinc {tipoDocumento, numeroDocumento}', metodo: 'POST', caminho: `${REG}/gestor/sinc`, papel: A.SINC_GESTOR, corpo: (v) => ({ tipoDocumento: 'CNPJ', numeroDocumento: v.cnpjGestor }), campos: ['cnpj'] },
];
