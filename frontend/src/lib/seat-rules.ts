import { formatIsoDay, toDate } from './format';
import { i18n } from './i18n';
import type { License, SeatSummary } from './api/licenses';

/**
 * The seat table's display rules (docs/product.md#screens block 2, §4 Seat, §5 Bind (client)) as
 * functions of their input; the texts come from the console catalogue in the active language, read at
 * call time (the components call them while rendering, so a language switch re-words them).
 */

/** The seat hints: 'click to bind your site' (console:seats.bindFirst), 'seats used up, upgrade the plan' (console:seats.full). */
export type SeatHint = 'bindFirst' | 'full';

const isBound = (license: Pick<License, 'websiteUrl'>) => Boolean(license.websiteUrl);

/**
 * A seat revoked by a refund or by an admin (docs/rules.md, "Refunds"): it licenses nothing, counts for
 * nothing and cannot be bound. The licence list says so by its status ('revoked'); revokedAt is the same
 * fact, read too.
 */
export const isRevoked = (license: Pick<License, 'status' | 'revokedAt'>): boolean =>
  license.status === 'revoked' || Boolean(license.revokedAt);

/** The seats the customer holds: all but the revoked ones, which are no longer theirs. */
export const heldSeats = (licenses: readonly License[]): License[] =>
  licenses.filter((l) => !isRevoked(l));

/** Whether every seat of the plan is bound. */
export const isFull = (summary: Pick<SeatSummary, 'bound' | 'seatTotal'>): boolean =>
  summary.seatTotal > 0 && summary.bound >= summary.seatTotal;

/**
 * The rows of the seat table: the held seats (revoked ones left out), bound seats first (by seat number),
 * then at most one unbound seat (the lowest-numbered active one), and none when the plan is full.
 */
export function visibleSeats(licenses: readonly License[], summary: SeatSummary): License[] {
  const bySeat = heldSeats(licenses).sort((a, b) => a.seatIndex - b.seatIndex);
  const bound = bySeat.filter(isBound);
  if (isFull(summary)) return bound;
  const free = bySeat.find((l) => !isBound(l) && l.status === 'active');
  return free ? [...bound, free] : bound;
}

/** 'click to bind your site' when nothing is bound and seats are free; 'seats used up...' when full. */
export function seatHint(licenses: readonly License[], summary: SeatSummary): SeatHint | null {
  const held = heldSeats(licenses);
  if (held.length === 0) return null;
  if (isFull(summary)) return 'full';
  if (summary.bound === 0 && held.some((l) => !isBound(l))) return 'bindFirst';
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
  if (left === 0) return { tone: 'red', text: i18n.t('console:bind.noChangesLeft') };
  if (left === 1) return { tone: 'orange', text: i18n.t('console:bind.lastChange') };
  return { tone: 'blue', text: i18n.t('console:bind.changesLeft', { count: left }) };
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
    ? { color: 'green', label: i18n.t('console:seats.expires', { date: formatIsoDay(expires) }) }
    : { color: 'red', label: i18n.t('console:seats.expired') };
}
