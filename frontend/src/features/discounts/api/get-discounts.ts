import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import type { Discount } from '../../../lib/api/types';

export type { Discount } from '../../../lib/api/types';
export type DiscountTier = Discount['tier'];

export const DISCOUNTS_PATH = '/api/subscriptions/admin/subscriptions/discounts';
export const discountsQueryKey = ['admin', 'discounts'] as const;

export async function getDiscounts(signal?: AbortSignal): Promise<Discount[]> {
  return (await api.GET(DISCOUNTS_PATH, { signal })).discounts;
}

/** A failure toasts through the global handler and shows in the page (the server's text, else '请求失败'). */
export const discountsQueryOptions = () =>
  queryOptions({
    queryKey: discountsQueryKey,
    queryFn: ({ signal }) => getDiscounts(signal),
    meta: { errorMessage: adminRequestFailed() },
  });

export const useDiscounts = () => useQuery(discountsQueryOptions());
