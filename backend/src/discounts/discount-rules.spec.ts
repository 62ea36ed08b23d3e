import { checkDiscount, codeKey, reductionOn } from './discount-rules';

const now = new Date('2026-06-01T00:00:00Z');
const base = { tier: 'pro', discountAmount: 10000, usageCount: 0 };

describe('discount rules', () => {
  it('accepts a valid code', () => {
    expect(() =>
      checkDiscount(
        {
          ...base,
          startsAt: new Date('2026-01-01'),
          expiresAt: new Date('2026-12-31'),
          usageLimit: 5,
        },
        'pro',
        now,
      ),
    ).not.toThrow();
    expect(() => checkDiscount(base, 'pro', now)).not.toThrow();
  });

  it.each([
    [null, 'pro', 'Discount code not found'],
    [base, 'basic', 'Discount code does not apply to this plan'],
    [{ ...base, startsAt: new Date('2026-06-02') }, 'pro', 'Discount code is not active yet'],
    [{ ...base, expiresAt: new Date('2026-06-01T00:00:00Z') }, 'pro', 'Discount code has expired'],
    [{ ...base, usageLimit: 2, usageCount: 2 }, 'pro', 'Discount code has been used up'],
  ] as const)('refuses %p for %s', (d, tier, message) => {
    expect(() => checkDiscount(d, tier, now)).toThrow(message);
  });

  it('is case-insensitive and never reduces below zero', () => {
    expect(codeKey('  summer10 ')).toBe('SUMMER10');
    expect(reductionOn(5000, 10000)).toBe(5000);
    expect(reductionOn(5000, 1000)).toBe(1000);
  });
});
