/**
 * The plan tiers (docs/rules.md, Plans and tiers): their keys, the names the product shows and their
 * upgrade ranks. Prices, descriptions and who may buy a tier stay in the backend's plan catalogue.
 */
export type Tier = 'basic' | 'vip' | 'pro' | 'ultra';

export const TIERS: Tier[] = ['basic', 'vip', 'pro', 'ultra'];

/** Plan names as the product shows them: the ultra tier is called Max. */
export const TIER_NAMES: Record<Tier, string> = {
  basic: 'Basic',
  vip: 'VIP',
  pro: 'Pro',
  ultra: 'Max',
};

/** A higher rank is a better plan: upgrades go up, and a customer's tier is their highest rank. */
export const TIER_RANKS: Record<Tier, number> = {
  basic: 1,
  vip: 2,
  pro: 3,
  ultra: 4,
};

export const isTier = (value: unknown): value is Tier =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(TIER_RANKS, value);

/** The highest-ranked tier among the given ones (unknown names ignored), or null. */
export function highestTier(tiers: Iterable<string>): Tier | null {
  let best: Tier | null = null;
  for (const t of tiers) {
    if (!isTier(t)) continue;
    if (!best || TIER_RANKS[t] > TIER_RANKS[best]) best = t;
  }
  return best;
}

/** A tier's name ('Max' for ultra); an unknown value is shown as it is, nothing as ''. */
export const tierName = (tier: string | null | undefined): string =>
  isTier(tier) ? TIER_NAMES[tier] : (tier ?? '');
