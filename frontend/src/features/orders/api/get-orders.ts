import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';
import type { Tier } from '../../licenses/api/get-licenses';

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired';

/** An order as the order calls return it (spec §3 Order; amounts in cents, dates ISO). */
export interface Order {
  id: string;
  /** The order number. */
  orderId: string;
  productName: string;
  status: OrderStatus;
  amount: number;
  listPrice: number;
  discountAmount: number;
  currency: string;
  subscriptionTier: Tier;
  upgradedFromTier: Tier | null;
  seatCount: number;
  createdAt: string;
  paidAt: string | null;
  paymentMethod: string | null;
}

/** Every order query sits under ['orders'] (the list and each polled order), so one key refreshes all. */
export const ordersQueryKey = ['orders'] as const;
export const FETCH_ORDERS_FAILED = 'Failed to fetch orders';

/** The user's orders, newest first. A failure carries the spec's text (toast 'Failed to fetch orders'). */
export async function getOrders(signal?: AbortSignal): Promise<Order[]> {
  try {
    const answer = await apiClient.get<{ orders?: Order[] } | null>('/api/orders', { signal });
    return answer?.orders ?? [];
  } catch (error) {
    if (error instanceof ApiError)
      throw new ApiError(error.status, FETCH_ORDERS_FAILED, error.statusText, error.body);
    throw error;
  }
}

/** The order history; a failure toasts through the app's global handler and shows the page's error text. */
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: ordersQueryKey,
    queryFn: ({ signal }) => getOrders(signal),
    meta: { errorMessage: FETCH_ORDERS_FAILED },
  });

export const useOrders = () => useQuery(ordersQueryOptions());
