import { DISCOUNT_GONE_REASON } from './entitlement-rules';
import {
  decideFulfilment,
  entitlementOf,
  EXPANSION_METHOD,
  expansionSize,
  laterUpgradesOn,
  NO_ENTITLEMENT,
  planSeats,
  upgradePrice,
  type LedgerOrder,
} from './entitlement-rules';
import type { SeatState } from '../licenses/seat-changes';

let clock = 0;
/** A paid order, one minute after the previous one. */
function order(fields: Partial<LedgerOrder> & Pick<LedgerOrder, 'tier'>): LedgerOrder {
  const at = new Date(Date.UTC(2026, 10, 1) + ++clock * 60_000);
  return {
    id: `o${clock}`,
    orderId: `SK${clock}`,
    status: 'paid',
    refundStatus: null,
    needsRefund: false,
    paymentMethod: 'sandbox',
    paymentGateway: 'sandbox',
    parentOrderId: null,
    creditOrderId: null,
    upgradedFromTier: null,
    upgradeCredit: 0,
    creditValue: 0,
    seatCount: 1,
    amount: 100,
    paidAt: at,
    createdAt: at,
    ...fields,
  };
}

const seat = (seatIndex: number, fields: Partial<SeatState> = {}): SeatState => ({
  id: `s${seatIndex}`,
  seatIndex,
  websiteUrl: null,
  purchaseTier: 'pro',
  revokedAt: null,
  ...fields,
});

describe('entitlementOf (docs/rules.md, "Entitlements")', () => {
  it('is nothing without a standing order', () => {
    expect(entitlementOf([])).toEqual(NO_ENTITLEMENT);
    expect(
      entitlementOf([
        order({ tier: 'pro', status: 'refunded' }),
        order({ tier: 'basic', needsRefund: true }),
      ]),
    ).toEqual(NO_ENTITLEMENT);
  });

  it('takes the highest standing tier, its seats and its recorded price as credit', () => {
    const basic = order({ tier: 'basic', creditValue: 69900 });
    const pro = order({ tier: 'pro', creditValue: 169900, creditOrderId: basic.id });
    expect(entitlementOf([basic, pro])).toMatchObject({
      tier: 'pro',
      seats: 5,
      planOrder: pro,
      credit: 169900,
    });
    // The upgrade refunded: back to what still stands.
    expect(entitlementOf([basic, { ...pro, status: 'refunded' }])).toMatchObject({
      tier: 'basic',
      seats: 1,
      credit: 69900,
    });
    // A refund asked for but not done still stands (the money is still the seller's).
    expect(entitlementOf([basic, { ...pro, refundStatus: 'pending' }]).tier).toBe('pro');
  });

  it("counts Max's expansions only while they and their own Max order stand, up to 100", () => {
    const max = order({ tier: 'ultra' });
    const grown = [1, 2, 3].map(() =>
      order({
        tier: 'ultra',
        paymentMethod: EXPANSION_METHOD,
        seatCount: 10,
        parentOrderId: max.id,
      }),
    );
    expect(entitlementOf([max, ...grown]).seats).toBe(40);
    expect(entitlementOf([{ ...max, status: 'refunded' }, ...grown])).toEqual(NO_ENTITLEMENT);
    // A later Max order does not inherit an earlier one's growth.
    const again = order({ tier: 'ultra' });
    expect(entitlementOf([{ ...max, status: 'refunded' }, ...grown, again]).seats).toBe(10);
    const many = Array.from({ length: 12 }, () =>
      order({
        tier: 'ultra',
        paymentMethod: EXPANSION_METHOD,
        seatCount: 10,
        parentOrderId: max.id,
      }),
    );
    expect(entitlementOf([max, ...many]).seats).toBe(100);
  });

  it('an expansion alone gives nothing', () => {
    expect(
      entitlementOf([order({ tier: 'ultra', paymentMethod: EXPANSION_METHOD, seatCount: 10 })]),
    ).toEqual(NO_ENTITLEMENT);
  });
});

describe('laterUpgradesOn: refunds go latest-first along an upgrade chain', () => {
  it('finds the standing upgrades priced against an order, directly or through another, latest first', () => {
    const basic = order({ tier: 'basic' });
    const pro = order({ tier: 'pro', creditOrderId: basic.id, upgradeCredit: 69900 });
    const max = order({ tier: 'ultra', creditOrderId: pro.id, upgradeCredit: 169900 });
    const ledger = [basic, pro, max];
    expect(laterUpgradesOn(ledger, basic.id).map((o) => o.id)).toEqual([max.id, pro.id]);
    expect(laterUpgradesOn(ledger, pro.id).map((o) => o.id)).toEqual([max.id]);
    expect(laterUpgradesOn(ledger, max.id)).toEqual([]);
    // Refunded upgrades no longer stand on it.
    expect(laterUpgradesOn([basic, { ...pro, status: 'refunded' }], basic.id)).toEqual([]);
  });

  it('a grant priced against nothing builds on nothing', () => {
    const basic = order({ tier: 'basic' });
    const vip = order({ tier: 'vip', paymentGateway: 'internal', upgradedFromTier: 'basic' });
    expect(laterUpgradesOn([basic, vip], basic.id)).toEqual([]);
  });
});

describe('upgradePrice', () => {
  it('deducts the recorded price, never more than the target', () => {
    expect(upgradePrice(169900, 69900)).toEqual({ deduction: 69900, subtotal: 100000 });
    expect(upgradePrice(100000, 169900)).toEqual({ deduction: 100000, subtotal: 0 });
    expect(upgradePrice(69900, 0)).toEqual({ deduction: 0, subtotal: 69900 });
  });
});

describe('decideFulfilment', () => {
  const basic = order({ tier: 'basic', creditValue: 69900 });
  const held = entitlementOf([basic]);
  const upgrade = {
    tier: 'pro' as const,
    upgradedFromTier: 'basic' as const,
    creditOrderId: basic.id,
    upgradeCredit: 69900,
  };

  it('grants a first purchase to a customer without a plan, and an upgrade from the plan it was priced on', () => {
    expect(
      decideFulfilment(
        { ...upgrade, upgradedFromTier: null, creditOrderId: null, upgradeCredit: 0 },
        NO_ENTITLEMENT,
      ),
    ).toEqual({ grant: true });
    expect(decideFulfilment(upgrade, held)).toEqual({ grant: true });
  });

  it('grants nothing for a plan already owned, a first purchase by a customer who now has a plan, or a plan that changed', () => {
    expect(decideFulfilment({ ...upgrade, tier: 'basic' }, held)).toMatchObject({ grant: false });
    expect(
      decideFulfilment({ ...upgrade, upgradedFromTier: null, creditOrderId: null }, held),
    ).toMatchObject({ grant: false, reason: expect.stringContaining('Basic') });
    // Priced against an order that no longer gives the plan (refunded and bought again).
    const again = order({ tier: 'basic', creditValue: 69900 });
    expect(
      decideFulfilment(upgrade, entitlementOf([{ ...basic, status: 'refunded' }, again])),
    ).toMatchObject({ grant: false, reason: expect.stringContaining(basic.id) });
  });

  it('grants nothing for an upgrade priced against a plan whose refund is in progress', () => {
    expect(
      decideFulfilment(upgrade, entitlementOf([{ ...basic, refundStatus: 'pending' }])),
    ).toMatchObject({
      grant: false,
      reason: expect.stringContaining('refund is in progress'),
    });
  });

  it('names the discount rule', () => {
    expect(DISCOUNT_GONE_REASON).toMatch(/usage limit/);
  });
});

describe('planSeats', () => {
  const pro = entitlementOf([order({ tier: 'pro' })]);

  it('fills a grant up to the entitlement after the highest seat number', () => {
    const plan = planSeats(
      [seat(1, { purchaseTier: 'basic', websiteUrl: 'https://a.com' })],
      pro,
      'fill',
    );
    expect(plan).toMatchObject({
      revoke: [],
      retier: ['s1'],
      raise: ['s1'],
      renew: [],
      add: 4,
      firstNewIndex: 2,
    });
  });

  it('revokes beyond the entitlement, unbound seats first, then the highest numbers, and moves the rest down', () => {
    const basic = entitlementOf([order({ tier: 'basic' })]);
    const seats = [1, 2, 3, 4, 5].map((i) =>
      seat(i, { websiteUrl: i === 3 || i === 5 ? `https://${i}.com` : null }),
    );
    expect(planSeats(seats, basic, 0)).toMatchObject({
      revoke: ['s4', 's2', 's1', 's5'],
      retier: ['s3'],
      raise: [],
      add: 0,
    });
    expect(planSeats(seats, NO_ENTITLEMENT, 'fill')).toMatchObject({
      revoke: ['s4', 's2', 's1', 's5', 's3'],
      add: 0,
      renew: [],
    });
  });

  it('never brings a revoked seat back by itself; a grant gives revoked rows out again as new seats', () => {
    const seats = [seat(1, { revokedAt: new Date(), websiteUrl: 'https://old.com' }), seat(2)];
    expect(planSeats(seats, pro, 0)).toMatchObject({ revoke: [], renew: [], add: 0 });
    expect(planSeats(seats, pro, 'fill')).toMatchObject({
      renew: ['s1'],
      add: 3,
      firstNewIndex: 3,
    });
    expect(planSeats(seats, pro, 2)).toMatchObject({ renew: ['s1'], add: 1 });
  });
});

describe('expansionSize', () => {
  const max = order({ tier: 'ultra' });
  const held = entitlementOf([max]);
  const bound = (n: number, free: number) => [
    ...Array.from({ length: n }, (_, i) => seat(i + 1, { websiteUrl: `https://${i}.com` })),
    ...Array.from({ length: free }, (_, i) => seat(n + i + 1)),
  ];

  it('grows Max by 10 when fewer than 2 held seats are free, never past 100, and nothing else', () => {
    expect(expansionSize(bound(9, 1), held)).toBe(10);
    expect(expansionSize(bound(8, 2), held)).toBe(0);
    expect(expansionSize(bound(1, 0), entitlementOf([order({ tier: 'pro' })]))).toBe(0);
    const full = entitlementOf([
      max,
      ...Array.from({ length: 9 }, () =>
        order({
          tier: 'ultra',
          paymentMethod: EXPANSION_METHOD,
          seatCount: 10,
          parentOrderId: max.id,
        }),
      ),
    ]);
    expect(full.seats).toBe(100);
    expect(expansionSize(bound(100, 0), full)).toBe(0);
    const ninety = entitlementOf([
      max,
      ...Array.from({ length: 8 }, () =>
        order({
          tier: 'ultra',
          paymentMethod: EXPANSION_METHOD,
          seatCount: 10,
          parentOrderId: max.id,
        }),
      ),
      order({
        tier: 'ultra',
        paymentMethod: EXPANSION_METHOD,
        seatCount: 5,
        parentOrderId: max.id,
      }),
    ]);
    expect(expansionSize(bound(95, 0), ninety)).toBe(5);
  });
});
