import { useState } from 'react';
import { Stack, Table, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../../ui/http';

type Env = { activeProfiles: string[]; propertySources: { name: string; properties: Record<string, { value: string }> }[] };

/** §2 jhi-configuration: configuration and environment, filtered by prefix; secrets come masked. */
export default function ConfigurationPage() {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState('');
  const cfg = useQuery({ queryKey: ['admin', 'configprops'], queryFn: () => http.get<Record<string, Record<string, unknown>>>('/management/configprops') });
  const env = useQuery({ queryKey: ['admin', 'env'], queryFn: () => http.get<Env>('/management/env') });
  const keep = (k: string) => k.toLowerCase().startsWith(prefix.toLowerCase());
  const table = (entries: [string, unknown][]) => (
    <Table striped withTableBorder>
      <Table.Thead><Table.Tr><Table.Th w="35%">{t('configuration.property')}</Table.Th><Table.Th>{t('configuration.value')}</Table.Th></Table.Tr></Table.Thead>
      <Table.Tbody>
        {entries.filter(([k]) => keep(k)).map(([k, v]) => (
          <Table.Tr key={k}><Table.Td style={{ wordBreak: 'break-all' }}>{k}</Table.Td><Table.Td style={{ wordBreak: 'break-all' }}>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</Table.Td></Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Stack py="md">
      <Title order={1}>{t('configuration.title')}</Title>
      <TextInput label={t('configuration.filter')} value={prefix} onChange={(e) => setPrefix(e.currentTarget.value)} maw={400} data-testid="config-filter" />
      {cfg.data && Object.entries(cfg.data).map(([name, props]) => (
        <Stack key={name} gap="xs">
          <Title order={2} size="h4">{name}</Title>
          {table(Object.entries(props))}
        </Stack>
      ))}
      {env.data?.propertySources.map((src) => (
        <Stack key={src.name} gap="xs">
          <Title order={2} size="h4">{src.name}</Title>
          {table(Object.entries(src.properties).map(([k, v]) => [k, v.value]))}
        </Stack>
      ))}
    </Stack>
  );
}
