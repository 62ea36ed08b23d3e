import { DEFAULT_AI_API_URL, isHttpUrl } from '../../lib/ai-provider';
import type { AiConfigStatus } from '../licenses/api/get-licenses';
import type { AiConfig } from './api/get-ai-config';

/** The AI config form (docs/product.md#data AI config update payload, §5 AI config). */
export interface AiConfigFormValues {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export const AI_CONFIG_VALIDATION = {
  apiKey: 'please enter API Key',
  baseUrl: 'please enter API URL',
  baseUrlScheme: 'API URL must start with http:// or https://',
} as const;

/** Client rules: API Key and API URL required (the URL an http(s) one); the model is optional. */
export const aiConfigFormRules = {
  apiKey: (value: string) => (value.trim() ? null : AI_CONFIG_VALIDATION.apiKey),
  baseUrl: (value: string) => {
    if (!value.trim()) return AI_CONFIG_VALIDATION.baseUrl;
    return isHttpUrl(value) ? null : AI_CONFIG_VALIDATION.baseUrlScheme;
  },
};

/**
 * Where the form starts: the saved URL (else the default gateway), the saved model, and an empty key
 * (the server never sends it back; reveal fetches it on request).
 */
export function initialAiConfigValues(
  saved: Pick<AiConfig, 'baseUrl' | 'model'> | Pick<AiConfigStatus, 'baseUrl'> | null | undefined,
): AiConfigFormValues {
  return {
    baseUrl: saved?.baseUrl || DEFAULT_AI_API_URL,
    apiKey: '',
    model: (saved && 'model' in saved && saved.model) || '',
  };
}

/** Ctrl + Enter, or Cmd + Enter on a Mac, saves the form (docs/product.md#screens). */
export const isSaveShortcut = (event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
}): boolean => event.key === 'Enter' && (event.ctrlKey || event.metaKey);
