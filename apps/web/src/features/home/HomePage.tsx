import { lazy, Suspense } from 'react';
import { Anchor, Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nomeDaConta, REPORT_AUTHORITIES } from '@cadastro/domain';
import { Carregando } from '../../ui/Carregando';
import { useSession } from '../../ui/session';

// The charts (recharts underneath) load only for users who see them, after the page itself.
const Panorama = lazy(() => import('./Panorama'));

/** Home (§2): welcome; the signed-in login, or an invitation to sign in; for report users, a picture of the registry. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Stack maw={session.hasAnyAuthority(REPORT_AUTHORITIES) ? undefined : 820} py="md">
      <Title order={1}>{t('home.title')}</Title>
      <Text size="lg">{t('home.subtitle')}</Text>
      {session.account ? (
        <Alert color="green" data-testid="home-logged">
          {t('home.logged.message', { username: nomeDaConta(session.account) })}
        </Alert>
      ) : (
        <Alert color="blue">
          <Text>
            {t('home.signin.prefix')}{' '}
            <Anchor component="button" type="button" onClick={session.openLogin} data-testid="home-login">
              {t('home.signin.link')}
            </Anchor>
            {t('home.signin.suffix')}
          </Text>
          <Text mt="xs">
            {t('global.messages.info.register.noaccount')}{' '}
            <Anchor component={Link} to="/register">
              {t('global.messages.info.register.link')}
            </Anchor>
          </Text>
        </Alert>
      )}
      {session.account && session.hasAnyAuthority(REPORT_AUTHORITIES) && (
        <Suspense fallback={<Carregando h={200} />}>
          <Panorama />
        </Suspense>
      )}
    </Stack>
  );
}
