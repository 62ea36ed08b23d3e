import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { licensesQueryKey } from './query-keys';
import type { License, LicenseList } from './types';

export type { AiConfigStatus, License, LicenseList, SeatSummary } from './types';

export const LICENSES_PATH = '/api/apitokens/licenses';

/**
 * The seats and the server's seat count for the table header (docs/product.md#states). A failure shows as 'Failed to
 * fetch licenses' (console:seats.fetchFailed) where the list is shown (docs/product.md#errors); a 401 sends the user to login.
 */
export function getLicenseList(signal?: AbortSignal): Promise<LicenseList> {
  return api.GET(LICENSES_PATH, { signal });
}

export async function getLicenses(signal?: AbortSignal): Promise<License[]> {
  return (await getLicenseList(signal)).licenses;
}

/**
 * The licence list and seat summary for the dashboard. Failures surface in the page ('error loading
 * data: Failed to fetch licenses', or a redirect to login on 401), not as a toast.
 */
export const licensesQueryOptions = () =>
  queryOptions({
    queryKey: licensesQueryKey,
    queryFn: ({ signal }) => getLicenseList(signal),
    meta: { silent: true },
  });

/**
 * The same list for the user menu (docs/product.md#errors: a failing licence call in the menu is silent and counts as
 * an empty list). Its key sits under ['licenses'], so invalidating the licences refreshes it too.
 */
export const menuLicensesQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: [...licensesQueryKey, 'menu'] as const,
    queryFn: ({ signal }) => getLicenses(signal).catch((): License[] => []),
    enabled,
    meta: { silent: true },
  });

/**
 * For the dashboard's blocks, which mount once the loader has its answer: an error stays shown rather than
 * being fetched again at once (the loader itself fetches again when the page is opened again).
 */
export const useLicenses = () => useQuery({ ...licensesQueryOptions(), retryOnMount: false });
