import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import { describeError } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notify';
import { LICENSES_PATH } from '../../../lib/api/licenses';
import { licensesQueryKey } from '../../../lib/api/query-keys';

export interface BindVariables {
  licenseId: string;
  websiteUrl: string;
}

/**
 * docs/product.md#errors: a bind failure shows the server's text (its code's text in the errors
 * catalogue), else 'Failed to bind license' (console:bind.failed) in the active language.
 */
export const bindFailedText = () => i18n.t('console:bind.failed');

export function bindLicense({ licenseId, websiteUrl }: BindVariables) {
  return api.POST(`${LICENSES_PATH}/{id}/bind`, {
    params: { path: { id: licenseId } },
    body: { websiteUrl },
  });
}

/** A bind failure as the field under the input shows it (bindFailedText when the server explained nothing). */
export const bindErrorText = (error: unknown) => describeError(error, bindFailedText());

/**
 * Binds or rebinds a seat; toasts 'bound' / 'rebound' and refreshes every licence list. A failure is
 * not toasted: the editor shows it under its field (bindErrorText), where the customer is looking.
 */
export function useBindLicense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindLicense,
    meta: { silent: true },
    onSuccess: (result) =>
      notifySuccess(
        result.action === 'bound' ? i18n.t('console:bind.bound') : i18n.t('console:bind.rebound'),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: licensesQueryKey }),
  });
}
