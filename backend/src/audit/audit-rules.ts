import { addDays, startOfLocalDay } from '@seatkeeper/domain';

/**
 * How the audit log reads its entries (docs/product.md, back office: a readable audit log): who acted,
 * what an entry's target points at, and the date window of the list's filter. Pure, unit-tested.
 */

const UUID_AT_START = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i;
/** Our order numbers (order-number.ts): SK and 26 digits. */
const ORDER_NUMBER = /^SK\d{26}$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export type ActorKind = 'admin' | 'customer' | 'system' | 'gateway';

/** Actions a customer takes that record the customer's e-mail as the actor (licenses: seat-history.ts). */
export const CUSTOMER_EMAIL_ACTIONS: ReadonlySet<string> = new Set(['license.bind']);

/**
 * Who an entry's actor is: an admin's e-mail, `user:<id>` (a customer), `gateway:<name>`, or 'system'; a
 * customer's bind records the customer's e-mail (CUSTOMER_EMAIL_ACTIONS), so the action tells them apart.
 */
export function actorOf(
  actor: string,
  action?: string,
): {
  kind: ActorKind;
  email: string | null;
  userId: string | null;
} {
  if (actor.startsWith('user:')) return { kind: 'customer', email: null, userId: actor.slice(5) };
  if (actor.startsWith('gateway:')) return { kind: 'gateway', email: null, userId: null };
  if (EMAIL.test(actor))
    return {
      kind: action && CUSTOMER_EMAIL_ACTIONS.has(action) ? 'customer' : 'admin',
      email: actor,
      userId: null,
    };
  return { kind: 'system', email: null, userId: null };
}

const UUID_ONLY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's `target` filter as the query accepts it: a customer's e-mail, an order number or a seat id ('' for none). */
export const TARGET_FILTER =
  /^(?:[Ss][Kk]\d{26}|[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}|[^\s@]+@[^\s@]+)?$/;

/** What the list's `target` filter asks for (null: none of the three; the DTO refuses it first). */
export type TargetFilter =
  | { kind: 'order'; orderNumber: string }
  | { kind: 'seat'; licenseId: string }
  | { kind: 'customer'; email: string };

export function targetFilterOf(value: string): TargetFilter | null {
  const text = value.trim();
  if (ORDER_NUMBER.test(text.toUpperCase()))
    return { kind: 'order', orderNumber: text.toUpperCase() };
  if (UUID_ONLY.test(text)) return { kind: 'seat', licenseId: text.toLowerCase() };
  if (EMAIL.test(text)) return { kind: 'customer', email: text.toLowerCase() };
  return null;
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
 * a date alone is a day of `timeZone` (SELLER_TIME_ZONE, the days of the dashboard and the orders list:
 * docs/product.md, "Orders /admin/orders"), and a `to` date alone includes its whole day. Null when `to`
 * is not after `from` (a 400).
 */
export function auditWindow(
  from?: string,
  to?: string,
  timeZone = 'UTC',
): { from: Date | null; to: Date | null } | null {
  const instant = (value: string, nextDay: boolean) =>
    DATE_ONLY.test(value)
      ? startOfLocalDay(nextDay ? addDays(value, 1) : value, timeZone)
      : new Date(value);
  const start = from ? instant(from, false) : null;
  const end = to ? instant(to, true) : null;
  if (start && end && end.getTime() <= start.getTime()) return null;
  return { from: start, to: end };
}
