import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { DISCOUNTS_PATH, discountsQueryKey } from './get-discounts';

export function deleteDiscount(id: string) {
  return api.DELETE(`${DISCOUNTS_PATH}/{id}`, { params: { path: { id } } });
}

export function useDeleteDiscount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(i18n.t('adminDiscounts:deleted'));
      return client.invalidateQueries({ queryKey: discountsQueryKey });
    },
    onError: (error) => notifyError(error, adminRequestFailed()),
  });
}
