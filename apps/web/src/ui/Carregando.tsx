import { Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The loading state of a page or block: a spinner and §9's 'Carregando dados, por favor aguarde...'. */
export function Carregando({ h = 100 }: { h?: number }) {
  const { t } = useTranslation();
  return (
    <Center h={h} role="status">
      <Group gap="xs"><Loader size="sm" /><Text>{t('global.loading')}</Text></Group>
    </Center>
  );
}
