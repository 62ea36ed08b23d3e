import { hostOf } from '@seatkeeper/domain';
import type { CryptoService } from '../common/crypto.service';
import { DownloadErrorCode } from './download-errors';
import type { ReleaseKind } from '../releases/release-rules';

/** The sealing purpose of package links (an AES-GCM key of its own, docs/wordpress.md). */
const PURPOSE = 'package-link';

/**
 * What a package link carries, sealed (AES-256-GCM): nothing of it is readable on the site that stores
 * the link, and nothing can be changed. Bound to the release, the seat and the site it was issued for.
 */
export interface PackageLink {
  /** Release kind and slug. */
  k: ReleaseKind;
  p: string;
  /** The seat (licence id) the site is entitled by. */
  l: string;
  /** The site's host (and port) as the licence check normalises it. */
  h: string;
  /** 1: a development host, entitled by any active seat of the customer (no binding to check). */
  d?: 1;
  /** Expiry, Unix seconds. */
  exp: number;
}

export function sealLink(crypto: CryptoService, link: PackageLink): string {
  const sealed = crypto.encrypt(JSON.stringify(link), PURPOSE);
  return Buffer.from(sealed.slice(sealed.indexOf('.') + 1), 'base64').toString('base64url');
}

/** The link's contents, or null when it was not sealed by us (or was altered). */
export function openLink(crypto: CryptoService, token: string): PackageLink | null {
  if (!/^[A-Za-z0-9_-]{20,2048}$/.test(token)) return null;
  try {
    const plain = crypto.decrypt(
      `v1.${Buffer.from(token, 'base64url').toString('base64')}`,
      PURPOSE,
    );
    const link = JSON.parse(plain) as PackageLink;
    return typeof link.exp === 'number' && typeof link.l === 'string' ? link : null;
  } catch {
    return null;
  }
}

/** The seat a link names, as it is now. */
export interface LinkSeat {
  active: boolean;
  websiteUrl: string | null;
}

/**
 * Whether a package link still downloads (docs/wordpress.md, Package links): for this release, not
 * expired, and its seat still active and (for a real site) still bound to the site it was issued for.
 * A refunded, revoked or expired seat, or one rebound elsewhere, stops the link at once. Null: it may.
 */
export function linkRefusal(
  link: PackageLink | null,
  release: { kind: ReleaseKind; slug: string },
  seat: LinkSeat | null,
  nowMs: number,
): DownloadErrorCode | null {
  if (!link || link.k !== release.kind || link.p !== release.slug)
    return DownloadErrorCode.DOWNLOAD_LINK_INVALID;
  if (link.exp * 1000 <= nowMs) return DownloadErrorCode.DOWNLOAD_LINK_EXPIRED;
  if (!seat?.active) return DownloadErrorCode.DOWNLOAD_SEAT_INACTIVE;
  if (!link.d && (!seat.websiteUrl || hostOf(seat.websiteUrl) !== link.h))
    return DownloadErrorCode.DOWNLOAD_SEAT_INACTIVE;
  return null;
}
