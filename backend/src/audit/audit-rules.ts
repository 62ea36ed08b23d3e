/**
 * How the audit log reads its entries (docs/product.md, back office: a readable audit log): who acted,
 * what an entry's target points at, and the date window of the list's filter. Pure, unit-tested.
 */

const UUID_AT_START = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i;
/** Our order numbers (order-number.ts): SK and 26 digits. */
const ORDER_NUMBER = /^SK\d{26}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export type ActorKind = 'admin' | 'customer' | 'system' | 'gateway';

/** Who an entry's actor is: an admin's e-mail, `user:<id>` (a customer), `gateway:<name>`, or 'system'. */
export function actorOf(actor: string): {
  kind: ActorKind;
  email: string | null;
  userId: string | null;
} {
  if (actor.startsWith('user:')) return { kind: 'customer', email: null, userId: actor.slice(5) };
  if (actor.startsWith('gateway:')) return { kind: 'gateway', email: null, userId: null };
  if (EMAIL.test(actor)) return { kind: 'admin', email: actor, userId: null };
  return { kind: 'system', email: null, userId: null };
}

/** What a target names: an order number, a customer's e-mail, a seat (`<licence id> (seat N)`), or nothing we link. */
export function targetOf(target: string): {
  orderNumber: string | null;
  email: string | null;
  licenseId: string | null;
} {
  const orderNumber = ORDER_NUMBER.test(target) ? target : null;
  const email = !orderNumber && EMAIL.test(target) ? target.toLowerCase() : null;
  const licenseId = !orderNumber && !email ? (UUID_AT_START.exec(target)?.[1] ?? null) : null;
  return { orderNumber, email, licenseId };
}

/**
 * The creation-time window of `from`/`to` (ISO 8601, already validated): `from` inclusive, `to` exclusive;
 * a date alone is its UTC midnight, and a `to` date alone includes its whole day. Null when `to` is not
 * after `from` (a 400).
 */
export function auditWindow(
  from?: string,
  to?: string,
): { from: Date | null; to: Date | null } | null {
  const start = from ? new Date(from) : null;
  const end = to ? new Date(to) : null;
  if (end && DATE_ONLY.test(to!)) end.setTime(end.getTime() + DAY_MS);
  if (start && end && end.getTime() <= start.getTime()) return null;
  return { from: start, to: end };
}
