import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { AiConfig } from '../../../lib/api/types';
import { LICENCES_PATH, licencesQueryKey } from '../../licenses/api/get-licenses';

/** A seat's saved AI configuration (spec §7): the key only masked. */
export type { AiConfig } from '../../../lib/api/types';

/** Under ['licenses'], so whatever refreshes the licences refreshes this too (and sign-out drops it). */
export const aiConfigQueryKey = (licenceId: string) =>
  [...licencesQueryKey, licenceId, 'ai-config'] as const;

export function getAiConfig(licenceId: string, signal?: AbortSignal): Promise<AiConfig> {
  return api.GET(`${LICENCES_PATH}/{id}/ai-config`, {
    params: { path: { id: licenceId } },
    signal,
  });
}

/**
 * Read when the modal opens (always fresh). Silent: the modal falls back to the licence list's
 * aiConfigStatus and says the saved configuration could not be loaded.
 */
export const aiConfigQueryOptions = (licenceId: string) =>
  queryOptions({
    queryKey: aiConfigQueryKey(licenceId),
    queryFn: ({ signal }) => getAiConfig(licenceId, signal),
    staleTime: 0,
    meta: { silent: true },
  });

export const useAiConfig = (licenceId: string) => useQuery(aiConfigQueryOptions(licenceId));
