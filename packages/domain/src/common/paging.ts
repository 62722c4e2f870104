import { z } from 'zod';
import { Inteiro } from './inteiro.js';
import { DEFAULT_PAGE_SIZE } from '../constants.js';

/** Server pages are 0-based (§9); the UI shows them 1-based. Sort is "field,asc|desc". */
export const PageQuery = z.object({
  page: Inteiro(z.number().int().min(0).max(100_000)).default(0),
  size: Inteiro(z.number().int().min(1).max(100)).default(DEFAULT_PAGE_SIZE),
  sort: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v])),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function parseSort(sort: string): { field: string; dir: 'asc' | 'desc' } {
  const [field = '', dir = 'asc'] = sort.split(',');
  return { field, dir: dir.toLowerCase() === 'desc' ? 'desc' : 'asc' };
}
