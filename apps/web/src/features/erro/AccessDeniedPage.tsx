import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** §2 accessdenied: 'You are not authorized to access this page.' */
export default function AccessDeniedPage() {
  const { t } = useTranslation();
  return (
    <Stack py="md">
      <Title order={1}>{t('error.title')}</Title>
      <Alert color="red" role="alert" data-testid="access-denied">
        {t('error.http.403')}
      </Alert>
    </Stack>
  );
}
