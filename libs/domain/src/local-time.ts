/**
 * The seller's calendar and clock (docs/product.md, back office: days and times are SELLER_TIME_ZONE's):
 * an instant's local date and wall-clock text, the instant a local date begins, calendar arithmetic and
 * the zone's UTC offset. Pure; the one home of time-zone rules for the dashboard's periods, the orders
 * and audit date filters, the CSV exports, the mails and the e-mail code's daily budget.
 */

const DAY_MS = 86_400_000;

/** One formatter per zone (making one is slow; an export formats every row). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as numbers. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
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

const two = (n: number) => String(n).padStart(2, '0');

/** The local calendar date of an instant in a time zone, YYYY-MM-DD. */
export function localDateOf(instant: Date, timeZone: string): string {
  const p = wallClockOf(instant, timeZone);
  return `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}`;
}

/** An instant as the zone's wall clock, `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD HH:mm`). */
export function localDateTimeText(
  instant: Date,
  timeZone: string,
  { seconds = true }: { seconds?: boolean } = {},
): string {
  const p = wallClockOf(instant, timeZone);
  const time = `${two(p.hour)}:${two(p.minute)}${seconds ? `:${two(p.second)}` : ''}`;
  return `${localDateOf(instant, timeZone)} ${time}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = wallClockOf(new Date(instant), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The zone's offset at an instant as people read it: `UTC+8`, `UTC+5:30`, `UTC-3`, `UTC`. */
export function utcOffsetLabel(instant: Date, timeZone: string): string {
  const minutes = Math.round(offsetAt(instant.getTime(), timeZone) / 60_000);
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${rest ? `:${two(rest)}` : ''}`;
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
