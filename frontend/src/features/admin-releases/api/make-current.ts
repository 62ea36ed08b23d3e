import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { i18n } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { adminReleasesQueryKey, type Release } from './get-releases';

/**
 * POST /api/admin/releases/:id/current: sites are offered this version from now on (a rollback when it
 * is older than the current one). Already current: the server answers the same release.
 */
export function useMakeCurrent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (release: Pick<Release, 'id'>) =>
      api.POST('/api/admin/releases/{id}/current', { params: { path: { id: release.id } } }),
    // The confirmation shows the refusal.
    meta: { silent: true },
    onSuccess: (release) => {
      notifySuccess(
        i18n.t('releases:madeCurrent', { name: release.name, version: release.version }),
      );
      return client.invalidateQueries({ queryKey: adminReleasesQueryKey });
    },
  });
}
