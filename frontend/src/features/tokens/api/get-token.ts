import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { TokenResponse } from '../../../lib/api/types';

export type { TokenResponse } from '../../../lib/api/types';

export const tokenQueryKey = ['token'] as const;
export const TOKEN_PATH = '/api/apitokens/token';

/** The user's activation code; the server creates it on the first fetch. */
export async function getToken(signal?: AbortSignal): Promise<TokenResponse> {
  return api.GET(TOKEN_PATH, { signal });
}

/**
 * Failures surface in the page ('error loading data: Failed to fetch user token' (console:token.fetchFailed), or a redirect to login
 * on 401: see useDashboardLoader), not as a toast.
 */
export const tokenQueryOptions = () =>
  queryOptions({
    queryKey: tokenQueryKey,
    queryFn: ({ signal }) => getToken(signal),
    meta: { silent: true },
  });

/**
 * For the dashboard's blocks, which mount once the loader has its answer: an error stays shown rather than
 * being fetched again at once (the loader itself fetches again when the page is opened again).
 */
export const useToken = () => useQuery({ ...tokenQueryOptions(), retryOnMount: false });
