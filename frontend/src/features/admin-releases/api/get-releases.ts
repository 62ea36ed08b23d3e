import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';

export type { Release, ReleaseList, ReleaseProduct } from '../../../lib/api/types';

export const ADMIN_RELEASES_PATH = '/api/admin/releases';
export const adminReleasesQueryKey = ['admin', 'releases'] as const;

/** GET /api/admin/releases: every product with its current release and history, and the size limit. */
export const adminReleasesQueryOptions = () =>
  queryOptions({
    queryKey: adminReleasesQueryKey,
    queryFn: ({ signal }) => api.GET(ADMIN_RELEASES_PATH, { signal }),
    // The page shows the failure in place, with a retry.
    meta: { silent: true },
  });

export const useAdminReleases = () => useQuery(adminReleasesQueryOptions());
