import type { ReactNode } from 'react';
import { Alert, Center, Loader, Table, UnstyledButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** Server sort field; absent → not sortable. */
  sortField?: string;
  render(row: T): ReactNode;
  width?: number | string;
  /** Counts and amounts: right-aligned, so their digits line up as on paper. */
  numerico?: boolean;
}

export interface SortState {
  field: string;
  dir: 'asc' | 'desc';
}

export const sortToParam = (s: SortState) => `${s.field},${s.dir}`;
export function sortFromParam(v: string | null, fallback: SortState): SortState {
  if (!v) return fallback;
  const [field, dir] = v.split(',');
  return field ? { field, dir: dir === 'desc' ? 'desc' : 'asc' } : fallback;
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  /** The row's identity; the index serves rows without one (history lines). */
  rowKey(row: T, index: number): string | number;
  loading?: boolean;
  error?: boolean;
  /** Exact empty text of the spec for this list. */
  emptyText: string;
  sort?: SortState;
  onSort?(s: SortState): void;
  onRowClick?(row: T): void;
  caption?: string;
  /** Many columns (reports): tighter cell padding and text so ten columns fit a 1280-pixel screen. */
  denso?: boolean;
}

/** The one table of the app: sortable headers (aria-sort), loading/empty/error states, row click. */
export function DataTable<T>(p: Props<T>) {
  const { t } = useTranslation();
  if (p.loading && !p.rows) {
    return (
      <Center h={120}>
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{t('global.loading')}</Text>
        </Group>
      </Center>
    );
  }
  if (p.error) return <Alert color="red">{t('error.generic')}</Alert>;
  if (!p.rows || p.rows.length === 0) return <Alert color="gray" data-testid="empty">{p.emptyText}</Alert>;
  const toggle = (field: string) => {
    if (!p.onSort) return;
    const dir = p.sort?.field === field && p.sort.dir === 'asc' ? 'desc' : 'asc';
    p.onSort({ field, dir });
  };
  return (
    // A wide table scrolls sideways: its scroll region is a named, focusable region so a keyboard user
    // can reach and scroll it (axe scrollable-region-focusable).
    <Table.ScrollContainer minWidth={600} type="native" tabIndex={0} role="region" aria-label={p.caption ?? t('global.tabela')}>
      {/* aria-busy: rows kept on screen while the next page loads are announced (and awaited by tests) as stale. */}
      <Table striped highlightOnHover withTableBorder verticalSpacing={6} horizontalSpacing={p.denso ? 6 : 'xs'} fz={p.denso ? 13 : 'sm'} aria-busy={p.loading ? 'true' : 'false'} style={{ opacity: p.loading ? 0.6 : 1 }}>
        {p.caption && <caption className="sr-only">{p.caption}</caption>}
        <Table.Thead>
          <Table.Tr>
            {p.columns.map((c) => {
              const active = c.sortField && p.sort?.field === c.sortField;
              return (
                // Headers wrap between words (never inside one) so a wide report fits a clerk's screen;
                // what still does not fit scrolls inside the container.
                <Table.Th key={c.key} w={c.width} ta={c.numerico ? 'right' : undefined} style={{ verticalAlign: 'bottom' }} aria-sort={active ? (p.sort?.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                  {c.sortField && p.onSort ? (
                    <UnstyledButton onClick={() => toggle(c.sortField!)} fw={700} fz="inherit" data-testid={`sort-${c.sortField}`}>
                      {c.header} {active ? (p.sort?.dir === 'asc' ? '▲' : '▼') : '⇅'}
                    </UnstyledButton>
                  ) : (
                    c.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.rows.map((row, i) => (
            <Table.Tr key={p.rowKey(row, i)} onClick={p.onRowClick ? () => p.onRowClick!(row) : undefined} style={p.onRowClick ? { cursor: 'pointer' } : undefined}>
              {p.columns.map((c) => (
                <Table.Td key={c.key} ta={c.numerico ? 'right' : undefined}>{c.render(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
