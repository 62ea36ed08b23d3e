import type { Tier } from '../plans/plans.catalogue';

export const DiscountErrors = {
  unknown: 'Discount code not found',
  wrongTier: 'Discount code does not apply to this plan',
  notYet: 'Discount code is not active yet',
  expired: 'Discount code has expired',
  usedUp: 'Discount code has been used up',
  duplicate: 'Discount code already exists',
} as const;

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

/** Throws the refusal text when the code cannot be used for this tier now (usage is checked atomically later). */
export function checkDiscount(
  d: DiscountLike | null,
  tier: Tier,
  now = new Date(),
): asserts d is DiscountLike {
  if (!d) throw new Error(DiscountErrors.unknown);
  if (d.tier !== tier) throw new Error(DiscountErrors.wrongTier);
  if (d.startsAt && d.startsAt.getTime() > now.getTime()) throw new Error(DiscountErrors.notYet);
  if (d.expiresAt && d.expiresAt.getTime() <= now.getTime())
    throw new Error(DiscountErrors.expired);
  if (d.usageLimit != null && d.usageCount >= d.usageLimit) throw new Error(DiscountErrors.usedUp);
}

/** The reduction actually granted on a subtotal (never below zero). */
export const reductionOn = (subtotal: number, discountAmount: number) =>
  Math.min(subtotal, Math.max(0, discountAmount));
