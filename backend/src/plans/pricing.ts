import { PLANS, type Plan, type Tier } from './plans.catalogue';

export type PlanState = 'current' | 'included' | 'purchasable' | 'unavailable';

export const PlanRefusals = {
  unknown: 'not available now',
  notPublic: 'VIP plan is open only to the whitelist and is granted automatically',
  owned: 'already owned',
  included: 'already included in current higher plan',
} as const;

/** Where a plan stands for a user whose current (highest) tier is `current` (spec §2 plan picker, §4). */
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

/** Prices a purchase or upgrade, or throws the refusal text. */
export function priceFor(tier: string, current: Tier | null): Price {
  const plan = PLANS[tier as Tier];
  if (!plan) throw new Error(PlanRefusals.unknown);
  const state = planState(plan, current);
  if (state === 'current') throw new Error(PlanRefusals.owned);
  if (state === 'included') throw new Error(PlanRefusals.included);
  if (state === 'unavailable') throw new Error(PlanRefusals.notPublic);
  const originalPrice = current ? PLANS[current].priceCents : 0;
  return {
    tier: plan.key,
    fromTier: current,
    targetPrice: plan.priceCents,
    originalPrice,
    subtotal: Math.max(0, plan.priceCents - originalPrice),
  };
}

/** Seats a purchase of this tier starts with: the plan's seats, except Max which starts at 10 and grows. */
export function initialSeats(tier: Tier): number {
  return tier === 'ultra' ? 10 : PLANS[tier].seatCount;
}
