import type { Tier } from '@seatkeeper/domain';
import { loginPath } from '../../components/guards';

/**
 * Where 'Buy' goes: the console with that plan's purchase open (`/dashboard?buy=pro`, read by the
 * dashboard page), through the login page first when there is no session (its redirect comes back).
 */
export function buyPath(tier: Tier, signedIn: boolean): string {
  const search = `?buy=${tier}`;
  return signedIn ? `/dashboard${search}` : loginPath({ pathname: '/dashboard', search });
}
