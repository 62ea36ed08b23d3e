/**
 * The seller's calendar days (docs/product.md, back office: days are SELLER_TIME_ZONE's): an instant's local
 * date, the instant a local date begins, and calendar arithmetic. Pure; shared by the dashboard's periods and
 * the admin orders list's date filter, so that both cut days at the same instants. Tested in
 * dashboard-periods.spec.ts.
 */

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
