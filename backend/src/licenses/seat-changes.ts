import type { Tier } from '@seatkeeper/domain';

/**
 * What the entitlements read of a customer's seats and decide to change about them (docs/rules.md,
 * "Entitlements"): the licences module owns the table and applies the changes
 * (LicensesService.changeSeats); entitlement-rules.ts plans them.
 */

/** A seat as the entitlements read it. */
export interface SeatState {
  id: string;
  seatIndex: number;
  websiteUrl: string | null;
  purchaseTier: Tier;
  revokedAt: Date | null;
}

/** What to do to a customer's seats so that they match what the standing orders entitle to. */
export interface SeatChanges {
  /** Held seats to revoke (beyond the entitlement: unbound first, then the highest numbers). */
  revoke: string[];
  /** Held seats to move to the entitled tier. */
  retier: string[];
  /** Of those, the seats whose tier goes up (they become permanent). */
  raise: string[];
  /** Revoked rows to give out again as new seats (without their old domain), lowest numbers first. */
  renew: string[];
  /** New rows to add after the highest seat number. */
  add: number;
  /** The number of the first new row. */
  firstNewIndex: number;
  tier: Tier | null;
}
