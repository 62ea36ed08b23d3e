import {
  addDays,
  dashboardCalendar,
  localDateOf,
  startOfLocalDay,
  zeroFilledDays,
} from './dashboard-periods';

const at = (iso: string) => new Date(iso);

describe('the dashboard calendar (seller time zone)', () => {
  it('reads local dates: 23:30 and 00:30 Shanghai are one UTC day apart from their local days', () => {
    // 2026-03-09 23:30 in Shanghai is 15:30 UTC; 2026-03-10 00:30 is 16:30 UTC, the same UTC day.
    expect(localDateOf(at('2026-03-09T15:30:00Z'), 'Asia/Shanghai')).toBe('2026-03-09');
    expect(localDateOf(at('2026-03-09T16:30:00Z'), 'Asia/Shanghai')).toBe('2026-03-10');
    expect(localDateOf(at('2026-03-09T16:30:00Z'), 'UTC')).toBe('2026-03-09');
  });

  it('finds local midnights, across clock changes too', () => {
    expect(startOfLocalDay('2026-03-10', 'Asia/Shanghai').toISOString()).toBe(
      '2026-03-09T16:00:00.000Z',
    );
    expect(startOfLocalDay('2026-03-10', 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    // Paris: winter UTC+1, summer UTC+2 (the change on 2026-03-29 at 02:00).
    expect(startOfLocalDay('2026-03-29', 'Europe/Paris').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(startOfLocalDay('2026-03-30', 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // Santiago skips midnight when summer time begins (2026-09-06 00:00 → 01:00): the day starts at 01:00.
    expect(localDateOf(startOfLocalDay('2026-09-06', 'America/Santiago'), 'America/Santiago')).toBe(
      '2026-09-06',
    );
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('makes today, 7 and 30 days with the periods before them, and all time without one', () => {
    // 2026-03-10 08:00 in Shanghai.
    const c = dashboardCalendar(at('2026-03-10T00:00:00Z'), 'Asia/Shanghai');
    expect(c.today).toBe('2026-03-10');
    const iso = (w: { from: Date | null; to: Date } | null) =>
      w && [w.from?.toISOString() ?? null, w.to.toISOString()];
    const [today, last7, last30, all] = c.periods;
    expect(today.key).toBe('today');
    expect(iso(today.current)).toEqual(['2026-03-09T16:00:00.000Z', '2026-03-10T16:00:00.000Z']);
    expect(iso(today.previous)).toEqual(['2026-03-08T16:00:00.000Z', '2026-03-09T16:00:00.000Z']);
    expect(iso(last7.current)).toEqual(['2026-03-03T16:00:00.000Z', '2026-03-10T16:00:00.000Z']);
    expect(iso(last7.previous)).toEqual(['2026-02-24T16:00:00.000Z', '2026-03-03T16:00:00.000Z']);
    expect(iso(last30.current)).toEqual(['2026-02-08T16:00:00.000Z', '2026-03-10T16:00:00.000Z']);
    expect(iso(last30.previous)).toEqual(['2026-01-09T16:00:00.000Z', '2026-02-08T16:00:00.000Z']);
    expect(all).toEqual({
      key: 'all',
      current: { from: null, to: new Date('2026-03-10T16:00:00.000Z') },
      previous: null,
    });
    expect(c.series.last30.first).toBe('2026-02-09');
    expect(c.series.last90.first).toBe('2025-12-11');
    expect(iso(c.series.last90.window)).toEqual([
      '2025-12-10T16:00:00.000Z',
      '2026-03-10T16:00:00.000Z',
    ]);
  });

  it('zero-fills the days with no sales', () => {
    const days = zeroFilledDays(
      '2026-02-27',
      3,
      new Map([['2026-03-01', { revenue: 500, orders: 1 }]]),
    );
    expect(days).toEqual([
      { date: '2026-02-27', revenue: 0, orders: 0 },
      { date: '2026-02-28', revenue: 0, orders: 0 },
      { date: '2026-03-01', revenue: 500, orders: 1 },
    ]);
  });
});
