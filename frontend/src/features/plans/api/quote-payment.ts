import type { Tier } from '@seatkeeper/domain';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { api } from '../../../lib/api/client';
import type { PaymentQuote } from '../../../lib/api/types';
import { describeError, errorCode } from '../../../lib/errors';
import { i18n } from '../../../lib/i18n';

export type { PaymentQuote } from '../../../lib/api/types';

/**
 * The customer's one answer for a code that does not apply to a plan: unknown, for another plan or not
 * started yet all read 'not valid for this plan', so codes cannot be guessed (docs/payments.md, "Limits").
 */
const WRONG_TIER = 'DISCOUNT_WRONG_TIER';
/** Too many quotes from this customer or address: 429 with Retry-After (body: retryAfter, seconds). */
const RATE_LIMITED = 'PAYMENT_RATE_LIMITED';

/** What an order for `tier` with this code would cost (docs/payments.md): nothing is created. */
export function quotePayment(subscriptionTier: Tier, discountCode: string): Promise<PaymentQuote> {
  return api.POST('/api/payments/quote', { body: { subscriptionTier, discountCode } });
}

/** One plan's answer: its price breakdown, or why the code does not apply to it. */
export type PlanQuote =
  { quote: PaymentQuote } | { error: string; code?: string; rateLimited?: boolean };
type Refusal = Extract<PlanQuote, { error: string }>;

/** The seconds a refusal asks to wait (the body's retryAfter, as the Retry-After header), if any. */
function retryAfterOf(error: unknown): number | undefined {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return undefined;
  const value = (error.body as Record<string, unknown>).retryAfter;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : undefined;
}

/**
 * Why a plan's quote was refused, in the active language: the errors catalogue's text for the server's
 * code; too many tries (429) says how long to wait when the server said so.
 */
export function quoteRefusal(error: unknown): Refusal {
  const code = errorCode(error);
  if ((isApiError(error) && error.status === 429) || code === RATE_LIMITED) {
    const seconds = retryAfterOf(error);
    return {
      error:
        seconds !== undefined
          ? i18n.t('plans:picker.rateLimited', { count: seconds })
          : describeError(error, i18n.t('plans:quoteFailed')),
      code: code ?? RATE_LIMITED,
      rateLimited: true,
    };
  }
  return { error: describeError(error, i18n.t('plans:quoteFailed')), code };
}

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
 * says so on its own plan, while the others answer only that it is not valid for them). Too many tries
 * is the field's error whatever the other plans answered: the quotes are then incomplete.
 */
export function appliedError(results: readonly PlanQuote[]): string | null {
  const refusals = results.filter((r): r is Refusal => 'error' in r);
  const limited = refusals.find((r) => r.rateLimited);
  if (limited) return limited.error;
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
        return quoteRefusal(error);
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
