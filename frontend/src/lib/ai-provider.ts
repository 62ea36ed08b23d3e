/**
 * docs/product.md#constants: the default AI API URL, a third-party OpenAI-compatible gateway's v1 endpoint. The one
 * place it is written: the AI config modal and the /test page start from it.
 */
export const DEFAULT_AI_API_URL = 'https://api.openai-proxy.org/v1';

/** An API URL the server will accept (docs/product.md#validation, server: 'API URL must start with http:// or https://'). */
export const isHttpUrl = (value: string): boolean => /^https?:\/\/\S+/i.test(value.trim());
