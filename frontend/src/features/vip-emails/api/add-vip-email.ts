import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { VIP_EMAILS_PATH, vipEmailsQueryKey } from './get-vip-emails';

export const VIP_EMAIL_ADDED = 'Email added to VIP list';

export function addVipEmail(email: string) {
  return api.POST(VIP_EMAILS_PATH, { body: { email: email.trim() } });
}

/** Adds one address; toasts the server's answer ('Email is already in VIP list' ...) or '请求失败'. */
export function useAddVipEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addVipEmail,
    meta: { silent: true },
    onSuccess: (answer) => {
      notifySuccess(answer?.message || VIP_EMAIL_ADDED);
      return client.invalidateQueries({ queryKey: vipEmailsQueryKey });
    },
    onError: (error) => notifyError(error, ADMIN_REQUEST_FAILED),
  });
}
