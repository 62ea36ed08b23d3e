import { PLAN_SEATS, TIER_NAMES, TIER_RANKS, TIERS, type Tier } from '@seatkeeper/domain';

/**
 * The rules of each plan (docs/product.md#constants): tier keys, names, ranks and seat counts are the
 * shared rules' (libs/domain: tiers.ts, seats.ts); the vip plan is never bought (the whitelist grants it).
 * What the seller edits (price, names and descriptions per language, badge, shown, order) lives in the
 * `plans` table (plan.entity.ts, docs/product.md "Plans and prices").
 */
export interface PlanRules {
  key: Tier;
  name: string;
  seatCount: number;
  upgradeRank: number;
  /** Whether the plan can ever be bought: false for vip, whatever the table says. */
  buyable: boolean;
}

export const PLANS: Record<Tier, PlanRules> = Object.fromEntries(
  TIERS.map((tier) => [
    tier,
    {
      key: tier,
      name: TIER_NAMES[tier],
      seatCount: PLAN_SEATS[tier],
      upgradeRank: TIER_RANKS[tier],
      buyable: tier !== 'vip',
    },
  ]),
) as Record<Tier, PlanRules>;

/** A text in both languages of the interface. */
export interface Localized {
  'zh-CN': string;
  en: string;
}

/** A plan as priced and shown now: its rules and the seller's row. */
export interface Plan extends PlanRules {
  names: Localized;
  descriptions: Localized;
  priceCents: number;
  /** The badge as stored (it may have ended: see activeBadge). */
  badge: Localized | null;
  badgeEndsAt: Date | null;
  shown: boolean;
  sortOrder: number;
  /** Shown and buyable: a customer may buy it (or upgrade to it). */
  isPublic: boolean;
}

export type Catalogue = Record<Tier, Plan>;

/** Server-side display name: the Chinese name plus ' 套餐' (docs/product.md#data); the code's name without a plan row. */
export const planDisplayName = (tier: Tier, plan?: Pick<Plan, 'names'>) =>
  `${plan?.names['zh-CN'] ?? PLANS[tier].name} 套餐`;

/** The badge to show at `now`: none when it has none or its end date has passed. */
export function activeBadge(
  plan: Pick<Plan, 'badge' | 'badgeEndsAt'>,
  now: Date,
): Localized | null {
  if (!plan.badge) return null;
  if (plan.badgeEndsAt && plan.badgeEndsAt.getTime() <= now.getTime()) return null;
  return plan.badge;
}
