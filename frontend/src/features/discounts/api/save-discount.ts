import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import type { SaveDiscountBody } from '../../../lib/api/types';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { DISCOUNTS_PATH, discountsQueryKey } from './get-discounts';

export type { SaveDiscountBody } from '../../../lib/api/types';

/** docs/product.md#calls: with an id it edits that discount, without one it creates a new one. */
export function saveDiscount(body: SaveDiscountBody) {
  return api.POST(DISCOUNTS_PATH, { body });
}

export function useSaveDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDiscount,
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(i18n.t('adminDiscounts:saved'));
      return client.invalidateQueries({ queryKey: discountsQueryKey });
    },
    onError: (error) => notifyError(error, adminRequestFailed()),
  });
}
