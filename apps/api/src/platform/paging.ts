import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { parseSort } from '@cadastro/domain';
import { badRequest } from './errors/problem.js';

/**
 * Turns "field,asc|desc" values into ORDER BY terms over an allow-list of columns, with `tiebreak`
 * last so pages are stable. An unknown field is a 400, never a 500.
 */
export function orderBy(sorts: string[], columns: Record<string, AnyColumn | SQL>, tiebreak: AnyColumn, fallback: string): SQL[] {
  const requested = sorts.length ? sorts : [fallback];
  const terms: SQL[] = [];
  for (const s of requested) {
    const { field, dir } = parseSort(s);
    const col = columns[field];
    if (!col) {
      // The field is not repeated: it is the caller's input, of any length.
      throw badRequest(`Unknown sort field; use one of ${Object.keys(columns).join(', ')}`, {
        message: 'error.validation',
        fieldErrors: [{ objectName: 'pageable', field: 'sort', message: 'pattern' }],
      });
    }
    terms.push(dir === 'desc' ? desc(col) : asc(col));
  }
  terms.push(asc(tiebreak));
  return terms;
}
