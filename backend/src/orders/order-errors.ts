import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum OrderErrorCode {
  ORDER_NOT_FOUND = 'ORDER_NOT_FOUND',
  ORDER_NOT_CANCELLABLE = 'ORDER_NOT_CANCELLABLE',
  /** Only a paid order with an amount, taken by a gateway, can be refunded. */
  ORDER_NOT_REFUNDABLE = 'ORDER_NOT_REFUNDABLE',
  /** The gateway refused the refund: the order stays paid, the error is recorded and audited. */
  REFUND_FAILED = 'REFUND_FAILED',
  /** A later standing upgrade was priced against this order: refund that one first (refundFirst names it). */
  REFUND_LATER_UPGRADE_FIRST = 'REFUND_LATER_UPGRADE_FIRST',
  /** A move the order's life does not allow (docs/rules.md, "Entitlements"); logged as an error. */
  ORDER_TRANSITION_REFUSED = 'ORDER_TRANSITION_REFUSED',
  /** An account cannot close while a refund of one of its orders is in flight. */
  ACCOUNT_REFUND_IN_FLIGHT = 'ACCOUNT_REFUND_IN_FLIGHT',
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
  [OrderErrorCode.REFUND_LATER_UPGRADE_FIRST]: {
    status: 409,
    text: 'A later upgrade was priced against this order: refund it first',
  },
  [OrderErrorCode.ORDER_TRANSITION_REFUSED]: {
    status: 409,
    text: 'The order cannot change that way',
  },
  [OrderErrorCode.ACCOUNT_REFUND_IN_FLIGHT]: {
    status: 409,
    text: 'A refund of one of your orders is in progress: the account can be deleted once it is settled',
  },
};

export class OrderError extends DomainError<OrderErrorCode> {
  constructor(code: OrderErrorCode, options?: DomainErrorOptions) {
    super(code, ORDER_ERRORS[code], options);
  }
}
