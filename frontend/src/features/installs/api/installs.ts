import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { InstallSites, InstallsDashboard } from '../../../lib/api/types';

export type {
  InstallCount,
  InstallSite,
  InstallSites,
  InstallsDashboard,
  ProductInstalls,
} from '../../../lib/api/types';

/** The admin dashboard's install insights (docs/insights.md, "The dashboard"). */
export const installsDashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'installs'] as const,
    queryFn: ({ signal }): Promise<InstallsDashboard> => api.GET('/api/admin/installs', { signal }),
    meta: { silent: true },
  });

export const useInstallsDashboard = () => useQuery(installsDashboardQueryOptions());

/** One customer's sites, for the admin customer page. */
export const customerSitesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'installs', 'customer', userId] as const,
    queryFn: ({ signal }): Promise<InstallSites> =>
      api.GET('/api/admin/installs/customers/{userId}', {
        params: { path: { userId } },
        signal,
      }),
    meta: { silent: true },
  });

export const useCustomerSites = (userId: string) => useQuery(customerSitesQueryOptions(userId));

/** The signed-in customer's own sites, for the console's seats. */
export const mySitesQueryOptions = () =>
  queryOptions({
    queryKey: ['installs', 'mine'] as const,
    queryFn: ({ signal }): Promise<InstallSites> => api.GET('/api/installs/mine', { signal }),
    meta: { silent: true },
  });

export const useMySites = () => useQuery(mySitesQueryOptions());
