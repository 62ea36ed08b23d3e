import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import type { SubscriptionUserPage } from '../../../lib/api/types';

export type {
  OverviewLicense,
  SubscriptionUser,
  SubscriptionUserPage,
} from '../../../lib/api/types';

export interface OverviewQuery {
  search: string;
  page: number;
}

/** docs/product.md#constants: the overview shows 20 users a page. */
export const OVERVIEW_PAGE_SIZE = 20;

export const SUBSCRIPTIONS_PATH = '/api/subscriptions/admin/subscriptions';
export const subscriptionUsersQueryKey = ['admin', 'subscription-users'] as const;

export async function getSubscriptionUsers(
  { search, page }: OverviewQuery,
  signal?: AbortSignal,
): Promise<SubscriptionUserPage> {
  return api.GET(`${SUBSCRIPTIONS_PATH}/users`, {
    params: { query: { page, pageSize: OVERVIEW_PAGE_SIZE, search: search.trim() } },
    signal,
  });
}

/**
 * One page of customers, searched on the server; the previous page stays up while the next one loads.
 * A failure toasts the server's text, else '请求失败' (docs/product.md#calls, #errors), and the page shows '加载失败'.
 */
export const subscriptionUsersQueryOptions = (query: OverviewQuery) =>
  queryOptions({
    queryKey: [...subscriptionUsersQueryKey, { search: query.search.trim(), page: query.page }],
    queryFn: ({ signal }) => getSubscriptionUsers(query, signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: adminRequestFailed() },
  });
