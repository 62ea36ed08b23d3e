import type { LicenseCheckResultDto } from '../licenses/dto/license.dto';

/**
 * What the update metadata tells a site about its licence (docs/wordpress.md, Update metadata): the
 * licence check's codes, and NO_ACTIVE_LICENSE for a customer who holds no active seat at all (binding
 * the site would not help: a plan has to be bought first), also on a development host (the licence
 * check lets a plugin run there; a package needs a seat somewhere).
 */
export type UpdateLicenseCode = LicenseCheckResultDto['code'] | 'NO_ACTIVE_LICENSE';

export interface UpdateEntitlement {
  code: UpdateLicenseCode;
  /** The seat the package link is bound to; null: no package. */
  seatId: string | null;
  /** A development host: the link checks the seat only, not a binding. */
  development: boolean;
  /** What the site owner should do, shown by WordPress beside "automatic update unavailable". */
  notice: string | null;
}

/**
 * Whether a site gets the package: a valid code and the site bound to an active seat of its owner, or
 * a development host of a customer holding an active seat. Otherwise the metadata still answers
 * (name, version, changelog) with an empty package and a notice, so WordPress shows "automatic update
 * unavailable" and never falls back to wordpress.org for the same slug.
 */
export function updateEntitlement(input: {
  /** The licence check's answer for this code and site (TOKEN_INVALID without a code). */
  check: Pick<LicenseCheckResultDto, 'code' | 'development'>;
  /**
   * The seat bound to the site (from the check), and the customer's first active seat (null: they hold
   * none; looked up whenever the code is valid and the site is not bound to one of their seats).
   */
  boundSeatId: string | null;
  activeSeatId: string | null;
  /** The site's normalised host; null when the site sent none (or an unusable one). */
  host: string | null;
  productName: string;
  consoleUrl: string;
}): UpdateEntitlement {
  const { check, host, productName, consoleUrl } = input;
  const site = host ?? 'this site';
  const refuse = (code: UpdateLicenseCode, notice: string): UpdateEntitlement => ({
    code,
    seatId: null,
    development: false,
    notice,
  });
  if (check.code === 'TOKEN_INVALID')
    return refuse(
      'TOKEN_INVALID',
      `Enter a valid activation code in Settings → ${productName} licence`,
    );
  // Nothing to bind this site to: the customer holds no active seat (none bought, or all expired or revoked).
  const noSeat = refuse(
    'NO_ACTIVE_LICENSE',
    `No active licence: buy a plan in the console to get updates: ${consoleUrl}`,
  );
  const unbound = () =>
    input.activeSeatId
      ? refuse('DOMAIN_NOT_BOUND', `Bind ${site} to a seat in the console: ${consoleUrl}`)
      : noSeat;
  if (!host) return unbound();
  if (check.code === 'VALID' && check.development) {
    if (!input.activeSeatId) return noSeat;
    return { code: 'VALID', seatId: input.activeSeatId, development: true, notice: null };
  }
  switch (check.code) {
    case 'VALID':
      return input.boundSeatId
        ? { code: 'VALID', seatId: input.boundSeatId, development: false, notice: null }
        : unbound();
    case 'DOMAIN_NOT_BOUND':
      return unbound();
    case 'LICENSE_REVOKED':
      return refuse(
        'LICENSE_REVOKED',
        `The licence of ${site} was revoked (its order was refunded): buy a plan in the console: ${consoleUrl}`,
      );
    case 'LICENSE_EXPIRED':
      return refuse(
        'LICENSE_EXPIRED',
        `The licence of ${site} has expired: renew it in the console: ${consoleUrl}`,
      );
  }
}
