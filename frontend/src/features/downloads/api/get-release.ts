import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema';

export type CurrentRelease = components['schemas']['CurrentReleaseDto'];
export type ReleaseKind = CurrentRelease['kind'];

export const releaseQueryKey = (kind: ReleaseKind, slug: string) =>
  ['release', kind, slug] as const;

/** A product's current release: version, requirements and Markdown changelog (docs/wordpress.md). */
export function getCurrentRelease(
  kind: ReleaseKind,
  slug: string,
  signal?: AbortSignal,
): Promise<CurrentRelease> {
  return api.GET('/api/wp-updates/{kind}/{product}/release', {
    params: { path: { kind, product: slug } },
    signal,
  });
}

/**
 * For the downloads block: a failure is shown in the card ('version information is unavailable'), not
 * as a toast; the download itself does not depend on it.
 */
export const useCurrentRelease = (kind: ReleaseKind, slug: string) =>
  useQuery(
    queryOptions({
      queryKey: releaseQueryKey(kind, slug),
      queryFn: ({ signal }) => getCurrentRelease(kind, slug, signal),
      meta: { silent: true },
    }),
  );
