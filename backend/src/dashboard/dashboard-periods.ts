/**
 * The dashboard's calendar (docs/product.md, back office): the seller's days in SELLER_TIME_ZONE, the
 * periods its figures cover and the zero-filled day series. Pure, unit-tested in dashboard-periods.spec.ts.
 */
import { addDays, localDateOf, startOfLocalDay } from '@seatkeeper/domain';

export { addDays, localDateOf, startOfLocalDay };

/** A half-open window of instants: `from` inclusive, `to` exclusive. */
export interface Window {
  from: Date;
  to: Date;
}

export const PERIOD_KEYS = ['today', 'last7', 'last30', 'all'] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

/** A period and the one before it, of the same number of days; all time has no previous period. */
export interface Period {
  key: PeriodKey;
  /** null: since the beginning. */
  current: { from: Date | null; to: Date };
  previous: Window | null;
}

export interface DashboardCalendar {
  /** The seller's today, YYYY-MM-DD. */
  today: string;
  periods: Period[];
  /** The first local day of the 30- and 90-day series (today included). */
  series: { last30: { first: string; window: Window }; last90: { first: string; window: Window } };
}

/** Local days [first, first + days) as instants. */
function daysWindow(first: string, days: number, timeZone: string): Window {
  return {
    from: startOfLocalDay(first, timeZone),
    to: startOfLocalDay(addDays(first, days), timeZone),
  };
}

/**
 * The periods at `now`: today (previous: yesterday), the last 7 and 30 days, today included (previous:
 * the 7 or 30 days before), and all time (no previous period).
 */
export function dashboardCalendar(now: Date, timeZone: string): DashboardCalendar {
  const today = localDateOf(now, timeZone);
  const span = (days: number): Period['current'] & { previous: Window } => {
    const current = daysWindow(addDays(today, 1 - days), days, timeZone);
    return { ...current, previous: daysWindow(addDays(today, 1 - 2 * days), days, timeZone) };
  };
  const periods: Period[] = (
    [
      ['today', 1],
      ['last7', 7],
      ['last30', 30],
    ] as const
  ).map(([key, days]) => {
    const { from, to, previous } = span(days);
    return { key, current: { from, to }, previous };
  });
  const end = startOfLocalDay(addDays(today, 1), timeZone);
  periods.push({ key: 'all', current: { from: null, to: end }, previous: null });
  const first30 = addDays(today, -29);
  const first90 = addDays(today, -89);
  return {
    today,
    periods,
    series: {
      last30: { first: first30, window: daysWindow(first30, 30, timeZone) },
      last90: { first: first90, window: daysWindow(first90, 90, timeZone) },
    },
  };
}

export interface DayTotals {
  /** Paid amounts minus refunded amounts that day, in cents. */
  revenue: number;
  /** Orders paid that day. */
  orders: number;
}

/** `days` consecutive dates from `first`, each with its totals or zeros. */
export function zeroFilledDays(
  first: string,
  days: number,
  totals: Map<string, DayTotals>,
): ({ date: string } & DayTotals)[] {
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(first, i);
    const t = totals.get(date);
    return { date, revenue: t?.revenue ?? 0, orders: t?.orders ?? 0 };
  });
}
