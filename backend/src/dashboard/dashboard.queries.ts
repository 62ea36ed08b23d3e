import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Window } from './dashboard-periods';

/**
 * The dashboard's read-only reporting queries (docs/architecture.md, "One owner per table": the one
 * reader of orders, users and licences outside their owners besides the admin overview's search). Every
 * figure is an SQL aggregate: no order is loaded into memory. Only `select`s; the tables' owners still
 * write them. Definitions in docs/product.md, back office.
 */

/**
 * A sale: an order paid with money or a code (the store's internal zero-amount orders, VIP grants and
 * Max's growth, are not sales), still paid or refunded since.
 */
const SALE = `o.status in ('paid', 'refunded') and o.payment_gateway <> 'internal' and o.paid_at is not null`;
const REFUND = `o.status = 'refunded' and o.refunded_at is not null`;

export interface OrderFigures {
  paid: number;
  orders: number;
  customers: number;
  refunds: number;
  refundAmount: number;
}

export interface SeatFigures {
  sold: number;
  bound: number;
}

export interface Slice {
  key: string;
  orders: number;
  revenue: number;
}

const num = (v: unknown) => Number(v ?? 0);

@Injectable()
export class DashboardQueries {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }

  /** Sales and refunds in each window (one pass over the orders paid or refunded since the earliest). */
  async orderFigures(windows: Window[]): Promise<OrderFigures[]> {
    if (!windows.length) return [];
    const cols: string[] = [];
    const params: unknown[] = [];
    windows.forEach((w, i) => {
      const paidIn = `sale and o.paid_at >= ? and o.paid_at < ?`;
      const refundedIn = `refund and o.refunded_at >= ? and o.refunded_at < ?`;
      cols.push(
        `coalesce(sum(o.amount) filter (where ${paidIn}), 0)::bigint as paid_${i}`,
        `count(*) filter (where ${paidIn})::int as orders_${i}`,
        `count(distinct o.user_id) filter (where ${paidIn})::int as customers_${i}`,
        `count(*) filter (where ${refundedIn})::int as refunds_${i}`,
        `coalesce(sum(o.amount) filter (where ${refundedIn}), 0)::bigint as refund_amount_${i}`,
      );
      params.push(w.from, w.to, w.from, w.to, w.from, w.to, w.from, w.to, w.from, w.to);
    });
    const earliest = new Date(Math.min(...windows.map((w) => w.from.getTime())));
    const [row] = await this.run<Record<string, unknown>>(
      `select ${cols.join(', ')}
       from (select o.user_id, o.amount, o.paid_at, o.refunded_at, (${SALE}) as sale, (${REFUND}) as refund
             from orders o where o.paid_at >= ? or o.refunded_at >= ?) o`,
      [...params, earliest, earliest],
    );
    return windows.map((_, i) => ({
      paid: num(row[`paid_${i}`]),
      orders: num(row[`orders_${i}`]),
      customers: num(row[`customers_${i}`]),
      refunds: num(row[`refunds_${i}`]),
      refundAmount: num(row[`refund_amount_${i}`]),
    }));
  }

  /**
   * All-time sales and refunds, and the sales by plan and by payment gateway, all time and since `since`,
   * in one pass over the sales (grouping sets).
   */
  async allTime(since: Date): Promise<{
    figures: OrderFigures;
    byPlan: { allTime: Slice[]; recent: Slice[] };
    byMethod: { allTime: Slice[]; recent: Slice[] };
  }> {
    const rows = await this.run<Record<string, unknown>>(
      `select grouping(o.subscription_tier) as g_tier, grouping(o.payment_gateway) as g_gateway,
              o.subscription_tier as tier, o.payment_gateway as gateway,
              count(*)::int as orders, coalesce(sum(o.amount), 0)::bigint as paid,
              count(*) filter (where o.paid_at >= ?)::int as recent_orders,
              coalesce(sum(o.amount) filter (where o.paid_at >= ?), 0)::bigint as recent_paid,
              count(*) filter (where o.status = 'refunded')::int as refunds,
              coalesce(sum(o.amount) filter (where o.status = 'refunded'), 0)::bigint as refund_amount
       from orders o where ${SALE}
       group by grouping sets ((), (o.subscription_tier), (o.payment_gateway))`,
      [since, since],
    );
    const [{ customers }] = await this.run<{ customers: number }>(
      `select count(distinct o.user_id)::int as customers from orders o where ${SALE}`,
      [],
    );
    const total = rows.find((r) => num(r.g_tier) === 1 && num(r.g_gateway) === 1);
    const slices = (of: 'tier' | 'gateway', recent: boolean): Slice[] =>
      rows
        .filter((r) => num(r[`g_${of}`]) === 0)
        .map((r) => ({
          key: String(r[of]),
          orders: num(r[recent ? 'recent_orders' : 'orders']),
          revenue: num(r[recent ? 'recent_paid' : 'paid']),
        }))
        .filter((s) => s.orders > 0)
        .sort((a, b) => b.orders - a.orders || b.revenue - a.revenue || a.key.localeCompare(b.key));
    return {
      figures: {
        paid: num(total?.paid),
        orders: num(total?.orders),
        customers: num(customers),
        refunds: num(total?.refunds),
        refundAmount: num(total?.refund_amount),
      },
      byPlan: { allTime: slices('tier', false), recent: slices('tier', true) },
      byMethod: { allTime: slices('gateway', false), recent: slices('gateway', true) },
    };
  }

  /** Accounts created in each window; the last figure is every account. */
  async signUps(windows: Window[]): Promise<{ windows: number[]; all: number }> {
    const cols = windows.map(
      (_, i) => `count(*) filter (where created_at >= ? and created_at < ?)::int as w_${i}`,
    );
    const [row] = await this.run<Record<string, unknown>>(
      `select ${[...cols, 'count(*)::int as all_users'].join(', ')} from users`,
      windows.flatMap((w) => [w.from, w.to]),
    );
    return { windows: windows.map((_, i) => num(row[`w_${i}`])), all: num(row.all_users) };
  }

  /**
   * Seats sold in each window (seats added by a sale, i.e. not by an internal order) and, of those, the
   * seats bound to a website now (not revoked); the last figures are all time.
   */
  async seats(windows: Window[]): Promise<{ windows: SeatFigures[]; all: SeatFigures }> {
    const cols: string[] = [];
    windows.forEach((_, i) => {
      const inWindow = `s.purchased_at >= ? and s.purchased_at < ?`;
      cols.push(
        `count(*) filter (where ${inWindow})::int as sold_${i}`,
        `count(*) filter (where ${inWindow} and s.bound)::int as bound_${i}`,
      );
    });
    const [row] = await this.run<Record<string, unknown>>(
      `select ${cols.join(', ')}${cols.length ? ',' : ''}
              count(*)::int as sold_all, count(*) filter (where s.bound)::int as bound_all
       from (select l.purchased_at, (l.website_url is not null and l.revoked_at is null) as bound
             from licenses l
             where l.order_id is null
                or l.order_id not in (select o.id from orders o where o.payment_gateway = 'internal')) s`,
      windows.flatMap((w) => [w.from, w.to, w.from, w.to]),
    );
    return {
      windows: windows.map((_, i) => ({
        sold: num(row[`sold_${i}`]),
        bound: num(row[`bound_${i}`]),
      })),
      all: { sold: num(row.sold_all), bound: num(row.bound_all) },
    };
  }

  /** Per local day of `timeZone` within the window: paid minus refunded amounts, and orders paid. */
  async days(
    window: Window,
    timeZone: string,
  ): Promise<{ date: string; revenue: number; orders: number }[]> {
    const rows = await this.run<{ day: string; paid: unknown; refunded: unknown; orders: unknown }>(
      `select d.day, sum(d.paid)::bigint as paid, sum(d.refunded)::bigint as refunded, sum(d.orders)::int as orders
       from (
         select to_char(o.paid_at at time zone ?, 'YYYY-MM-DD') as day, o.amount as paid, 0 as refunded, 1 as orders
         from orders o where o.paid_at >= ? and o.paid_at < ? and ${SALE}
         union all
         select to_char(o.refunded_at at time zone ?, 'YYYY-MM-DD'), 0, o.amount, 0
         from orders o where o.refunded_at >= ? and o.refunded_at < ? and ${REFUND}
       ) d group by d.day`,
      [timeZone, window.from, window.to, timeZone, window.from, window.to],
    );
    return rows.map((r) => ({
      date: r.day,
      revenue: num(r.paid) - num(r.refunded),
      orders: num(r.orders),
    }));
  }
}
