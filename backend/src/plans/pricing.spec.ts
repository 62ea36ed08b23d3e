import { TIERS } from '@seatkeeper/domain';
import { seedPlanRows } from '../../test/support/in-memory-plans';
import { PLANS, activeBadge, type Catalogue } from './plans.catalogue';
import { planState, priceFor } from './pricing';

/** The seeded catalogue (the migration's values), with the given changes. */
function catalogue(
  changes: Partial<Record<string, { priceCents?: number; shown?: boolean }>> = {},
) {
  const out = {} as Catalogue;
  for (const row of seedPlanRows()) {
    const c = changes[row.tier] ?? {};
    const shown = c.shown ?? row.shown;
    out[row.tier] = {
      ...PLANS[row.tier],
      names: { 'zh-CN': row.nameZh, en: row.nameEn },
      descriptions: { 'zh-CN': row.descriptionZh, en: row.descriptionEn },
      priceCents: c.priceCents ?? row.priceCents,
      badge: null,
      badgeEndsAt: null,
      shown,
      sortOrder: row.sortOrder,
      isPublic: PLANS[row.tier].buyable && shown,
    };
  }
  return out;
}

describe('planState', () => {
  it('marks current, included, purchasable and unavailable plans', () => {
    const c = catalogue();
    expect(planState(c.basic, null, c)).toBe('purchasable');
    expect(planState(c.vip, null, c)).toBe('unavailable');
    expect(planState(c.pro, 'pro', c)).toBe('current');
    expect(planState(c.basic, 'pro', c)).toBe('included');
    expect(planState(c.vip, 'pro', c)).toBe('included');
    expect(planState(c.ultra, 'vip', c)).toBe('purchasable');
    expect(planState(c.vip, 'vip', c)).toBe('current');
  });

  it('a hidden plan is unavailable, but still current or included for who owns it', () => {
    const c = catalogue({ pro: { shown: false } });
    expect(planState(c.pro, null, c)).toBe('unavailable');
    expect(planState(c.pro, 'pro', c)).toBe('current');
    expect(planState(c.pro, 'ultra', c)).toBe('included');
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
    expect(priceFor(catalogue(), tier, from)).toEqual({
      tier,
      fromTier: from,
      targetPrice: target,
      originalPrice: original,
      subtotal,
    });
  });

  it("prices at the catalogue's current prices: upgrade = new target − current plan's price now", () => {
    const c = catalogue({ pro: { priceCents: 150000 }, basic: { priceCents: 50000 } });
    expect(priceFor(c, 'pro', 'basic')).toMatchObject({
      targetPrice: 150000,
      originalPrice: 50000,
      subtotal: 100000,
    });
    // A target cheaper than what the customer's plan is worth now costs nothing, never less.
    expect(priceFor(catalogue({ ultra: { priceCents: 60000 } }), 'ultra', 'basic').subtotal).toBe(
      0,
    );
  });

  it.each([
    ['vip', null, 'VIP plan is open only to the whitelist and is granted automatically'],
    ['basic', 'basic', 'already owned'],
    ['basic', 'pro', 'already included in current higher plan'],
    ['pro', 'ultra', 'already included in current higher plan'],
    ['ultra', 'ultra', 'already owned'],
    ['gold', null, 'not available now'],
    ['constructor', null, 'not available now'],
  ] as const)('refuses %s from %s: %s', (tier, from, message) => {
    expect(() => priceFor(catalogue(), tier, from)).toThrow(message);
  });

  it('refuses a hidden plan (PLAN_HIDDEN), and vip even when shown', () => {
    expect(() => priceFor(catalogue({ pro: { shown: false } }), 'pro', null)).toThrow(
      expect.objectContaining({ code: 'PLAN_HIDDEN' }),
    );
    expect(() => priceFor(catalogue({ vip: { shown: true } }), 'vip', null)).toThrow(
      expect.objectContaining({ code: 'PLAN_NOT_PUBLIC' }),
    );
  });

  it('knows every tier', () => {
    expect(Object.keys(catalogue()).sort()).toEqual([...TIERS].sort());
  });
});

describe('activeBadge', () => {
  const badge = { 'zh-CN': '限时优惠', en: 'LIMITED OFFER' };
  const now = new Date('2026-12-01T00:00:00Z');
  it('shows a badge with no end date or an end date still ahead, not one that has passed', () => {
    expect(activeBadge({ badge, badgeEndsAt: null }, now)).toEqual(badge);
    expect(activeBadge({ badge, badgeEndsAt: new Date('2026-12-01T00:00:01Z') }, now)).toEqual(
      badge,
    );
    expect(activeBadge({ badge, badgeEndsAt: new Date('2026-12-01T00:00:00Z') }, now)).toBeNull();
    expect(activeBadge({ badge: null, badgeEndsAt: null }, now)).toBeNull();
  });
});
