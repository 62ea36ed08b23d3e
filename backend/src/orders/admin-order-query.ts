/**
 * The admin orders list's rules that are not SQL (docs/product.md, back office): the sort orders and what a
 * date range means. Pure, unit-tested in admin-order-query.spec.ts.
 */

import { addDays, startOfLocalDay } from '@seatkeeper/domain';

export const ADMIN_ORDER_SORTS = ['time_desc', 'time_asc', 'amount_desc', 'amount_asc'] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

/** The ORDER BY of a sort (fixed texts, never built from input); ties broken by the order's id, stable across pages. */
export function orderByOf(sort: AdminOrderSort): string {
  switch (sort) {
    case 'time_asc':
      return 'o.created_at asc, o.id asc';
    case 'amount_desc':
      return 'o.amount desc, o.created_at desc, o.id desc';
    case 'amount_asc':
      return 'o.amount asc, o.created_at desc, o.id desc';
    default:
      return 'o.created_at desc, o.id desc';
  }
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The creation-time window of `from`/`to` (ISO 8601, already validated): `from` inclusive, `to` exclusive;
 * a date alone is a day of `timeZone` (SELLER_TIME_ZONE, the dashboard's days, so that both cut a period at
 * the same instants: docs/product.md, "Orders /admin/orders"), and a `to` date alone includes its whole day.
 */
export function createdWindow(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { from: Date | null; to: Date | null } {
  const instant = (value: string, nextDay: boolean) =>
    DATE_ONLY.test(value)
      ? startOfLocalDay(nextDay ? addDays(value, 1) : value, timeZone)
      : new Date(value);
  return { from: from ? instant(from, false) : null, to: to ? instant(to, true) : null };
}

/** The trade number a paid order keeps in its metadata (`{"tradeNo": …}`), or null. */
export function tradeNoOf(metadata: string | null | undefined): string | null {
  if (!metadata) return null;
  try {
    const parsed = JSON.parse(metadata) as { tradeNo?: unknown };
    return typeof parsed?.tradeNo === 'string' ? parsed.tradeNo : null;
  } catch {
    return null;
  }
}

/** Where the export's last batch ended: the sort's columns of its last row (the time as PostgreSQL wrote it). */
export interface AdminOrderCursor {
  /** `created_at::text`: exact to the microsecond, which a JavaScript Date is not. */
  createdAt: string;
  amount: number;
  id: string;
}

/**
 * The keyset condition "after this row" in the order of `sort` (orderByOf), for the export's batches:
 * fixed SQL texts with the cursor as parameters. The time sorts also bound `created_at` alone, so the
 * `created_at` index serves them.
 */
export function keysetAfter(
  sort: AdminOrderSort,
  c: AdminOrderCursor,
): { sql: string; params: unknown[] } {
  switch (sort) {
    case 'time_asc':
      return {
        sql: 'o.created_at >= ?::timestamptz and (o.created_at, o.id) > (?::timestamptz, ?::uuid)',
        params: [c.createdAt, c.createdAt, c.id],
      };
    case 'amount_desc':
      return {
        sql: 'o.amount <= ? and (o.amount, o.created_at, o.id) < (?, ?::timestamptz, ?::uuid)',
        params: [c.amount, c.amount, c.createdAt, c.id],
      };
    case 'amount_asc':
      // amount ascending, then time and id descending (orderByOf): the two directions cannot be one row comparison.
      return {
        sql: '(o.amount > ? or (o.amount = ? and (o.created_at, o.id) < (?::timestamptz, ?::uuid)))',
        params: [c.amount, c.amount, c.createdAt, c.id],
      };
    default:
      return {
        sql: 'o.created_at <= ?::timestamptz and (o.created_at, o.id) < (?::timestamptz, ?::uuid)',
        params: [c.createdAt, c.createdAt, c.id],
      };
  }
}
