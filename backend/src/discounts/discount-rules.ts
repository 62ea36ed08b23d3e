import {
  DISCOUNT_TIERS,
  discountAppliesTo,
  discountReduction,
  type DiscountKind,
  type DiscountTier,
  type Tier,
} from '@seatkeeper/domain';
import { DiscountError, DiscountErrorCode } from './discount-errors';

/** A code's terms as the checkout reads them (docs/rules.md, "Discount codes"). */
export interface DiscountLike {
  /** The first plan (the spec's single-plan field). */
  tier: string;
  /** The plans it is valid for; null or absent: every plan (absent on old rows: [tier]). */
  tiers?: readonly DiscountTier[] | null;
  kind?: DiscountKind | null;
  discountAmount: number;
  percentOff?: number | null;
  startsAt?: Date | null;
  expiresAt?: Date | null;
  usageLimit?: number | null;
  usageCount: number;
  oncePerCustomer?: boolean;
}

/** Case-insensitive key of a code as customers type it. */
export const codeKey = (code: string) => code.trim().toUpperCase();

/** Why a code cannot be used (the precise reasons: customers are told fewer, see customerRefusal). */
export type DiscountRefusal =
  | DiscountErrorCode.DISCOUNT_CODE_UNKNOWN
  | DiscountErrorCode.DISCOUNT_WRONG_TIER
  | DiscountErrorCode.DISCOUNT_NOT_ACTIVE_YET
  | DiscountErrorCode.DISCOUNT_EXPIRED
  | DiscountErrorCode.DISCOUNT_USED_UP
  | DiscountErrorCode.DISCOUNT_ALREADY_USED;

/** The precise reason a code cannot be used for `tier` now (the admin sees it), or null when it can. */
export function refusalOf(
  d: DiscountLike | null,
  tier: Tier,
  now = new Date(),
): DiscountRefusal | null {
  if (!d) return DiscountErrorCode.DISCOUNT_CODE_UNKNOWN;
  if (!discountAppliesTo(d.tiers === undefined ? [d.tier as DiscountTier] : d.tiers, tier))
    return DiscountErrorCode.DISCOUNT_WRONG_TIER;
  if (d.startsAt && d.startsAt.getTime() > now.getTime())
    return DiscountErrorCode.DISCOUNT_NOT_ACTIVE_YET;
  if (d.expiresAt && d.expiresAt.getTime() <= now.getTime())
    return DiscountErrorCode.DISCOUNT_EXPIRED;
  if (d.usageLimit != null && d.usageCount >= d.usageLimit)
    return DiscountErrorCode.DISCOUNT_USED_UP;
  return null;
}

/**
 * What a customer is told: one answer (DISCOUNT_WRONG_TIER, "does not apply to this plan") for a code
 * that does not exist, is for another plan or has not started yet, so that codes cannot be found by
 * trying; an expired or used-up code, which can no longer be used by anyone, says so.
 */
export const customerRefusal = (reason: DiscountRefusal): DiscountErrorCode =>
  reason === DiscountErrorCode.DISCOUNT_CODE_UNKNOWN ||
  reason === DiscountErrorCode.DISCOUNT_NOT_ACTIVE_YET
    ? DiscountErrorCode.DISCOUNT_WRONG_TIER
    : reason;

/**
 * Throws the customer's refusal (a DiscountError, see customerRefusal) when the code cannot be used for
 * this tier now (usage is checked atomically later).
 */
export function checkDiscount(
  d: DiscountLike | null,
  tier: Tier,
  now = new Date(),
): asserts d is DiscountLike {
  const reason = refusalOf(d, tier, now);
  if (reason) throw new DiscountError(customerRefusal(reason));
}

/** The reduction a code gives on the amount due (libs/domain discountReduction: capped, half up). */
export const reductionOn = (subtotal: number, d: DiscountLike | number) =>
  discountReduction(typeof d === 'number' ? { discountAmount: d } : d, subtotal);

/** A save as the admin sends it (the spec's body, with the optional new fields). */
export interface DiscountInput {
  tier?: DiscountTier;
  tiers?: DiscountTier[] | null;
  kind?: DiscountKind;
  discountAmount?: number;
  percentOff?: number | null;
  oncePerCustomer?: boolean;
}

/**
 * The stored terms of a save: without `tiers` the code is for `tier` only (the spec's body); `tiers`
 * null is every plan; `tier` is kept as the first plan. A percent code stores discountAmount 0.
 */
export function termsOfInput(input: DiscountInput): {
  tier: DiscountTier;
  tiers: DiscountTier[] | null;
  kind: DiscountKind;
  discountAmount: number;
  percentOff: number | null;
  oncePerCustomer: boolean;
} {
  const tiers =
    input.tiers === undefined
      ? input.tier
        ? [input.tier]
        : null
      : input.tiers === null
        ? null
        : DISCOUNT_TIERS.filter((t) => input.tiers!.includes(t));
  if (input.tiers === undefined && !input.tier)
    throw new DiscountError(DiscountErrorCode.DISCOUNT_TIERS_REQUIRED);
  const kind = input.kind ?? 'amount';
  if (kind === 'amount' && input.discountAmount == null)
    throw new DiscountError(DiscountErrorCode.DISCOUNT_AMOUNT_REQUIRED);
  if (kind === 'percent' && input.percentOff == null)
    throw new DiscountError(DiscountErrorCode.DISCOUNT_PERCENT_INVALID);
  return {
    tier: tiers?.[0] ?? DISCOUNT_TIERS[0],
    tiers,
    kind,
    discountAmount: kind === 'amount' ? input.discountAmount! : 0,
    percentOff: kind === 'percent' ? input.percentOff! : null,
    oncePerCustomer: input.oncePerCustomer ?? false,
  };
}
