import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { VIP_EMAILS_PATH, vipEmailsQueryKey } from './get-vip-emails';

export function addVipEmail(email: string) {
  return api.POST(VIP_EMAILS_PATH, { body: { email: email.trim() } });
}

/** Adds one address; toasts 'Email added to VIP list' (in the active language), or the refusal ('Email is already in VIP list' ...) worded by describeError, else '请求失败'. */
export function useAddVipEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addVipEmail,
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(i18n.t('adminVip:add.done'));
      return client.invalidateQueries({ queryKey: vipEmailsQueryKey });
    },
    onError: (error) => notifyError(error, adminRequestFailed()),
  });
}
