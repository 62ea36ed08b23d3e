import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminPlansQueryOptions } from '../../../lib/api/admin-plans';
import { api } from '../../../lib/api/client';
import { adminPlansQueryKey, plansQueryKey } from '../../../lib/api/query-keys';
import type { UpdatePlanBody } from '../../../lib/api/types';
import { i18n } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';

export type { AdminPlan, UpdatePlanBody } from '../../../lib/api/types';

export const useAdminPlans = () => useQuery(adminPlansQueryOptions());

/** Replaces one plan's editable row (PUT /api/admin/plans/:tier); the customers' plan list follows at once. */
export function useUpdatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tier, body }: { tier: string; body: UpdatePlanBody }) =>
      api.PUT('/api/admin/plans/{tier}', { params: { path: { tier } }, body }),
    // The form shows the refusal beside its fields.
    meta: { silent: true },
    onSuccess: () => {
      notifySuccess(i18n.t('adminPlans:saved'));
      return Promise.all([
        client.invalidateQueries({ queryKey: adminPlansQueryKey }),
        client.invalidateQueries({ queryKey: plansQueryKey }),
      ]);
    },
  });
}
