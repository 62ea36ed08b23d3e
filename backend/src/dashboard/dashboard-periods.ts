/**
 * The dashboard's calendar (docs/product.md, back office): the seller's days in SELLER_TIME_ZONE, the
 * periods its figures cover and the zero-filled day series. Pure, unit-tested in dashboard-periods.spec.ts.
 */

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

const DAY_MS = 86_400_000;

function partsIn(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
  };
}

/** The local calendar date of an instant in a time zone, YYYY-MM-DD. */
export function localDateOf(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(new Date(instant), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a local date begins in a time zone (its midnight; where a clock change skips midnight, the
 * first instant of that date).
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d);
  let t = wall - offsetAt(wall, timeZone);
  t = wall - offsetAt(t, timeZone);
  // A midnight that does not exist (clocks jump from 23:59 to 01:00): the day starts at the jump.
  if (localDateOf(new Date(t), timeZone) !== date) t += 3_600_000;
  return new Date(t);
}

/** A date plus n days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
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
