import { useState, type ReactNode } from 'react';
import { Badge, Button, Chip, Group, Modal, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../ui/format';
import { fetchDump, useMetrics } from './api';

const fmt = (n: number, d = 1) => n.toLocaleString('pt-BR', { maximumFractionDigits: d });

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">{title}</Title>
      {children}
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={600}>{value}</Text>
    </Group>
  );
}

/**
 * §2 jhi-metrics with Node's honest counterparts: memory, event loop (where the JVM shows threads),
 * GC, HTTP codes and endpoints, database pool, and the libuv handles in place of a thread dump.
 */
export default function MetricsPage() {
  const { t } = useTranslation();
  const q = useMetrics();
  const [dumpOpen, setDumpOpen] = useState(false);
  const m = q.data;
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t('metrics.title')}</Title>
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>{t('health.refresh')}</Button>
      </Group>
      {m && (
        <>
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <Card title={t('metrics.memory')}>
              <Row label="Heap" value={`${formatBytes(m.memory.heapUsed)} / ${formatBytes(m.memory.heapTotal)}`} />
              <Progress value={(m.memory.heapUsed / m.memory.heapTotal) * 100} mb="xs" aria-label="Heap" />
              <Row label="RSS" value={formatBytes(m.memory.rss)} />
              <Row label={t('metrics.external')} value={formatBytes(m.memory.external)} />
            </Card>
            <Card title={t('metrics.eventLoop')}>
              <Text size="xs" c="dimmed" mb="xs">{t('metrics.eventLoopNote')}</Text>
              <Row label={t('metrics.utilization')} value={`${fmt(m.eventLoop.utilization * 100)} %`} />
              <Row label={t('metrics.lag')} value={`${fmt(m.eventLoop.lagP50Ms)} / ${fmt(m.eventLoop.lagP99Ms)} / ${fmt(m.eventLoop.lagMaxMs)} ms`} />
              <Group gap={4} mt="xs">
                {Object.entries(m.activeResources).map(([k, v]) => <Badge key={k} variant="light" tt="none">{k}: {v}</Badge>)}
              </Group>
              <Button size="xs" mt="sm" variant="light" onClick={() => setDumpOpen(true)}>{t('metrics.dump')}</Button>
            </Card>
            <Card title={t('metrics.gc')}>
              {Object.entries(m.gc).map(([kind, g]) => <Row key={kind} label={kind} value={`${g.count} × · ${fmt(g.seconds * 1000)} ms`} />)}
              {Object.keys(m.gc).length === 0 && <Text size="sm">—</Text>}
            </Card>
            <Card title={t('metrics.httpCodes')}>
              {Object.entries(m.http.byStatus).map(([code, n]) => <Row key={code} label={code} value={n} />)}
            </Card>
            <Card title={t('metrics.database')}>
              <Row label={t('metrics.driver')} value={m.database.description} />
              <Row label={t('metrics.pool')} value={`${m.database.pool.total} / ${m.database.pool.idle} / ${m.database.pool.waiting}`} />
              {m.database.driver === 'pglite' && <Text size="xs" c="dimmed">{t('metrics.pgliteNote')}</Text>}
            </Card>
            <Card title={t('metrics.disk')}>
              <Row label={t('metrics.diskFree')} value={formatBytes(m.disk.free)} />
              <Row label={t('metrics.diskTotal')} value={formatBytes(m.disk.total)} />
              <Progress value={((m.disk.total - m.disk.free) / m.disk.total) * 100} aria-label={t('metrics.disk')} mt="xs" />
              <Text size="xs" c="dimmed">{m.disk.path}</Text>
            </Card>
            <Card title={t('metrics.process')}>
              <Row label="PID" value={m.process.pid} />
              <Row label="Node.js" value={m.process.node} />
              <Row label={t('metrics.uptime')} value={`${fmt(m.process.uptimeSeconds / 60)} min`} />
            </Card>
          </SimpleGrid>
          <Card title={t('metrics.endpoints')}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('metrics.endpoint')}</Table.Th>
                  <Table.Th ta="right">{t('metrics.count')}</Table.Th>
                  <Table.Th ta="right">{t('metrics.mean')}</Table.Th>
                  <Table.Th ta="right">{t('metrics.max')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.http.endpoints.map((e) => (
                  <Table.Tr key={e.endpoint}>
                    <Table.Td>{e.endpoint}</Table.Td>
                    <Table.Td ta="right">{e.count}</Table.Td>
                    <Table.Td ta="right">{fmt(e.meanMs, 2)} ms</Table.Td>
                    <Table.Td ta="right">{fmt(e.maxMs, 2)} ms</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </>
      )}
      {dumpOpen && <DumpModal onClose={() => setDumpOpen(false)} />}
    </Stack>
  );
}

function DumpModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['admin', 'dump'], queryFn: fetchDump, staleTime: 0 });
  const [state, setState] = useState<string[]>([]);
  const types = [...new Set((q.data?.handles ?? []).map((h) => h.type))].sort();
  const [type, setType] = useState<string[]>([]);
  const rows = (q.data?.handles ?? []).filter(
    (h) => (state.length === 0 || state.includes(h.isActive ? 'active' : 'inactive')) && (type.length === 0 || type.includes(h.type)),
  );
  return (
    <Modal opened onClose={onClose} title={t('metrics.dump')} size="xl">
      <Text size="sm" mb="sm">{q.data?.note}</Text>
      <Group mb="xs">
        <Chip.Group multiple value={state} onChange={setState}>
          <Chip value="active">{t('metrics.active')}</Chip>
          <Chip value="inactive">{t('metrics.inactive')}</Chip>
        </Chip.Group>
      </Group>
      <Group mb="sm" gap={4}>
        <Chip.Group multiple value={type} onChange={setType}>
          {types.map((x) => <Chip key={x} value={x} size="xs">{x}</Chip>)}
        </Chip.Group>
      </Group>
      <Table striped>
        <Table.Thead>
          <Table.Tr><Table.Th>{t('metrics.type')}</Table.Th><Table.Th>{t('metrics.state')}</Table.Th><Table.Th>{t('metrics.detailsCol')}</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((h, i) => (
            <Table.Tr key={`${h.address}-${i}`}>
              <Table.Td>{h.type}</Table.Td>
              <Table.Td><Badge color={h.isActive ? 'green' : 'gray'}>{h.isActive ? t('metrics.active') : t('metrics.inactive')}</Badge></Table.Td>
              <Table.Td><Text size="xs">{Object.entries(h.details).map(([k, v]) => `${k}=${v}`).join(' ')}</Text></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
