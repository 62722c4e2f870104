import { Alert, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../ui/session';

/** §2 docs: Swagger UI of the OpenAPI generated from the shared contracts, in a frame. */
export default function DocsPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  return (
    <Stack py="md">
      <Title order={1}>{t('docs.title')}</Title>
      {profile && !profile.apiDocs ? (
        <Alert color="yellow">{t('docs.disabled')}</Alert>
      ) : (
        <iframe src="/swagger-ui" title={t('docs.title')} style={{ width: '100%', height: '75vh', border: '1px solid #ddd' }} />
      )}
    </Stack>
  );
}
