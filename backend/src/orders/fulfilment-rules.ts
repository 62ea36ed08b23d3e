import type { Tier } from '@seatkeeper/domain';
import { PLANS } from '../plans/plans.catalogue';

/**
 * Whether a paid order may still grant what it was priced for (docs/rules.md, "Paying an order").
 *
 * An order is priced against the plan the customer held when it was made: a first purchase, or an upgrade
 * from `upgradedFromTier`. When the money arrives the customer may own more than that (another order of
 * theirs was paid first, a VIP grant came in): granting again would charge twice for one upgrade. Such an
 * order is recorded as paid and flagged for a refund instead; the seller decides.
 */
export type FulfilDecision = { grant: true } | { grant: false; reason: string };

export function decideFulfilment(
  order: { subscriptionTier: Tier; upgradedFromTier?: Tier | null },
  currentTier: Tier | null,
): FulfilDecision {
  if (currentTier && PLANS[currentTier].upgradeRank >= PLANS[order.subscriptionTier].upgradeRank) {
    return { grant: false, reason: `the customer already owns ${PLANS[currentTier].name}` };
  }
  const pricedFrom = order.upgradedFromTier ?? null;
  if (pricedFrom !== currentTier) {
    const was = pricedFrom ? PLANS[pricedFrom].name : 'no plan';
    const now = currentTier ? PLANS[currentTier].name : 'no plan';
    return {
      grant: false,
      reason: `priced for an upgrade from ${was}, but the customer now has ${now}`,
    };
  }
  return { grant: true };
}

/** Why a late payment whose discount code is used up since is not fulfilled. */
export const DISCOUNT_GONE_REASON =
  'its discount code reached its usage limit (or was deleted) after the order was closed';
