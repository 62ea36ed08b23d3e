import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_REQUEST_FAILED, withAdminMessage } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import type { Discount } from '../../../lib/api/types';

export type { Discount } from '../../../lib/api/types';
export type DiscountTier = Discount['tier'];

export const DISCOUNTS_PATH = '/api/subscriptions/admin/subscriptions/discounts';
export const discountsQueryKey = ['admin', 'discounts'] as const;

export async function getDiscounts(signal?: AbortSignal): Promise<Discount[]> {
  try {
    return (await api.GET(DISCOUNTS_PATH, { signal })).discounts;
  } catch (error) {
    return withAdminMessage(error);
  }
}

/** A failure toasts through the global handler and shows in the page. */
export const discountsQueryOptions = () =>
  queryOptions({
    queryKey: discountsQueryKey,
    queryFn: ({ signal }) => getDiscounts(signal),
    meta: { errorMessage: ADMIN_REQUEST_FAILED },
  });

export const useDiscounts = () => useQuery(discountsQueryOptions());
