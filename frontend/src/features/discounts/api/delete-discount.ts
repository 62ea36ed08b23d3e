import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { DISCOUNTS_PATH, discountsQueryKey } from './get-discounts';

export const DISCOUNT_DELETED = '折扣已删除';

export function deleteDiscount(id: string) {
  return api.DELETE(`${DISCOUNTS_PATH}/{id}`, { params: { path: { id } } });
}

export function useDeleteDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(DISCOUNT_DELETED);
      return client.invalidateQueries({ queryKey: discountsQueryKey });
    },
    onError: (error) => notifyError(error, ADMIN_REQUEST_FAILED),
  });
}
