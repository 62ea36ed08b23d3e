import type { EntityManager } from '@mikro-orm/postgresql';
import {
  dashboardCalendar,
  zeroFilledDays,
  type Window,
} from '../../src/dashboard/dashboard-periods';
import type { DashboardDto, DashboardFiguresDto } from '../../src/dashboard/dto/dashboard.dto';

/**
 * The dashboard's definitions (docs/product.md, back office) as live SQL over orders, users and licences:
 * the queries the dashboard ran before its roll-ups (backend/src/dashboard, docs/architecture.md), kept
 * here as the reference the roll-ups are compared with after every kind of change.
 */

/**
 * A sale: an order paid with money or a code (the store's internal zero-amount orders, VIP grants and
 * Max's growth, are not sales), still paid or refunded since.
 */
const SALE = `o.status in ('paid', 'refunded') and o.payment_gateway <> 'internal' and o.paid_at is not null`;
const REFUND = `o.status = 'refunded' and o.refunded_at is not null`;

interface OrderFigures {
  paid: number;
  orders: number;
  customers: number;
  refunds: number;
  refundAmount: number;
}

interface SeatFigures {
  sold: number;
  bound: number;
}

interface Slice {
  key: string;
  orders: number;
  revenue: number;
}

const num = (v: unknown) => Number(v ?? 0);

/** An instant's date in a time zone, YYYY-MM-DD (en-CA writes ISO dates). */
const localDayOf = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/** The start of the earliest window (the far future without windows: no row is read for them). */
const earliestOf = (windows: Window[]) =>
  new Date(windows.length ? Math.min(...windows.map((w) => w.from.getTime())) : 8.64e15);

class LiveQueries {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[]): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }

  /**
   * The money of the orders created in each window (docs/product.md, "Orders /admin/orders"), summed here
   * row by row rather than by the orders list's SQL: taken = orders paid (refunded since included), given
   * back = orders refunded, the internal zero-amount orders aside.
   */
  async orderMoney(
    windows: { from: Date | null; to: Date }[],
  ): Promise<{ paidTotal: number; refundedTotal: number; netTotal: number }[]> {
    const rows = await this.run<{ amount: number; status: string; created_at: Date | string }>(
      `select amount, status, created_at from orders
       where status in ('paid', 'refunded') and payment_gateway <> 'internal'`,
      [],
    );
    return windows.map((w) => {
      let paidTotal = 0;
      let refundedTotal = 0;
      for (const r of rows) {
        const at = new Date(r.created_at).getTime();
        if ((w.from && at < w.from.getTime()) || at >= w.to.getTime()) continue;
        paidTotal += Number(r.amount);
        if (r.status === 'refunded') refundedTotal += Number(r.amount);
      }
      return { paidTotal, refundedTotal, netTotal: paidTotal - refundedTotal };
    });
  }

  /**
   * Sales and refunds in each window: one aggregate over the sales paid and the refunds made since the
   * earliest window, each read by range from its partial index (orders_sales_paid_at_index,
   * orders_refunds_refunded_at_index), never the older orders.
   */
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
    const earliest = earliestOf(windows);
    const [row] = await this.run<Record<string, unknown>>(
      `select ${cols.join(', ')}
       from (select o.user_id, o.amount, o.paid_at, null::timestamptz as refunded_at, true as sale, false as refund
             from orders o where ${SALE} and o.paid_at >= ?
             union all
             select o.user_id, o.amount, null, o.refunded_at, false, true
             from orders o where ${REFUND} and o.refunded_at >= ?) o`,
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
   * All-time sales and refunds, and the sales by plan and by payment gateway, all time and since `since`.
   * One aggregate by (plan, gateway) read from the covering partial index of the sales
   * (orders_sales_paid_at_index, an index-only scan: at most a dozen groups, summed up here into the totals
   * and the two shares), and the distinct paying customers from orders_sales_user_index (in user order, so
   * counted without sorting).
   */
  async allTime(since: Date): Promise<{
    figures: OrderFigures;
    byPlan: { allTime: Slice[]; recent: Slice[] };
    byMethod: { allTime: Slice[]; recent: Slice[] };
  }> {
    const [rows, [{ customers }]] = await Promise.all([
      this.run<Record<string, unknown>>(
        `select o.subscription_tier as tier, o.payment_gateway as gateway,
                count(*)::int as orders, coalesce(sum(o.amount), 0)::bigint as paid,
                count(*) filter (where o.paid_at >= ?)::int as recent_orders,
                coalesce(sum(o.amount) filter (where o.paid_at >= ?), 0)::bigint as recent_paid,
                count(*) filter (where o.status = 'refunded')::int as refunds,
                coalesce(sum(o.amount) filter (where o.status = 'refunded'), 0)::bigint as refund_amount
         from orders o where ${SALE}
         group by o.subscription_tier, o.payment_gateway`,
        [since, since],
      ),
      this.run<{ customers: number }>(
        `select count(*)::int as customers
         from (select distinct o.user_id from orders o where ${SALE}) c`,
        [],
      ),
    ]);
    const sum = (of: string, key?: { by: 'tier' | 'gateway'; value: unknown }) =>
      rows.filter((r) => !key || r[key.by] === key.value).reduce((t, r) => t + num(r[of]), 0);
    const slices = (by: 'tier' | 'gateway', recent: boolean): Slice[] =>
      [...new Set(rows.map((r) => r[by]))]
        .map((value) => ({
          key: String(value),
          orders: sum(recent ? 'recent_orders' : 'orders', { by, value }),
          revenue: sum(recent ? 'recent_paid' : 'paid', { by, value }),
        }))
        .filter((s) => s.orders > 0)
        .sort((a, b) => b.orders - a.orders || b.revenue - a.revenue || a.key.localeCompare(b.key));
    return {
      figures: {
        paid: sum('paid'),
        orders: sum('orders'),
        customers: num(customers),
        refunds: sum('refunds'),
        refundAmount: sum('refund_amount'),
      },
      byPlan: { allTime: slices('tier', false), recent: slices('tier', true) },
      byMethod: { allTime: slices('gateway', false), recent: slices('gateway', true) },
    };
  }

  /**
   * Accounts created in each window (by range on users_created_at_index, from the earliest window on); the
   * last figure is every account (an index-only count).
   */
  async signUps(windows: Window[]): Promise<{ windows: number[]; all: number }> {
    const cols = windows.map(
      (_, i) => `count(*) filter (where created_at >= ? and created_at < ?)::int as w_${i}`,
    );
    const earliest = earliestOf(windows);
    const [row] = await this.run<Record<string, unknown>>(
      `select ${[...cols, '(select count(*) from users)::int as all_users'].join(', ')}
       from users where created_at >= ?`,
      [...windows.flatMap((w) => [w.from, w.to]), earliest],
    );
    return { windows: windows.map((_, i) => num(row[`w_${i}`])), all: num(row.all_users) };
  }

  /**
   * Seats sold in each window (seats added by a sale, i.e. not by an internal order) and, of those, the
   * seats bound to a website now (not revoked); the last figures are all time. The windows read the seats
   * bought since the earliest by range (licenses_purchased_at_index); all time is every seat (an index-only
   * count) and every bound seat (licenses_bound_index, partial) less the few seats of internal orders
   * (orders_internal_index, partial, then licenses_order_id_index per order: the aggregate in the lateral
   * subquery keeps the planner from joining by reading every seat instead, ~100 ms at 300,000 seats).
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
    const bound = `l.website_url is not null and l.revoked_at is null`;
    const internal = `select o.id from orders o where o.payment_gateway = 'internal'`;
    const [row] = await this.run<Record<string, unknown>>(
      `with granted as (
         select coalesce(sum(g.seats), 0) as seats, coalesce(sum(g.bound), 0) as bound
         from orders o
         cross join lateral (select count(*) as seats, count(*) filter (where ${bound}) as bound
                             from licenses l where l.order_id = o.id) g
         where o.payment_gateway = 'internal')
       select ${cols.join(', ')}${cols.length ? ',' : ''}
              ((select count(*) from licenses) - (select seats from granted))::int as sold_all,
              ((select count(*) from licenses l where ${bound})
                - (select bound from granted))::int as bound_all
       from (select l.purchased_at, (${bound}) as bound
             from licenses l
             where l.purchased_at >= ? and (l.order_id is null or l.order_id not in (${internal}))) s`,
      [...windows.flatMap((w) => [w.from, w.to, w.from, w.to]), earliestOf(windows)],
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

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function figuresOf(o: OrderFigures, signUps: number, seats: SeatFigures): DashboardFiguresDto {
  return {
    revenue: o.paid - o.refundAmount,
    orders: o.orders,
    payingCustomers: o.customers,
    signUps,
    seatsSold: seats.sold,
    seatsBound: seats.bound,
    refunds: o.refunds,
    refundAmount: o.refundAmount,
  };
}

/**
 * The whole answer computed by the live queries, at `now` in `timeZone`: what the roll-ups must equal to the
 * cent.
 */
export async function liveDashboard(
  em: EntityManager,
  timeZone: string,
  now = new Date(),
): Promise<Omit<DashboardDto, 'generatedAt'>> {
  const queries = new LiveQueries(em);
  const cal = dashboardCalendar(now, timeZone);
  const dated = cal.periods.filter((p) => p.previous);
  // Current then previous window of each dated period, in that order.
  const windows: Window[] = dated.flatMap((p) => [
    { from: p.current.from!, to: p.current.to },
    p.previous!,
  ]);
  const last30 = cal.series.last30;
  const [orders, allTime, signUps, seats, days] = await Promise.all([
    queries.orderFigures(windows),
    queries.allTime(last30.window.from),
    queries.signUps(windows),
    queries.seats(windows),
    queries.days(cal.series.last90.window, timeZone),
  ]);
  const money = await queries.orderMoney(cal.periods.map((p) => p.current));
  const at = (i: number) => figuresOf(orders[i], signUps.windows[i], seats.windows[i]);
  const totals = new Map(days.map((d) => [d.date, d]));
  return {
    timeZone,
    today: cal.today,
    periods: cal.periods.map((p) => {
      const i = dated.indexOf(p);
      return {
        key: p.key,
        from: iso(p.current.from),
        to: p.current.to.toISOString(),
        current: i >= 0 ? at(2 * i) : figuresOf(allTime.figures, signUps.all, seats.all),
        previous: i >= 0 ? at(2 * i + 1) : null,
        previousFrom: iso(p.previous?.from ?? null),
        previousTo: iso(p.previous?.to ?? null),
        fromDay: p.current.from ? localDayOf(p.current.from, timeZone) : null,
        toDay: cal.today,
        orderMoney: money[cal.periods.indexOf(p)],
      };
    }),
    revenueByDay: {
      last30: zeroFilledDays(last30.first, 30, totals),
      last90: zeroFilledDays(cal.series.last90.first, 90, totals),
    },
    ordersByPlan: { last30: allTime.byPlan.recent, allTime: allTime.byPlan.allTime },
    paymentMethods: { last30: allTime.byMethod.recent, allTime: allTime.byMethod.allTime },
  };
}
