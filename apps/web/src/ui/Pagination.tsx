import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatInteiro, MAX_PAGE_LINKS } from '@cadastro/domain';

/** The window of page numbers shown: at most `max`, rotated so the current page sits in the middle. */
export function pageWindow(page: number, totalPages: number, max = MAX_PAGE_LINKS): number[] {
  if (totalPages <= 0) return [];
  const size = Math.min(max, totalPages);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, totalPages - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

interface Props {
  /** 1-based current page (§9: the UI is 1-based, the server 0-based). */
  page: number;
  total: number;
  pageSize: number;
  onChange(page: number): void;
  /** Page links shown (§9: 5; the activity dialog of §2: 10). */
  maxLinks?: number;
}

/** At most 5 page links (or `maxLinks`), with first/previous/next/last boundary links (§9). */
export function Pagination({ page, total, pageSize, onChange, maxLinks = MAX_PAGE_LINKS }: Props) {
  const { t } = useTranslation();
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize) return null;
  const go = (p: number) => onChange(Math.min(totalPages, Math.max(1, p)));
  return (
    <Group gap={4} justify="center" component="nav" aria-label={t('pagination.label')}>
      <Button size="xs" variant="default" onClick={() => go(1)} disabled={page <= 1} aria-label={t('pagination.first')}>«</Button>
      <Button size="xs" variant="default" onClick={() => go(page - 1)} disabled={page <= 1} aria-label={t('pagination.previous')}>‹</Button>
      {pageWindow(page, totalPages, maxLinks).map((p) => (
        <Button key={p} size="xs" variant={p === page ? 'filled' : 'default'} onClick={() => go(p)} aria-current={p === page ? 'page' : undefined} aria-label={t('pagination.page', { page: p })}>
          {p}
        </Button>
      ))}
      <Button size="xs" variant="default" onClick={() => go(page + 1)} disabled={page >= totalPages} aria-label={t('pagination.next')}>›</Button>
      <Button size="xs" variant="default" onClick={() => go(totalPages)} disabled={page >= totalPages} aria-label={t('pagination.last')}>»</Button>
    </Group>
  );
}

/** "Exibindo 11 - 20 de 57 registros"; the numbers grouped (issue #40: "de 117663" read badly). */
export function ItemCount({ page, total, pageSize }: Omit<Props, 'onChange'>) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Text size="sm" c="dimmed" ta="center" data-testid="item-count">
      {t('pagination.count', { first: formatInteiro(first), last: formatInteiro(last), total: formatInteiro(total) })}
    </Text>
  );
}
