import { describe, expect, it } from 'vitest';
import { appliedError } from './quote-payment';

const quote = { quote: {} as never };
const wrongTier = {
  error: 'Discount code does not apply to this plan',
  code: 'DISCOUNT_WRONG_TIER',
};
const expired = { error: 'Discount code has expired', code: 'DISCOUNT_EXPIRED' };

describe('appliedError', () => {
  it('is null when a plan takes the code', () => {
    expect(appliedError([wrongTier, quote, expired])).toBeNull();
  });

  it('names the refusal of the code’s own plan rather than the other plans’', () => {
    expect(appliedError([wrongTier, expired, wrongTier])).toBe('Discount code has expired');
  });

  it('says the code is for another plan when that is all there is', () => {
    expect(appliedError([wrongTier, wrongTier])).toBe(wrongTier.error);
  });

  it('is null with no plan to quote', () => {
    expect(appliedError([])).toBeNull();
  });
});

describe('appliedError with too many tries', () => {
  const limited = {
    error: 'Too many promo code tries',
    code: 'PAYMENT_RATE_LIMITED',
    rateLimited: true,
  };

  it('shows the wait beside the field even when other plans answered', () => {
    expect(appliedError([quote, limited, wrongTier])).toBe(limited.error);
    expect(appliedError([wrongTier, limited])).toBe(limited.error);
  });
});
