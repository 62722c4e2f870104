import type { ReactNode } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Carregando } from './Carregando';
import { httpErrorMessage } from './errors';
import { isNotFound } from './queries';

/** The state of a record that does not exist (any more): the same on every detail page. */
export function NotFoundState({ message, back }: { message?: string; back?: { to: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <Alert color="gray" role="status" title={t('notFound.title')} data-testid="not-found">
      <Stack gap="xs">
        <Text>{message ?? t('notFound.message')}</Text>
        {back && <Anchor component={Link} to={back.to}>{back.label}</Anchor>}
      </Stack>
    </Alert>
  );
}

/**
 * Loading, not found, error or the record of a detail page. A 404 wins over data held in the cache:
 * a record deleted while its page was open (the refetch answers 404) no longer shows, nor offers
 * its actions — TanStack Query keeps the last data on a failed refetch.
 */
export function RecordState<T>({ query, notFound, children }: { query: UseQueryResult<T>; notFound?: ReactNode; children(data: T): ReactNode }) {
  const { t } = useTranslation();
  if (isNotFound(query.error)) return <>{notFound ?? <NotFoundState />}</>;
  if (query.isPending) return <Carregando h={160} />;
  if (query.data === undefined) return <Alert color="red" role="alert">{httpErrorMessage(query.error, t)}</Alert>;
  return <>{children(query.data)}</>;
}
