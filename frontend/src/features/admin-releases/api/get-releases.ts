import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

// TODO(api:generate): these follow the contract of GET /api/admin/releases (docs/wordpress.md) until the
// route is in api/openapi.json; then they become aliases in lib/api/types.ts.
export type ReleaseKind = 'plugins' | 'themes';

/** One uploaded (or seeded) version of a plugin or theme. */
export interface Release {
  id: string;
  kind: ReleaseKind;
  slug: string;
  name: string;
  version: string;
  /** Markdown. */
  changelog: string;
  requires: string;
  tested: string;
  requiresPhp: string;
  fileName: string;
  /** Bytes. */
  size: number;
  sha256: string;
  current: boolean;
  source: 'seed' | 'upload';
  /** The admin's e-mail; null for a seeded version. */
  uploadedBy: string | null;
  createdAt: string;
}

/** A product the store serves, its current release and its history (newest first). */
export interface ReleaseProduct {
  kind: ReleaseKind;
  slug: string;
  name: string;
  current: Release | null;
  releases: Release[];
}

export interface ReleaseList {
  /** The largest zip the server takes, in bytes. */
  maxBytes: number;
  products: ReleaseProduct[];
}

export const ADMIN_RELEASES_PATH = '/api/admin/releases';
export const adminReleasesQueryKey = ['admin', 'releases'] as const;

/** GET /api/admin/releases: every product with its current release and history, and the size limit. */
export const adminReleasesQueryOptions = () =>
  queryOptions({
    queryKey: adminReleasesQueryKey,
    queryFn: ({ signal }) => apiClient.get<ReleaseList>(ADMIN_RELEASES_PATH, { signal }),
    // The page shows the failure in place, with a retry.
    meta: { silent: true },
  });

export const useAdminReleases = () => useQuery(adminReleasesQueryOptions());
