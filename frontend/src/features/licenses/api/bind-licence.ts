import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LICENCES_PATH, licencesQueryKey } from './get-licenses';

export type { BindResult } from '../../../lib/api/types';

export interface BindVariables {
  licenceId: string;
  websiteUrl: string;
}

/** Spec §8: a bind failure toasts the server's text, else 'Failed to bind license'. */
export const BIND_FAILED = 'Failed to bind license';

export function bindLicence({ licenceId, websiteUrl }: BindVariables) {
  return api.POST(`${LICENCES_PATH}/{id}/bind`, {
    params: { path: { id: licenceId } },
    body: { websiteUrl },
  });
}

/** Binds or rebinds a seat; toasts 'bound' / 'rebound' or the failure, and refreshes every licence list. */
export function useBindLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindLicence,
    meta: { silent: true },
    onSuccess: (result) => notifySuccess(result.action === 'bound' ? 'bound' : 'rebound'),
    onError: (error) => notifyError(error, BIND_FAILED),
    onSettled: () => client.invalidateQueries({ queryKey: licencesQueryKey }),
  });
}
