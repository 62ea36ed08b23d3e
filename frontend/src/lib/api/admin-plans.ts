import { queryOptions } from '@tanstack/react-query';
import { adminRequestFailed } from '../admin-errors';
import { api } from './client';
import { adminPlansQueryKey } from './query-keys';
import type { AdminPlanList } from './types';

/**
 * The admin's plan table (GET /api/admin/plans): the plan editor shows it and the discount form offers its
 * plans, so it lives here rather than in either feature (docs/architecture.md#boundaries).
 */
export const adminPlansQueryOptions = () =>
  queryOptions({
    queryKey: adminPlansQueryKey,
    queryFn: ({ signal }): Promise<AdminPlanList> => api.GET('/api/admin/plans', { signal }),
    meta: { errorMessage: adminRequestFailed() },
  });
