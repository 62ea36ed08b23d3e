import { canMove, ORDER_TRANSITIONS, stateOf, wasPaid, type OrderState } from './order-lifecycle';

describe('order lifecycle (docs/rules.md, "Entitlements")', () => {
  it('reads refunding from a paid order whose refund is open', () => {
    expect(stateOf({ status: 'paid', refundStatus: 'requested' })).toBe('refunding');
    expect(stateOf({ status: 'paid', refundStatus: 'pending' })).toBe('refunding');
    expect(stateOf({ status: 'paid', refundStatus: 'failed' })).toBe('paid');
    expect(stateOf({ status: 'paid', refundStatus: null })).toBe('paid');
    expect(stateOf({ status: 'refunded', refundStatus: 'succeeded' })).toBe('refunded');
  });

  it('lets nothing leave refunded, and nothing but a payment leave a closed order', () => {
    const states = Object.keys(ORDER_TRANSITIONS) as OrderState[];
    for (const to of states) expect(canMove('refunded', to)).toBe(false);
    for (const from of ['cancelled', 'expired', 'failed'] as const)
      expect(states.filter((to) => canMove(from, to))).toEqual(['paid']);
    expect(canMove('pending', 'refunding')).toBe(false);
    expect(canMove('pending', 'refunded')).toBe(false);
    expect(canMove('refunding', 'paid')).toBe(true);
    expect(canMove('paid', 'pending')).toBe(false);
  });

  it('knows which states a payment notice cannot change', () => {
    expect((Object.keys(ORDER_TRANSITIONS) as OrderState[]).filter(wasPaid)).toEqual([
      'paid',
      'refunding',
      'refunded',
    ]);
  });
});
