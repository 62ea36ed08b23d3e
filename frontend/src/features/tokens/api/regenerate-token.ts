import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { TOKEN_PATH, tokenQueryKey, type TokenResponse } from './get-token';

export const REGENERATE_FAILED = 'Failed to regenerate token';

/** Replaces the activation code (200), or creates one (201). */
export async function regenerateToken(): Promise<TokenResponse> {
  const answer = await api.POST(`${TOKEN_PATH}/regenerate`);
  return { ...answer, hasToken: true };
}

/**
 * The answer carries the new code, so it goes straight into the ['token'] cache (no second fetch);
 * a failure toasts 'Failed to regenerate token' through the global handler.
 */
export function useRegenerateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: regenerateToken,
    meta: { errorText: REGENERATE_FAILED },
    onSuccess: (token) => client.setQueryData(tokenQueryKey, token),
  });
}
