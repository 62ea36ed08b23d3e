/**
 * A seat's history (docs/rules.md, "Seat history"): every bind and rebind, the admin's domain edits, resets
 * of its binding changes and its revocation, read from the audit entries written in the same transaction
 * as each change. Pure, unit-tested in seat-history.spec.ts; the admin's customer page, the customer's
 * console, the customer's JSON export and the admin's customer CSV all read a seat's history through here.
 */

/** The audit actions of a seat's history. */
export const SEAT_HISTORY_ACTIONS = {
  /** The customer bound or rebound the seat (actor: the customer's e-mail). */
  bind: 'license.bind',
  /** An admin set, changed or cleared the seat's domain (actor: the admin's e-mail). */
  domain: 'license.domain',
  /** An admin gave the seat its binding changes back. */
  resetChanges: 'license.reset_changes',
  /** An admin revoked the seat. */
  revoke: 'license.revoke',
} as const;

const KIND_OF: Record<string, SeatEventKind> = {
  [SEAT_HISTORY_ACTIONS.bind]: 'bind',
  [SEAT_HISTORY_ACTIONS.domain]: 'domain',
  [SEAT_HISTORY_ACTIONS.resetChanges]: 'reset',
  [SEAT_HISTORY_ACTIONS.revoke]: 'revoke',
};

export type SeatEventKind = 'bind' | 'domain' | 'reset' | 'revoke';

/** A seat as audit entries name it: `<licence id> (seat N)` (the admin's actions) or the bare id (binds). */
export const seatTarget = (id: string, seatIndex: number): string => `${id} (seat ${seatIndex})`;

/** Both names a seat's entries may carry (the bind's target is the bare licence id). */
export const seatHistoryTargets = (seat: { id: string; seatIndex: number }): string[] => [
  seat.id,
  seatTarget(seat.id, seat.seatIndex),
];

/** What the bind records (agreed with the audit log's sentences): before and after, by whom, from where. */
export function bindRecord(input: {
  email: string;
  licenseId: string;
  from: string | null;
  to: string | null;
  ip: string | null;
  changesLeft: number;
}) {
  return {
    actor: input.email,
    action: SEAT_HISTORY_ACTIONS.bind,
    target: input.licenseId,
    before: { domain: input.from },
    after: { domain: input.to, ip: input.ip, changesLeft: input.changesLeft },
  };
}

/** One event of a seat's history. */
export interface SeatEvent {
  kind: SeatEventKind;
  /** Who acted: the customer (a bind) or an admin (domain edits, resets, revocations). */
  by: 'customer' | 'admin';
  /** The e-mail of who acted; null in the customer's own view of an admin's action ("by the store"). */
  actor: string | null;
  at: string;
  /** The domain before and after (binds and domain edits; a revocation's `from` is the domain it had). */
  from: string | null;
  to: string | null;
  /** The client address the change came from (null: not recorded, or hidden from the customer). */
  ip: string | null;
  /** Binding changes left after the event (binds and resets). */
  changesLeft: number | null;
  /** The admin's reason (resets and revocations); never in the customer's view. */
  reason: string | null;
}

const field = (snapshot: unknown, key: string): unknown =>
  snapshot && typeof snapshot === 'object' ? (snapshot as Record<string, unknown>)[key] : undefined;
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const count = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** One audit entry as a history event (null: not a history action). */
export function seatEventOf(entry: {
  action: string;
  actor: string;
  createdAt: string;
  before?: unknown;
  after?: unknown;
}): SeatEvent | null {
  const kind = KIND_OF[entry.action];
  if (!kind) return null;
  const { before, after } = entry;
  const base = {
    kind,
    by: kind === 'bind' ? ('customer' as const) : ('admin' as const),
    actor: entry.actor,
    at: entry.createdAt,
    ip: text(field(after, 'ip')),
    reason: text(field(after, 'reason')),
  };
  switch (kind) {
    case 'bind':
      return {
        ...base,
        from: text(field(before, 'domain')),
        to: text(field(after, 'domain')),
        changesLeft: count(field(after, 'changesLeft')),
      };
    case 'domain':
      return {
        ...base,
        from: text(field(before, 'websiteUrl')),
        to: text(field(after, 'websiteUrl')),
        changesLeft: null,
      };
    case 'reset':
      return {
        ...base,
        from: null,
        to: null,
        changesLeft: count(field(after, 'bindingChangesLeft')),
      };
    case 'revoke':
      return { ...base, from: text(field(before, 'websiteUrl')), to: null, changesLeft: null };
  }
}

/** A seat's history among audit entries (any seats'), oldest first. */
export function seatHistoryOf<
  E extends { action: string; actor: string; target: string; createdAt: string },
>(entries: E[], seat: { id: string; seatIndex: number }): SeatEvent[] {
  const targets = new Set(seatHistoryTargets(seat));
  return entries
    .filter((e) => targets.has(e.target))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map(seatEventOf)
    .filter((e): e is SeatEvent => e !== null);
}

/**
 * The customer's own view of their seat's history: their binds as recorded (their own address included);
 * an admin's action says "by the store" (no admin e-mail, address or reason: docs/rules.md, "Seat history").
 */
export function customerViewOf(event: SeatEvent): SeatEvent {
  if (event.by === 'customer') return { ...event, reason: null };
  return { ...event, actor: null, ip: null, reason: null };
}
