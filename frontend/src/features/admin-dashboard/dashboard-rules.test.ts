import { describe, expect, it } from 'vitest';
import type { Dashboard } from './api/dashboard';
import { deltaOf, hasNoSales, isFlat, methodColor, sharesOf } from './dashboard-rules';

describe('dashboard rules', () => {
  it('compares with the previous period: trend, percent and whether it is good news', () => {
    expect(deltaOf(150, 100)).toEqual({ trend: 'up', percent: 50, tone: 'good' });
    expect(deltaOf(50, 100)).toEqual({ trend: 'down', percent: -50, tone: 'bad' });
    expect(deltaOf(100, 100)).toEqual({ trend: 'flat', percent: 0, tone: 'neutral' });
    expect(deltaOf(3, 0)).toEqual({ trend: 'up', percent: null, tone: 'good' });
    expect(deltaOf(-50, -100)).toEqual({ trend: 'up', percent: 50, tone: 'good' });
    expect(deltaOf(2, 1, true)).toEqual({ trend: 'up', percent: 100, tone: 'bad' });
    expect(deltaOf(1, 3, true)).toEqual({ trend: 'down', percent: -66.7, tone: 'good' });
    expect(deltaOf(5, null)).toBeNull();
  });

  it('gives each slice its share of the orders', () => {
    expect(
      sharesOf([
        { key: 'alipay', orders: 2, revenue: 100 },
        { key: 'wechat', orders: 1, revenue: 50 },
      ]).map((s) => s.percent),
    ).toEqual([66.7, 33.3]);
    expect(sharesOf([])).toEqual([]);
  });

  it('knows an empty store and a flat series', () => {
    const zero = {
      revenue: 0,
      orders: 0,
      payingCustomers: 0,
      signUps: 1,
      seatsSold: 0,
      seatsBound: 0,
      refunds: 0,
      refundAmount: 0,
    };
    const d = {
      periods: [{ key: 'all', current: zero, previous: null }],
    } as unknown as Dashboard;
    expect(hasNoSales(d)).toBe(true);
    const sold = {
      periods: [{ key: 'all', current: { ...zero, orders: 1 }, previous: null }],
    } as unknown as Dashboard;
    expect(hasNoSales(sold)).toBe(false);
    expect(isFlat([{ revenue: 0, orders: 0 }])).toBe(true);
    expect(isFlat([{ revenue: -5, orders: 0 }])).toBe(false);
  });

  it('colours the known gateways and cycles spare colours for others', () => {
    expect(methodColor('alipay', 0)).toBe('blue.6');
    expect(methodColor('paypal', 0)).toBe('violet.6');
    expect(methodColor('other', 5)).toBe('orange.6');
  });
});
