import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToYuan, centsToYuanText, formatMoney, yuanToCents } from './money';

describe('yuanToCents', () => {
  it('multiplies by 100 and rounds half up on the digits, not on floating point', () => {
    expect(yuanToCents(12.345)).toBe(1235);
    expect(yuanToCents('12.345')).toBe(1235);
    expect(yuanToCents(1.005)).toBe(101);
    expect(yuanToCents('12.344')).toBe(1234);
    expect(yuanToCents(0.1 + 0.2)).toBe(30);
    expect(yuanToCents(19.99)).toBe(1999);
    expect(yuanToCents(0.005)).toBe(1);
    expect(yuanToCents(0.0049)).toBe(0);
    expect(yuanToCents('699')).toBe(69900);
    expect(yuanToCents(' 699.5 ')).toBe(69950);
    expect(yuanToCents('1.')).toBe(100);
    expect(yuanToCents('.5')).toBe(50);
    expect(yuanToCents(0)).toBe(0);
    expect(yuanToCents('-0')).toBe(0);
  });

  it('reads scientific notation (what String gives very small or large numbers)', () => {
    expect(yuanToCents(1e-7)).toBe(0);
    expect(yuanToCents('1.2345e1')).toBe(1235);
    expect(yuanToCents('5e-3')).toBe(1);
    expect(yuanToCents(1e6)).toBe(100_000_000);
  });

  it('answers NaN for negative, empty, non-numeric, infinite or unsafe amounts', () => {
    for (const bad of [
      '',
      ' ',
      '-1',
      '-0.01',
      '-0.004',
      'abc',
      '1,5',
      '1.2.3',
      '.',
      'e5',
      '¥5',
      '0x10',
    ]) {
      expect(yuanToCents(bad), bad).toBeNaN();
    }
    expect(yuanToCents(-12.345)).toBeNaN();
    expect(yuanToCents(Number.NaN)).toBeNaN();
    expect(yuanToCents(Infinity)).toBeNaN();
    expect(yuanToCents(1e300)).toBeNaN();
    expect(yuanToCents('1e999999')).toBeNaN();
  });

  it('round-trips every amount of cents through centsToYuan (number and text)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (cents) => {
        expect(yuanToCents(centsToYuan(cents))).toBe(cents);
        expect(yuanToCents(centsToYuanText(cents))).toBe(cents);
      }),
    );
  });

  it('agrees with exact decimal arithmetic for any yuan text with up to 4 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 9999 }),
        (whole, frac) => {
          const text = `${whole}.${String(frac).padStart(4, '0')}`;
          const expected = whole * 100 + Math.floor(frac / 100) + (frac % 100 >= 50 ? 1 : 0);
          expect(yuanToCents(text)).toBe(expected);
        },
      ),
    );
  });
});

describe('centsToYuan / centsToYuanText', () => {
  it('divides by 100', () => {
    expect(centsToYuan(69950)).toBe(699.5);
    expect(centsToYuan(1235)).toBe(12.35);
    expect(centsToYuanText(1235)).toBe('12.35');
    expect(centsToYuanText(5)).toBe('0.05');
    expect(centsToYuanText(-5)).toBe('-0.05');
    expect(centsToYuanText(69900)).toBe('699.00');
  });
});

describe('formatMoney', () => {
  it('writes CNY with the yuan sign and two decimals, other currencies after the amount', () => {
    expect(formatMoney(69900)).toBe('¥699.00');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(-500)).toBe('-¥5.00');
    expect(formatMoney(123456, { currency: 'USD' })).toBe('1234.56 USD');
  });

  it('groups thousands when asked, never inside the decimals', () => {
    expect(formatMoney(169900, { grouping: true })).toBe('¥1,699.00');
    expect(formatMoney(123456789, { grouping: true })).toBe('¥1,234,567.89');
    expect(formatMoney(-100000, { grouping: true })).toBe('-¥1,000.00');
    expect(formatMoney(99999, { grouping: true })).toBe('¥999.99');
    expect(formatMoney(123456789, { currency: 'USD', grouping: true })).toBe('1,234,567.89 USD');
  });
});
