import type { License } from '../../lib/api/licenses';

/**
 * The sites that use the activation code now (docs/product.md#states, Activation code): the sites bound to the
 * customer's active seats, each once, in seat order. Regenerating the code stops them until the new
 * code is pasted into each; a revoked or expired seat's site is not licensed by the code anyway.
 */
export function sitesUsingCode(
  licenses: readonly Pick<License, 'status' | 'revokedAt' | 'websiteUrl' | 'seatIndex'>[],
): string[] {
  const sites = [...licenses]
    .filter((l) => l.status === 'active' && !l.revokedAt && l.websiteUrl)
    .sort((a, b) => a.seatIndex - b.seatIndex)
    .map((l) => l.websiteUrl as string);
  return [...new Set(sites)];
}
