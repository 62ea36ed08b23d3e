import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum PaymentErrorCode {
  /** The payment gateway refused or did not answer the order's creation. */
  PAYMENT_GATEWAY_FAILED = 'PAYMENT_GATEWAY_FAILED',
  /** The payment method asked for is not enabled on this store. */
  PAYMENT_METHOD_UNAVAILABLE = 'PAYMENT_METHOD_UNAVAILABLE',
  /**
   * Too many quotes (or orders with a code) from this customer or this client address in a minute
   * (docs/payments.md, "Limits"; details: retryAfter; Retry-After).
   */
  PAYMENT_RATE_LIMITED = 'PAYMENT_RATE_LIMITED',
}

export const PAYMENT_ERRORS: ErrorTable<PaymentErrorCode> = {
  [PaymentErrorCode.PAYMENT_GATEWAY_FAILED]: { status: 503, text: 'failed to create order' },
  [PaymentErrorCode.PAYMENT_METHOD_UNAVAILABLE]: {
    status: 400,
    text: 'This payment method is not available',
  },
  [PaymentErrorCode.PAYMENT_RATE_LIMITED]: {
    status: 429,
    text: 'Too many attempts; retry in a minute',
  },
};

export class PaymentError extends DomainError<PaymentErrorCode> {
  constructor(code: PaymentErrorCode, options?: DomainErrorOptions) {
    super(code, PAYMENT_ERRORS[code], options);
  }
}
