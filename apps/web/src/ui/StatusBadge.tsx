import { Badge } from '@mantine/core';

/**
 * The one place that decides a registration status colour (§4): ATIVO green; ENQUADRAMENTO and
 * DESENQUADRAMENTO info; SUSPENSO warning; INAPTO, BLOQUEIO, BAIXADO, NULO danger; NÃO CADASTRADO
 * muted. The text is always shown, so colour is never the only signal.
 */
/**
 * The neutral badge colour: Mantine's default gray (shade 6, #868e96) reads 3.3:1 against white, as text
 * on white (outline) or white text on it (filled) — under WCAG AA's 4.5:1. Shade 7 reads 8.6:1 both ways.
 */
export const CINZA_SELO = 'gray.7';

export function statusColor(status: string): string {
  const s = status.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();
  if (s.startsWith('ATIV')) return 'green';
  // Shade 8: white on Mantine's default blue (shade 6) fails WCAG AA contrast (3.6:1; this is 5:1).
  if (s.includes('ENQUADRAMENTO')) return 'blue.8';
  if (s.startsWith('SUSPEN')) return 'yellow';
  if (s.startsWith('NAO CADASTRADO')) return CINZA_SELO;
  if (/^(INAPT|BLOQUEIO|BAIXA|NUL)/.test(s)) return 'red';
  return CINZA_SELO;
}

/** A badge's whole text, never cut to "C." by a narrow column (Mantine's label hides what overflows). */
export const BADGE_INTEIRO = { style: { maxWidth: 'none', flexShrink: 0 }, styles: { label: { overflow: 'visible' } } } as const;

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusColor(status)} variant="filled" data-testid="status-badge" {...BADGE_INTEIRO}>
      {status}
    </Badge>
  );
}
