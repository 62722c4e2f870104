import { useState } from 'react';
import { Alert, Button, Code, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AuditEvent } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE } from '@cadastro/domain';
import { DataTable, sortFromParam, sortToParam, type Column } from '../../ui/DataTable';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { formatInstant } from '../../ui/format';
import { param, useUrlState } from '../../ui/urlState';
import { useAudits } from './api';
import { actorName, auditDataText, auditTypeText } from './auditWords';
import { CampoData } from '../../ui/CampoData';

/** §9: one month back to tomorrow. */
const defaultFrom = () => dayjs().subtract(1, 'month').format('YYYY-MM-DD');
const defaultTo = () => dayjs().add(1, 'day').format('YYYY-MM-DD');

const SORTS = ['timestamp', 'principal', 'type', 'data'] as const;
/** Period, page and sort in the URL. */
const AUDITS_URL = {
  fromDate: param.withDefault(param.day(), defaultFrom),
  toDate: param.withDefault(param.day(), defaultTo),
  page: param.withDefault(param.page(), 1),
  sort: param.withDefault(param.sort(SORTS), 'timestamp,desc'),
};

/** §2 audits: from/to filter, sortable columns, ≤ 5 page links; state in the URL. */
export default function AuditsPage() {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlState(AUDITS_URL);
  const { fromDate, toDate, page } = url;
  const sort = sortFromParam(url.sort, { field: 'timestamp', dir: 'desc' });
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const q = useAudits(fromDate, toDate, page, sortToParam(sort));
  const go = (p: number, s = sort, f = fromDate, tt = toDate, refresh = false) =>
    setUrl({ fromDate: f, toDate: tt, page: p, sort: sortToParam(s) }, refresh ? { refresh: ['admin', 'audits'] } : {});

  const columns: Column<AuditEvent>[] = [
    { key: 'timestamp', header: t('audits.date'), sortField: 'timestamp', render: (e) => formatInstant(e.timestamp) },
    { key: 'principal', header: t('audits.user'), sortField: 'principal', render: (e) => actorName(t, e.principal) },
    { key: 'type', header: t('audits.state'), sortField: 'type', render: (e) => auditTypeText(t, e.type) },
    {
      key: 'data',
      header: t('audits.extraData'),
      sortField: 'data',
      render: (e) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{auditDataText(t, e)}</Text>
          {(e.before || e.after) && <Button size="compact-xs" variant="subtle" onClick={() => setOpen(e)}>{t('audits.changes')}</Button>}
        </Group>
      ),
    },
  ];

  return (
    <Stack py="md">
      <Title order={1}>{t('audits.title')}</Title>
      <AuditsFilter key={`${fromDate}|${toDate}`} fromDate={fromDate} toDate={toDate} onFilter={(f, tt) => void go(1, sort, f, tt, true)} />
      {fromDate > toDate && <Alert color="red">{t('audits.range')}</Alert>}
      <DataTable columns={columns} rows={q.data?.rows} rowKey={(e) => e.id} loading={q.isFetching} error={q.isError} emptyText={t('global.noRecords')} sort={sort} onSort={(s) => void go(1, s)} caption={t('audits.title')} />
      {q.data && <ItemCount page={page} total={q.data.total} pageSize={DEFAULT_PAGE_SIZE} />}
      {q.data && <Pagination page={page} total={q.data.total} pageSize={DEFAULT_PAGE_SIZE} onChange={(p) => void go(p)} />}
      <Modal opened={!!open} onClose={() => setOpen(null)} title={t('audits.changes')} size="xl">
        <Group grow align="flex-start">
          <div>
            <Text fw={700}>{t('audits.before')}</Text>
            <Code block>{JSON.stringify(open?.before ?? null, null, 2)}</Code>
          </div>
          <div>
            <Text fw={700}>{t('audits.after')}</Text>
            <Code block>{JSON.stringify(open?.after ?? null, null, 2)}</Code>
          </div>
        </Group>
      </Modal>
    </Stack>
  );
}

/** Keyed by the URL's period: Back to another period puts it in the inputs. */
function AuditsFilter({ fromDate, toDate, onFilter }: { fromDate: string; toDate: string; onFilter(from: string, to: string): void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState<string | null>(fromDate);
  const [to, setTo] = useState<string | null>(toDate);
  const invalid = !from || !to || from > to;
  return (
    <form onSubmit={(e) => { e.preventDefault(); if (!invalid) onFilter(from!, to!); }}>
      <Group align="flex-end">
        <CampoData label={t('audits.from')} value={from} onChange={setFrom} withAsterisk data-testid="audits-from" />
        <CampoData label={t('audits.to')} value={to} onChange={setTo} withAsterisk data-testid="audits-to" error={from && to && from > to ? t('audits.range') : undefined} />
        <Button type="submit" disabled={invalid} data-testid="audits-search">{t('audits.search')}</Button>
      </Group>
    </form>
  );
}
