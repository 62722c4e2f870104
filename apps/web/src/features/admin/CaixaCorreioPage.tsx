import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { SinkMail } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE } from '@cadastro/domain';
import { Carregando } from '../../ui/Carregando';
import { request } from '../../ui/http';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { LIVE_DATA } from '../../ui/queries';
import { param, useUrlState } from '../../ui/urlState';

/** Recipient filter and page in the URL. */
const CAIXA_URL = { to: param.text(100), page: param.withDefault(param.page(), 1) };
const CAIXA_KEY = ['mail-sink'] as const;

/** Mailbox of the built-in SMTP sink: account mails when no mail server is configured. */
export default function CaixaCorreioPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(CAIXA_URL);
  const page = url.page;
  const to = url.to ?? '';
  const [open, setOpen] = useState<SinkMail | null>(null);
  const q = useQuery({
    queryKey: [...CAIXA_KEY, page, to],
    queryFn: async () => {
      const r = await request<SinkMail[]>('GET', '/management/mail-sink', undefined, { query: { page: page - 1, size: DEFAULT_PAGE_SIZE, to } });
      return { rows: r.data, total: Number(r.headers.get('X-Total-Count') ?? 0) };
    },
    placeholderData: keepPreviousData,
    // Mail arrives while the page is open.
    ...LIVE_DATA,
  });
  // Pesquisar always asks the server again, even for the filter already shown.
  const search = (filter: string) => void setUrl({ to: filter, page: 1 }, { refresh: CAIXA_KEY });
  return (
    <Stack py="md">
      <Title order={1}>{t('caixaCorreio.title')}</Title>
      <Text c="dimmed">{t('caixaCorreio.subtitle')}</Text>
      <CaixaFilter key={to} inicial={to} onSearch={search} />
      {q.isPending && <Carregando h={120} />}
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
          <Pagination page={page} total={q.data.total} pageSize={DEFAULT_PAGE_SIZE} onChange={(p) => void setUrl({ page: p })} />
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

/** Keyed by the URL's filter: Back to another filter puts it in the input. */
function CaixaFilter({ inicial, onSearch }: { inicial: string; onSearch(filter: string): void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(inicial);
  return (
    <form onSubmit={(e) => { e.preventDefault(); onSearch(filter); }}>
      <Group align="flex-end">
        <TextInput label={t('caixaCorreio.filter')} value={filter} onChange={(e) => setFilter(e.currentTarget.value)} maxLength={100} data-testid="caixa-filter" />
        <Button type="submit" data-testid="caixa-search">{t('caixaCorreio.search')}</Button>
      </Group>
    </form>
  );
}
