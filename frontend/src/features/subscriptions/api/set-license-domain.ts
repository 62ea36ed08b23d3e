import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequestFailed } from '../../../lib/admin-errors';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { SUBSCRIPTIONS_PATH, subscriptionUsersQueryKey } from './get-subscription-users';
import { licensesQueryKey } from '../../../lib/api/query-keys';

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
      notifySuccess(
        i18n.t(
          websiteUrl ? 'adminSubscriptions:domain.updated' : 'adminSubscriptions:domain.unbound',
        ),
      );
      // The admin's own console may show the seat too.
      void client.invalidateQueries({ queryKey: licensesQueryKey });
      return client.invalidateQueries({ queryKey: subscriptionUsersQueryKey });
    },
    onError: (error) => notifyError(error, adminRequestFailed()),
  });
}
