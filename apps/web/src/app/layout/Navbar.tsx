import { Burger, Button, Drawer, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation, useNavigate } from 'react-router';
import { APP_VERSION, Authority, LANGUAGES, nomeDaConta } from '@cadastro/domain';
import { ACCOUNT_QUERY_KEY, useSession } from '../../ui/session';
import { changeLanguage, LANGUAGE_NAMES } from '../../i18n';
import { http } from '../../ui/http';
import { MENU_GROUPS, menuLabelKey, ROUTES, visibleMenu } from '../routes';
import { QuickSearch } from './QuickSearch';

/** Heights of the navbar's rows: one on a phone (the menus in a drawer), two from the md breakpoint. */
export const NAVBAR_LINHA = 60;
export const NAVBAR_SEGUNDA_LINHA = 40;

const linkOf = (path: string) => '/' + path.replace(/\/:[^/]+\??/g, '');

/** Navbar of §2: groups from the route table, shown only to users with a role of the group. */
export function Navbar() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [drawer, { toggle, close }] = useDisclosure(false);
  const hideAccount = ROUTES.some((r) => r.hideAccountMenu && matchPath('/' + r.path, location.pathname));

  const groups = MENU_GROUPS.map((g) => ({ ...g, items: visibleMenu(g.group, session.hasAnyAuthority, session.authenticated, session.profile?.apiDocs ?? false) })).filter(
    (g) => g.items.length > 0,
  );
  const topLevel = ROUTES.filter((r) => r.menu && !r.menu.group && (!r.authorities || (session.authenticated && session.hasAnyAuthority(r.authorities))))
    .filter((r) => !r.menu?.hiddenFor || !(session.authenticated && session.hasAnyAuthority(r.menu.hiddenFor)));

  const switchLanguage = async (lang: string) => {
    await changeLanguage(lang);
    // Kept as the user's langKey (§2) when signed in.
    if (session.account && session.account.langKey !== lang) {
      const a = session.account;
      await http.post('/api/account', { firstName: a.firstName, lastName: a.lastName, email: a.email, imageUrl: a.imageUrl, langKey: lang }, { silent: true })
        .then(() => qc.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }))
        .catch(() => undefined);
    }
  };

  const signOut = () => {
    session.logout('user');
    void navigate('/');
  };

  // The pages' menus (second row on wide screens) and the language and account menus (first row, beside the
  // quick search): on one row the last entries were pushed out of view at 1280 and 1366 px (#32).
  const navegacao = (
    <>
      <Button component={Link} to="/" variant="subtle" color="white" onClick={close}>
        {t('global.menu.home')}
      </Button>
      {topLevel.map((r) => (
        <Button key={r.path} component={Link} to={r.menu?.href ?? linkOf(r.path)} variant="subtle" color="white" onClick={close}>
          {t(menuLabelKey(r))}
        </Button>
      ))}
      {groups.map((g) => (
        <Menu key={g.group} trigger="click-hover" position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="subtle" color="white" data-testid={`menu-${g.group}`}>
              {t(g.labelKey)} ▾
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {g.items.map((r) => (
              <Menu.Item key={r.path} component={Link} to={r.menu?.href ?? linkOf(r.path)} onClick={close}>
                {t(menuLabelKey(r))}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ))}
    </>
  );
  const idiomaEConta = (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="subtle" color="white" data-testid="menu-language" title={t('global.menu.language')}>
            {LANGUAGE_NAMES[i18n.language] ?? i18n.language} ▾
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {LANGUAGES.map((l) => (
            <Menu.Item key={l} onClick={() => void switchLanguage(l)} aria-current={i18n.language === l}>
              {LANGUAGE_NAMES[l]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {!hideAccount && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="subtle" color="white" data-testid="menu-account">
              {session.account ? nomeDaConta(session.account) : t('global.menu.account.main')} ▾
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {session.authenticated ? (
              <>
                <Menu.Item component={Link} to="/settings">{t('global.menu.account.settings')}</Menu.Item>
                <Menu.Item component={Link} to="/password">{t('global.menu.account.password')}</Menu.Item>
                <Menu.Item onClick={signOut} data-testid="logout">{t('global.menu.account.logout')}</Menu.Item>
              </>
            ) : (
              <>
                <Menu.Item onClick={session.openLogin} data-testid="login">{t('global.menu.account.login')}</Menu.Item>
                <Menu.Item component={Link} to="/register">{t('global.menu.account.register')}</Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );

  return (
    <Stack h="100%" px="md" gap={0} justify="center" style={{ background: '#1351B4' }} component="nav" aria-label={t('global.menu.main')}>
      <Group h={NAVBAR_LINHA} justify="space-between" wrap="nowrap">
        <UnstyledButton component={Link} to="/">
          <Stack gap={0}>
            <Text c="white" fw={700} size="lg" lh={1.1}>
              {t('global.title')}
            </Text>
            <Text c="white" size="xs">
              SEFAZ-AL · v{APP_VERSION}
            </Text>
          </Stack>
        </UnstyledButton>
        <Group gap={4} wrap="nowrap">
          <Group gap={4} visibleFrom="md" wrap="nowrap">
            {session.authenticated && session.hasAnyAuthority([Authority.CON_DADOS_CONTRI]) && <QuickSearch />}
            {idiomaEConta}
          </Group>
          {/* Where the account menu is hidden (§2: meu-cadastro, the sheet), signing out stays in
              view, outside the drawer too: the taxpayer's main screen must let them leave. */}
          {hideAccount && session.authenticated && (
            <Button variant="outline" color="white" size="compact-md" onClick={signOut} data-testid="logout-visible">
              {t('global.menu.account.logout')}
            </Button>
          )}
          <Burger opened={drawer} onClick={toggle} hiddenFrom="md" color="white" aria-label={t('global.menu.toggle')} />
        </Group>
      </Group>
      <Group h={NAVBAR_SEGUNDA_LINHA} gap={4} visibleFrom="md" wrap="nowrap" style={{ borderTop: '1px solid rgba(255, 255, 255, 0.25)' }}>
        {navegacao}
      </Group>
      <Drawer opened={drawer} onClose={close} title={t('global.title')} hiddenFrom="md" styles={{ body: { background: '#1351B4' } }}>
        <Stack gap={4} align="stretch">
          {navegacao}
          {idiomaEConta}
        </Stack>
      </Drawer>
    </Stack>
  );
}
