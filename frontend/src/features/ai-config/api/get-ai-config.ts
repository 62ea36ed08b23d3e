import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { AiConfig } from '../../../lib/api/types';
import { LICENSES_PATH } from '../../../lib/api/licenses';
import { licensesQueryKey } from '../../../lib/api/query-keys';

/** A seat's saved AI configuration (docs/product.md#calls): the key only masked. */
export type { AiConfig } from '../../../lib/api/types';

/** Under ['licenses'], so whatever refreshes the licences refreshes this too (and sign-out drops it). */
export const aiConfigQueryKey = (licenseId: string) =>
  [...licensesQueryKey, licenseId, 'ai-config'] as const;

export function getAiConfig(licenseId: string, signal?: AbortSignal): Promise<AiConfig> {
  return api.GET(`${LICENSES_PATH}/{id}/ai-config`, {
    params: { path: { id: licenseId } },
    signal,
  });
}

/**
 * Read when the modal opens (always fresh). Silent: the modal falls back to the licence list's
 * aiConfigStatus and says the saved configuration could not be loaded.
 */
export const aiConfigQueryOptions = (licenseId: string) =>
  queryOptions({
    queryKey: aiConfigQueryKey(licenseId),
    queryFn: ({ signal }) => getAiConfig(licenseId, signal),
    staleTime: 0,
    meta: { silent: true },
  });

export const useAiConfig = (licenseId: string) => useQuery(aiConfigQueryOptions(licenseId));
