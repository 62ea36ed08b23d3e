import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum WebhookErrorCode {
  WEBHOOK_NOT_FOUND = 'WEBHOOK_NOT_FOUND',
  WEBHOOK_DELIVERY_NOT_FOUND = 'WEBHOOK_DELIVERY_NOT_FOUND',
  /** A kind of endpoint the store cannot deliver to yet (no channel registered). */
  WEBHOOK_KIND_UNAVAILABLE = 'WEBHOOK_KIND_UNAVAILABLE',
  WEBHOOK_URL_INVALID = 'WEBHOOK_URL_INVALID',
  /** A Standard Webhooks endpoint must use HTTPS (the payload and its signature travel in it). */
  WEBHOOK_URL_NOT_HTTPS = 'WEBHOOK_URL_NOT_HTTPS',
  /** The address is loopback, private or link-local (the same guard as the AI providers'). */
  WEBHOOK_URL_PRIVATE = 'WEBHOOK_URL_PRIVATE',
  WEBHOOK_EVENTS_INVALID = 'WEBHOOK_EVENTS_INVALID',
  /** DingTalk and Feishu robots sign with the secret shown beside their address: it must be pasted. */
  WEBHOOK_SECRET_REQUIRED = 'WEBHOOK_SECRET_REQUIRED',
  /** Only a generated secret can be rotated. */
  WEBHOOK_SECRET_NOT_ROTATABLE = 'WEBHOOK_SECRET_NOT_ROTATABLE',
  /** A delivery queued or being sent is on its way already. */
  WEBHOOK_DELIVERY_PENDING = 'WEBHOOK_DELIVERY_PENDING',
}

export const WEBHOOK_ERRORS: ErrorTable<WebhookErrorCode> = {
  [WebhookErrorCode.WEBHOOK_NOT_FOUND]: { status: 404, text: 'Webhook endpoint not found' },
  [WebhookErrorCode.WEBHOOK_DELIVERY_NOT_FOUND]: { status: 404, text: 'Delivery not found' },
  [WebhookErrorCode.WEBHOOK_KIND_UNAVAILABLE]: {
    status: 400,
    text: 'This kind of endpoint is not available yet',
  },
  [WebhookErrorCode.WEBHOOK_URL_INVALID]: { status: 400, text: 'The address is not a valid URL' },
  [WebhookErrorCode.WEBHOOK_URL_NOT_HTTPS]: {
    status: 400,
    text: 'A webhook endpoint must use https://',
  },
  [WebhookErrorCode.WEBHOOK_URL_PRIVATE]: {
    status: 400,
    text: 'The address points to a private or local network',
  },
  [WebhookErrorCode.WEBHOOK_EVENTS_INVALID]: {
    status: 400,
    text: 'Choose at least one event this kind of endpoint can receive',
  },
  [WebhookErrorCode.WEBHOOK_SECRET_REQUIRED]: {
    status: 400,
    text: "Paste the robot's signing secret",
  },
  [WebhookErrorCode.WEBHOOK_SECRET_NOT_ROTATABLE]: {
    status: 409,
    text: 'Only a Standard Webhooks endpoint has a secret to rotate',
  },
  [WebhookErrorCode.WEBHOOK_DELIVERY_PENDING]: {
    status: 409,
    text: 'This delivery is already on its way',
  },
};

export class WebhookError extends DomainError<WebhookErrorCode> {
  constructor(code: WebhookErrorCode, options?: DomainErrorOptions) {
    super(code, WEBHOOK_ERRORS[code], options);
  }
}
