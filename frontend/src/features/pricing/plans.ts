import type { Plan } from '../../lib/api/plans';

/**
 * The cards the pricing page shows: the plans on sale, in the seller's order, plus the visitor's own
 * plan whatever its flag. The VIP plan is never sold (the page explains it apart).
 */
export function pricingPlans(plans: readonly Plan[]): Plan[] {
  return plans.filter((plan) => plan.key !== 'vip' && (plan.isPublic || plan.isCurrent));
}

/** A plan's text in the active language, the Chinese one when the answer lacks it. */
export function localized(
  texts: Partial<Record<string, string>> | null | undefined,
  language: string,
  fallback: string,
): string {
  return texts?.[language]?.trim() || fallback;
}
