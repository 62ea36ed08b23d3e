import type { Tier } from '@seatkeeper/domain';
import { i18n } from '../../lib/i18n';

/** A plan's seats: '1 seat', '5 seats'; Max grows on demand, so 'up to 100 seats' (plans catalogue). */
export function seatLabel(tier: Tier, seatCount: number): string {
  if (tier === 'ultra') return i18n.t('plans:seatsUpTo', { seats: seatCount });
  return i18n.t('plans:seats', { count: seatCount });
}
