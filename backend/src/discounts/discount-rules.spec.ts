import { DiscountErrorCode } from './discount-errors';
import {
  checkDiscount,
  codeKey,
  customerRefusal,
  reductionOn,
  refusalOf,
  termsOfInput,
} from './discount-rules';

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
    [null, 'pro', DiscountErrorCode.DISCOUNT_CODE_UNKNOWN],
    [base, 'basic', DiscountErrorCode.DISCOUNT_WRONG_TIER],
    [{ ...base, tiers: ['basic', 'ultra'] }, 'pro', DiscountErrorCode.DISCOUNT_WRONG_TIER],
    [{ ...base, tiers: null }, 'vip', DiscountErrorCode.DISCOUNT_WRONG_TIER],
    [
      { ...base, startsAt: new Date('2026-06-02') },
      'pro',
      DiscountErrorCode.DISCOUNT_NOT_ACTIVE_YET,
    ],
    [
      { ...base, expiresAt: new Date('2026-06-01T00:00:00Z') },
      'pro',
      DiscountErrorCode.DISCOUNT_EXPIRED,
    ],
    [{ ...base, usageLimit: 2, usageCount: 2 }, 'pro', DiscountErrorCode.DISCOUNT_USED_UP],
  ] as const)('names the precise reason for the admin: %p for %s', (d, tier, reason) => {
    expect(refusalOf(d, tier, now)).toBe(reason);
  });

  it('applies to the plans listed, every plan for null, and the one plan of an old row', () => {
    expect(refusalOf({ ...base, tiers: ['basic', 'ultra'] }, 'ultra', now)).toBeNull();
    expect(refusalOf({ ...base, tiers: null }, 'basic', now)).toBeNull();
    expect(refusalOf({ ...base, tiers: null }, 'ultra', now)).toBeNull();
    expect(refusalOf(base, 'pro', now)).toBeNull();
  });

  it('tells a customer one thing for unknown, other plan and not started; expired and used up as they are', () => {
    const text = 'Discount code does not apply to this plan';
    expect(() => checkDiscount(null, 'pro', now)).toThrow(text);
    expect(() => checkDiscount(base, 'basic', now)).toThrow(text);
    expect(() => checkDiscount({ ...base, startsAt: new Date('2026-06-02') }, 'pro', now)).toThrow(
      text,
    );
    expect(() => checkDiscount({ ...base, expiresAt: new Date('2026-05-01') }, 'pro', now)).toThrow(
      'Discount code has expired',
    );
    expect(() => checkDiscount({ ...base, usageLimit: 1, usageCount: 1 }, 'pro', now)).toThrow(
      'Discount code has been used up',
    );
    expect(customerRefusal(DiscountErrorCode.DISCOUNT_ALREADY_USED)).toBe(
      DiscountErrorCode.DISCOUNT_ALREADY_USED,
    );
  });

  it('is case-insensitive and never reduces below zero or past the amount due', () => {
    expect(codeKey('  summer10 ')).toBe('SUMMER10');
    expect(reductionOn(5000, 10000)).toBe(5000);
    expect(reductionOn(5000, 1000)).toBe(1000);
    expect(reductionOn(100000, { ...base, kind: 'percent', percentOff: 15 })).toBe(15000);
    expect(reductionOn(100000, { ...base, kind: 'amount', percentOff: 15 })).toBe(10000);
  });

  it("stores a save: the spec's body is one plan; tiers null is every plan; a percent code has no amount", () => {
    expect(termsOfInput({ tier: 'pro', discountAmount: 500 })).toEqual({
      tier: 'pro',
      tiers: ['pro'],
      kind: 'amount',
      discountAmount: 500,
      percentOff: null,
      oncePerCustomer: false,
    });
    expect(
      termsOfInput({
        tier: 'pro',
        tiers: null,
        kind: 'percent',
        percentOff: 20,
        discountAmount: 9,
      }),
    ).toEqual({
      tier: 'basic',
      tiers: null,
      kind: 'percent',
      discountAmount: 0,
      percentOff: 20,
      oncePerCustomer: false,
    });
    expect(
      termsOfInput({ tiers: ['ultra', 'basic'], discountAmount: 1, oncePerCustomer: true }),
    ).toMatchObject({ tier: 'basic', tiers: ['basic', 'ultra'], oncePerCustomer: true });
    expect(() => termsOfInput({ discountAmount: 1 })).toThrow('tier must be basic, pro or ultra');
    expect(() => termsOfInput({ tiers: null, kind: 'percent' })).toThrow(
      'percentOff must be an integer from 1 to 100',
    );
    expect(() => termsOfInput({ tiers: null })).toThrow('折扣金额需为非负数字');
  });
});
