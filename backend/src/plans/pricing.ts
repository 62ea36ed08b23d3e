import type { Tier } from '@seatkeeper/domain';
import { PlanError, PlanErrorCode } from './plan-errors';
import { PLANS, type Plan } from './plans.catalogue';

export type PlanState = 'current' | 'included' | 'purchasable' | 'unavailable';

/** Where a plan stands for a user whose current (highest) tier is `current` (docs/product.md#screens plan picker, §4). */
export function planState(plan: Plan, current: Tier | null): PlanState {
  if (current === plan.key) return 'current';
  if (current && PLANS[current].upgradeRank > plan.upgradeRank) return 'included';
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

/** Prices a purchase or upgrade, or throws the refusal (a PlanError). */
export function priceFor(tier: string, current: Tier | null): Price {
  const plan = PLANS[tier as Tier];
  if (!plan) throw new PlanError(PlanErrorCode.PLAN_UNAVAILABLE);
  const state = planState(plan, current);
  if (state === 'current') throw new PlanError(PlanErrorCode.PLAN_ALREADY_OWNED);
  if (state === 'included') throw new PlanError(PlanErrorCode.PLAN_INCLUDED);
  if (state === 'unavailable') throw new PlanError(PlanErrorCode.PLAN_NOT_PUBLIC);
  const originalPrice = current ? PLANS[current].priceCents : 0;
  return {
    tier: plan.key,
    fromTier: current,
    targetPrice: plan.priceCents,
    originalPrice,
    subtotal: Math.max(0, plan.priceCents - originalPrice),
  };
}
