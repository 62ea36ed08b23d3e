import { boundSeatCount, fallbackSeatTotal, type Tier } from '@seatkeeper/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';

export type { Tier } from '@seatkeeper/domain';
export type LicenceStatus = 'active' | 'expired';
export type LicenceType = 'yearly' | 'permanent';

export interface AiConfigStatus {
  configured: boolean;
  lastUpdated: string | null;
  maskedApiKey: string | null;
  baseUrl: string | null;
}

/** A licence seat as the licence list returns it (spec §3 Licence; status and tier drive VIP rights). */
export interface Licence {
  id: string;
  userId: string;
  status: LicenceStatus;
  tier: Tier;
  licenseType: LicenceType;
  purchaseTier: Tier;
  seatIndex: number;
  websiteUrl: string | null;
  bindingChangesLeft: number;
  expiresAt: string | null;
  purchasedAt: string;
  lastBindingChangeAt: string | null;
  orderId: string | null;
  createdAt: string;
  updatedAt: string;
  aiBaseUrl: string | null;
  aiConfigStatus: AiConfigStatus;
}

/** The server's seat count for the table header (spec §4: the plan's seats, else the fallback rule). */
export interface SeatSummary {
  tier: Tier | null;
  /** 'Basic' | 'VIP' | 'Pro' | 'Max', or null without licences. */
  planName: string | null;
  bound: number;
  seatTotal: number;
}

export interface LicencesResponse {
  licenses: Licence[];
  summary?: SeatSummary;
}

export interface LicenceList {
  licenses: Licence[];
  summary: SeatSummary;
}

export const licencesQueryKey = ['licenses'] as const;
export const LICENCES_PATH = '/api/apitokens/licenses';
export const FETCH_LICENCES_FAILED = 'Failed to fetch licenses';

/**
 * A summary for an answer without one: bound seats, and the larger of the highest seat index and the
 * licence count (spec §4's fallback; the server applies the plan's seat count itself).
 */
export function fallbackSummary(licenses: readonly Licence[]): SeatSummary {
  return {
    tier: null,
    planName: null,
    bound: boundSeatCount(licenses),
    seatTotal: fallbackSeatTotal(licenses),
  };
}

export async function getLicenceList(signal?: AbortSignal): Promise<LicenceList> {
  let answer: LicencesResponse | null;
  try {
    answer = await apiClient.get<LicencesResponse>(LICENCES_PATH, { signal });
  } catch (error) {
    // Spec §8: 'Failed to fetch licenses'; the status stays, so a 401 can still send the user to login.
    if (error instanceof ApiError)
      throw new ApiError(error.status, FETCH_LICENCES_FAILED, error.statusText, error.body);
    throw error;
  }
  const licenses = answer?.licenses ?? [];
  return { licenses, summary: answer?.summary ?? fallbackSummary(licenses) };
}

export async function getLicences(signal?: AbortSignal): Promise<Licence[]> {
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
    queryFn: ({ signal }) => getLicences(signal).catch((): Licence[] => []),
    enabled,
    meta: { silent: true },
  });

/**
 * For the dashboard's blocks, which mount once the loader has its answer: an error stays shown rather than
 * being fetched again at once (the loader itself fetches again when the page is opened again).
 */
export const useLicences = () => useQuery({ ...licencesQueryOptions(), retryOnMount: false });
