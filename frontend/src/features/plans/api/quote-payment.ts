import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { PaymentQuote } from '../../../lib/api/types';
import { describeError, errorCode } from '../../../lib/errors';
import { i18n } from '../../../lib/i18n';
import type { Tier } from '../../licenses/api/get-licenses';

export type { PaymentQuote } from '../../../lib/api/types';

const WRONG_TIER = 'DISCOUNT_WRONG_TIER';

/** What an order for `tier` with this code would cost (docs/payments.md): nothing is created. */
export function quotePayment(subscriptionTier: Tier, discountCode: string): Promise<PaymentQuote> {
  return api.POST('/api/payments/quote', { body: { subscriptionTier, discountCode } });
}

/** One plan's answer: its price breakdown, or why the code does not apply to it. */
export type PlanQuote = { quote: PaymentQuote } | { error: string; code?: string };

/** A code applied to the picker's plans: each plan's quote, and the field's error when none takes it. */
export interface AppliedCode {
  /** As typed (the picker shows the quotes only while the field still holds it). */
  code: string;
  quotes: Partial<Record<Tier, PlanQuote>>;
  /** Beside the field: the code applies to none of the plans. */
  error: string | null;
}

/**
 * The field's error when no plan takes the code: the most telling refusal (an expired or used-up code
 * says so on its own plan, while the others answer only that it is for another plan).
 */
export function appliedError(results: readonly PlanQuote[]): string | null {
  const refusals = results.filter((r): r is { error: string; code?: string } => 'error' in r);
  if (refusals.length === 0 || refusals.length < results.length) return null;
  return (refusals.find((r) => r.code !== WRONG_TIER) ?? refusals[0]).error;
}

export async function applyCode(code: string, tiers: readonly Tier[]): Promise<AppliedCode> {
  const trimmed = code.trim();
  const results = await Promise.all(
    tiers.map(async (tier): Promise<PlanQuote> => {
      try {
        return { quote: await quotePayment(tier, trimmed) };
      } catch (error) {
        return { error: describeError(error, i18n.t('plans:quoteFailed')), code: errorCode(error) };
      }
    }),
  );
  return {
    code,
    quotes: Object.fromEntries(tiers.map((tier, i) => [tier, results[i]])),
    error: appliedError(results),
  };
}

/** The picker's 'apply': quotes every purchasable plan with the code (errors are shown by the field). */
export function useApplyCode() {
  return useMutation({
    mutationFn: ({ code, tiers }: { code: string; tiers: readonly Tier[] }) =>
      applyCode(code, tiers),
    meta: { silent: true },
  });
}
