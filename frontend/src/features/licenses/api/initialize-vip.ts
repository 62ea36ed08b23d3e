import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { LICENSES_PATH } from '../../../lib/api/licenses';
import { licensesQueryKey } from '../../../lib/api/query-keys';

export const vipInitializationQueryKey = ['vip-initialization'] as const;

/** The VIP initialisation (docs/product.md#calls): 201 granted, else 200; the dashboard reads `isVipEligible`. */
export function initializeVip(signal?: AbortSignal) {
  return api.POST(`${LICENSES_PATH}/initialize-vip`, { signal });
}

/**
 * Called by the dashboard's loader (docs/product.md#screens, #calls): the user is VIP when the call answers ok and eligible
 * (200 or 201; not-eligible users get 200 with isVipEligible false); failures are ignored (false). Only an
 * eligible user can have just been granted seats, so only then are the licence lists refreshed.
 * Kept outside ['licenses'] so refreshing the licences does not post again.
 */
export const vipInitializationQueryOptions = (client: QueryClient) =>
  queryOptions({
    queryKey: vipInitializationQueryKey,
    queryFn: async ({ signal }): Promise<boolean> => {
      let eligible: boolean;
      try {
        eligible = (await initializeVip(signal)).isVipEligible;
      } catch {
        return false;
      }
      if (!eligible) return false;
      // A licence fetch still in flight may predate the grant: drop it rather than join it.
      await client.cancelQueries({ queryKey: licensesQueryKey });
      await client.invalidateQueries({ queryKey: licensesQueryKey });
      return true;
    },
    meta: { silent: true },
  });
