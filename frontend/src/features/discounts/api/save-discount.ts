import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminErrorMessage } from '../../../lib/admin-errors';
import { apiClient } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import {
  DISCOUNTS_PATH,
  discountsQueryKey,
  type Discount,
  type DiscountTier,
} from './get-discounts';

export const DISCOUNT_SAVED = '折扣已保存';

/** Spec §7: with an id it edits that discount, without one it creates a new one. */
export interface SaveDiscountBody {
  id?: string;
  tier: DiscountTier;
  code: string;
  /** Cents. */
  discountAmount: number;
  startsAt: string | null;
  expiresAt: string | null;
  usageLimit: number | null;
}

export function saveDiscount(body: SaveDiscountBody): Promise<{ discount: Discount }> {
  return apiClient.post<{ discount: Discount }>(DISCOUNTS_PATH, body);
}

export function useSaveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDiscount,
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(DISCOUNT_SAVED);
      return client.invalidateQueries({ queryKey: discountsQueryKey });
    },
    onError: (error) => notifyError(adminErrorMessage(error)),
  });
}
