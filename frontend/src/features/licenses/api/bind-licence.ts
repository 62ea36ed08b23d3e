import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { api } from '../../../lib/api/client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { LICENCES_PATH, licencesQueryKey } from './get-licenses';

export type { BindResult } from '../../../lib/api/types';

export interface BindVariables {
  licenceId: string;
  websiteUrl: string;
}

export const BIND_FAILED = 'Failed to bind license';

export function bindLicence({ licenceId, websiteUrl }: BindVariables) {
  return api.POST(`${LICENCES_PATH}/{id}/bind`, {
    params: { path: { id: licenceId } },
    body: { websiteUrl },
  });
}

const text = (value: unknown): string | undefined => {
  if (Array.isArray(value)) return text(value[0]);
  return typeof value === 'string' && value.trim() ? value : undefined;
};

/**
 * The bind failure toast (spec §8): error.message, else message, else the error string, else
 * 'Failed to bind license'. Read from the server's answer first, then from the thrown error; a
 * network failure (no answer) falls through to the fallback.
 */
export function bindErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    const body = error.body as { error?: unknown; message?: unknown } | null | undefined;
    if (body && typeof body === 'object') {
      const nested =
        body.error && typeof body.error === 'object'
          ? text((body.error as { message?: unknown }).message)
          : undefined;
      return nested ?? text(body.message) ?? text(body.error) ?? BIND_FAILED;
    }
    // No JSON answer: the client's own reading of it (status text), or nothing at all (network).
    return error.status > 0 ? (text(error.message) ?? BIND_FAILED) : BIND_FAILED;
  }
  if (error instanceof Error) return text(error.message) ?? BIND_FAILED;
  return text(error) ?? BIND_FAILED;
}

/** Binds or rebinds a seat; toasts 'bound' / 'rebound' or the failure, and refreshes every licence list. */
export function useBindLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindLicence,
    meta: { silent: true },
    onSuccess: (result) => notifySuccess(result.action === 'bound' ? 'bound' : 'rebound'),
    onError: (error) => notifyError(bindErrorMessage(error)),
    onSettled: () => client.invalidateQueries({ queryKey: licencesQueryKey }),
  });
}
