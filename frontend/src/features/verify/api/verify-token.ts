import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export type { VerifyTokenResponse } from '../../../lib/api/types';

export const VERIFY_TOKEN_PATH = '/api/verify-token';

export function verifyToken(token: string) {
  return api.POST(VERIFY_TOKEN_PATH, { body: { token } });
}

/** The page shows its own toasts ('Failed to verify token' on failure). */
export const useVerifyToken = () =>
  useMutation({ mutationFn: verifyToken, meta: { silent: true } });
