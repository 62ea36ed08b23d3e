import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ListPageCount,
  ListSearchInput,
  ListPaginator,
  ListStates,
} from '../../../components/server-list';
import { usePagedSearchList } from '../../../components/use-paged-search-list';
import { OVERVIEW_PAGE_SIZE, subscriptionUsersQueryOptions } from '../api/get-subscription-users';
import { SubscriptionUserCard } from './SubscriptionUserCard';

/**
 * The subscription overview (docs/product.md#screens /admin/subscriptions): server search by e-mail, nickname or
 * domain, 20 customers a page ('page x of y'), each with their seats; '加载失败' when it cannot load.
 */
export function SubscriptionOverview() {
  const { t } = useTranslation('adminSubscriptions');
  const list = usePagedSearchList(subscriptionUsersQueryOptions, OVERVIEW_PAGE_SIZE);

  const body = (
    <ListStates
      list={list}
      loading={t('loading')}
      error={t('loadFailed')}
      retry
      empty={list.debouncedSearch ? t('noMatches') : t('empty')}
      items={(data) => data.items}
    >
      {(data) => (
        <Stack gap="sm" style={{ opacity: list.query.isPlaceholderData ? 0.6 : 1 }}>
          {data.items.map((user) => (
            <SubscriptionUserCard key={user.userId} user={user} />
          ))}
          <ListPaginator
            list={list}
            label={t('pages')}
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
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          w={300}
        />
        <ListPageCount list={list} one={t('userOne')} many={t('userMany')} />
      </Group>
      {list.query.isError && list.data && (
        <Text c="red" size="sm" role="alert">
          {t('loadFailed')}
        </Text>
      )}
      {body}
    </Stack>
  );
}
