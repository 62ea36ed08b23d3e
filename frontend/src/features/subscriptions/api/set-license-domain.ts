import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_REQUEST_FAILED } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { licensesQueryKey } from '../../licenses/api/get-licenses';
import { SUBSCRIPTIONS_PATH, subscriptionUsersQueryKey } from './get-subscription-users';

export const DOMAIN_UPDATED = 'domain updated';
export const DOMAIN_UNBOUND = 'domain unbound';

export interface SetDomainVariables {
  licenseId: string;
  /** null unbinds the seat. */
  websiteUrl: string | null;
}

export function setLicenseDomain({ licenseId, websiteUrl }: SetDomainVariables) {
  return api.PATCH(`${SUBSCRIPTIONS_PATH}/licenses/{id}/domain`, {
    params: { path: { id: licenseId } },
    body: { websiteUrl },
  });
}

/**
 * An admin sets or clears a seat's domain (docs/product.md#screens overview); toasts the outcome, or the server's
 * refusal ('Must be a valid URL', '该域名已绑定到您的永久版/年付版授权') else '请求失败'.
 */
export function useSetLicenseDomain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLicenseDomain,
    meta: { silent: true },
    onSuccess: (_answer, { websiteUrl }) => {
      notifySuccess(websiteUrl ? DOMAIN_UPDATED : DOMAIN_UNBOUND);
      // The admin's own console may show the seat too.
      void client.invalidateQueries({ queryKey: licensesQueryKey });
      return client.invalidateQueries({ queryKey: subscriptionUsersQueryKey });
    },
    onError: (error) => notifyError(error, ADMIN_REQUEST_FAILED),
  });
}
