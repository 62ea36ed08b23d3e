import type { Tier } from '@seatkeeper/domain';

/** A plan's seats: '1 seat', '5 seats'; Max grows on demand, so 'up to 100 seats'. */
export function seatLabel(tier: Tier, seatCount: number): string {
  if (tier === 'ultra') return `up to ${seatCount} seats`;
  return `${seatCount} ${seatCount === 1 ? 'seat' : 'seats'}`;
}
