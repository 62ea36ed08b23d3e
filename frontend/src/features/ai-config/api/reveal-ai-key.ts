import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import { notifyError } from '../../../lib/notify';
import { LICENSES_PATH } from '../../../lib/api/licenses';

/** 'failed to get API Key' (docs/product.md#errors) in the active language. */
const revealFailed = () => i18n.t('ai:config.revealFailed');

/** The saved key in plain text (docs/product.md#calls reveal). Any failure reads 'failed to get API Key' (docs/product.md#errors). */
export async function revealAiKey(licenseId: string): Promise<string> {
  let plainApiKey: string;
  try {
    ({ plainApiKey } = await api.POST(`${LICENSES_PATH}/{id}/ai-config/reveal`, {
      params: { path: { id: licenseId } },
    }));
  } catch {
    throw new Error(revealFailed());
  }
  if (!plainApiKey) throw new Error(revealFailed());
  return plainApiKey;
}

/** A failure toasts 'failed to get API Key' (here rather than through the global handler). */
export const useRevealAiKey = () =>
  useMutation({
    mutationFn: revealAiKey,
    meta: { silent: true },
    onError: () => notifyError(revealFailed()),
  });
