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
  /** A once-per-customer code this customer already holds a use of (a pending, paid or refunded order). */
  DISCOUNT_ALREADY_USED = 'DISCOUNT_ALREADY_USED',
  /** A save names no plan: neither `tier` nor `tiers` (null: every plan). */
  DISCOUNT_TIERS_REQUIRED = 'DISCOUNT_TIERS_REQUIRED',
  /** An amount code's save has no discountAmount. */
  DISCOUNT_AMOUNT_REQUIRED = 'DISCOUNT_AMOUNT_REQUIRED',
  /** A percent code's save has no percentOff (an integer 1–100). */
  DISCOUNT_PERCENT_INVALID = 'DISCOUNT_PERCENT_INVALID',
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
  [DiscountErrorCode.DISCOUNT_ALREADY_USED]: {
    status: 400,
    text: 'You have already used this discount code',
  },
  [DiscountErrorCode.DISCOUNT_TIERS_REQUIRED]: {
    status: 400,
    text: 'tier must be basic, pro or ultra',
  },
  [DiscountErrorCode.DISCOUNT_AMOUNT_REQUIRED]: { status: 400, text: '折扣金额需为非负数字' },
  [DiscountErrorCode.DISCOUNT_PERCENT_INVALID]: {
    status: 400,
    text: 'percentOff must be an integer from 1 to 100',
  },
};

export class DiscountError extends DomainError<DiscountErrorCode> {
  constructor(code: DiscountErrorCode, options?: DomainErrorOptions) {
    super(code, DISCOUNT_ERRORS[code], options);
  }
}
