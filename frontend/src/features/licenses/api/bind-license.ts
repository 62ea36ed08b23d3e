import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LICENSES_PATH, licensesQueryKey } from './get-licenses';

export type { BindResult } from '../../../lib/api/types';

export interface BindVariables {
  licenseId: string;
  websiteUrl: string;
}

/** docs/product.md#errors: a bind failure toasts the server's text, else 'Failed to bind license'. */
export const BIND_FAILED = 'Failed to bind license';

export function bindLicense({ licenseId, websiteUrl }: BindVariables) {
  return api.POST(`${LICENSES_PATH}/{id}/bind`, {
    params: { path: { id: licenseId } },
    body: { websiteUrl },
  });
}

/** Binds or rebinds a seat; toasts 'bound' / 'rebound' or the failure, and refreshes every licence list. */
export function useBindLicense() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindLicense,
    meta: { silent: true },
    onSuccess: (result) => notifySuccess(result.action === 'bound' ? 'bound' : 'rebound'),
    onError: (error) => notifyError(error, BIND_FAILED),
    onSettled: () => client.invalidateQueries({ queryKey: licensesQueryKey }),
  });
}
