import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import { TOKEN_PATH, tokenQueryKey, type TokenResponse } from './get-token';

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
    meta: { errorText: i18n.t('console:token.regenerateFailed') },
    onSuccess: (token) => client.setQueryData(tokenQueryKey, token),
  });
}
