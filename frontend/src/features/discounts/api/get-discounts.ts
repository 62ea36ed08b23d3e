import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient, serverMessage } from '../../../lib/api-client';

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

/** Spec §8: admin calls show the server's text, else '请求失败'. */
export const ADMIN_REQUEST_FAILED = '请求失败';

export const adminErrorMessage = (error: unknown): string =>
  serverMessage(error) ?? ADMIN_REQUEST_FAILED;

/** Re-throws a failed admin call with the text to show, keeping its status. */
export function withAdminMessage(error: unknown): never {
  if (error instanceof ApiError)
    throw new ApiError(error.status, adminErrorMessage(error), error.statusText, error.body);
  throw error;
}

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
