import type { AiConfig } from '../features/ai-config/api/get-ai-config';
import { makeLicense } from './licenses';

/** A bound seat. */
export const AI_SEAT = makeLicense({ id: 'lic-1', seatIndex: 1, websiteUrl: 'https://a.com' });

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
