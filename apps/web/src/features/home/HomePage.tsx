import { Anchor, Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../ui/session';

/** Home (§2): welcome; the signed-in login, or an invitation to sign in. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Stack maw={820} py="md">
      <Title order={1}>{t('home.title')}</Title>
      <Text size="lg">{t('home.subtitle')}</Text>
      {session.account ? (
        <Alert color="green" data-testid="home-logged">
          {t('home.logged.message', { username: session.account.login })}
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
    </Stack>
  );
}
