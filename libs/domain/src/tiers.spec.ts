import { describe, expect, it } from 'vitest';
import { highestTier, isTier, tierName, TIER_RANKS, TIERS } from './tiers';

describe('tiers', () => {
  it('lists the tiers from the lowest rank up', () => {
    expect(TIERS.map((t) => TIER_RANKS[t])).toEqual([1, 2, 3, 4]);
  });

  it('picks the highest-ranked tier, ignoring unknown names', () => {
    expect(highestTier(['basic', 'pro', 'vip'])).toBe('pro');
    expect(highestTier(['vip', 'ultra'])).toBe('ultra');
    expect(highestTier(['gold', 'toString', 'basic'])).toBe('basic');
    expect(highestTier([])).toBeNull();
  });

  it('names the tiers as the product shows them (ultra is Max)', () => {
    expect(tierName('ultra')).toBe('Max');
    expect(tierName('vip')).toBe('VIP');
    expect(tierName('gold')).toBe('gold');
    expect(tierName(null)).toBe('');
    expect(isTier('constructor')).toBe(false);
  });
});
