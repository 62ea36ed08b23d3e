import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageItems, pageSlice } from './paging';

describe('pageItems', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    for (let page = 1; page <= 7; page++) expect(pageItems(page, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('collapses with ellipses beyond 7 pages, always showing 7 controls', () => {
    expect(pageItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 8]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 20]);
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 'ellipsis-end', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
    for (let total = 8; total <= 30; total++) {
      for (let page = 1; page <= total; page++) {
        const items = pageItems(page, total);
        expect(items).toHaveLength(7);
        expect(items).toContain(page);
        expect(items[0]).toBe(1);
        expect(items.at(-1)).toBe(total);
        // Numbers ascend, and an ellipsis always hides at least two pages.
        const numbers = items.filter((i): i is number => typeof i === 'number');
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        items.forEach((item, i) => {
          if (typeof item === 'string') {
            expect((items[i + 1] as number) - (items[i - 1] as number)).toBeGreaterThan(2);
          }
        });
      }
    }
  });

  it('clamps an out-of-range page', () => {
    expect(pageItems(99, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10]);
    expect(pageItems(0, 3)).toEqual([1, 2, 3]);
  });

  it('widens the window with more siblings', () => {
    expect(pageItems(10, 20, { siblings: 2 })).toEqual([
      1,
      'ellipsis-start',
      8,
      9,
      10,
      11,
      12,
      'ellipsis-end',
      20,
    ]);
    expect(pageItems(4, 9, { siblings: 2 })).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('paging helpers', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 30)).toBe(1);
    expect(pageCount(30, 30)).toBe(1);
    expect(pageCount(31, 30)).toBe(2);
    expect(pageCount(95, 20)).toBe(5);
  });

  it('clamps pages into range', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(7, 5)).toBe(5);
    expect(clampPage(Number.NaN, 5)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });

  it('slices one page of items', () => {
    const items = Array.from({ length: 65 }, (_, i) => i + 1);
    expect(pageSlice(items, 1, 30)).toEqual(items.slice(0, 30));
    expect(pageSlice(items, 3, 30)).toEqual([61, 62, 63, 64, 65]);
    expect(pageSlice(items, 9, 30)).toEqual([61, 62, 63, 64, 65]);
  });
});
