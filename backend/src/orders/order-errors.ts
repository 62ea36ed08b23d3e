import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum OrderErrorCode {
  ORDER_NOT_FOUND = 'ORDER_NOT_FOUND',
  ORDER_NOT_CANCELLABLE = 'ORDER_NOT_CANCELLABLE',
}

export const ORDER_ERRORS: ErrorTable<OrderErrorCode> = {
  [OrderErrorCode.ORDER_NOT_FOUND]: { status: 404, text: 'Order not found' },
  [OrderErrorCode.ORDER_NOT_CANCELLABLE]: {
    status: 400,
    text: 'Only a pending order can be cancelled',
  },
};

export class OrderError extends DomainError<OrderErrorCode> {
  constructor(code: OrderErrorCode, options?: DomainErrorOptions) {
    super(code, ORDER_ERRORS[code], options);
  }
}
