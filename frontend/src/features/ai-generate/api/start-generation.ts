import { useMutation } from '@tanstack/react-query';
import { apiClient, errorMessage, isApiError } from '../../../lib/api-client';

/** Spec §7 POST /api/ai/generate: the provider to use and what to generate. */
export interface GenerationConfig {
  api_key: string;
  base_url: string;
  model: string;
}

export interface GenerationRequest {
  user_prompt: string;
  selected_code: string;
  stream: boolean;
}

export interface StartGenerationBody {
  config: GenerationConfig;
  request: GenerationRequest;
}

export interface StartGenerationResult {
  workflowId: string;
}

export const GENERATE_PATH = '/api/ai/generate';

export function startGeneration(body: StartGenerationBody): Promise<StartGenerationResult> {
  return apiClient.post<StartGenerationResult>(GENERATE_PATH, body);
}

/** Spec §8: a failed request reads 'Request failed: {status}' (a network failure has no status). */
export function requestFailedMessage(error: unknown): string {
  if (isApiError(error) && error.status > 0) return `Request failed: ${error.status}`;
  return errorMessage(error);
}

/** The server's own words for a failed request (e.g. 'User not authenticated'), shown underneath. */
export function requestFailedDetail(error: unknown): string | undefined {
  if (!isApiError(error) || error.status <= 0) return undefined;
  if (!error.body || typeof error.body !== 'object') return undefined;
  return error.message.trim() || undefined;
}

/** Starts a generation workflow. The page shows failures itself (silent here). */
export const useStartGeneration = () =>
  useMutation({ mutationFn: startGeneration, meta: { silent: true } });
