import { Group, Stack, Text } from '@mantine/core';
import {
  ListPageCount,
  ListSearchInput,
  ListPaginator,
  ListStates,
} from '../../../components/server-list';
import { usePagedSearchList } from '../../../components/use-paged-search-list';
import {
  OVERVIEW_LOAD_FAILED,
  OVERVIEW_PAGE_SIZE,
  subscriptionUsersQueryOptions,
} from '../api/get-subscription-users';
import { SubscriptionUserCard } from './SubscriptionUserCard';

export const NO_USERS = 'no users yet';
export const NO_MATCHING_USERS = 'no matching users';

/**
 * The subscription overview (docs/product.md#screens /admin/subscriptions): server search by e-mail, nickname or
 * domain, 20 customers a page ('page x of y'), each with their seats; '加载失败' when it cannot load.
 */
export function SubscriptionOverview() {
  const list = usePagedSearchList(subscriptionUsersQueryOptions, OVERVIEW_PAGE_SIZE);

  const body = (
    <ListStates
      list={list}
      loading="loading users"
      error={OVERVIEW_LOAD_FAILED}
      retry
      empty={list.debouncedSearch ? NO_MATCHING_USERS : NO_USERS}
      items={(data) => data.items}
    >
      {(data) => (
        <Stack gap="sm" style={{ opacity: list.query.isPlaceholderData ? 0.6 : 1 }}>
          {data.items.map((user) => (
            <SubscriptionUserCard key={user.userId} user={user} />
          ))}
          <ListPaginator
            list={list}
            label="user pages"
            onChange={() => window.scrollTo?.({ top: 0 })}
          />
        </Stack>
      )}
    </ListStates>
  );

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <ListSearchInput
          list={list}
          label="search"
          placeholder="e-mail, nickname or domain"
          w={300}
        />
        <ListPageCount list={list} one="user" many="users" />
      </Group>
      {list.query.isError && list.data && (
        <Text c="red" size="sm" role="alert">
          {OVERVIEW_LOAD_FAILED}
        </Text>
      )}
      {body}
    </Stack>
  );
}
