import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { License, LicenseList } from '../../../lib/api/types';

export type { Tier } from '@seatkeeper/domain';
export type { AiConfigStatus, License, LicenseList, SeatSummary } from '../../../lib/api/types';
/** The names the components still use for the generated License and LicenseList. */
export type Licence = License;
export type LicenceList = LicenseList;

export const licencesQueryKey = ['licenses'] as const;
export const LICENCES_PATH = '/api/apitokens/licenses';
export const FETCH_LICENCES_FAILED = 'Failed to fetch licenses';

/**
 * The seats and the server's seat count for the table header (spec §4). A failure shows as 'Failed to
 * fetch licenses' where the list is shown (spec §8); a 401 sends the user to login.
 */
export function getLicenceList(signal?: AbortSignal): Promise<LicenseList> {
  return api.GET(LICENCES_PATH, { signal });
}

export async function getLicences(signal?: AbortSignal): Promise<License[]> {
  return (await getLicenceList(signal)).licenses;
}

/**
 * The licence list and seat summary for the dashboard. Failures surface in the page ('error loading
 * data: Failed to fetch licenses', or a redirect to login on 401), not as a toast.
 */
export const licencesQueryOptions = () =>
  queryOptions({
    queryKey: licencesQueryKey,
    queryFn: ({ signal }) => getLicenceList(signal),
    meta: { silent: true },
  });

/**
 * The same list for the user menu (spec §8: a failing licence call in the menu is silent and counts as
 * an empty list). Its key sits under ['licenses'], so invalidating the licences refreshes it too.
 */
export const menuLicencesQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: [...licencesQueryKey, 'menu'] as const,
    queryFn: ({ signal }) => getLicences(signal).catch((): License[] => []),
    enabled,
    meta: { silent: true },
  });

/**
 * For the dashboard's blocks, which mount once the loader has its answer: an error stays shown rather than
 * being fetched again at once (the loader itself fetches again when the page is opened again).
 */
export const useLicences = () => useQuery({ ...licencesQueryOptions(), retryOnMount: false });
