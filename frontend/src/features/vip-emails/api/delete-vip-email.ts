import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { VIP_EMAILS_PATH, vipEmailsQueryKey } from './get-vip-emails';

export const VIP_EMAIL_REMOVED = 'Email removed from VIP list';

export function deleteVipEmail(email: string) {
  return api.DELETE(`${VIP_EMAILS_PATH}/{email}`, { params: { path: { email } } });
}

/** Removes an address; toasts the server's answer, or its refusal, else '请求失败'. */
export function useDeleteVipEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVipEmail,
    meta: { silent: true },
    onSuccess: (answer) => {
      notifySuccess(answer?.message || VIP_EMAIL_REMOVED);
      return client.invalidateQueries({ queryKey: vipEmailsQueryKey });
    },
    onError: (error) => notifyError(error, ADMIN_REQUEST_FAILED),
  });
}
