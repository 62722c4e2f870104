// No zod here: the SPA's first page reads typed dates with this (apps/web/src/app/theme.ts) within its bundle budget.

/** Whether 'yyyy-MM-dd' names a day that exists (no 31 April, 29 February only in leap years). */
export function ehDiaReal(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [a, m, d] = s.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(a, m - 1, d));
  return t.getUTCFullYear() === a && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * A day as a person types it — dd/mm/aaaa with '/', '-', '.' or spaces between the parts, day and
 * month with one or two digits (1-2-2026 is 1 February) — or pasted as yyyy-MM-dd. Answers
 * 'yyyy-MM-dd', or null while the text is not yet a whole, real date (never a guess in US order).
 */
export function lerDiaDigitado(texto: string): string | null {
  const s = texto.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const br = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{4})$/.exec(s);
  const partes = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2], br[1]] : null;
  if (!partes) return null;
  const [a, m, d] = partes as [string, string, string];
  const dia = `${a}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return ehDiaReal(dia) ? dia : null;
}
