import { Spinner } from './Spinner';
import { Button, Center, Group, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Paginator } from './Paginator';
import type { PagedSearchList } from './use-paged-search-list';
import { describeError } from '../lib/errors';

/** The loading state of a list. */
export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="lg" role="status">
      <Spinner label={label} inStatus />
    </Center>
  );
}

/** The error state of a list, with a retry when one is given. */
export function ListError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm">
      <Text c="red" role="alert">
        {message}
      </Text>
      {onRetry && (
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    </Group>
  );
}

/** The search box of a paged list: typing goes back to page 1. */
export function ListSearchInput<TData>({
  list,
  ...props
}: { list: PagedSearchList<TData> } & Omit<
  TextInputProps,
  'value' | 'onChange' | 'type' | 'list'
>) {
  return (
    <TextInput
      type="search"
      value={list.search}
      onChange={(event) => list.changeSearch(event.currentTarget.value)}
      {...props}
    />
  );
}

/** 'N entries · page x of y' beside a paged list's search, once it has answered. */
export function ListPageCount<TData>({
  list,
  one,
  many,
}: {
  list: PagedSearchList<TData>;
  /** What one item is called: 'entry'. */
  one: string;
  /** ...and several: 'entries'. */
  many: string;
}) {
  const { t } = useTranslation();
  if (!list.data) return null;
  const { total, page, pages } = list;
  return (
    <Text size="sm" c="dimmed" pb={8} aria-live="polite">
      {t('list.pageCount', {
        items: total === 1 ? `1 ${one}` : `${total} ${many}`,
        page: Math.min(page, pages),
        pages,
      })}
    </Text>
  );
}

/**
 * A paged list's states: loading, an error with nothing to show (`error` when the list names the
 * failure itself, else the failure as describeError words it, with `fallback`; a retry button with
 * `retry`), the empty text when the page has no items, else the items.
 */
export function ListStates<TData>({
  list,
  loading,
  error,
  fallback,
  retry = false,
  empty,
  items,
  children,
}: {
  list: PagedSearchList<TData>;
  /** The loader's label. */
  loading: string;
  error?: string;
  /** The text when the server did not explain the failure (describeError's fallback). */
  fallback?: string;
  retry?: boolean;
  empty: string;
  items: (data: TData) => readonly unknown[];
  children: (data: TData) => ReactNode;
}) {
  const { query, data } = list;
  if (query.isPending) return <ListLoading label={loading} />;
  if (query.isError && !data)
    return (
      <ListError
        message={error ?? describeError(query.error, fallback)}
        onRetry={retry ? () => void query.refetch() : undefined}
      />
    );
  if (!data || items(data).length === 0) return <Text c="dimmed">{empty}</Text>;
  return children(data);
}

/** The list's paginator (docs/product.md#constants: all pages up to 7, else ellipses). */
export function ListPaginator<TData>({
  list,
  label,
  onChange,
}: {
  list: PagedSearchList<TData>;
  label: string;
  /** Called after the page changed (e.g. to scroll back up). */
  onChange?: (page: number) => void;
}) {
  return (
    <Paginator
      page={list.page}
      total={list.pages}
      onChange={(next) => {
        list.setPage(next);
        onChange?.(next);
      }}
      label={label}
    />
  );
}
