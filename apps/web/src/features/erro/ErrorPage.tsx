import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** §2 error: a 403 flag or a message from route state; also the "not found" page. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const state = (useLocation().state ?? {}) as { forbidden?: boolean; notFound?: boolean; errorMessage?: string };
  const text = state.notFound ? t('error.http.404') : state.forbidden ? t('error.http.403') : (state.errorMessage ?? t('error.generic'));
  return (
    <Stack py="md">
      <Title order={1}>{t('error.title')}</Title>
      <Alert color="red" role="alert" data-testid="error-message">
        {text}
      </Alert>
      <Anchor component={Link} to="/">
        {t('global.menu.home')}
      </Anchor>
    </Stack>
  );
}
