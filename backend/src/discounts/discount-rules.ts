import type { Tier } from '@seatkeeper/domain';
import { DiscountError, DiscountErrorCode } from './discount-errors';

export interface DiscountLike {
  tier: string;
  discountAmount: number;
  startsAt?: Date | null;
  expiresAt?: Date | null;
  usageLimit?: number | null;
  usageCount: number;
}

/** Case-insensitive key of a code as customers type it. */
export const codeKey = (code: string) => code.trim().toUpperCase();

/** Throws the refusal (a DiscountError) when the code cannot be used for this tier now (usage is checked atomically later). */
export function checkDiscount(
  d: DiscountLike | null,
  tier: Tier,
  now = new Date(),
): asserts d is DiscountLike {
  if (!d) throw new DiscountError(DiscountErrorCode.DISCOUNT_CODE_UNKNOWN);
  if (d.tier !== tier) throw new DiscountError(DiscountErrorCode.DISCOUNT_WRONG_TIER);
  if (d.startsAt && d.startsAt.getTime() > now.getTime())
    throw new DiscountError(DiscountErrorCode.DISCOUNT_NOT_ACTIVE_YET);
  if (d.expiresAt && d.expiresAt.getTime() <= now.getTime())
    throw new DiscountError(DiscountErrorCode.DISCOUNT_EXPIRED);
  if (d.usageLimit != null && d.usageCount >= d.usageLimit)
    throw new DiscountError(DiscountErrorCode.DISCOUNT_USED_UP);
}

/** The reduction actually granted on a subtotal (never below zero). */
export const reductionOn = (subtotal: number, discountAmount: number) =>
  Math.min(subtotal, Math.max(0, discountAmount));
