import { DEFAULT_BINDING_CHANGES, TIER_RANKS, TIERS, type Tier } from '@seatkeeper/domain';
import { seatHistoryTargets, seatTarget } from '../licenses/seat-history';
import { CustomerErrorCode } from './customer-errors';

export { seatTarget };

/**
 * The rules of the admin's customer actions (docs/rules.md, "Customer support"), pure so that they are
 * unit-tested; customers.service.ts applies them under the customer's row lock.
 */

/** How an admin's free grant is paid (the zero-amount order's payment method). */
export const GRANT_PAYMENT_METHOD = 'admin-grant';

/** The audit actions of the customer page. */
export const CUSTOMER_AUDIT = {
  grantPlan: 'customer.grant_plan',
  signOut: 'customer.sign_out',
  resetChanges: 'license.reset_changes',
  revoke: 'license.revoke',
  /** The admin downloaded the customer's data (CSV). */
  exported: 'customer.exported',
} as const;

/** The tiers a grant may give: those ranked above the customer's current tier. */
export function grantableTiers(current: Tier | null): Tier[] {
  return TIERS.filter((t) => !current || TIER_RANKS[t] > TIER_RANKS[current]);
}

/** Why a free grant of `tier` is refused (null: allowed). A grant goes up, like an upgrade. */
export function grantRefusal(current: Tier | null, tier: Tier): CustomerErrorCode | null {
  return grantableTiers(current).includes(tier) ? null : CustomerErrorCode.TIER_NOT_ABOVE_CURRENT;
}

/** The seat fields the seat actions decide on. */
export interface SeatState {
  bindingChangesLeft: number;
  revokedAt: Date | null;
}

/** Why revoking this seat is refused (null: allowed). */
export function revokeRefusal(seat: SeatState): CustomerErrorCode | null {
  return seat.revokedAt ? CustomerErrorCode.SEAT_ALREADY_REVOKED : null;
}

/** Why resetting this seat's binding changes is refused (null: allowed, back to the default). */
export function resetRefusal(seat: SeatState): CustomerErrorCode | null {
  if (seat.revokedAt) return CustomerErrorCode.SEAT_REVOKED;
  if (seat.bindingChangesLeft >= DEFAULT_BINDING_CHANGES)
    return CustomerErrorCode.BINDING_CHANGES_NOT_SPENT;
  return null;
}

/** A reason as recorded: trimmed (the DTO refuses a blank one). */
export const reasonOf = (raw: string): string => raw.trim();

/** What a granted order records about itself: who granted it and why. */
export function grantMetadata(grantedBy: string, reason: string): string {
  return JSON.stringify({ grantedBy, reason });
}

/** Who granted an order and why, or null for an order that was not an admin's grant. */
export function grantOf(
  paymentMethod: string | null | undefined,
  metadata: string | null | undefined,
): { grantedBy: string | null; reason: string | null } | null {
  if (paymentMethod !== GRANT_PAYMENT_METHOD) return null;
  let parsed: unknown = null;
  try {
    parsed = metadata ? JSON.parse(metadata) : null;
  } catch {
    parsed = null;
  }
  const record = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { grantedBy: text(record.grantedBy), reason: text(record.reason) };
}

/** The AI provider a seat talks to, by its base URL's host (null: none or not a URL). The key is never shown. */
export function providerOf(baseUrl: string | null | undefined): string | null {
  if (!baseUrl) return null;
  try {
    return new URL(baseUrl).host || null;
  } catch {
    return null;
  }
}

/**
 * The audit targets that are about one customer: their e-mail (VIP list, sign-out), their id, their
 * orders' numbers (payments, refunds, grants) and their seats (both names: licences/seat-history.ts).
 */
export function customerTargets(customer: {
  email: string;
  userId: string;
  orderNumbers: string[];
  seats: { id: string; seatIndex: number }[];
}): string[] {
  return [
    ...new Set([
      customer.email,
      customer.userId,
      ...customer.orderNumbers,
      ...customer.seats.flatMap(seatHistoryTargets),
    ]),
  ];
}
