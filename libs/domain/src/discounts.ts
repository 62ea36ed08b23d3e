/**
 * What a discount code takes off a price (docs/rules.md, "Discount codes"), the same rule for the checkout
 * (backend) and the seller's form (frontend: "this code makes the plan free"). Amounts are integer cents.
 */
import type { Tier } from './tiers';

export type DiscountKind = 'amount' | 'percent';

/** The plans a code can be for (the VIP plan is never sold). */
export type DiscountTier = Exclude<Tier, 'vip'>;
export const DISCOUNT_TIERS: DiscountTier[] = ['basic', 'pro', 'ultra'];

/** A code's terms that decide its reduction. */
export interface DiscountTerms {
  /** 'amount' (the default): `discountAmount` cents off; 'percent': `percentOff` % off. */
  kind?: DiscountKind | null;
  /** Cents off (an amount code); ignored for a percent code. */
  discountAmount: number;
  /** Percent off, an integer 1–100 (a percent code); ignored for an amount code. */
  percentOff?: number | null;
}

/**
 * The reduction a code gives on the amount due (after the upgrade deduction), in cents: an amount code
 * takes its amount, capped at the amount due; a percent code takes round(due × percent / 100), to the
 * cent, half up. Never below 0 nor above the amount due.
 */
export function discountReduction(terms: DiscountTerms, dueCents: number): number {
  const due = Math.max(0, Math.trunc(dueCents));
  const off =
    terms.kind === 'percent'
      ? Math.floor((due * clampPercent(terms.percentOff) + 50) / 100)
      : Math.max(0, Math.trunc(terms.discountAmount));
  return Math.min(due, off);
}

const clampPercent = (p: number | null | undefined) =>
  Math.min(100, Math.max(0, Math.trunc(Number(p) || 0)));

/**
 * The code takes the whole price away: an order at `priceCents` with it costs nothing (the seller is
 * warned before saving such a code). A price of 0 is never "reached" (nothing to give away).
 */
export const discountReachesPrice = (terms: DiscountTerms, priceCents: number): boolean =>
  priceCents > 0 && discountReduction(terms, priceCents) >= priceCents;

/** The plans a code is for: `tiers` null means every plan on sale. */
export const discountTiers = (tiers: readonly DiscountTier[] | null | undefined): DiscountTier[] =>
  tiers == null ? [...DISCOUNT_TIERS] : DISCOUNT_TIERS.filter((t) => tiers.includes(t));

/** Whether a code valid for `tiers` (null: all plans) applies to `tier`. */
export const discountAppliesTo = (
  tiers: readonly DiscountTier[] | null | undefined,
  tier: string,
): boolean => discountTiers(tiers).some((t) => t === tier);
