import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { Order } from './types';
import { ordersQueryKey } from './query-keys';

/** docs/product.md#states, #constants: a pending payment's order is polled every 3 seconds. */
export const ORDER_POLL_MS = 3000;

export const orderQueryKey = (orderId: string) =>
  [...ordersQueryKey, 'by-order-id', orderId] as const;

export async function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  const answer = await api.GET('/api/orders/by-order-id/{orderId}', {
    params: { path: { orderId } },
    signal,
  });
  return answer.order;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * One order, polled while it is pending (docs/product.md#calls: polling errors are only logged and polling goes
 * on). It keeps polling in a background tab too: the customer may be paying in another one.
 */
export const orderPollingQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: async ({ signal }) => {
      try {
        return await getOrder(orderId, signal);
      } catch (error) {
        if (!isAbort(error)) console.warn(`order ${orderId}: status check failed`, error);
        throw error;
      }
    },
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) =>
      !query.state.data || query.state.data.status === 'pending' ? ORDER_POLL_MS : false,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
  });

export const useOrderPolling = (orderId: string) => useQuery(orderPollingQueryOptions(orderId));
