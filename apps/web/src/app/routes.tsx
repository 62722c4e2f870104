import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Authority } from '@cadastro/domain';
import { AREA_CONTADOR, Authority as A, FAZENDARIO_CONTADOR, NOMES_RELATORIO, RELATORIOS } from '@cadastro/domain';

export type MenuGroup = 'edital' | 'fic' | 'pessoa' | 'contribuintes' | 'contador' | 'relatorios' | 'admin';

export interface AppRoute {
  /** Hash route path, relative (no leading slash); optional segments with `?`. */
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** Required authorities (any of). Absent → open to everyone. */
  authorities?: readonly Authority[];
  /** i18n key of the browser tab title. */
  titleKey: string;
  /**
   * Where the route appears in the navbar (top-level when `group` is absent). The entry reads as the
   * page's title, so menu and page name the screen alike; `labelKey` only for a deliberate short form.
   */
  menu?: {
    group?: MenuGroup; labelKey?: string; href?: string; /** shown only when the server has API docs on */ requiresApiDocs?: boolean;
    /** Hidden from users holding any of these (§2: the public notice query stands in for the internal one). */
    hiddenFor?: readonly Authority[];
  };
  /** Sheet and my-registration routes hide the account menu (§2). */
  hideAccountMenu?: boolean;
}

/**
 * THE route table: the router, the guards and the navbar all read it, so a screen's path, its
 * required roles and its menu entry are written once.
 */
export const ROUTES: readonly AppRoute[] = [
  { path: '', page: lazy(() => import('../features/home/HomePage')), titleKey: 'home.title' },
  { path: 'register', page: lazy(() => import('../features/conta/RegisterPage')), titleKey: 'register.title' },
  { path: 'activate/:key?', page: lazy(() => import('../features/conta/ActivatePage')), titleKey: 'activate.title' },
  { path: 'reset/request', page: lazy(() => import('../features/conta/ResetRequestPage')), titleKey: 'reset.request.title' },
  { path: 'reset/:key?', page: lazy(() => import('../features/conta/ResetFinishPage')), titleKey: 'reset.finish.title' },
  { path: 'segundo-fator/inscricao', page: lazy(() => import('../features/conta/SegundoFatorPage')), titleKey: 'segundoFator.inscricao.titulo' },
  { path: 'password', page: lazy(() => import('../features/conta/PasswordPage')), authorities: [A.USER], titleKey: 'password.title' },
  { path: 'settings', page: lazy(() => import('../features/conta/SettingsPage')), authorities: [A.USER], titleKey: 'settings.title' },
  { path: 'entrada', page: lazy(() => import('../features/identidade/EntradaPage')), titleKey: 'login.title' },
  { path: 'accessdenied', page: lazy(() => import('../features/erro/AccessDeniedPage')), titleKey: 'error.title' },
  {
    path: 'meu-cadastro',
    page: lazy(() => import('../features/contribuinte/MeuCadastroPage')),
    authorities: [A.MEU_CADASTRO],
    titleKey: 'contribuinte.meuCadastro.title',
    menu: {},
    hideAccountMenu: true,
  },
  { path: 'meu-cadastro/:number', page: lazy(() => import('../features/contribuinte/MeuCadastroPage')), authorities: [A.MEU_CADASTRO], titleKey: 'contribuinte.meuCadastro.title', hideAccountMenu: true },
  // §2 lists consultar-pendencias at the top level; under Contribuintes here, so that the staff's navbar
  // keeps its language and account menus on screen at 1280 px (they were pushed out of view).
  { path: 'consultar-pendencias', page: lazy(() => import('../features/contribuinte/pendencias/ConsultarPendenciasPage')), authorities: [A.CON_PEND_OFICIO], titleKey: 'pendencia.consulta.title', menu: { group: 'contribuintes' } },
  {
    path: 'consultar-edital',
    page: lazy(() => import('../features/edital/ConsultarEditalPage')),
    // §6: the publisher (ROLE_CAD_CON_EDITAL_PUBLI) finds the notices ready to publish here too.
    authorities: [A.CON_EDITAL, A.CON_EDITAL_PUBLI],
    titleKey: 'edital.consulta.title',
    menu: { group: 'edital' },
  },
  {
    path: 'consulta-publica-edital',
    page: lazy(() => import('../features/edital/ConsultaPublicaEditalPage')),
    titleKey: 'edital.publica.title',
    menu: { group: 'edital', hiddenFor: [A.CON_EDITAL, A.CON_EDITAL_PUBLI] },
  },
  { path: 'edital/cadastro', page: lazy(() => import('../features/edital/EditalFormPage')), authorities: [A.EDITAR_EDITAL], titleKey: 'edital.form.cadastroTitle' },
  { path: 'edital/edicao/:id', page: lazy(() => import('../features/edital/EditalFormPage')), authorities: [A.CON_EDITAL, A.EDITAR_EDITAL, A.CON_EDITAL_PUBLI], titleKey: 'edital.form.edicaoTitle' },
  {
    path: 'contribuinte',
    page: lazy(() => import('../features/contribuinte/ContribuinteSearchPage')),
    authorities: [A.CON_DADOS_CONTRI],
    titleKey: 'contribuinte.busca.title',
    menu: { group: 'contribuintes' },
  },
  {
    path: 'situacaoCadastral',
    page: lazy(() => import('../features/situacao/SituacaoCadastralPage')),
    authorities: [A.CON_SITU_CONTRI],
    titleKey: 'situacao.lista.title',
    menu: { group: 'contribuintes' },
  },
  {
    path: 'alterarSituacaoCnpj',
    page: lazy(() => import('../features/situacao/AlterarSituacaoBuscaPage')),
    authorities: [A.ALT_SITU_CNPJ],
    titleKey: 'situacao.alterar.title',
    menu: { group: 'contribuintes' },
  },
  { path: 'alterarSituacaoCnpj/:numeroPessoa', page: lazy(() => import('../features/situacao/AlterarSituacaoPage')), authorities: [A.ALT_SITU_CNPJ], titleKey: 'situacao.alterar.title' },
  { path: 'contribuinte/:numeroPessoa', page: lazy(() => import('../features/contribuinte/ContribuinteDetailPage')), authorities: [A.CON_DADOS_CONTRI], titleKey: 'contribuinte.detalhe.title' },
  { path: 'contribuinte/:caceal/:numeroPessoa', page: lazy(() => import('../features/contribuinte/ContribuinteDetailPage')), authorities: [A.CON_DADOS_CONTRI], titleKey: 'contribuinte.detalhe.title' },
  // §2 Person: the lookup, the individual and legal-entity pages, registration from the federal registry.
  { path: 'pessoa', page: lazy(() => import('../features/pessoa/PessoaBuscaPage')), authorities: [A.CON_PESSOA], titleKey: 'pessoa.busca.title', menu: { group: 'pessoa', labelKey: 'pessoa.menu.consulta' } },
  { path: 'pessoa/:cpf', page: lazy(() => import('../features/pessoa/PessoaFisicaPage')), authorities: [A.CON_PESSOA], titleKey: 'pessoa.fisica.title' },
  { path: 'pessoa-juridica/:cnpj', page: lazy(() => import('../features/pessoa/PessoaJuridicaPage')), authorities: [A.CON_PESSOA], titleKey: 'pessoa.juridica.title' },
  { path: 'historico', page: lazy(() => import('../features/historico/HistoricoPage')), authorities: [A.CON_HISTORICO], titleKey: 'historico.title', menu: { group: 'pessoa' } },
  { path: 'historico-situacao-cadastral-detail/:numeroDocumento', page: lazy(() => import('../features/historico/HistoricoDetalhePage')), authorities: [A.CON_HISTORICO], titleKey: 'historico.detalheSituacao' },
  { path: 'historico-razao-social-detail/:numeroDocumento', page: lazy(() => import('../features/historico/HistoricoDetalhePage')), authorities: [A.CON_HISTORICO], titleKey: 'historico.detalheRazao' },
  { path: 'consultas-infoconv', page: lazy(() => import('../features/infoconv/InfoconvPage')), authorities: [A.CON_HIS_INFOCONV], titleKey: 'infoconv.title', menu: { group: 'pessoa' } },
  { path: 'pre-visualizar-consultas-infoconv', page: lazy(() => import('../features/infoconv/InfoconvPage')), authorities: [A.CON_HIS_INFOCONV], titleKey: 'infoconv.title' },
  { path: 'cadastra-pessoa', page: lazy(() => import('../features/pessoa/CadastraPessoaPage')), authorities: [A.CAD_PESSOA_INFOC], titleKey: 'pessoa.cadastro.title', menu: { group: 'pessoa' } },
  { path: 'gestor', page: lazy(() => import('../features/gestor/GestorPage')), authorities: [A.SINC_GESTOR], titleKey: 'gestor.title', menu: { group: 'contribuintes' } },
  { path: 'gestor/sinc', page: lazy(() => import('../features/gestor/GestorSincPage')), authorities: [A.SINC_GESTOR], titleKey: 'gestor.title' },
  // §2 Accountant area: the accountant's own screens need an account linked to the CRC (server rule); tax staff query any accountant.
  { path: 'manifestacao-contador/contador', page: lazy(() => import('../features/contador/ConfirmacaoPage')), authorities: AREA_CONTADOR, titleKey: 'contador.confirmacao.title', menu: { group: 'contador', labelKey: 'contador.menu' } },
  { path: 'manifestacao-contador/manifestacao', page: lazy(() => import('../features/contador/ManifestacaoPage')), authorities: AREA_CONTADOR, titleKey: 'contador.manifestacao.title' },
  { path: 'manifestacao-contador/manifestacao-ativa', page: lazy(() => import('../features/contador/ManifestacaoAtivaPage')), authorities: AREA_CONTADOR, titleKey: 'contador.ativa.title' },
  { path: 'manifestacao-contador/fazendario', page: lazy(() => import('../features/contador/FazendarioPage')), authorities: FAZENDARIO_CONTADOR, titleKey: 'contador.fazendario.title', menu: { group: 'contador' } },
  { path: 'manifestacao-contador/empresas', page: lazy(() => import('../features/contador/EmpresasPage')), authorities: FAZENDARIO_CONTADOR, titleKey: 'contador.empresas.semTitle', menu: { group: 'contador' } },
  // §2: the printable sheet (a taxpayer may open their own; the server checks it).
  { path: 'fichaimprimivel/:caceal', page: lazy(() => import('../features/contribuinte/FichaCadastralPage')), authorities: [A.CON_DADOS_CONTRI, A.MEU_CADASTRO], titleKey: 'contribuinte.ficha.title', hideAccountMenu: true },
  { path: 'ficha-cadastral/:number', page: lazy(() => import('../features/contribuinte/FichaCadastralPage')), authorities: [A.CON_DADOS_CONTRI, A.MEU_CADASTRO], titleKey: 'contribuinte.ficha.title', hideAccountMenu: true },
  // §2 the request detail modal by its own path (opens in the named outlet), and the public request consultation.
  { path: 'contribuinte/solicitacao-rds/:protocolo/detalhe-solicitacao-modal', page: lazy(() => import('../features/contribuinte/solicitacoes/AbrirDetalhePage')), authorities: [A.CON_DADOS_CONTRI, A.MEU_CADASTRO], titleKey: 'solicitacao.modal.titulo' },
  // The public request query; staff read requests in the taxpayer's Solicitações tab.
  { path: 'consulta-publica-solicitacao', page: lazy(() => import('../features/contribuinte/solicitacoes/ConsultaPublicaSolicitacaoPage')), titleKey: 'solicitacao.publica.title', menu: { hiddenFor: [A.CON_DADOS_CONTRI] } },
  // §2 FIC: public, no role. The menu's FIC offers the choice between the FIC and its temporary variant.
  { path: 'fic', page: lazy(() => import('../features/fic/FicConsultaPage')), titleKey: 'fic.title', menu: { group: 'fic', labelKey: 'global.menu.fic' } },
  { path: 'fic-temporaria/:numeroDocumento?', page: lazy(() => import('../features/fic/FicTemporariaPage')), titleKey: 'fic.temporaria.title', menu: { group: 'fic', labelKey: 'fic.temporaria.menu' } },
  { path: 'fic/verificar/:codigo?', page: lazy(() => import('../features/fic/FicVerificacaoPage')), titleKey: 'fic.verificar.title' },
  { path: 'fic/:numeroDocumento', page: lazy(() => import('../features/fic/FicPage')), titleKey: 'fic.title' },
  ...relatorioRoutes(),
  ...adminRoutes(),
  { path: 'error', page: lazy(() => import('../features/erro/ErrorPage')), titleKey: 'error.title' },
];

/** §2 Reports: each one's filter route (in the Relatórios menu, by its role) and its preview; one page serves all. */
function relatorioRoutes(): AppRoute[] {
  const page = lazy(() => import('../features/relatorio/RelatorioPage'));
  return NOMES_RELATORIO.flatMap((nome) => {
    const r = RELATORIOS[nome];
    const comum = { page, authorities: r.acesso, titleKey: `relatorio.titulos.${nome}` };
    return [
      { path: r.rota, ...comum, menu: { group: 'relatorios' as const } },
      { path: `${r.rota}/pre-visualizar`, ...comum },
    ];
  });
}

function adminRoutes(): AppRoute[] {
  const admin = [A.ADMIN] as const;
  const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
  const dialogs = () => import('../features/admin/UserDialogs');
  return [
    { path: 'gateway', page: page(() => import('../features/admin/GatewayPage')), authorities: admin, titleKey: 'gateway.title', menu: { group: 'admin' } },
    { path: 'user-management', page: page(() => import('../features/admin/UserManagementPage')), authorities: admin, titleKey: 'userManagement.title', menu: { group: 'admin' } },
    { path: 'user-management-new', page: page(() => dialogs().then((m) => ({ default: m.UserNewPage }))), authorities: admin, titleKey: 'userManagement.new' },
    { path: 'user-management/:login', page: page(() => import('../features/admin/UserDetailPage')), authorities: admin, titleKey: 'userManagement.title' },
    { path: 'user-management/:login/edit', page: page(() => dialogs().then((m) => ({ default: m.UserEditPage }))), authorities: admin, titleKey: 'userManagement.title' },
    { path: 'user-management/:login/delete', page: page(() => dialogs().then((m) => ({ default: m.UserDeletePage }))), authorities: admin, titleKey: 'userManagement.title' },
    { path: 'jhi-metrics', page: page(() => import('../features/admin/MetricsPage')), authorities: admin, titleKey: 'metrics.title', menu: { group: 'admin' } },
    { path: 'jhi-health', page: page(() => import('../features/admin/HealthPage')), authorities: admin, titleKey: 'health.title', menu: { group: 'admin' } },
    { path: 'jhi-configuration', page: page(() => import('../features/admin/ConfigurationPage')), authorities: admin, titleKey: 'configuration.title', menu: { group: 'admin' } },
    { path: 'audits', page: page(() => import('../features/admin/AuditsPage')), authorities: admin, titleKey: 'audits.title', menu: { group: 'admin' } },
    { path: 'logs', page: page(() => import('../features/admin/LogsPage')), authorities: admin, titleKey: 'logs.title', menu: { group: 'admin' } },
    { path: 'docs', page: page(() => import('../features/admin/DocsPage')), authorities: admin, titleKey: 'docs.title', menu: { group: 'admin', requiresApiDocs: true } },
    { path: 'admin/leituras-pessoa', page: page(() => import('../features/pessoa/LeiturasPage')), authorities: admin, titleKey: 'pessoa.leituras.title', menu: { group: 'admin' } },
    { path: 'admin/caixa-correio', page: page(() => import('../features/admin/CaixaCorreioPage')), authorities: admin, titleKey: 'caixaCorreio.title', menu: { group: 'admin' } },
  ];
}

export const MENU_GROUPS: readonly { group: MenuGroup; labelKey: string }[] = [
  { group: 'edital', labelKey: 'global.menu.edital' },
  { group: 'fic', labelKey: 'global.menu.fic' },
  { group: 'pessoa', labelKey: 'global.menu.pessoa' },
  { group: 'contribuintes', labelKey: 'global.menu.contribuintes' },
  // The accountants' area and the staff's statement queries: their own entry, not hidden under Contribuintes (#32).
  { group: 'contador', labelKey: 'global.menu.contador' },
  { group: 'relatorios', labelKey: 'global.menu.relatorios' },
  { group: 'admin', labelKey: 'global.menu.admin.main' },
];

/** The i18n key of a route's menu entry: its title unless a short form is declared. */
export const menuLabelKey = (r: AppRoute) => r.menu?.labelKey ?? r.titleKey;

/** A menu group shows when the user may open at least one of its routes (§2). */
export function visibleMenu(group: MenuGroup, can: (r: readonly string[]) => boolean, authenticated: boolean, apiDocs: boolean) {
  return ROUTES.filter((r) => r.menu?.group === group)
    .filter((r) => !r.menu?.requiresApiDocs || apiDocs)
    .filter((r) => (r.authorities ? authenticated && can(r.authorities) : true))
    .filter((r) => !r.menu?.hiddenFor || !(authenticated && can(r.menu.hiddenFor)));
}
