import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import type { SinkMail } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE } from '@cadastro/domain';
import { request } from '../../ui/http';
import { ItemCount, Pagination } from '../../ui/Pagination';

/** Mailbox of the built-in SMTP sink: account mails when no mail server is configured. */
export default function CaixaCorreioPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const to = params.get('to') ?? '';
  const [filter, setFilter] = useState(to);
  const [open, setOpen] = useState<SinkMail | null>(null);
  const q = useQuery({
    queryKey: ['mail-sink', page, to],
    queryFn: async () => {
      const r = await request<SinkMail[]>('GET', '/management/mail-sink', undefined, { query: { page: page - 1, size: DEFAULT_PAGE_SIZE, to } });
      return { rows: r.data, total: Number(r.headers.get('X-Total-Count') ?? 0) };
    },
    placeholderData: keepPreviousData,
  });
  const search = () => setParams(filter ? { to: filter, page: '1' } : { page: '1' });
  return (
    <Stack py="md">
      <Title order={1}>{t('caixaCorreio.title')}</Title>
      <Text c="dimmed">{t('caixaCorreio.subtitle')}</Text>
      <Group align="flex-end">
        <TextInput
          label={t('caixaCorreio.filter')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && search()}
          maxLength={100}
        />
        <Button onClick={search}>{t('caixaCorreio.search')}</Button>
      </Group>
      {q.isPending && (
        <Center h={120}>
          <Loader aria-label={t('global.loading')} />
        </Center>
      )}
      {q.isError && <Alert color="red">{t('error.generic')}</Alert>}
      {q.data && q.data.rows.length === 0 && <Alert color="gray">{t('caixaCorreio.empty')}</Alert>}
      {q.data && q.data.rows.length > 0 && (
        <>
          <Table striped highlightOnHover withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('caixaCorreio.receivedAt')}</Table.Th>
                <Table.Th>{t('caixaCorreio.to')}</Table.Th>
                <Table.Th>{t('caixaCorreio.subject')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.rows.map((m) => (
                <Table.Tr key={m.id} onClick={() => setOpen(m)} style={{ cursor: 'pointer' }}>
                  <Table.Td>{dayjs(m.receivedAt).format('DD/MM/YY HH:mm')}</Table.Td>
                  <Table.Td>{m.mailTo}</Table.Td>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setOpen(m)}>
                      {m.subject}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ItemCount page={page} total={q.data.total} pageSize={DEFAULT_PAGE_SIZE} />
          <Pagination page={page} total={q.data.total} pageSize={DEFAULT_PAGE_SIZE} onChange={(p) => setParams({ ...(to ? { to } : {}), page: String(p) })} />
        </>
      )}
      <Modal opened={!!open} onClose={() => setOpen(null)} title={open?.subject ?? ''} size="lg">
        <Text size="sm" c="dimmed">
          {open?.mailTo}
        </Text>
        <Text component="pre" style={{ whiteSpace: 'pre-wrap' }} data-testid="mail-body">
          {open?.textBody}
        </Text>
      </Modal>
    </Stack>
  );
}
