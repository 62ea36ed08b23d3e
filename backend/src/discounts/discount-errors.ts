import { DomainError, type DomainErrorOptions, type ErrorTable } from '../common/domain-error';

export enum DiscountErrorCode {
  /** A customer's code matches no discount. */
  DISCOUNT_CODE_UNKNOWN = 'DISCOUNT_CODE_UNKNOWN',
  DISCOUNT_WRONG_TIER = 'DISCOUNT_WRONG_TIER',
  DISCOUNT_NOT_ACTIVE_YET = 'DISCOUNT_NOT_ACTIVE_YET',
  DISCOUNT_EXPIRED = 'DISCOUNT_EXPIRED',
  DISCOUNT_USED_UP = 'DISCOUNT_USED_UP',
  DISCOUNT_CODE_TAKEN = 'DISCOUNT_CODE_TAKEN',
  DISCOUNT_CODE_REQUIRED = 'DISCOUNT_CODE_REQUIRED',
  DISCOUNT_DATES_INVALID = 'DISCOUNT_DATES_INVALID',
  /** An admin edits or deletes a discount that does not exist. */
  DISCOUNT_NOT_FOUND = 'DISCOUNT_NOT_FOUND',
}

export const DISCOUNT_ERRORS: ErrorTable<DiscountErrorCode> = {
  [DiscountErrorCode.DISCOUNT_CODE_UNKNOWN]: { status: 400, text: 'Discount code not found' },
  [DiscountErrorCode.DISCOUNT_WRONG_TIER]: {
    status: 400,
    text: 'Discount code does not apply to this plan',
  },
  [DiscountErrorCode.DISCOUNT_NOT_ACTIVE_YET]: {
    status: 400,
    text: 'Discount code is not active yet',
  },
  [DiscountErrorCode.DISCOUNT_EXPIRED]: { status: 400, text: 'Discount code has expired' },
  [DiscountErrorCode.DISCOUNT_USED_UP]: { status: 400, text: 'Discount code has been used up' },
  [DiscountErrorCode.DISCOUNT_CODE_TAKEN]: { status: 400, text: 'Discount code already exists' },
  [DiscountErrorCode.DISCOUNT_CODE_REQUIRED]: { status: 400, text: 'code is required' },
  [DiscountErrorCode.DISCOUNT_DATES_INVALID]: {
    status: 400,
    text: 'expiresAt must be after startsAt',
  },
  [DiscountErrorCode.DISCOUNT_NOT_FOUND]: { status: 404, text: 'Discount not found' },
};

export class DiscountError extends DomainError<DiscountErrorCode> {
  constructor(code: DiscountErrorCode, options?: DomainErrorOptions) {
    super(code, DISCOUNT_ERRORS[code], options);
  }
}
