import type { Dashboard, DashboardFigures, DashboardSlice } from './api/dashboard';

/**
 * The dashboard screen's rules (docs/product.md, "Dashboard /admin"): which figures, how a period compares
 * with the one before, the shares of a breakdown and when the store has nothing to show. Pure, tested in
 * dashboard-rules.test.ts.
 */

export type FigureKey = keyof DashboardFigures;
export interface FigureSpec {
  key: FigureKey;
  money: boolean;
  /** A rise is bad news (refunds): the delta's colour is reversed. */
  riseIsBad?: boolean;
}

/** The cards, in order. */
export const FIGURES: readonly FigureSpec[] = [
  { key: 'revenue', money: true },
  { key: 'orders', money: false },
  { key: 'payingCustomers', money: false },
  { key: 'signUps', money: false },
  { key: 'seatsSold', money: false },
  { key: 'seatsBound', money: false },
  { key: 'refunds', money: false, riseIsBad: true },
  { key: 'refundAmount', money: true, riseIsBad: true },
];

export type Trend = 'up' | 'down' | 'flat';
export interface Delta {
  trend: Trend;
  /** The change in percent of the previous value, rounded to one decimal; null when the previous was 0. */
  percent: number | null;
  /** good, bad or neutral news, for the colour. */
  tone: 'good' | 'bad' | 'neutral';
}

/** How a figure moved since the period before (null: no previous period, i.e. all time). */
export function deltaOf(current: number, previous: number | null, riseIsBad = false): Delta | null {
  if (previous === null) return null;
  const trend: Trend = current > previous ? 'up' : current < previous ? 'down' : 'flat';
  const percent =
    previous === 0 ? null : Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  const tone = trend === 'flat' ? 'neutral' : (trend === 'up') !== riseIsBad ? 'good' : 'bad';
  return { trend, percent, tone };
}

export interface Share extends DashboardSlice {
  /** Percent of the orders, one decimal. */
  percent: number;
}

/** A breakdown's slices with their share of the orders. */
export function sharesOf(slices: readonly DashboardSlice[]): Share[] {
  const total = slices.reduce((s, x) => s + x.orders, 0);
  return slices.map((s) => ({
    ...s,
    percent: total ? Math.round((s.orders / total) * 1000) / 10 : 0,
  }));
}

/** No sale ever: the screen says so instead of a wall of zeros. */
export function hasNoSales(d: Dashboard): boolean {
  const all = d.periods.find((p) => p.key === 'all');
  return !all || (all.current.orders === 0 && all.current.refunds === 0);
}

/** A day series with nothing in it (the chart shows its empty state). */
export const isFlat = (days: readonly { revenue: number; orders: number }[]): boolean =>
  days.every((d) => d.revenue === 0 && d.orders === 0);

/** Chart colours per payment gateway (Mantine palette names); others take the spare ones in turn. */
const METHOD_COLORS: Record<string, string> = {
  alipay: 'blue.6',
  wechat: 'green.6',
  sandbox: 'gray.5',
};
const SPARE_COLORS = ['violet.6', 'orange.6', 'cyan.6', 'pink.6'];

export function methodColor(key: string, index: number): string {
  return METHOD_COLORS[key] ?? SPARE_COLORS[index % SPARE_COLORS.length]!;
}
