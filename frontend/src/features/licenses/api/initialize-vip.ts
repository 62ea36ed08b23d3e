import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { LICENCES_PATH, licencesQueryKey } from './get-licenses';

/** The VIP initialisation's answer (spec §7); only `ok` matters to the dashboard. */
export interface InitializeVipResponse {
  message?: string;
  isVipEligible?: boolean;
  licenses?: unknown[];
  vipStatus?: unknown;
}

export const vipInitializationQueryKey = ['vip-initialization'] as const;

export function initializeVip(signal?: AbortSignal): Promise<InitializeVipResponse | null> {
  return apiClient.post<InitializeVipResponse | null>(
    `${LICENCES_PATH}/initialize-vip`,
    undefined,
    {
      signal,
    },
  );
}

/**
 * Called by the dashboard's loader (spec §2, §7): an ok answer means the user is VIP, failures are
 * ignored (false). An ok answer may have just granted seats, so the licence lists are refreshed.
 * Kept outside ['licenses'] so refreshing the licences does not post again.
 */
export const vipInitializationQueryOptions = (client: QueryClient) =>
  queryOptions({
    queryKey: vipInitializationQueryKey,
    queryFn: async ({ signal }): Promise<boolean> => {
      try {
        await initializeVip(signal);
      } catch {
        return false;
      }
      // A licence fetch still in flight may predate the grant: drop it rather than join it.
      await client.cancelQueries({ queryKey: licencesQueryKey });
      await client.invalidateQueries({ queryKey: licencesQueryKey });
      return true;
    },
    meta: { silent: true },
  });

export const useVipInitialization = (client: QueryClient) =>
  useQuery(vipInitializationQueryOptions(client));
