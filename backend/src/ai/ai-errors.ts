import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum AiErrorCode {
  AI_LICENSE_REQUIRED = 'AI_LICENSE_REQUIRED',
  AI_KEY_NOT_CONFIGURED = 'AI_KEY_NOT_CONFIGURED',
  AI_URL_INVALID = 'AI_URL_INVALID',
  AI_KEY_INVALID = 'AI_KEY_INVALID',
  AI_TEST_RATE_LIMITED = 'AI_TEST_RATE_LIMITED',
  /** A provider failure none of the codes below explains (a timeout, a 5xx): the text is the provider's own. */
  AI_PROVIDER_REFUSED = 'AI_PROVIDER_REFUSED',
  /** What failed, told once (provider-failure.ts classifies; docs/product.md#ai-provider-errors). */
  AI_ENDPOINT_UNREACHABLE = 'AI_ENDPOINT_UNREACHABLE',
  AI_NOT_OPENAI_COMPATIBLE = 'AI_NOT_OPENAI_COMPATIBLE',
  AI_KEY_REFUSED = 'AI_KEY_REFUSED',
  AI_MODEL_UNKNOWN = 'AI_MODEL_UNKNOWN',
  /** No model answered: sent with triedModels and suggestions (the product's lower-case code). */
  NEEDS_MODEL = 'needs_model',
  AI_CONFIG_OR_DOMAIN_REQUIRED = 'AI_CONFIG_OR_DOMAIN_REQUIRED',
  AI_SEAT_NOT_CONFIGURED = 'AI_SEAT_NOT_CONFIGURED',
  /** A generation asked for a seat's saved settings (licenseId) and that seat has none. */
  AI_LICENSE_NOT_CONFIGURED = 'AI_LICENSE_NOT_CONFIGURED',
  WORKFLOW_NOT_FOUND = 'WORKFLOW_NOT_FOUND',
  /**
   * The customer already has AI_QUEUE_PER_CUSTOMER generations waiting or running (details: limit,
   * retryAfter; Retry-After; docs/security.md, "AI providers").
   */
  AI_QUEUE_FULL = 'AI_QUEUE_FULL',
}

export const AI_ERRORS: ErrorTable<AiErrorCode> = {
  [AiErrorCode.AI_LICENSE_REQUIRED]: {
    status: 403,
    text: 'An active licence is required to use the AI features',
  },
  [AiErrorCode.AI_KEY_NOT_CONFIGURED]: { status: 404, text: 'No API key configured' },
  [AiErrorCode.AI_URL_INVALID]: {
    status: 400,
    text: 'API URL must start with http:// or https://',
  },
  [AiErrorCode.AI_KEY_INVALID]: {
    status: 400,
    text: 'API Key may contain only printable ASCII characters',
  },
  [AiErrorCode.AI_TEST_RATE_LIMITED]: {
    status: 429,
    text: 'Too many tests of the AI configuration, please retry in a minute',
  },
  [AiErrorCode.AI_PROVIDER_REFUSED]: { status: 400, text: 'The AI provider refused the request' },
  [AiErrorCode.AI_ENDPOINT_UNREACHABLE]: {
    status: 400,
    text: 'The API URL could not be reached: check the address and that the service is running',
  },
  [AiErrorCode.AI_NOT_OPENAI_COMPATIBLE]: {
    status: 400,
    text: 'The API URL answered, but not as an OpenAI-compatible API: check the address (it usually ends in /v1)',
  },
  [AiErrorCode.AI_KEY_REFUSED]: {
    status: 400,
    text: 'The AI provider refused the API Key: check the key and retry',
  },
  [AiErrorCode.AI_MODEL_UNKNOWN]: {
    status: 400,
    text: 'The AI provider does not know this model: pick one it offers',
  },
  [AiErrorCode.NEEDS_MODEL]: {
    status: 400,
    text: 'please provide an available model ID and retry',
  },
  [AiErrorCode.AI_CONFIG_OR_DOMAIN_REQUIRED]: {
    status: 400,
    text: 'config or domain is required',
  },
  [AiErrorCode.AI_SEAT_NOT_CONFIGURED]: {
    status: 400,
    text: 'No AI configuration for this site: configure the seat bound to it in the console',
  },
  [AiErrorCode.AI_LICENSE_NOT_CONFIGURED]: {
    status: 400,
    text: 'This seat has no saved AI settings: configure them in the console first',
  },
  [AiErrorCode.WORKFLOW_NOT_FOUND]: { status: 404, text: 'Workflow not found' },
  [AiErrorCode.AI_QUEUE_FULL]: {
    status: 429,
    text: 'Too many AI generations are waiting for this account: wait for one to finish, then retry',
  },
};

export class AiError extends DomainError<AiErrorCode> {
  constructor(code: AiErrorCode, options?: DomainErrorOptions) {
    super(code, AI_ERRORS[code], options);
  }
}
