import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyError } from './notify';

/**
 * Per-query and per-mutation options read by the global error handler:
 * - `silent`: the caller shows (or deliberately hides) its own error, no toast;
 * - `errorMessage`: shown when the server did not explain the failure (describeError's fallback);
 * - `errorText`: shown whatever the failure (a spec text naming what failed, e.g. 'Failed to fetch orders').
 */
export interface AppMeta extends Record<string, unknown> {
  silent?: boolean;
  errorMessage?: string;
  errorText?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

const MINUTE = 60_000;

export function handleError(error: unknown, meta: AppMeta | undefined) {
  if (meta?.silent) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (meta?.errorText) notifyError(meta.errorText);
  else notifyError(error, meta?.errorMessage);
}

/** The app's query client (docs/product.md#constants): fresh 5 min, kept 30 min, no retry, no refetch on focus. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handleError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 5 * MINUTE,
        gcTime: 30 * MINUTE,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
