import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Dashboard } from '../../../lib/api/types';

export type {
  Dashboard,
  DashboardFigures,
  DashboardPeriod,
  DashboardSlice,
} from '../../../lib/api/types';

export const dashboardQueryKey = ['admin', 'dashboard'] as const;

/** The seller's dashboard (docs/product.md, "Dashboard /admin"). The page shows its own states. */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }): Promise<Dashboard> => api.GET('/api/admin/dashboard', { signal }),
    meta: { silent: true },
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
