import { tierName } from '@seatkeeper/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LocalizedText } from './api/types';
import { DEFAULT_LANGUAGE, toLanguage, type Language } from './i18n';
import { getPlans } from './api/plans';
import { plansQueryKey } from './api/query-keys';

/**
 * Plans and orders' products by name in the active language (docs/architecture.md#language). The
 * server stores an order's `productName` as the spec has it, the Chinese `<name> 套餐` (docs/product.md
 * #data), so an English screen names the product from the plan instead: the seller's name for the tier
 * in that language (GET /api/plans), else the product's own name for the tier (libs/domain tiers.ts),
 * and the catalogue's `common:planProduct` ('{{plan}} plan' / '{{plan}} 套餐').
 */

/** A plan's names as GET /api/plans gives them. */
export interface PlanNames {
  key: string;
  names: LocalizedText;
}

/** A tier's name in a language: the seller's (when known and not blank), else the tier's own name. */
export function planNameIn(
  tier: string | null | undefined,
  language: Language,
  plans: readonly PlanNames[] | undefined,
): string {
  const seller = plans?.find((plan) => plan.key === tier)?.names?.[language]?.trim();
  return seller || tierName(tier);
}

/** What an order (or receipt, or payment) says it sold. */
export interface SoldProduct {
  /** As the server stored it: the Chinese `<name> 套餐` of the plan when the order was made. */
  productName: string;
  tier: string;
}

/**
 * The product's name on an order in a language: in Chinese the name stored with the order (what was
 * sold, in the spec's wording, kept if the seller renames the plan later); in English the plan's name
 * in English with the catalogue's wording (`plan` formats it: '{{plan}} plan').
 */
export function productNameIn(
  product: SoldProduct,
  language: Language,
  plans: readonly PlanNames[] | undefined,
  wording: (plan: string) => string,
): string {
  if (language === 'zh-CN' && product.productName.trim()) return product.productName;
  return wording(planNameIn(product.tier, language, plans));
}

/** Only the names of GET /api/plans (a malformed answer names nothing: the tiers' names stand in). */
const namesOf = (answer: unknown): PlanNames[] => {
  const plans = (answer as { plans?: unknown } | null)?.plans;
  return Array.isArray(plans)
    ? plans.filter(
        (plan): plan is PlanNames =>
          typeof plan?.key === 'string' && typeof plan?.names === 'object' && plan.names !== null,
      )
    : [];
};

/**
 * The names of the plans, from GET /api/plans under its own key (below ['plans'], so a change of the
 * plans refreshes it too) and silent: without them the tiers' own names stand in, no toast.
 */
export const planNamesQueryOptions = () => ({
  queryKey: [...plansQueryKey, 'names'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => getPlans(signal),
  select: namesOf,
  meta: { silent: true },
});

/**
 * Names plans and orders' products in the active language, re-rendering on a language switch:
 * `plan('ultra')` → 'Max'; `product({ productName, tier })` → 'Basic plan' / 'Basic 套餐'.
 */
export function usePlanNames() {
  const { t, i18n } = useTranslation('common');
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  const { data: plans } = useQuery(planNamesQueryOptions());
  return {
    plan: (tier: string | null | undefined) => planNameIn(tier, language, plans),
    product: (product: SoldProduct) =>
      productNameIn(product, language, plans, (plan) => t('common:planProduct', { plan })),
  };
}
