import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum AiErrorCode {
  AI_LICENSE_REQUIRED = 'AI_LICENSE_REQUIRED',
  AI_KEY_NOT_CONFIGURED = 'AI_KEY_NOT_CONFIGURED',
  AI_URL_INVALID = 'AI_URL_INVALID',
  AI_KEY_INVALID = 'AI_KEY_INVALID',
  AI_TEST_RATE_LIMITED = 'AI_TEST_RATE_LIMITED',
  /** The provider refused the key or could not be reached: the text is the provider's own. */
  AI_PROVIDER_REFUSED = 'AI_PROVIDER_REFUSED',
  /** No model answered: sent with triedModels and suggestions (the product's lower-case code). */
  NEEDS_MODEL = 'needs_model',
  AI_CONFIG_OR_DOMAIN_REQUIRED = 'AI_CONFIG_OR_DOMAIN_REQUIRED',
  AI_SEAT_NOT_CONFIGURED = 'AI_SEAT_NOT_CONFIGURED',
  WORKFLOW_NOT_FOUND = 'WORKFLOW_NOT_FOUND',
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
  [AiErrorCode.WORKFLOW_NOT_FOUND]: { status: 404, text: 'Workflow not found' },
};

export class AiError extends DomainError<AiErrorCode> {
  constructor(code: AiErrorCode, options?: DomainErrorOptions) {
    super(code, AI_ERRORS[code], options);
  }
}
