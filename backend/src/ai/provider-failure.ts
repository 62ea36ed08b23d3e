import { AiErrorCode } from './ai-errors';

/**
 * What a failed call to an AI provider tells us (ProviderError's fields): the HTTP status when it
 * answered, a code (the OpenAI error body's `code`, or the socket's: ECONNREFUSED, ENOTFOUND...), whether
 * the body was an OpenAI-style error, and its message.
 */
export interface ProviderFailure {
  status?: number;
  code?: string;
  openAiShaped?: boolean;
  message?: string;
}

/** The four failures a customer can act on (docs/product.md#ai-provider-errors). */
export type ProviderFailureCode =
  | AiErrorCode.AI_ENDPOINT_UNREACHABLE
  | AiErrorCode.AI_NOT_OPENAI_COMPATIBLE
  | AiErrorCode.AI_KEY_REFUSED
  | AiErrorCode.AI_MODEL_UNKNOWN;

/** No connection at all: the name does not resolve, nothing listens, the network or TLS fails. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'ECONNTIMEOUT',
  'EPROTO',
]);
const isTlsFailure = (code: string) => /CERT|SSL|TLS/i.test(code);

/** An OpenAI-style error about the model: `model_not_found`, or a message naming an unknown model. */
const isAboutModel = (f: ProviderFailure) =>
  f.code === 'model_not_found' ||
  (f.code !== 'invalid_type' &&
    f.code !== 'missing_required_parameter' &&
    !!f.message &&
    /\bmodel\b/i.test(f.message) &&
    /(does not exist|not exist|not found|unknown|invalid|not supported|no such)/i.test(f.message));

/** Statuses a server gives a path or method it does not have, or a request it cannot read. */
const NOT_AN_API = new Set([400, 404, 405, 406, 410, 415, 501]);

/**
 * Which of the four failures a provider's answer is, or null for the others (a timeout, a rate limit,
 * a 5xx, a private address refused), which keep the provider's own text:
 * - no answer (refused, unknown host, TLS) → AI_ENDPOINT_UNREACHABLE;
 * - 401 or 403, or the `invalid_api_key` code → AI_KEY_REFUSED;
 * - an OpenAI-style error about the model (404 `model_not_found`, or 400/404 naming the model) →
 *   AI_MODEL_UNKNOWN;
 * - a 404 or 405 about anything else (a wrong path), any "no such path" status with a body that is no
 *   OpenAI-style error (an HTML page, 'Cannot POST /v1/chat/completions'), or a 2xx that is no JSON →
 *   AI_NOT_OPENAI_COMPATIBLE.
 */
export function classifyProviderFailure(f: ProviderFailure): ProviderFailureCode | null {
  if (f.status === undefined) {
    if (f.code && (UNREACHABLE.has(f.code) || isTlsFailure(f.code)))
      return AiErrorCode.AI_ENDPOINT_UNREACHABLE;
    return null;
  }
  if (f.status === 401 || f.status === 403 || f.code === 'invalid_api_key')
    return AiErrorCode.AI_KEY_REFUSED;
  if (f.status >= 200 && f.status < 300)
    return f.code === 'ENOTJSON' ? AiErrorCode.AI_NOT_OPENAI_COMPATIBLE : null;
  if (f.openAiShaped && (f.status === 400 || f.status === 404) && isAboutModel(f))
    return AiErrorCode.AI_MODEL_UNKNOWN;
  if (f.status === 404 || f.status === 405) return AiErrorCode.AI_NOT_OPENAI_COMPATIBLE;
  if (!f.openAiShaped && NOT_AN_API.has(f.status)) return AiErrorCode.AI_NOT_OPENAI_COMPATIBLE;
  return null;
}
