import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type Tier = 'basic' | 'vip' | 'pro' | 'ultra';
export type LicenceStatus = 'active' | 'expired';

export interface AiConfigStatus {
  configured: boolean;
  lastUpdated: string | null;
  maskedApiKey: string | null;
  baseUrl: string | null;
}

/** A licence seat as the licence list returns it (spec §3 Licence; status and tier drive VIP rights). */
export interface Licence {
  id: string;
  status: LicenceStatus;
  tier: Tier;
  licenseType?: 'yearly' | 'permanent';
  purchaseTier?: Tier;
  seatIndex?: number;
  websiteUrl?: string | null;
  bindingChangesLeft?: number;
  expiresAt?: string | null;
  purchasedAt?: string | null;
  updatedAt?: string;
  aiConfigStatus?: AiConfigStatus;
}

export interface LicencesResponse {
  licenses: Licence[];
}

export const licencesQueryKey = ['licenses'] as const;

export async function getLicences(signal?: AbortSignal): Promise<Licence[]> {
  const answer = await apiClient.get<LicencesResponse>('/api/apitokens/licenses', { signal });
  return answer?.licenses ?? [];
}

/** The licence list for the dashboard: failures surface (toast 'Failed to fetch licenses' when no message). */
export const licencesQueryOptions = () =>
  queryOptions({
    queryKey: licencesQueryKey,
    queryFn: ({ signal }) => getLicences(signal),
    meta: { errorMessage: 'Failed to fetch licenses' },
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

export const useLicences = () => useQuery(licencesQueryOptions());
