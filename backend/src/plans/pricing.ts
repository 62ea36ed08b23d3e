import type { Tier } from '@seatkeeper/domain';
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
  /** What the current plan is worth toward the upgrade (cents; 0 for a new purchase). */
  originalPrice: number;
  /** Before any discount. */
  subtotal: number;
}

/**
 * Prices a purchase or upgrade at the catalogue's current prices (target − current plan, docs/rules.md),
 * or throws the refusal (a PlanError): vip never, a hidden plan not now.
 */
export function priceFor(catalogue: Catalogue, tier: string, current: Tier | null): Price {
  const plan = Object.prototype.hasOwnProperty.call(catalogue, tier)
    ? catalogue[tier as Tier]
    : undefined;
  if (!plan) throw new PlanError(PlanErrorCode.PLAN_UNAVAILABLE);
  const state = planState(plan, current, catalogue);
  if (state === 'current') throw new PlanError(PlanErrorCode.PLAN_ALREADY_OWNED);
  if (state === 'included') throw new PlanError(PlanErrorCode.PLAN_INCLUDED);
  if (!plan.buyable) throw new PlanError(PlanErrorCode.PLAN_NOT_PUBLIC);
  if (!plan.shown) throw new PlanError(PlanErrorCode.PLAN_HIDDEN);
  const originalPrice = current ? catalogue[current].priceCents : 0;
  return {
    tier: plan.key,
    fromTier: current,
    targetPrice: plan.priceCents,
    originalPrice,
    subtotal: Math.max(0, plan.priceCents - originalPrice),
  };
}
