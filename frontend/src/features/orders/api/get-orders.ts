import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { ordersQueryKey } from '../../../lib/api/query-keys';
import type { Order } from '../../../lib/api/types';
import { i18n } from '../../../lib/i18n';

export type { Order, OrderStatus } from '../../../lib/api/types';

/** The user's orders, newest first. */
export async function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return (await api.GET('/api/orders', { signal })).orders;
}

/**
 * The order history; a failure toasts 'Failed to fetch orders' (docs/product.md#errors; in the active
 * language, read when the query is set up) through the app's global handler and shows the page's error text.
 */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ordersQueryKey,
    queryFn: ({ signal }) => getOrders(signal),
    meta: { errorText: i18n.t('orders:fetchFailed') },
  });

export const useOrders = () => useQuery(ordersQueryOptions());
