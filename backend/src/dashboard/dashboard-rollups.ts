/**
 * The dashboard's figures from its roll-ups (docs/architecture.md, "The dashboard's roll-ups"; definitions in
 * docs/product.md, back office): sums over the seller's days, and the distinct paying customers from the
 * sale-days by gap. Pure, unit-tested in dashboard-rollups.spec.ts; the rows come from
 * DashboardQueries.rollups.
 */
import { addDays } from './dashboard-periods';

/** Summed change rows of one day (null: days folded away, only in all time), plan and gateway. */
export interface DayRow {
  day: string | null;
  /** '' on the rows of refunds, sign-ups and seats. */
  tier: string;
  gateway: string;
  sales: number;
  paid: number;
  refunds: number;
  refunded: number;
  signUps: number;
  seatsSold: number;
  seatsBound: number;
}

/** Sale-days of one day by days since the same customer's previous sale-day (null: the first; max 30). */
export interface GapRow {
  day: string | null;
  gap: number | null;
  customers: number;
}

/** Local days [first, last], both inclusive, YYYY-MM-DD. */
export interface DayRange {
  first: string;
  last: string;
}

export interface Figures {
  paid: number;
  orders: number;
  customers: number;
  refunds: number;
  refundAmount: number;
  signUps: number;
  seatsSold: number;
  seatsBound: number;
}

export interface Slice {
  key: string;
  orders: number;
  revenue: number;
}

/** The largest gap stored: a window is at most this many days long. */
export const MAX_GAP = 30;

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
const inRange = (day: string | null, r: DayRange): day is string =>
  day !== null && day >= r.first && day <= r.last;

/**
 * The distinct customers with a sale in the days of `range`: a customer's sale-days in the range counted
 * only at the first, i.e. where the previous sale-day is before the range (or there is none).
 */
export function customersIn(gaps: GapRow[], range: DayRange): number {
  if (daysBetween(range.first, range.last) >= MAX_GAP)
    throw new Error(`windows of more than ${MAX_GAP} days need a larger MAX_GAP`);
  return gaps
    .filter((g) => inRange(g.day, range))
    .filter((g) => g.gap === null || g.gap > daysBetween(range.first, g.day!))
    .reduce((n, g) => n + g.customers, 0);
}

function summed(rows: DayRow[]): Omit<Figures, 'customers'> {
  const t = {
    paid: 0,
    orders: 0,
    refunds: 0,
    refundAmount: 0,
    signUps: 0,
    seatsSold: 0,
    seatsBound: 0,
  };
  for (const r of rows) {
    t.paid += r.paid;
    t.orders += r.sales;
    t.refunds += r.refunds;
    t.refundAmount += r.refunded;
    t.signUps += r.signUps;
    t.seatsSold += r.seatsSold;
    t.seatsBound += r.seatsBound;
  }
  return t;
}

/** The figures of the days in `range`. */
export function figuresIn(days: DayRow[], gaps: GapRow[], range: DayRange): Figures {
  return {
    ...summed(days.filter((r) => inRange(r.day, range))),
    customers: customersIn(gaps, range),
  };
}

/** All time: every row (days folded away and days after today included), customers by their first sale. */
export function allTimeFigures(days: DayRow[], gaps: GapRow[]): Figures {
  return {
    ...summed(days),
    customers: gaps.filter((g) => g.gap === null).reduce((n, g) => n + g.customers, 0),
  };
}

/** Per day in the range: paid minus refunded, and the sales. */
export function dayTotals(
  days: DayRow[],
  range: DayRange,
): Map<string, { revenue: number; orders: number }> {
  const totals = new Map<string, { revenue: number; orders: number }>();
  for (const r of days) {
    if (!inRange(r.day, range)) continue;
    const t = totals.get(r.day) ?? { revenue: 0, orders: 0 };
    t.revenue += r.paid - r.refunded;
    t.orders += r.sales;
    totals.set(r.day, t);
  }
  return totals;
}

/** The sales by plan or by gateway, most first (then the larger amount, then by name). */
export function slices(days: DayRow[], by: 'tier' | 'gateway'): Slice[] {
  const groups = new Map<string, Slice>();
  for (const r of days) {
    if (!r.sales && !r.paid) continue;
    const s = groups.get(r[by]) ?? { key: r[by], orders: 0, revenue: 0 };
    s.orders += r.sales;
    s.revenue += r.paid;
    groups.set(r[by], s);
  }
  return [...groups.values()]
    .filter((s) => s.orders > 0)
    .sort((a, b) => b.orders - a.orders || b.revenue - a.revenue || a.key.localeCompare(b.key));
}

/** The days of a period of `days` days ending today, and of the one before it. */
export function periodRanges(
  today: string,
  days: number,
): { current: DayRange; previous: DayRange } {
  return {
    current: { first: addDays(today, 1 - days), last: today },
    previous: { first: addDays(today, 1 - 2 * days), last: addDays(today, -days) },
  };
}
