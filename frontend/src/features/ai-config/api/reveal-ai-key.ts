import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { aiConfigPath } from './get-ai-config';

export const REVEAL_FAILED = 'failed to get API Key';

/** The saved key in plain text (spec §7 reveal). Any failure reads 'failed to get API Key' (spec §8). */
export async function revealAiKey(licenceId: string): Promise<string> {
  let answer: { plainApiKey?: unknown } | null;
  try {
    answer = await apiClient.post<{ plainApiKey?: unknown }>(`${aiConfigPath(licenceId)}/reveal`);
  } catch {
    throw new Error(REVEAL_FAILED);
  }
  if (typeof answer?.plainApiKey !== 'string' || !answer.plainApiKey)
    throw new Error(REVEAL_FAILED);
  return answer.plainApiKey;
}

/** A failure toasts 'failed to get API Key' (here rather than through the global handler). */
export const useRevealAiKey = () =>
  useMutation({
    mutationFn: revealAiKey,
    meta: { silent: true },
    onError: () => notifyError(REVEAL_FAILED),
  });
