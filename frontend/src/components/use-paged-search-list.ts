import { useDebouncedValue } from '@mantine/hooks';
import {
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pageCount } from './paging';

/** How long a search box waits for typing to pause before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A search box's text and its debounced, trimmed value. */
export function useDebouncedSearch() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return { search, setSearch, debounced };
}

/**
 * The page count of a server-paged list, stepping the current page back when the list shrank under it
 * (a deletion can empty the last page). `settled`: the total belongs to the current query.
 */
export function usePageClamp(
  page: number,
  setPage: (page: number) => void,
  total: number,
  pageSize: number,
  settled: boolean,
) {
  const pages = pageCount(total, pageSize);
  useEffect(() => {
    if (settled && page > pages) setPage(pages);
  }, [settled, page, pages, setPage]);
  return pages;
}

/** What a server-paged list asks the server for: the debounced, trimmed search and the page. */
export interface ListCriteria {
  search: string;
  page: number;
}

/** The answer of a server-paged list: its items and their total over every page. */
export interface PagedAnswer {
  pagination: { total: number };
}

export interface PagedSearchList<TData> {
  query: UseQueryResult<TData, Error>;
  data: TData | undefined;
  /** Items over every page (0 until the first answer). */
  total: number;
  page: number;
  /** Page count (at least 1). */
  pages: number;
  setPage: (page: number) => void;
  /** The search box's text, as typed. */
  search: string;
  /** The search the server was asked for (debounced and trimmed). */
  debouncedSearch: string;
  /** A new search text: back to page 1. */
  changeSearch: (value: string) => void;
  /** Another filter changed: back to page 1. */
  resetPage: () => void;
}

/**
 * A paged, searchable list read from the server (the admin lists, docs/product.md#constants Paging): the search waits for
 * typing to pause, a new search or filter goes back to page 1, the previous page stays shown (dimmed by
 * the caller) while the next one loads, and the page steps back when the list shrank under it.
 * `options` gives the list's query options for the criteria (and the caller's own filters).
 */
export function usePagedSearchList<TData extends PagedAnswer, TKey extends QueryKey>(
  options: (criteria: ListCriteria) => UseQueryOptions<TData, Error, TData, TKey>,
  pageSize: number,
): PagedSearchList<TData> {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const [page, setPage] = useState(1);
  const query = useQuery(options({ search: debounced, page }));
  const data = query.data;
  const total = data?.pagination.total ?? 0;
  const pages = usePageClamp(
    page,
    setPage,
    total,
    pageSize,
    Boolean(data) && !query.isPlaceholderData,
  );
  return {
    query,
    data,
    total,
    page,
    pages,
    setPage,
    search,
    debouncedSearch: debounced,
    changeSearch: (value) => {
      setSearch(value);
      setPage(1);
    },
    resetPage: () => setPage(1),
  };
}
