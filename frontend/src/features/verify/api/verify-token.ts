import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Spec §3 Token verification response. */
export interface VerifyTokenResponse {
  valid: boolean;
  userId: string | null;
  tokenId: string | null;
  message: string;
}

export const VERIFY_TOKEN_PATH = '/api/verify-token';

export function verifyToken(token: string): Promise<VerifyTokenResponse> {
  return apiClient.post<VerifyTokenResponse>(VERIFY_TOKEN_PATH, { token });
}

/** The page shows its own toasts ('Failed to verify token' on failure). */
export const useVerifyToken = () =>
  useMutation({ mutationFn: verifyToken, meta: { silent: true } });
