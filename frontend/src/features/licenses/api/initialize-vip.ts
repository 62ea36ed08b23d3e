import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { LICENCES_PATH, licencesQueryKey } from './get-licenses';

/** The VIP initialisation's answer (spec §7); the dashboard reads `isVipEligible`. */
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
 * Called by the dashboard's loader (spec §2, §7): the user is VIP when the call answers ok and eligible
 * (200 or 201; not-eligible users get 200 with isVipEligible false); failures are ignored (false). Only an
 * eligible user can have just been granted seats, so only then are the licence lists refreshed.
 * Kept outside ['licenses'] so refreshing the licences does not post again.
 */
export const vipInitializationQueryOptions = (client: QueryClient) =>
  queryOptions({
    queryKey: vipInitializationQueryKey,
    queryFn: async ({ signal }): Promise<boolean> => {
      let answer: InitializeVipResponse | null;
      try {
        answer = await initializeVip(signal);
      } catch {
        return false;
      }
      if (answer?.isVipEligible !== true) return false;
      // A licence fetch still in flight may predate the grant: drop it rather than join it.
      await client.cancelQueries({ queryKey: licencesQueryKey });
      await client.invalidateQueries({ queryKey: licencesQueryKey });
      return true;
    },
    meta: { silent: true },
  });

export const useVipInitialization = (client: QueryClient) =>
  useQuery(vipInitializationQueryOptions(client));
