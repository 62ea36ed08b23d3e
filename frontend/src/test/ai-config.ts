import type { AiConfig } from '../features/ai-config/api/get-ai-config';
import { makeLicense } from './licenses';

/** A bound seat, and the address of its AI settings. */
export const AI_SEAT = makeLicense({ id: 'lic-1', seatIndex: 1, websiteUrl: 'https://a.com' });
export const AI_CONFIG_URL = '/api/apitokens/licenses/lic-1/ai-config';

/** Nothing saved yet. */
export const NO_AI_CONFIG: AiConfig = {
  baseUrl: null,
  maskedApiKey: null,
  lastUpdated: null,
  model: null,
};

/** The server's answer to 'test and save' when the provider answered. */
export const AI_SAVED_OK = {
  message: 'verified, configuration saved',
  model: 'dev-chat',
  aiConfigStatus: {
    configured: true,
    lastUpdated: null,
    maskedApiKey: 'sk-e****7890',
    baseUrl: '',
  },
};
