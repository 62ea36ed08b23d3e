import { TIERS, type Tier } from '@seatkeeper/domain';
import { seedPlanRows } from '../../test/support/in-memory-plans';
import { PLANS, activeBadge, type Catalogue } from './plans.catalogue';
import { planState, priceFor, rankOrderBreak } from './pricing';

/** A holding whose plan was obtained at the catalogue's price of today. */
const at = (c: Catalogue, tier: Tier | null) => ({
  tier,
  credit: tier ? c[tier].priceCents : 0,
});

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
    expect(priceFor(catalogue(), tier, at(catalogue(), from))).toEqual({
      tier,
      fromTier: from,
      targetPrice: target,
      originalPrice: original,
      subtotal,
    });
  });

  it("prices the target at today's price less the current plan's recorded price, not today's", () => {
    const c = catalogue({ pro: { priceCents: 150000 }, basic: { priceCents: 50000 } });
    expect(priceFor(c, 'pro', { tier: 'basic', credit: 69900 })).toMatchObject({
      targetPrice: 150000,
      originalPrice: 69900,
      subtotal: 80100,
    });
    // A plan worth more than the target makes the upgrade free, never less; the deduction is capped.
    expect(
      priceFor(catalogue({ ultra: { priceCents: 60000 } }), 'ultra', {
        tier: 'basic',
        credit: 69900,
      }),
    ).toMatchObject({ originalPrice: 60000, subtotal: 0 });
  });

  it('refuses a price list out of rank order', () => {
    const prices = { basic: 69900, vip: 100000, pro: 169900, ultra: 998000 };
    expect(rankOrderBreak(prices)).toBeNull();
    expect(rankOrderBreak({ ...prices, basic: 169900 })).toEqual({
      tier: 'vip',
      conflictsWith: 'basic',
    });
    expect(rankOrderBreak({ ...prices, pro: 100000 })).toEqual({
      tier: 'pro',
      conflictsWith: 'vip',
    });
    expect(rankOrderBreak({ ...prices, ultra: 1 })).toEqual({
      tier: 'ultra',
      conflictsWith: 'pro',
    });
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
    expect(() => priceFor(catalogue(), tier, at(catalogue(), from))).toThrow(message);
  });

  it('refuses a hidden plan (PLAN_HIDDEN), and vip even when shown', () => {
    expect(() =>
      priceFor(catalogue({ pro: { shown: false } }), 'pro', at(catalogue(), null)),
    ).toThrow(expect.objectContaining({ code: 'PLAN_HIDDEN' }));
    expect(() =>
      priceFor(catalogue({ vip: { shown: true } }), 'vip', at(catalogue(), null)),
    ).toThrow(expect.objectContaining({ code: 'PLAN_NOT_PUBLIC' }));
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
