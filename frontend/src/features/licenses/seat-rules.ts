import { formatIsoDay, toDate } from '../../lib/format';
import type { License, SeatSummary } from './api/get-licenses';

/** The seat table's display rules (docs/product.md#screens block 2, §4 Seat, §5 Bind (client)) as pure functions. */

export const SEAT_HINTS = {
  bindFirst: 'click to bind your site',
  full: 'seats used up, upgrade the plan',
} as const;

export const NO_CHANGES_LEFT = 'you have used all rebinding chances';
export const LAST_CHANGE = 'last rebinding chance';

const isBound = (license: Pick<License, 'websiteUrl'>) => Boolean(license.websiteUrl);

/** Whether every seat of the plan is bound. */
export const isFull = (summary: Pick<SeatSummary, 'bound' | 'seatTotal'>): boolean =>
  summary.seatTotal > 0 && summary.bound >= summary.seatTotal;

/**
 * The rows of the seat table: bound seats first (by seat number), then at most one unbound seat (the
 * lowest-numbered still active one), and none when the plan is full.
 */
export function visibleSeats(licenses: readonly License[], summary: SeatSummary): License[] {
  const bySeat = [...licenses].sort((a, b) => a.seatIndex - b.seatIndex);
  const bound = bySeat.filter(isBound);
  if (isFull(summary)) return bound;
  const free = bySeat.find((l) => !isBound(l) && l.status !== 'expired');
  return free ? [...bound, free] : bound;
}

/** 'click to bind your site' when nothing is bound and seats are free; 'seats used up...' when full. */
export function seatHint(
  licenses: readonly License[],
  summary: SeatSummary,
): (typeof SEAT_HINTS)[keyof typeof SEAT_HINTS] | null {
  if (licenses.length === 0) return null;
  if (isFull(summary)) return SEAT_HINTS.full;
  if (summary.bound === 0 && licenses.some((l) => !isBound(l))) return SEAT_HINTS.bindFirst;
  return null;
}

export interface Notice {
  tone: 'red' | 'orange' | 'blue';
  text: string;
}

/**
 * What the inline editor says about the seat's binding changes. A first bind is free (no notice);
 * a rebind shows the remaining count, warns on the last one and is refused with none left.
 */
export function rebindNotice(
  license: Pick<License, 'websiteUrl' | 'bindingChangesLeft'>,
): Notice | null {
  if (!isBound(license)) return null;
  const left = Math.max(0, license.bindingChangesLeft);
  if (left === 0) return { tone: 'red', text: NO_CHANGES_LEFT };
  if (left === 1) return { tone: 'orange', text: LAST_CHANGE };
  return { tone: 'blue', text: `${left} rebinding chances left` };
}

/** A bound seat with no changes left cannot move to another site (docs/product.md#validation: refused client-side). */
export const canRebind = (license: Pick<License, 'websiteUrl' | 'bindingChangesLeft'>): boolean =>
  !isBound(license) || license.bindingChangesLeft > 0;

export interface ExpiryBadge {
  color: 'green' | 'red';
  label: string;
}

/** Yearly licences: green 'expires: YYYY-MM-DD' while in the future, red 'expired' after (docs/product.md#states). */
export function expiryBadge(
  license: Pick<License, 'licenseType' | 'expiresAt'>,
  now: Date = new Date(),
): ExpiryBadge | null {
  if (license.licenseType !== 'yearly') return null;
  const expires = toDate(license.expiresAt);
  if (!expires) return null;
  return expires.getTime() > now.getTime()
    ? { color: 'green', label: `expires: ${formatIsoDay(expires)}` }
    : { color: 'red', label: 'expired' };
}
