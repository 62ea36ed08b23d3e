import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { GenerationStatus, GenerationStatusAnswer } from '../../../lib/api/types';
import { GENERATE_PATH } from './start-generation';

/** docs/product.md#constants: the status is polled every 3 seconds; the page gives up after 600 seconds. */
export const AI_STATUS_POLL_MS = 3000;
export const AI_GIVE_UP_MS = 600_000;

export type { GenerationStatus } from '../../../lib/api/types';
export type GenerationStatusResponse = GenerationStatusAnswer;

export const isFinished = (status: GenerationStatus | undefined): boolean =>
  status === 'completed' || status === 'failed' || status === 'timed_out';

export const generationStatusQueryKey = (workflowId: string) =>
  ['ai-generate', workflowId, 'status'] as const;

export function getGenerationStatus(
  workflowId: string,
  signal?: AbortSignal,
): Promise<GenerationStatusResponse> {
  return api.GET(`${GENERATE_PATH}/{id}/status`, { params: { path: { id: workflowId } }, signal });
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * A workflow's status, polled every 3 seconds until it is finished (docs/product.md#calls: polling errors are
 * logged and polling goes on). The caller stops it by disabling the query when it gives up.
 */
export const generationStatusQueryOptions = (workflowId: string) =>
  queryOptions({
    queryKey: generationStatusQueryKey(workflowId),
    queryFn: async ({ signal }) => {
      try {
        return await getGenerationStatus(workflowId, signal);
      } catch (error) {
        if (!isAbort(error)) console.warn(`AI workflow ${workflowId}: status check failed`, error);
        throw error;
      }
    },
    meta: { silent: true },
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : AI_STATUS_POLL_MS),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
