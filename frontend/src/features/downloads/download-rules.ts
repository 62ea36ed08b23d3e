import { heldSeats, isRevoked } from '../../lib/seat-rules';
import type { License } from '../../lib/api/licenses';

/**
 * Whether the customer may download, from their seats (docs/product.md#screens, Downloads; the server's
 * rule: an active seat, backend downloads.service.ts requireLicense), and if not, why:
 * - 'active': an active seat is held: the downloads are offered;
 * - 'expired': seats are held but every one has expired;
 * - 'revoked': no seat is held, and some were revoked (their order refunded, or an admin's revoke);
 * - 'none': no seat at all (a new customer).
 */
export type DownloadAccess = 'active' | 'expired' | 'revoked' | 'none';

export function downloadAccess(
  licenses: readonly Pick<License, 'status' | 'revokedAt'>[],
): DownloadAccess {
  const held = heldSeats(licenses as License[]);
  if (held.some((l) => l.status === 'active')) return 'active';
  if (held.length > 0) return 'expired';
  if (licenses.some(isRevoked)) return 'revoked';
  return 'none';
}
