import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { VIP_EMAILS_PATH, vipEmailsQueryKey } from './get-vip-emails';

export function deleteVipEmail(email: string) {
  return api.DELETE(`${VIP_EMAILS_PATH}/{email}`, { params: { path: { email } } });
}

/** Removes an address; toasts 'Email removed from VIP list' (in the active language), or the refusal worded by describeError, else '请求失败'. */
export function useDeleteVipEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVipEmail,
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(i18n.t('adminVip:delete.done'));
      return client.invalidateQueries({ queryKey: vipEmailsQueryKey });
    },
    onError: (error) => notifyError(error, adminRequestFailed()),
  });
}
