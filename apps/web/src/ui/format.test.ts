import { describe, expect, it } from 'vitest';
import { formatBytes, formatDay } from './format';
import { statusColor } from './StatusBadge';

describe('formatters', () => {
  it('days by text, disk sizes with a 1 GB threshold', () => {
    expect(formatDay('2026-07-01')).toBe('01/07/2026');
    expect(formatDay(null)).toBe('');
    expect(formatBytes(500 * 1024 * 1024)).toBe('500 MB');
    expect(formatBytes(2.5 * 1024 * 1024 * 1024)).toBe('2,5 GB');
  });
  it('status colours of §4', () => {
    expect(statusColor('ATIVO')).toBe('green');
    expect(statusColor('ENQUADRAMENTO')).toBe('blue.8');
    expect(statusColor('DESENQUADRAMENTO')).toBe('blue.8');
    expect(statusColor('SUSPENSO')).toBe('yellow');
    for (const s of ['INAPTO', 'BLOQUEIO', 'BAIXADO', 'NULO']) expect(statusColor(s)).toBe('red');
    expect(statusColor('NÃO CADASTRADO')).toBe('gray.7');
  });
});
