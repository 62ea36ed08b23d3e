import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_REQUEST_FAILED, withAdminMessage } from '../../../lib/admin-errors';
import { apiClient } from '../../../lib/api-client';

export type DiscountTier = 'basic' | 'pro' | 'ultra';

/** Spec §3 Discount (amount in cents, dates ISO or null). */
export interface Discount {
  id: string;
  tier: DiscountTier;
  code: string;
  discountAmount: number;
  startsAt: string | null;
  expiresAt: string | null;
  usageLimit: number | null;
  usageCount: number;
}

export const DISCOUNTS_PATH = '/api/subscriptions/admin/subscriptions/discounts';
export const discountsQueryKey = ['admin', 'discounts'] as const;

export async function getDiscounts(signal?: AbortSignal): Promise<Discount[]> {
  try {
    const answer = await apiClient.get<{ discounts?: Discount[] } | null>(DISCOUNTS_PATH, {
      signal,
    });
    return answer?.discounts ?? [];
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
