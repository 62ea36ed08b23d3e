import { Button, Center, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
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

/** The loading state of a list. */
export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="lg" role="status">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

/** The error state of a list, with a retry when one is given. */
export function ListError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Group gap="sm">
      <Text c="red" role="alert">
        {message}
      </Text>
      {onRetry && (
        <Button size="xs" variant="default" onClick={onRetry}>
          retry
        </Button>
      )}
    </Group>
  );
}
