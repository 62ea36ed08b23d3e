import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { dashboardCalendar, zeroFilledDays, type Window } from './dashboard-periods';
import { DashboardQueries, type OrderFigures, type SeatFigures } from './dashboard.queries';
import type { DashboardDto, DashboardFiguresDto } from './dto/dashboard.dto';

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

/** The seller's dashboard (docs/product.md, back office): figures, series and shares, in the seller's days. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly queries: DashboardQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async dashboard(now = new Date()): Promise<DashboardDto> {
    const timeZone = this.config.sellerTimeZone;
    const cal = dashboardCalendar(now, timeZone);
    const dated = cal.periods.filter((p) => p.previous);
    // Current then previous window of each dated period, in that order.
    const windows: Window[] = dated.flatMap((p) => [
      { from: p.current.from!, to: p.current.to },
      p.previous!,
    ]);
    const last30 = cal.series.last30;
    const [orders, allTime, signUps, seats, days] = await Promise.all([
      this.queries.orderFigures(windows),
      this.queries.allTime(last30.window.from),
      this.queries.signUps(windows),
      this.queries.seats(windows),
      this.queries.days(cal.series.last90.window, timeZone),
    ]);
    const at = (i: number) => figuresOf(orders[i], signUps.windows[i], seats.windows[i]);
    const totals = new Map(days.map((d) => [d.date, d]));
    return {
      timeZone,
      today: cal.today,
      generatedAt: now.toISOString(),
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
}
