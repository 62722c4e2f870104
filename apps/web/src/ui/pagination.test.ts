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
  it('the activity dialog shows up to 10 links (§2)', () => {
    expect(pageWindow(1, 134, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(50, 134, 10)).toEqual([45, 46, 47, 48, 49, 50, 51, 52, 53, 54]);
    expect(pageWindow(134, 134, 10)).toHaveLength(10);
  });
});
