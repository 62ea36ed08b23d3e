import { PLANS } from './plans.catalogue';
import { planState, priceFor } from './pricing';

describe('planState', () => {
  it('marks current, included, purchasable and unavailable plans', () => {
    expect(planState(PLANS.basic, null)).toBe('purchasable');
    expect(planState(PLANS.vip, null)).toBe('unavailable');
    expect(planState(PLANS.pro, 'pro')).toBe('current');
    expect(planState(PLANS.basic, 'pro')).toBe('included');
    expect(planState(PLANS.vip, 'pro')).toBe('included');
    expect(planState(PLANS.ultra, 'vip')).toBe('purchasable');
    expect(planState(PLANS.vip, 'vip')).toBe('current');
  });
});

describe('priceFor', () => {
  it.each([
    ['basic', null, 69900, 0, 69900],
    ['pro', null, 169900, 0, 169900],
    ['ultra', null, 998000, 0, 998000],
    ['pro', 'basic', 169900, 69900, 100000],
    ['ultra', 'basic', 998000, 69900, 928100],
    ['pro', 'vip', 169900, 100000, 69900],
    ['ultra', 'vip', 998000, 100000, 898000],
    ['ultra', 'pro', 998000, 169900, 828100],
  ] as const)('%s from %s: target %i − %i = %i', (tier, from, target, original, subtotal) => {
    expect(priceFor(tier, from)).toEqual({
      tier,
      fromTier: from,
      targetPrice: target,
      originalPrice: original,
      subtotal,
    });
  });

  it.each([
    ['vip', null, 'VIP plan is open only to the whitelist and is granted automatically'],
    ['basic', 'basic', 'already owned'],
    ['basic', 'pro', 'already included in current higher plan'],
    ['pro', 'ultra', 'already included in current higher plan'],
    ['ultra', 'ultra', 'already owned'],
    ['gold', null, 'not available now'],
  ] as const)('refuses %s from %s: %s', (tier, from, message) => {
    expect(() => priceFor(tier, from)).toThrow(message);
  });
});
