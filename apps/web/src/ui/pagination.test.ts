import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pagination';

describe('pageWindow (at most 5 links, rotated around the current page)', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [6, 10, [4, 5, 6, 7, 8]],
    [10, 10, [6, 7, 8, 9, 10]],
    [9, 10, [6, 7, 8, 9, 10]],
  ])('page %i of %i → %j', (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });
  it('no pages → no links', () => expect(pageWindow(1, 0)).toEqual([]));
});
