import { Button, Group, Stack, Table, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOG_LEVELS } from '@cadastro/domain';
import { http } from '../../ui/http';
import { param, useUrlState } from '../../ui/urlState';

/** The name filter in the URL (replaced while typing: one history entry, not one per key). */
const LOGS_URL = { filtro: param.text(100) };

const COLORS: Record<string, string> = { TRACE: 'violet', DEBUG: 'blue', INFO: 'green', WARN: 'yellow', ERROR: 'red' };

/** §2 logs: every logger, a name filter, and buttons that change the level at run time. */
export default function LogsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [url, setUrl] = useUrlState(LOGS_URL);
  const filter = url.filtro ?? '';
  const q = useQuery({ queryKey: ['admin', 'logs'], queryFn: () => http.get<{ name: string; level: string }[]>('/management/logs') });
  const change = useMutation({
    mutationFn: (v: { name: string; level: string }) => http.put('/management/logs', v),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'logs'] }),
  });
  const rows = (q.data ?? []).filter((l) => l.name.toLowerCase().includes(filter.toLowerCase()));
  return (
    <Stack py="md">
      <Title order={1}>{t('logs.title')}</Title>
      <TextInput label={t('logs.filter')} defaultValue={filter} onChange={(e) => void setUrl({ filtro: e.currentTarget.value }, { replace: true })} maw={400} />
      <Table striped withTableBorder>
        <Table.Thead><Table.Tr><Table.Th>{t('logs.name')}</Table.Th><Table.Th>{t('logs.level')}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {rows.map((l) => (
            <Table.Tr key={l.name} data-testid={`logger-${l.name}`}>
              <Table.Td>{l.name}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {LOG_LEVELS.map((level) => (
                    <Button
                      key={level}
                      size="compact-xs"
                      color={COLORS[level]}
                      variant={l.level === level ? 'filled' : 'default'}
                      aria-pressed={l.level === level}
                      onClick={() => change.mutate({ name: l.name, level })}
                    >
                      {level}
                    </Button>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
