/** Paging helpers shared by admin lists (docs/product.md#constants Paging). Pages count from 1. */

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** How many pages `totalItems` make at `pageSize` each (at least 1). */
export const pageCount = (totalItems: number, pageSize: number): number =>
  Math.max(1, Math.ceil(Math.max(0, totalItems) / Math.max(1, pageSize)));

/** A page number brought into [1, total]. */
export const clampPage = (page: number, total: number): number =>
  Math.min(Math.max(1, Math.floor(page) || 1), Math.max(1, total));

/** The items of one page. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, pageCount(items.length, pageSize));
  return items.slice((current - 1) * pageSize, current * pageSize);
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The controls a paginator shows (docs/product.md#constants): every page when there are 7 or fewer; otherwise the
 * first and last page, the current page with one neighbour on each side, and ellipses for the gaps,
 * always 7 items so the controls do not jump about. `siblings` and `boundaries` widen the window.
 */
export function pageItems(
  current: number,
  total: number,
  { siblings = 1, boundaries = 1 }: { siblings?: number; boundaries?: number } = {},
): PageItem[] {
  const pages = Math.max(1, Math.floor(total));
  const page = clampPage(current, pages);
  const slots = 2 * boundaries + 2 * siblings + 3;
  if (pages <= slots) return range(1, pages);

  // The window around the current page, kept clear of the boundary pages.
  const windowSize = 2 * siblings + 1;
  const start = Math.min(
    Math.max(page - siblings, boundaries + 2),
    pages - boundaries - 1 - windowSize + 1,
  );
  const end = start + windowSize - 1;
  const nearStart = start <= boundaries + 2;
  const nearEnd = end >= pages - boundaries - 1;

  if (nearStart) {
    // 1 2 3 4 5 … 10
    return [
      ...range(1, slots - boundaries - 1),
      'ellipsis-end',
      ...range(pages - boundaries + 1, pages),
    ];
  }
  if (nearEnd) {
    // 1 … 6 7 8 9 10
    return [
      ...range(1, boundaries),
      'ellipsis-start',
      ...range(pages - (slots - boundaries - 1) + 1, pages),
    ];
  }
  // 1 … 4 5 6 … 10
  return [
    ...range(1, boundaries),
    'ellipsis-start',
    ...range(start, end),
    'ellipsis-end',
    ...range(pages - boundaries + 1, pages),
  ];
}
