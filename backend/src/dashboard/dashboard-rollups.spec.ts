import {
  allTimeFigures,
  customersIn,
  dayTotals,
  figuresIn,
  periodRanges,
  slices,
  type DayRow,
  type GapRow,
} from './dashboard-rollups';

const row = (day: string | null, o: Partial<DayRow> = {}): DayRow => ({
  day,
  tier: '',
  gateway: '',
  sales: 0,
  paid: 0,
  refunds: 0,
  refunded: 0,
  signUps: 0,
  seatsSold: 0,
  seatsBound: 0,
  ...o,
});

describe('dashboard roll-ups', () => {
  it('gives the days of a period and of the one before it', () => {
    expect(periodRanges('2026-03-01', 1)).toEqual({
      current: { first: '2026-03-01', last: '2026-03-01' },
      previous: { first: '2026-02-28', last: '2026-02-28' },
    });
    expect(periodRanges('2026-03-01', 7)).toEqual({
      current: { first: '2026-02-23', last: '2026-03-01' },
      previous: { first: '2026-02-16', last: '2026-02-22' },
    });
  });

  it('counts a customer once in a range: at the first sale-day whose previous one is before it', () => {
    // One customer paying on 01-01, 01-03 and 01-10 (gaps: first, 2, 7); another first paying on 01-03.
    const gaps: GapRow[] = [
      { day: '2026-01-01', gap: null, customers: 1 },
      { day: '2026-01-03', gap: 2, customers: 1 },
      { day: '2026-01-03', gap: null, customers: 1 },
      { day: '2026-01-10', gap: 7, customers: 1 },
    ];
    expect(customersIn(gaps, { first: '2026-01-01', last: '2026-01-10' })).toBe(2);
    expect(customersIn(gaps, { first: '2026-01-02', last: '2026-01-10' })).toBe(2);
    expect(customersIn(gaps, { first: '2026-01-04', last: '2026-01-10' })).toBe(1);
    expect(customersIn(gaps, { first: '2026-01-03', last: '2026-01-03' })).toBe(2);
    expect(customersIn(gaps, { first: '2026-01-04', last: '2026-01-09' })).toBe(0);
    // Gaps are stored up to 30: a gap of 30 or more counts in any window of up to 30 days.
    expect(
      customersIn(
        [{ day: '2026-02-28', gap: 30, customers: 4 }],
        periodRanges('2026-03-01', 30).current,
      ),
    ).toBe(4);
    expect(() => customersIn(gaps, { first: '2026-01-01', last: '2026-02-15' })).toThrow();
  });

  it('sums a range, all time (folded days and later days too), the days and the shares', () => {
    const days = [
      row(null, { tier: 'pro', gateway: 'alipay', sales: 5, paid: 500, signUps: 9, seatsSold: 7 }),
      row('2026-01-01', { tier: 'basic', gateway: 'wechat', sales: 2, paid: 200 }),
      row('2026-01-01', { refunds: 1, refunded: 300, signUps: 1, seatsSold: 3, seatsBound: 2 }),
      row('2026-01-02', { tier: 'pro', gateway: 'wechat', sales: 1, paid: 100 }),
      row('2026-01-05', { tier: 'pro', gateway: 'alipay', sales: 1, paid: 100 }),
    ];
    const gaps: GapRow[] = [
      { day: null, gap: null, customers: 5 },
      { day: '2026-01-01', gap: null, customers: 2 },
      { day: '2026-01-02', gap: 1, customers: 1 },
    ];
    expect(figuresIn(days, gaps, { first: '2026-01-01', last: '2026-01-02' })).toEqual({
      paid: 300,
      orders: 3,
      customers: 2,
      refunds: 1,
      refundAmount: 300,
      signUps: 1,
      seatsSold: 3,
      seatsBound: 2,
    });
    expect(allTimeFigures(days, gaps)).toMatchObject({
      paid: 900,
      orders: 9,
      customers: 7,
      signUps: 10,
    });
    expect([...dayTotals(days, { first: '2026-01-01', last: '2026-01-02' })]).toEqual([
      ['2026-01-01', { revenue: -100, orders: 2 }],
      ['2026-01-02', { revenue: 100, orders: 1 }],
    ]);
    expect(slices(days, 'tier')).toEqual([
      { key: 'pro', orders: 7, revenue: 700 },
      { key: 'basic', orders: 2, revenue: 200 },
    ]);
    expect(slices(days, 'gateway')).toEqual([
      { key: 'alipay', orders: 6, revenue: 600 },
      { key: 'wechat', orders: 3, revenue: 300 },
    ]);
  });
});
