import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum PaymentErrorCode {
  /** The payment gateway refused or did not answer the order's creation. */
  PAYMENT_GATEWAY_FAILED = 'PAYMENT_GATEWAY_FAILED',
}

export const PAYMENT_ERRORS: ErrorTable<PaymentErrorCode> = {
  [PaymentErrorCode.PAYMENT_GATEWAY_FAILED]: { status: 503, text: 'failed to create order' },
};

export class PaymentError extends DomainError<PaymentErrorCode> {
  constructor(code: PaymentErrorCode, options?: DomainErrorOptions) {
    super(code, PAYMENT_ERRORS[code], options);
  }
}
