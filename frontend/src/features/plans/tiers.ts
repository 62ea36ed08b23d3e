import type { Tier } from '../licenses/api/get-licenses';

/** Plan names as the product shows them (spec §9: the ultra tier is called Max). */
export const TIER_NAMES: Record<Tier, string> = {
  basic: 'Basic',
  vip: 'VIP',
  pro: 'Pro',
  ultra: 'Max',
};

export const tierName = (tier: string | null | undefined): string =>
  tier && tier in TIER_NAMES ? TIER_NAMES[tier as Tier] : (tier ?? '');

/** A plan's seats: '1 seat', '5 seats'; Max grows on demand, so 'up to 100 seats'. */
export function seatLabel(tier: Tier, seatCount: number): string {
  if (tier === 'ultra') return `up to ${seatCount} seats`;
  return `${seatCount} ${seatCount === 1 ? 'seat' : 'seats'}`;
}
