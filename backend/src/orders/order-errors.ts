import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum OrderErrorCode {
  ORDER_NOT_FOUND = 'ORDER_NOT_FOUND',
  ORDER_NOT_CANCELLABLE = 'ORDER_NOT_CANCELLABLE',
  /** Only a paid order with an amount, taken by a gateway, can be refunded. */
  ORDER_NOT_REFUNDABLE = 'ORDER_NOT_REFUNDABLE',
  /** The gateway refused the refund: the order stays paid, the error is recorded and audited. */
  REFUND_FAILED = 'REFUND_FAILED',
}

export const ORDER_ERRORS: ErrorTable<OrderErrorCode> = {
  [OrderErrorCode.ORDER_NOT_FOUND]: { status: 404, text: 'Order not found' },
  [OrderErrorCode.ORDER_NOT_CANCELLABLE]: {
    status: 400,
    text: 'Only a pending order can be cancelled',
  },
  [OrderErrorCode.ORDER_NOT_REFUNDABLE]: {
    status: 409,
    text: 'Only a paid order can be refunded',
  },
  [OrderErrorCode.REFUND_FAILED]: { status: 502, text: 'The payment gateway refused the refund' },
};

export class OrderError extends DomainError<OrderErrorCode> {
  constructor(code: OrderErrorCode, options?: DomainErrorOptions) {
    super(code, ORDER_ERRORS[code], options);
  }
}
