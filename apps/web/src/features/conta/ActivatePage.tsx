import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Carregando } from '../../ui/Carregando';
import { http } from '../../ui/http';
import { useSession } from '../../ui/session';

/** §2 /activate/{key}: success (link to sign in) or failure (asks to register). */
export default function ActivatePage() {
  const { t } = useTranslation();
  const { key } = useParams();
  const session = useSession();
  const q = useQuery({
    queryKey: ['activate', key],
    queryFn: () => http.get('/api/activate', { query: { key }, silent: true }).then(() => true),
    enabled: !!key,
    retry: false,
    staleTime: Infinity,
  });
  return (
    <Stack maw={640} py="md">
      <Title order={1}>{t('activate.title')}</Title>
      {key && q.isPending && <Carregando />}
      {q.isSuccess && (
        <Alert color="green" role="status" data-testid="activate-success">
          {t('activate.messages.success')}{' '}
          <Anchor component="button" type="button" onClick={session.openLogin}>
            {t('global.messages.info.authenticated.link')}
          </Anchor>
          .
        </Alert>
      )}
      {(!key || q.isError) && (
        <Alert color="red" role="alert" data-testid="activate-error">
          {t('activate.messages.error')}{' '}
          <Anchor component={Link} to="/register">
            {t('global.messages.info.register.link')}
          </Anchor>
          .
        </Alert>
      )}
    </Stack>
  );
}
