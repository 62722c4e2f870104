import { Authority as A } from '@cadastro/domain';
import { API, MGMT, REG, type Chamada } from './chamada.js';

/** §7 "Auth and account", "Combos" and "Person" (the rest in tabela-b.ts). */
const HOJE = '2026-01-31';
const combo = (spec: string, caminho = spec): Chamada => ({ spec, metodo: 'GET', caminho: `${REG}/${caminho}`, papel: 'publico' });

export const CONTA_E_ADMIN: Chamada[] = [
  { spec: 'POST api/authenticate', metodo: 'POST', caminho: `${API}/authenticate`, papel: 'publico', corpo: () => ({ username: 'user', password: 'user', rememberMe: false }), cabecalho: 'authorization' },
  { spec: 'GET/POST api/account', metodo: 'GET', caminho: `${API}/account`, papel: 'autenticado' },
  { spec: 'GET/POST api/account', metodo: 'POST', caminho: `${API}/account`, papel: 'autenticado', quem: 'user', corpo: () => ({ firstName: 'Usuário', lastName: 'Comum', email: 'user@cadastro.local', langKey: 'pt-br' }) },
  { spec: 'GET api/profile-info', metodo: 'GET', caminho: `${API}/profile-info`, papel: 'publico' },
  { spec: 'GET api/activate?key', metodo: 'GET', caminho: `${API}/activate`, papel: 'publico', query: (v) => ({ key: v.chaveAtivacao }) },
  // The spec's body is the new password; here the current one is asked too (docs/api-contract.md: deviations).
  // Changing a password ends the account's other sessions: the account the table activated does it.
  { spec: 'POST api/account/change-password', metodo: 'POST', caminho: `${API}/account/change-password`, papel: 'autenticado', quem: 'contrato.ativar', corpo: () => ({ currentPassword: 'abcd', newPassword: 'abcd' }) },
  { spec: 'POST api/account/reset-password/init', metodo: 'POST', caminho: `${API}/account/reset-password/init`, papel: 'publico', corpo: () => ({ email: 'contrato@x.com.br' }) },
  { spec: 'POST api/account/reset-password/finish', metodo: 'POST', caminho: `${API}/account/reset-password/finish`, papel: 'publico', corpo: (v) => ({ key: v.chaveRedefinicao, newPassword: 'contrato-2' }) },
  { spec: 'POST api/register', metodo: 'POST', caminho: `${API}/register`, papel: 'publico', corpo: () => ({ login: 'contrato.registro', email: 'contrato.registro@x.com.br', password: 'abcd', langKey: 'pt-br' }) },
  { spec: 'GET api/users (page, size, sort)', metodo: 'GET', caminho: `${API}/users`, papel: A.ADMIN, query: () => ({ page: '0', size: '20', sort: 'id,asc' }) },
  { spec: 'GET api/users/{login}', metodo: 'GET', caminho: `${API}/users/user`, papel: A.ADMIN },
  { spec: 'POST api/users', metodo: 'POST', caminho: `${API}/users`, papel: A.ADMIN, corpo: () => ({ login: 'contrato.novo', email: 'contrato.novo@x.com.br', firstName: 'Novo', authorities: ['ROLE_USER'] }) },
  { spec: 'PUT api/users', metodo: 'PUT', caminho: `${API}/users`, papel: A.ADMIN, corpo: async (_v, x) => ({ ...(await x.admin.get(`${API}/users/contrato.novo`)).json<object>(), firstName: 'Renomeado' }) },
  { spec: 'DELETE api/users/{login}', metodo: 'DELETE', caminho: `${API}/users/contrato.novo`, papel: A.ADMIN },
  { spec: 'GET api/users/authorities', metodo: 'GET', caminho: `${API}/users/authorities`, papel: A.ADMIN },
  { spec: 'GET management/health', metodo: 'GET', caminho: `${MGMT}/health`, papel: A.ADMIN },
  { spec: 'configprops', metodo: 'GET', caminho: `${MGMT}/configprops`, papel: A.ADMIN },
  { spec: 'env', metodo: 'GET', caminho: `${MGMT}/env`, papel: A.ADMIN },
  { spec: 'metrics', metodo: 'GET', caminho: `${MGMT}/metrics`, papel: A.ADMIN },
  { spec: 'dump', metodo: 'GET', caminho: `${MGMT}/dump`, papel: A.ADMIN },
  { spec: 'logs (PUT with name and level)', metodo: 'GET', caminho: `${MGMT}/logs`, papel: A.ADMIN },
  { spec: 'logs (PUT with name and level)', metodo: 'PUT', caminho: `${MGMT}/logs`, papel: A.ADMIN, corpo: () => ({ name: 'cadastro.conta', level: 'ERROR' }) },
  { spec: 'audits (fromDate, toDate, page, size, sort', metodo: 'GET', caminho: `${MGMT}/audits`, papel: A.ADMIN, query: () => ({ fromDate: '2026-01-01', toDate: '2099-01-01', page: '0', size: '20', sort: 'timestamp,desc' }), cabecalho: 'x-total-count' },
  { spec: 'GET api/gateway/routes/', metodo: 'GET', caminho: `${API}/gateway/routes/`, papel: A.ADMIN },
];

export const COMBOS: Chamada[] = [
  combo('tipoRegimeEspecial/obterAtivos'),
  combo('regimeEspecial/obterPorIdTipoRegime/{id}', 'regimeEspecial/obterPorIdTipoRegime/1'),
  combo('tipoAtoConcessorio(', 'tipoAtoConcessorio'),
  combo('tipoAtoConcessorio(/obterAtivos)', 'tipoAtoConcessorio/obterAtivos'),
  combo('naturezaJuridica'),
  combo('uf'),
  combo('municipio/{uf}', 'municipio/AL'),
  combo('pais'),
  combo('porteEmpresa'),
  combo('qualificacao'),
  combo('tipoInscricao'),
  combo('categoria'),
  combo('classificacao'),
  combo('tipoTelefone'),
  combo('tipoEndereco'),
  combo('tipoLogradouro'),
  combo('tipoContribuinte'),
  { ...combo('tipoEventoEntreCodigos?codigoInicial=11001', 'tipoEventoEntreCodigos'), query: () => ({ codigoInicial: '11001' }) },
  combo('tipoEdital'),
  combo('{id}/sublimite', '1/sublimite'),
  combo('formasAtuacao'),
  combo('tipoUnidade'),
  combo('situacaoEdital'),
  combo('motivosAlteracaoSituacaoCadastral'),
  // Names the people who may sign a notice: notice staff only (docs/api-contract.md: deviations).
  { ...combo('responsaveis-edital'), papel: A.CON_EDITAL },
  combo('tipo-status-processamento'),
  combo('situacaoCadastral'),
  combo('situacoesPessoa'),
  combo('motivosPessoa/{id}', 'motivosPessoa/1'),
  combo('tiposDocumentosVinculados'),
  combo('classificacaoIrregularidade'),
  combo('criticidadeIrregularidade'),
  combo('situacaoIrregularidade'),
  combo('classificacao-contador'),
];

const P = `${REG}/pessoa`;
/** §7: "register individual/legal; response codigoTipoDocumento, nome or razaoSocial, numeroDocumento". */
const DA_RECEITA = ['codigoTipoDocumento', 'numeroDocumento'];
export const PESSOA: Chamada[] = [
  { spec: 'GET pessoa/{document}', metodo: 'GET', caminho: `${P}/{cnpj}`, papel: A.CON_PESSOA },
  { spec: 'obterEnderecos/{n}', metodo: 'GET', caminho: `${P}/obterEnderecos/{numeroPessoa}`, papel: A.CON_PESSOA },
  { spec: 'obterNumeroPessoaRaiz/{n}', metodo: 'GET', caminho: `${P}/obterNumeroPessoaRaiz/{numeroPessoa}`, papel: A.CON_PESSOA },
  { spec: 'and /porCaceal/{caceal}', metodo: 'GET', caminho: `${P}/obterNumeroPessoaRaiz/porCaceal/{caceal}`, papel: A.CON_PESSOA },
  { spec: 'consultar-pessoa-fisica/{q}', metodo: 'GET', caminho: `${P}/consultar-pessoa-fisica/{cpf}`, papel: A.CON_PESSOA },
  { spec: 'consultar-pessoa-juridica/{q}', metodo: 'GET', caminho: `${P}/consultar-pessoa-juridica/{cnpj}`, papel: A.CON_PESSOA },
  { spec: 'obterUsuarioLogado', metodo: 'GET', caminho: `${P}/obterUsuarioLogado`, papel: A.MEU_CADASTRO },
  { spec: 'obter-numero-pessoa/{cnpj}', metodo: 'GET', caminho: `${P}/obter-numero-pessoa/{cnpj}`, papel: A.ALT_SITU_CNPJ },
  { spec: 'POST alterar-pessoa-fisica/{id} with body', metodo: 'POST', caminho: `${P}/alterar-pessoa-fisica/{numeroPessoaCpf}`, papel: A.MAN_DADOS_CONTRI, corpo: (v) => ({ version: v.versaoPessoaCpf, nome: v.nomePessoaCpf, email: 'contrato@x.com.br' }) },
  { spec: 'PUT to alter legal person with body', metodo: 'PUT', caminho: `${P}/alterar-pessoa-juridica/{numeroPessoa}`, papel: A.MAN_DADOS_CONTRI, corpo: (v) => ({ version: 2_000_000_000, contador: v.contadorEdicao }) },
  { spec: 'GET cadastrar-pessoa-infoconv/{n}', metodo: 'GET', caminho: `${P}/cadastrar-pessoa-infoconv/{cpfReceita}`, papel: A.CAD_PESSOA_INFOC, campos: DA_RECEITA },
  { spec: 'GET cpf/{n}', metodo: 'GET', caminho: `${P}/cpf/{cpfReceita}`, papel: A.CAD_PESSOA_INFOC, campos: [...DA_RECEITA, 'nome'] },
  { spec: 'GET cnpj/{n}', metodo: 'GET', caminho: `${P}/cnpj/{cnpjReceita}`, papel: A.CAD_PESSOA_INFOC, campos: [...DA_RECEITA, 'razaoSocial'] },
  { spec: 'contador/obterPorNumeroDocumento/{documento}', metodo: 'GET', caminho: `${REG}/contador/obterPorNumeroDocumento/{documentoContador}`, papel: A.CON_PESSOA },
  { spec: 'contador/obter-por-numero-pessoa/{numeroPessoa}', metodo: 'GET', caminho: `${REG}/contador/obter-por-numero-pessoa/{numeroPessoaContador}`, papel: A.CON_PESSOA },
  { spec: 'atividade/{cnae}', metodo: 'GET', caminho: `${REG}/atividade/4711302`, papel: 'publico' },
  { spec: 'regimeEspecial/{caceal}', metodo: 'GET', caminho: `${REG}/regimeEspecial/{caceal}`, papel: A.CON_DADOS_CONTRI },
  { spec: 'procurador/obterPorNumeroDocumento/{documento}', metodo: 'GET', caminho: `${REG}/procurador/obterPorNumeroDocumento/{documentoProcurador}`, papel: A.CON_PESSOA },
  { spec: 'also GET obterProcuradores/{n}', metodo: 'GET', caminho: `${REG}/procurador/obterProcuradores/{numeroPessoa}`, papel: A.CON_DADOS_CONTRI },
];
export { HOJE };
