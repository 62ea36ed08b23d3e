import { highestTier, TIER_NAMES, type Tier } from './tiers';

/**
 * Seat rules (docs/rules.md, Seats): how many seats a plan gives, how many times a seat may move to
 * another site, how Max grows, the seat summary and when a seat has expired.
 */

/** Seats a plan gives; Max starts smaller and grows on demand up to this many. */
export const PLAN_SEATS: Record<Tier, number> = {
  basic: 1,
  vip: 2,
  pro: 5,
  ultra: 100,
};

/** Times a new seat may be moved to another site (the first bind is free). */
export const DEFAULT_BINDING_CHANGES = 2;

/** Max starts with this many seats... */
export const ULTRA_INITIAL_SEATS = 10;
/** ...grows by this many at a time... */
export const ULTRA_EXPANSION_BATCH = 10;
/** ...once fewer than this many of its seats are unbound. */
export const ULTRA_EXPANSION_MIN_FREE = 2;

/** Seats a purchase of this tier starts with: the plan's seats, except Max, which starts small and grows. */
export const initialSeats = (tier: Tier): number =>
  tier === 'ultra' ? ULTRA_INITIAL_SEATS : PLAN_SEATS[tier];

export type LicenseType = 'yearly' | 'permanent';

export interface SeatLike {
  seatIndex: number;
  websiteUrl?: string | null;
  purchaseTier: Tier;
  licenseType: LicenseType;
  expiresAt?: Date | null;
}

export interface SeatSummary {
  /** Current tier: the highest-ranked purchaseTier, or null with no licenses. */
  tier: Tier | null;
  planName: string | null;
  bound: number;
  /** The plan's seat count, or else the larger of the highest seat index and the license count. */
  seatTotal: number;
}

/** Seats to show without a plan: the larger of the highest seat index and the number of seats. */
export const fallbackSeatTotal = (seats: readonly Pick<SeatLike, 'seatIndex'>[]): number =>
  Math.max(seats.length, ...seats.map((s) => s.seatIndex), 0);

export const boundSeatCount = (seats: readonly Pick<SeatLike, 'websiteUrl'>[]): number =>
  seats.filter((s) => s.websiteUrl).length;

export function seatSummary(
  seats: readonly Pick<SeatLike, 'seatIndex' | 'websiteUrl' | 'purchaseTier'>[],
): SeatSummary {
  const tier = highestTier(seats.map((s) => s.purchaseTier));
  return {
    tier,
    planName: tier ? TIER_NAMES[tier] : null,
    bound: boundSeatCount(seats),
    seatTotal: tier ? PLAN_SEATS[tier] : fallbackSeatTotal(seats),
  };
}

/** A yearly license past its expiry is expired; everything else is active. */
export function seatStatus(
  seat: Pick<SeatLike, 'licenseType' | 'expiresAt'>,
  now = new Date(),
): 'active' | 'expired' {
  return seat.licenseType === 'yearly' &&
    seat.expiresAt &&
    seat.expiresAt.getTime() <= now.getTime()
    ? 'expired'
    : 'active';
}
