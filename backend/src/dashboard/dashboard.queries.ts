import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DayRow, GapRow } from './dashboard-rollups';

/**
 * The dashboard's reads and upkeep of its roll-ups (docs/architecture.md, "The dashboard's roll-ups"): the
 * tables dashboard_days and dashboard_customer_gaps are kept by triggers on orders, licences and users
 * (Migration20261201200000) in the same transaction as every change, so a request sums a few hundred rows
 * instead of every sale and seat. Definitions in docs/product.md, back office.
 */

const num = (v: unknown) => Number(v ?? 0);

const SUMS = `sum(sales)::int as sales, sum(paid)::bigint as paid, sum(refunds)::int as refunds,
  sum(refunded)::bigint as refunded, sum(sign_ups)::int as sign_ups, sum(seats_sold)::int as seats_sold,
  sum(seats_bound)::int as seats_bound`;

function dayRow(r: Record<string, unknown>): DayRow {
  return {
    day: (r.day as string | null) ?? null,
    tier: String(r.tier),
    gateway: String(r.gateway),
    sales: num(r.sales),
    paid: num(r.paid),
    refunds: num(r.refunds),
    refunded: num(r.refunded),
    signUps: num(r.sign_ups),
    seatsSold: num(r.seats_sold),
    seatsBound: num(r.seats_bound),
  };
}

@Injectable()
export class DashboardQueries {
  constructor(private readonly em: EntityManager) {}

  private run<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.em.getConnection().execute<T[]>(sql, params);
  }

  /**
   * The summed roll-ups: per day from `since` on (YYYY-MM-DD, days after today included), all time by plan
   * and gateway, and the sale-days by gap from `gapsSince` on plus every first sale-day (all time's
   * customers). Three aggregates over the change rows (a few per day, plan and gateway once folded).
   */
  async rollups(
    since: string,
    gapsSince: string,
  ): Promise<{ days: DayRow[]; allTime: DayRow[]; gaps: GapRow[] }> {
    const [days, allTime, gaps] = await Promise.all([
      this.run<Record<string, unknown>>(
        `select day::text as day, tier, gateway, ${SUMS}
         from dashboard_days where day >= ?::date group by day, tier, gateway`,
        [since],
      ),
      this.run<Record<string, unknown>>(
        `select null as day, tier, gateway, ${SUMS} from dashboard_days group by tier, gateway`,
      ),
      this.run<{ day: string | null; gap: number | null; customers: unknown }>(
        `select day::text as day, gap, sum(customers)::int as customers
         from dashboard_customer_gaps where gap is null or day >= ?::date group by day, gap`,
        [gapsSince],
      ),
    ]);
    return {
      days: days.map(dayRow),
      allTime: allTime.map(dayRow),
      gaps: gaps.map((g) => ({
        day: g.day,
        gap: g.gap === null ? null : Number(g.gap),
        customers: num(g.customers),
      })),
    };
  }

  /**
   * The roll-ups in the days of `timeZone`: rebuilt from the tables when they were built in another zone
   * (or never), under a lock so that one instance does it. True when rebuilt.
   */
  async prepare(timeZone: string): Promise<boolean> {
    // One statement, one transaction: the function's locks last until it ends.
    const [row] = await this.run<{ rebuilt: boolean }>('select dashboard_prepare(?) as rebuilt', [
      timeZone,
    ]);
    return row.rebuilt;
  }

  /** Folds the change rows: one per key, and the days before `cutoff` into all time's. */
  async compact(cutoff: string): Promise<void> {
    await this.run('select dashboard_compact(?::date)', [cutoff]);
  }
}
