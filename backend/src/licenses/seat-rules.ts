import { highestTier, PLANS, type Tier } from '../plans/plans.catalogue';

export interface SeatLike {
  seatIndex: number;
  websiteUrl?: string | null;
  purchaseTier: Tier;
  licenseType: 'yearly' | 'permanent';
  expiresAt?: Date | null;
}

export interface SeatSummary {
  /** Current tier: the highest-ranked purchaseTier (spec §4), or null with no licences. */
  tier: Tier | null;
  planName: string | null;
  bound: number;
  /** The plan's seat count, or else the larger of the highest seat index and the licence count. */
  seatTotal: number;
}

export function seatSummary(seats: SeatLike[]): SeatSummary {
  const tier = highestTier(seats.map((s) => s.purchaseTier));
  const fallback = Math.max(seats.length, ...seats.map((s) => s.seatIndex), 0);
  return {
    tier,
    planName: tier ? PLANS[tier].name : null,
    bound: seats.filter((s) => s.websiteUrl).length,
    seatTotal: tier ? PLANS[tier].seatCount : fallback,
  };
}

/** A yearly licence past its expiry is expired; everything else is active. */
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
