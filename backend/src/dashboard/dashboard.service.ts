import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { errorLine } from '../common/loggable-error';
import { Periodic } from '../common/periodic';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { OrdersService } from '../orders/orders.service';
import { addDays, dashboardCalendar, localDateOf, zeroFilledDays } from './dashboard-periods';
import {
  allTimeFigures,
  dayTotals,
  figuresIn,
  periodRanges,
  slices,
  type Figures,
} from './dashboard-rollups';
import { DashboardQueries } from './dashboard.queries';
import type { DashboardDto, DashboardFiguresDto } from './dto/dashboard.dto';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function figuresOf(f: Figures): DashboardFiguresDto {
  return {
    revenue: f.paid - f.refundAmount,
    orders: f.orders,
    payingCustomers: f.customers,
    signUps: f.signUps,
    seatsSold: f.seatsSold,
    seatsBound: f.seatsBound,
    refunds: f.refunds,
    refundAmount: f.refundAmount,
  };
}

const PERIOD_DAYS = { today: 1, last7: 7, last30: 30 } as const;
/** Days kept one by one before they are folded into all time's (the 90-day series, and a margin). */
const DAYS_KEPT = 100;

/** The seller's dashboard (docs/product.md, back office): figures, series and shares, in the seller's days. */
@Injectable()
export class DashboardService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Dashboard');

  constructor(
    private readonly queries: DashboardQueries,
    private readonly orders: OrdersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  /**
   * The roll-ups in the days of SELLER_TIME_ZONE before the first request (rebuilt if the zone changed), and
   * their compaction every minute (cleared by ScheduleModule before the shutdown hooks).
   */
  async onApplicationBootstrap(): Promise<void> {
    new Periodic(() => this.compact(), {
      name: 'dashboard-compact',
      everyMs: 60_000,
      registry: this.scheduler,
      logger: this.logger,
    }).start();
    const t0 = Date.now();
    if (await this.queries.prepare(this.config.sellerTimeZone))
      this.logger.log(
        `dashboard roll-ups built in ${this.config.sellerTimeZone} days (${Date.now() - t0} ms)`,
      );
  }

  /** Folds the roll-ups' change rows; one instance at a time (a try-lock), harmless if several run it. */
  async compact(now = new Date()): Promise<void> {
    try {
      const today = localDateOf(now, this.config.sellerTimeZone);
      await this.queries.compact(addDays(today, -DAYS_KEPT));
    } catch (e) {
      this.logger.warn(`dashboard roll-up compaction failed: ${errorLine(e)}`);
    }
  }

  async dashboard(now = new Date()): Promise<DashboardDto> {
    const timeZone = this.config.sellerTimeZone;
    const cal = dashboardCalendar(now, timeZone);
    const today = cal.today;
    const { last30, last90 } = cal.series;
    const [{ days, allTime, gaps }, money] = await Promise.all([
      this.queries.rollups(last90.first, periodRanges(today, PERIOD_DAYS.last30).previous.first),
      // The same instants as the orders list's date filter on the period's days (createdWindow).
      this.orders.moneyCreatedIn(cal.periods.map((p) => p.current)),
    ]);
    const recent = days.filter((r) => r.day! >= last30.first);
    const totals = dayTotals(days, { first: last90.first, last: today });
    return {
      timeZone,
      today,
      generatedAt: now.toISOString(),
      periods: cal.periods.map((p, i) => {
        const ranges = p.key === 'all' ? null : periodRanges(today, PERIOD_DAYS[p.key]);
        const { paid, refunded } = money[i];
        return {
          key: p.key,
          from: iso(p.current.from),
          to: p.current.to.toISOString(),
          current: figuresOf(
            ranges ? figuresIn(days, gaps, ranges.current) : allTimeFigures(allTime, gaps),
          ),
          previous: ranges ? figuresOf(figuresIn(days, gaps, ranges.previous)) : null,
          previousFrom: iso(p.previous?.from ?? null),
          previousTo: iso(p.previous?.to ?? null),
          fromDay: ranges ? ranges.current.first : null,
          toDay: today,
          orderMoney: { paidTotal: paid, refundedTotal: refunded, netTotal: paid - refunded },
        };
      }),
      revenueByDay: {
        last30: zeroFilledDays(last30.first, 30, totals),
        last90: zeroFilledDays(last90.first, 90, totals),
      },
      ordersByPlan: { last30: slices(recent, 'tier'), allTime: slices(allTime, 'tier') },
      paymentMethods: { last30: slices(recent, 'gateway'), allTime: slices(allTime, 'gateway') },
    };
  }
}
