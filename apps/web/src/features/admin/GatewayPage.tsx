import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useGatewayRoutes } from './api';

/** §2 gateway: routes with their instances, UP or other, and a warning when a route has none. */
export default function GatewayPage() {
  const { t } = useTranslation();
  const q = useGatewayRoutes();
  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t('gateway.title')}</Title>
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>{t('health.refresh')}</Button>
      </Group>
      <Table striped withTableBorder>
        <Table.Thead><Table.Tr><Table.Th>{t('gateway.path')}</Table.Th><Table.Th>{t('gateway.service')}</Table.Th><Table.Th>{t('gateway.instances')}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {(q.data ?? []).map((r) => (
            <Table.Tr key={r.serviceId}>
              <Table.Td>{r.path}</Table.Td>
              <Table.Td>{r.serviceId}</Table.Td>
              <Table.Td>
                {r.serviceInstances.length === 0 ? (
                  <Alert color="yellow" p="xs">{t('gateway.noInstances')}</Alert>
                ) : (
                  r.serviceInstances.map((i) => (
                    <Group key={i.uri} gap="xs">
                      <Text size="sm">{i.uri}</Text>
                      <Badge color={i.instanceInfo.status === 'UP' ? 'green' : 'red'}>{i.instanceInfo.status}</Badge>
                      <Text size="xs" c="dimmed">{Object.entries(i.metadata).map(([k, v]) => `${k}: ${v}`).join(' · ')}</Text>
                    </Group>
                  ))
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
