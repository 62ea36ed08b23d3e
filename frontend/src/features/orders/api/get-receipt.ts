import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Receipt } from '../../../lib/api/types';
import { ordersQueryKey } from '../../../lib/api/query-keys';

export type { Receipt } from '../../../lib/api/types';

/** Under ['orders'], so what refreshes the orders (a payment, a refund) refreshes the receipt too. */
export const receiptQueryKey = (orderId: string) =>
  [...ordersQueryKey, 'receipt', orderId] as const;

/** One of the customer's orders with its breakdown (docs/payments.md, "Receipts"). */
export async function getReceipt(orderId: string, signal?: AbortSignal): Promise<Receipt> {
  const answer = await api.GET('/api/orders/{orderId}/receipt', {
    params: { path: { orderId } },
    signal,
  });
  return answer.receipt;
}

/** The receipt view shows its own not-found and error states: no toast. */
export const receiptQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: receiptQueryKey(orderId),
    queryFn: ({ signal }) => getReceipt(orderId, signal),
    meta: { silent: true },
  });

export const useReceipt = (orderId: string) => useQuery(receiptQueryOptions(orderId));
