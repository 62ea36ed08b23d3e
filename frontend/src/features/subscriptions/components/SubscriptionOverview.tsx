import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Paginator } from '../../../components/Paginator';
import {
  ListError,
  ListLoading,
  useDebouncedSearch,
  usePageClamp,
} from '../../../components/server-list';
import {
  OVERVIEW_LOAD_FAILED,
  OVERVIEW_PAGE_SIZE,
  useSubscriptionUsers,
} from '../api/get-subscription-users';
import { SubscriptionUserCard } from './SubscriptionUserCard';

export const NO_USERS = 'no users yet';
export const NO_MATCHING_USERS = 'no matching users';

/**
 * The subscription overview (spec §2 /admin/subscriptions): server search by e-mail, nickname or
 * domain, 20 customers a page ('page x of y'), each with their seats; '加载失败' when it cannot load.
 */
export function SubscriptionOverview() {
  const { search, setSearch, debounced } = useDebouncedSearch();
  const [page, setPage] = useState(1);
  const query = useSubscriptionUsers({ search: debounced, page });
  const data = query.data;
  const total = data?.pagination.total ?? 0;
  const pages = usePageClamp(
    page,
    setPage,
    total,
    OVERVIEW_PAGE_SIZE,
    Boolean(data) && !query.isPlaceholderData,
  );

  let body;
  if (query.isPending) {
    body = <ListLoading label="loading users" />;
  } else if (query.isError && !data) {
    body = <ListError message={OVERVIEW_LOAD_FAILED} onRetry={() => void query.refetch()} />;
  } else if (!data || data.items.length === 0) {
    body = <Text c="dimmed">{debounced ? NO_MATCHING_USERS : NO_USERS}</Text>;
  } else {
    body = (
      <Stack gap="sm" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        {data.items.map((user) => (
          <SubscriptionUserCard key={user.userId} user={user} />
        ))}
        <Paginator
          page={page}
          total={pages}
          onChange={(next) => {
            setPage(next);
            window.scrollTo?.({ top: 0 });
          }}
          label="user pages"
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="search"
          placeholder="e-mail, nickname or domain"
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={300}
        />
        {data && (
          <Text size="sm" c="dimmed" pb={8} aria-live="polite">
            {total === 1 ? '1 user' : `${total} users`} · page {Math.min(page, pages)} of {pages}
          </Text>
        )}
      </Group>
      {query.isError && data && (
        <Text c="red" size="sm" role="alert">
          {OVERVIEW_LOAD_FAILED}
        </Text>
      )}
      {body}
    </Stack>
  );
}
