import { TIER_RANKS, TIERS, type Tier } from '@seatkeeper/domain';
import { upgradePrice } from '../entitlements/entitlement-rules';
import { PlanError, PlanErrorCode } from './plan-errors';
import type { Catalogue, Plan } from './plans.catalogue';

export type PlanState = 'current' | 'included' | 'purchasable' | 'unavailable';

/** Where a plan stands for a user whose current (highest) tier is `current` (docs/product.md#screens plan picker, §4). */
export function planState(plan: Plan, current: Tier | null, catalogue: Catalogue): PlanState {
  if (current === plan.key) return 'current';
  if (current && catalogue[current].upgradeRank > plan.upgradeRank) return 'included';
  if (!plan.isPublic) return 'unavailable';
  return 'purchasable';
}

export interface Price {
  tier: Tier;
  fromTier: Tier | null;
  /** The target plan's price (cents). */
  targetPrice: number;
  /**
   * The deduction for the current plan (cents; 0 for a new purchase): its list price recorded when the
   * customer obtained it, never more than the target's price.
   */
  originalPrice: number;
  /** Before any discount. */
  subtotal: number;
}

/** What the customer holds, as pricing needs it: the current tier and what its plan counts as credit. */
export interface Holding {
  tier: Tier | null;
  /** The current plan's list price when the customer obtained it (cents). */
  credit: number;
}

/**
 * Prices a purchase or upgrade: the target's price now, less the current plan's recorded price for an
 * upgrade (docs/rules.md, "Entitlements"), or throws the refusal (a PlanError): vip never, a hidden plan
 * not now.
 */
export function priceFor(catalogue: Catalogue, tier: string, holding: Holding): Price {
  const current = holding.tier;
  const plan = Object.prototype.hasOwnProperty.call(catalogue, tier)
    ? catalogue[tier as Tier]
    : undefined;
  if (!plan) throw new PlanError(PlanErrorCode.PLAN_UNAVAILABLE);
  const state = planState(plan, current, catalogue);
  if (state === 'current') throw new PlanError(PlanErrorCode.PLAN_ALREADY_OWNED);
  if (state === 'included') throw new PlanError(PlanErrorCode.PLAN_INCLUDED);
  if (!plan.buyable) throw new PlanError(PlanErrorCode.PLAN_NOT_PUBLIC);
  if (!plan.shown) throw new PlanError(PlanErrorCode.PLAN_HIDDEN);
  const { deduction, subtotal } = upgradePrice(plan.priceCents, current ? holding.credit : 0);
  return {
    tier: plan.key,
    fromTier: current,
    targetPrice: plan.priceCents,
    originalPrice: deduction,
    subtotal,
  };
}

/**
 * A price list keeps the ranks' order (docs/rules.md, "Entitlements"): each plan costs more than every
 * lower-ranked one, or an upgrade would cost nothing. Answers the first pair out of order, or null.
 */
export function rankOrderBreak(
  prices: Record<Tier, number>,
): { tier: Tier; conflictsWith: Tier } | null {
  const byRank = [...TIERS].sort((a, b) => TIER_RANKS[a] - TIER_RANKS[b]);
  for (let i = 1; i < byRank.length; i++) {
    const lower = byRank[i - 1];
    if (prices[byRank[i]] <= prices[lower]) return { tier: byRank[i], conflictsWith: lower };
  }
  return null;
}
