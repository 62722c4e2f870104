import { Anchor, Badge, Button, Group, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AdminUser } from '@cadastro/domain';
import { DEFAULT_PAGE_SIZE } from '@cadastro/domain';
import { DataTable, sortFromParam, sortToParam, type Column } from '../../ui/DataTable';
import { ItemCount, Pagination } from '../../ui/Pagination';
import { http } from '../../ui/http';
import { useAlerts } from '../../ui/alerts';
import { useSession } from '../../ui/session';
import { formatInstant } from '../../ui/format';
import { formatUrlState, param, parseUrlState } from '../../ui/urlState';
import { LANGUAGE_NAMES } from '../../i18n';
import { adminKeys, useUsers } from './api';
import { actorName } from './auditWords';

/** The list's query (page, sort): from the URL, or — under a dialog route — from where we came. */
export function useListSearch(): string {
  const location = useLocation();
  return location.search || ((location.state as { back?: string } | null)?.back ?? '');
}

const SORTS = ['id', 'login', 'email', 'langKey', 'createdDate', 'lastModifiedBy'] as const;
/** The list's URL state (read from the dialog routes' `back` too). */
export const USERS_URL = { page: param.withDefault(param.page(), 1), sort: param.withDefault(param.sort(SORTS), 'id,asc') };

/**
 * §2 user-management: paged list; page and sort live in the URL (default id,asc) so the state
 * survives opening a user and coming back. The new/edit/delete dialog routes render it beneath.
 */
export default function UserManagementPage() {
  const { t } = useTranslation();
  const search = useListSearch();
  const url = parseUrlState(USERS_URL, search);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const alerts = useAlerts();
  const { account } = useSession();
  const page = url.page;
  const sort = sortFromParam(url.sort, { field: 'id', dir: 'asc' });
  const q = useUsers(page, sortToParam(sort));
  const back = { state: { back: search } };

  const toggle = useMutation({
    mutationFn: (u: AdminUser) => http.put<AdminUser>('/api/users', { ...u, activated: !u.activated }, { silent: true, alertHeaders: false }),
    onSuccess: () => {
      alerts.success(t('userManagement.toggle.success'));
      return qc.invalidateQueries({ queryKey: adminKeys.users });
    },
    onError: () => alerts.error(t('userManagement.toggle.error')),
  });

  const setUrl = (p: number, s = sort) => navigate(`/user-management${formatUrlState(USERS_URL, { page: p, sort: sortToParam(s) })}`);

  const columns: Column<AdminUser>[] = [
    { key: 'id', header: 'ID', sortField: 'id', render: (u) => <Anchor component={Link} to={`/user-management/${u.login}`} state={back.state}>{u.id}</Anchor> },
    { key: 'login', header: t('userManagement.login'), sortField: 'login', render: (u) => u.login },
    { key: 'email', header: t('userManagement.email'), sortField: 'email', render: (u) => u.email },
    {
      key: 'activated',
      header: t('userManagement.status'),
      render: (u) => (
        <Button
          size="compact-xs"
          color={u.activated ? 'green' : 'red'}
          disabled={u.login === account?.login || toggle.isPending}
          onClick={() => toggle.mutate(u)}
          data-testid={`toggle-${u.login}`}
          title={u.login === account?.login ? t('userManagement.toggle.self') : undefined}
        >
          {u.activated ? t('userManagement.activated') : t('userManagement.deactivated')}
        </Button>
      ),
    },
    { key: 'langKey', header: t('userManagement.langKey'), sortField: 'langKey', render: (u) => LANGUAGE_NAMES[u.langKey] ?? u.langKey },
    {
      key: 'authorities',
      header: t('userManagement.profiles'),
      render: (u) => (
        <Group gap={4} title={u.authorities.join(', ')}>
          {u.authorities.slice(0, 3).map((a) => <Badge key={a} size="xs" variant="light" tt="none">{a}</Badge>)}
          {u.authorities.length > 3 && <Badge size="xs" variant="outline" tt="none">+{u.authorities.length - 3}</Badge>}
        </Group>
      ),
    },
    { key: 'createdDate', header: t('userManagement.createdDate'), sortField: 'createdDate', render: (u) => formatInstant(u.createdDate) },
    { key: 'lastModifiedBy', header: t('userManagement.lastModifiedBy'), sortField: 'lastModifiedBy', render: (u) => actorName(t, u.lastModifiedBy) },
    {
      key: 'actions',
      header: <span className="sr-only">{t('userManagement.actions')}</span>,
      render: (u) => (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="default" component={Link} to={`/user-management/${u.login}`} state={back.state}>{t('entity.action.view')}</Button>
          <Button size="compact-xs" variant="light" component={Link} to={`/user-management/${u.login}/edit`} state={back.state} data-testid={`edit-${u.login}`}>{t('entity.action.edit')}</Button>
          {u.login === account?.login ? (
            <Button size="compact-xs" variant="default" disabled>{t('entity.action.delete')}</Button>
          ) : (
            <Button size="compact-xs" color="red" variant="light" component={Link} to={`/user-management/${u.login}/delete`} state={back.state}>{t('entity.action.delete')}</Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack py="md">
      <Group justify="space-between">
        <Title order={1}>{t('userManagement.title')}</Title>
        <Button component={Link} to="/user-management-new" state={back.state} data-testid="user-new">{t('userManagement.new')}</Button>
      </Group>
      <DataTable
        columns={columns}
        rows={q.data?.rows}
        rowKey={(u) => u.id}
        loading={q.isFetching}
        error={q.isError}
        emptyText={t('global.noRecords')}
        sort={sort}
        onSort={(s) => setUrl(1, s)}
        caption={t('userManagement.title')}
      />
      {q.data && <ItemCount page={page} total={q.data.total} pageSize={DEFAULT_PAGE_SIZE} />}
      {q.data && <Pagination page={page} total={q.data.total} pageSize={DEFAULT_PAGE_SIZE} onChange={(p) => setUrl(p)} />}
    </Stack>
  );
}
