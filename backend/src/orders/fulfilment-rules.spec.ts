import { decideFulfilment } from './fulfilment-rules';

describe('decideFulfilment', () => {
  it('grants a first purchase to a customer with no plan', () => {
    expect(decideFulfilment({ subscriptionTier: 'basic', upgradedFromTier: null }, null)).toEqual({
      grant: true,
    });
  });

  it('grants an upgrade from the plan the customer still holds', () => {
    expect(decideFulfilment({ subscriptionTier: 'ultra', upgradedFromTier: 'pro' }, 'pro')).toEqual(
      { grant: true },
    );
  });

  it('refuses a plan the customer already owns (a second payment for one upgrade)', () => {
    const d = decideFulfilment({ subscriptionTier: 'ultra', upgradedFromTier: 'pro' }, 'ultra');
    expect(d).toEqual({ grant: false, reason: 'the customer already owns Max' });
  });

  it('refuses a plan below what the customer owns', () => {
    expect(
      decideFulfilment({ subscriptionTier: 'basic', upgradedFromTier: null }, 'pro').grant,
    ).toBe(false);
  });

  it('refuses an upgrade priced from another plan than the current one', () => {
    expect(decideFulfilment({ subscriptionTier: 'pro', upgradedFromTier: 'basic' }, 'vip')).toEqual(
      {
        grant: false,
        reason: 'priced for an upgrade from Basic, but the customer now has VIP',
      },
    );
    expect(
      decideFulfilment({ subscriptionTier: 'pro', upgradedFromTier: null }, 'basic').grant,
    ).toBe(false);
    expect(
      decideFulfilment({ subscriptionTier: 'pro', upgradedFromTier: 'basic' }, null).grant,
    ).toBe(false);
  });
});
