import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_TIERS,
  discountAppliesTo,
  discountReachesPrice,
  discountReduction,
  discountTiers,
} from './discounts';

describe('discountReduction', () => {
  it('takes an amount off, capped at the amount due and never below 0', () => {
    expect(discountReduction({ discountAmount: 10_000 }, 69_900)).toBe(10_000);
    expect(discountReduction({ kind: 'amount', discountAmount: 9_999_900 }, 69_900)).toBe(69_900);
    expect(discountReduction({ discountAmount: -5 }, 69_900)).toBe(0);
    expect(discountReduction({ discountAmount: 500 }, 0)).toBe(0);
    // An amount code ignores a stray percent.
    expect(discountReduction({ kind: 'amount', discountAmount: 100, percentOff: 50 }, 1000)).toBe(
      100,
    );
  });

  it('takes round(due × percent / 100) off, to the cent, half up', () => {
    expect(discountReduction({ kind: 'percent', discountAmount: 0, percentOff: 15 }, 100_000)).toBe(
      15_000,
    );
    // 15 % of 69,950 cents is 10,492.5: half up, 10,493.
    expect(discountReduction({ kind: 'percent', discountAmount: 0, percentOff: 15 }, 69_950)).toBe(
      10_493,
    );
    // 15 % of 69,930 is 10,489.5 → 10,490; 33 % of 101 is 33.33 → 33; 1 % of 49 is 0.49 → 0.
    expect(discountReduction({ kind: 'percent', discountAmount: 0, percentOff: 15 }, 69_930)).toBe(
      10_490,
    );
    expect(discountReduction({ kind: 'percent', discountAmount: 0, percentOff: 33 }, 101)).toBe(33);
    expect(discountReduction({ kind: 'percent', discountAmount: 0, percentOff: 1 }, 49)).toBe(0);
    expect(discountReduction({ kind: 'percent', discountAmount: 0, percentOff: 1 }, 50)).toBe(1);
    // A percent code ignores its amount.
    expect(
      discountReduction({ kind: 'percent', discountAmount: 999_999, percentOff: 10 }, 1000),
    ).toBe(100);
  });

  it('never gives more than the amount due nor less than 0, and 100 % is the whole of it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (due, percent) => {
          const off = discountReduction(
            { kind: 'percent', discountAmount: 0, percentOff: percent },
            due,
          );
          expect(off).toBeGreaterThanOrEqual(0);
          expect(off).toBeLessThanOrEqual(due);
          expect(Number.isInteger(off)).toBe(true);
          // Half up: within half a cent of the exact value, rounding a half away from 0.
          const exact = (due * percent) / 100;
          expect(off - exact).toBeLessThanOrEqual(0.5);
          expect(exact - off).toBeLessThan(0.5);
          if (percent === 100) expect(off).toBe(due);
        },
      ),
    );
  });
});

describe('discountReachesPrice (the seller is warned before saving such a code)', () => {
  it('is true when the code takes the whole price away', () => {
    expect(discountReachesPrice({ discountAmount: 9_999_900 }, 69_900)).toBe(true);
    expect(discountReachesPrice({ discountAmount: 69_900 }, 69_900)).toBe(true);
    expect(discountReachesPrice({ discountAmount: 69_899 }, 69_900)).toBe(false);
    expect(
      discountReachesPrice({ kind: 'percent', discountAmount: 0, percentOff: 100 }, 69_900),
    ).toBe(true);
    expect(
      discountReachesPrice({ kind: 'percent', discountAmount: 0, percentOff: 99 }, 69_900),
    ).toBe(false);
    // 99 % of 49 cents is 48.51 → 49: the whole price.
    expect(discountReachesPrice({ kind: 'percent', discountAmount: 0, percentOff: 99 }, 49)).toBe(
      true,
    );
    expect(discountReachesPrice({ discountAmount: 100 }, 0)).toBe(false);
  });
});

describe('the plans a code is for', () => {
  it('null is every plan on sale; a list keeps the catalogue order and drops unknown names', () => {
    expect(discountTiers(null)).toEqual(DISCOUNT_TIERS);
    expect(discountTiers(undefined)).toEqual(['basic', 'pro', 'ultra']);
    expect(discountTiers(['ultra', 'basic'])).toEqual(['basic', 'ultra']);
    expect(discountAppliesTo(null, 'pro')).toBe(true);
    expect(discountAppliesTo(null, 'vip')).toBe(false);
    expect(discountAppliesTo(['basic', 'ultra'], 'pro')).toBe(false);
    expect(discountAppliesTo(['basic', 'ultra'], 'ultra')).toBe(true);
    expect(discountAppliesTo([], 'basic')).toBe(false);
  });
});
