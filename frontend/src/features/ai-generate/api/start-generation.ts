import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { api } from '../../../lib/api/client';
import { describeError } from '../../../lib/errors';
import { i18n } from '../../../lib/i18n';
import type { StartGenerationBody } from '../../../lib/api/types';

/** docs/product.md#calls POST /api/ai/generate: the provider to use and what to generate. */
export type { StartGenerationBody } from '../../../lib/api/types';

export const GENERATE_PATH = '/api/ai/generate';

export function startGeneration(body: StartGenerationBody) {
  return api.POST(GENERATE_PATH, { body });
}

/**
 * docs/product.md#errors: a failed request reads 'Request failed: {status}' (ai:generate.requestFailed,
 * in the active language; a network failure has no status).
 */
export function requestFailedMessage(error: unknown): string {
  if (isApiError(error) && error.status > 0)
    return i18n.t('ai:generate.requestFailed', { status: error.status });
  return describeError(error);
}

/** The server's own words for a failed request (e.g. 'User not authenticated'), shown underneath. */
export function requestFailedDetail(error: unknown): string | undefined {
  if (!isApiError(error) || error.status <= 0) return undefined;
  if (!error.body || typeof error.body !== 'object') return undefined;
  return describeError(error);
}

/** Starts a generation workflow. The page shows failures itself (silent here). */
export const useStartGeneration = () =>
  useMutation({ mutationFn: startGeneration, meta: { silent: true } });
