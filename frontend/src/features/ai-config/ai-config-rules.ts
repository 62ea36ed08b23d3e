import { isHttpUrl } from '../../lib/ai-provider';
import { i18n } from '../../lib/i18n';
import type { AiConfigStatus } from '../../lib/api/licenses';
import type { AiConfig } from './api/get-ai-config';

/** The AI config form (docs/product.md#data AI config update payload, §5 AI config). */
export interface AiConfigFormValues {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/**
 * Client rules: API Key and API URL required (the URL an http(s) one); the model is optional. The
 * texts ('please enter API Key', 'please enter API URL', 'API URL must start with http:// or
 * https://') in the active language, from the ai catalogue.
 */
export const aiConfigFormRules = {
  apiKey: (value: string) => (value.trim() ? null : i18n.t('ai:config.apiKeyRequired')),
  baseUrl: (value: string) => {
    if (!value.trim()) return i18n.t('ai:config.apiUrlRequired');
    return isHttpUrl(value) ? null : i18n.t('ai:config.apiUrlScheme');
  },
};

/**
 * Where the form starts: the saved URL (else empty, with an example as placeholder), the saved model,
 * and an empty key (the server never sends it back; reveal fetches it on request).
 */
export function initialAiConfigValues(
  saved: Pick<AiConfig, 'baseUrl' | 'model'> | Pick<AiConfigStatus, 'baseUrl'> | null | undefined,
): AiConfigFormValues {
  return {
    baseUrl: saved?.baseUrl || '',
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
