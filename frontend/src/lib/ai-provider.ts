/**
 * The example shown in an empty API URL field (the AI config modal, the /test page's other settings).
 * Only a placeholder: the field starts empty, never prefilled with a third-party gateway (issue #28).
 */
export const API_URL_EXAMPLE = 'https://api.openai.com/v1';

/** An API URL the server will accept (docs/product.md#validation, server: 'API URL must start with http:// or https://'). */
export const isHttpUrl = (value: string): boolean => /^https?:\/\/\S+/i.test(value.trim());
