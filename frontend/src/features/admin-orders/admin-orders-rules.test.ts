import { describe, expect, it } from 'vitest';
import {
  canRefund,
  chainTotal,
  endReasonLabel,
  methodLabel,
  refundChainLossText,
  refundLossText,
  statusLabel,
} from './admin-orders-rules';

describe('admin orders rules', () => {
  it('says what a refund takes: a new purchase its seats, an upgrade back to the old plan', () => {
    expect(
      refundLossText({ tier: 'pro', upgradedFromTier: null, seatCount: 5, needsRefund: false }),
    ).toBe(
      'New purchase: the customer loses Pro; its seats (5) are revoked and their sites stop being licensed.',
    );
    expect(refundLossText({ tier: 'pro', upgradedFromTier: 'basic', needsRefund: false })).toBe(
      'Upgrade: the customer goes back to Basic; seats beyond its 1 are revoked (unbound ones first, then the highest seat numbers).',
    );
    expect(refundLossText({ tier: 'pro', upgradedFromTier: 'basic', needsRefund: true })).toMatch(
      /no seat changes/,
    );
  });

  it('says what a chain refund takes: back to before this order', () => {
    const purchase = { tier: 'pro', upgradedFromTier: null, seatCount: 5, needsRefund: false };
    const chain = [{ tier: 'ultra' }, { tier: 'pro' }];
    // Alone, as refundLossText.
    expect(refundChainLossText(purchase, [{ tier: 'pro' }])).toBe(refundLossText(purchase));
    // A new purchase with its upgrades: the latest plan and every seat the chain gave.
    expect(refundChainLossText(purchase, chain)).toBe(
      'New purchase and its upgrades: the customer loses Max; every seat these orders gave is revoked and their sites stop being licensed.',
    );
    // An upgrade with later ones: back to the plan it upgraded from.
    const upgrade = { tier: 'pro', upgradedFromTier: 'basic', needsRefund: false };
    expect(refundChainLossText(upgrade, chain)).toBe(refundLossText(upgrade));
    expect(
      chainTotal([
        { amount: 830000, status: 'paid' },
        { amount: 159900, status: 'paid' },
        { amount: 50000, status: 'refunded' },
      ]),
    ).toBe(989900);
  });

  it('refunds only paid orders with an amount, from a gateway, with no refund under way', () => {
    const paid = { status: 'paid', amount: 100, paymentGateway: 'alipay', refundStatus: null };
    expect(canRefund(paid)).toBe(true);
    expect(canRefund({ ...paid, refundStatus: 'failed' })).toBe(true);
    expect(canRefund({ ...paid, refundStatus: 'pending' })).toBe(false);
    expect(canRefund({ ...paid, status: 'refunded' })).toBe(false);
    expect(canRefund({ ...paid, amount: 0 })).toBe(true);
    expect(canRefund({ ...paid, paymentGateway: 'internal' })).toBe(false);
  });

  it('words the internal ways of paying and why an order ended, in the active language', () => {
    expect(methodLabel('vip-grant')).toBe('VIP plan granted');
    expect(methodLabel('auto-expansion')).toBe('Max seats added automatically');
    expect(methodLabel('alipay')).toBe('Alipay');
    expect(methodLabel('carrier-pigeon')).toBe('carrier-pigeon');
    expect(endReasonLabel({ code: 'replaced_by_order', orderId: 'SK2', detail: null })).toBe(
      'Replaced by order SK2',
    );
    expect(endReasonLabel({ code: 'gateway_refused', orderId: null, detail: 'timeout' })).toBe(
      'The gateway refused it: timeout',
    );
    expect(endReasonLabel({ code: 'other', orderId: null, detail: 'a note' })).toBe('a note');
    expect(endReasonLabel({ code: 'unheard_of', orderId: null, detail: null })).toBe('unheard_of');
    expect(statusLabel('refunded')).toBe('Refunded');
  });
});
