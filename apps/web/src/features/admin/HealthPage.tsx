import { useState } from 'react';
import { Badge, Button, Code, Group, Modal, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/DataTable';
import { formatBytes } from '../../ui/format';
import { useHealth } from './api';

type Row = { name: string; status: string; details?: Record<string, unknown> };

const statusBadge = (s: string) => <Badge color={s === 'UP' ? 'green' : 'red'}>{s}</Badge>;

/** §2 jhi-health: one row per component; UP green, anything else red; a 503 still shows the data. */
export default function HealthPage() {
  const { t } = useTranslation();
  const q = useHealth();
  const [open, setOpen] = useState<Row | null>(null);
  const rows: Row[] = q.data ? Object.entries(q.data.components).map(([name, c]) => ({ name, ...c })) : [];
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t('health.title')}</Title>
        <Group>
          {q.data && <span data-testid="health-overall">{statusBadge(q.data.status)}</span>}
          <Button onClick={() => void q.refetch()} loading={q.isFetching}>{t('health.refresh')}</Button>
        </Group>
      </Group>
      <DataTable
        columns={[
          { key: 'name', header: t('health.service'), render: (r) => t(`health.indicator.${r.name}`, { defaultValue: r.name }) },
          { key: 'status', header: t('health.status'), render: (r) => statusBadge(r.status) },
          { key: 'details', header: t('health.details'), render: (r) => r.details && <Button size="compact-xs" variant="subtle" onClick={() => setOpen(r)}>{t('health.details')}</Button> },
        ]}
        rows={q.data ? rows : undefined}
        rowKey={(r) => r.name}
        loading={q.isPending}
        error={q.isError}
        emptyText={t('global.noRecords')}
      />
      <Modal opened={!!open} onClose={() => setOpen(null)} title={open ? t(`health.indicator.${open.name}`, { defaultValue: open.name }) : ''} size="lg">
        <Table>
          <Table.Tbody>
            {Object.entries(open?.details ?? {}).map(([k, v]) => (
              <Table.Tr key={k}>
                <Table.Th>{k}</Table.Th>
                <Table.Td>{typeof v === 'number' && ['total', 'free', 'threshold'].includes(k) ? formatBytes(v) : typeof v === 'object' ? <Code>{JSON.stringify(v)}</Code> : String(v)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </Stack>
  );
}
