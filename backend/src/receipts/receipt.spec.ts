import type { Order } from '../orders/order.entity';
import { receiptOf, tradeNoOf } from './receipt';

const order = (fields: Partial<Order>): Order =>
  ({
    orderId: '20261201120000ABCDEF',
    productName: 'Pro',
    subscriptionTier: 'pro',
    upgradedFromTier: null,
    seatCount: 5,
    status: 'paid',
    currency: 'CNY',
    listPrice: 169900,
    discountAmount: 0,
    discountCode: null,
    amount: 169900,
    paymentMethod: 'alipay',
    paymentGateway: 'alipay',
    metadata: JSON.stringify({ tradeNo: '2026120122001' }),
    createdAt: new Date('2026-12-01T12:00:00Z'),
    paidAt: new Date('2026-12-01T12:01:00Z'),
    refundStatus: null,
    refundRequestedAt: null,
    refundedAt: null,
    ...fields,
  }) as Order;

const who = { buyerEmail: 'buyer@example.com', sellerName: 'Seat Keeper Ltd.' };
const names = (g: string) => (g === 'alipay' ? { 'zh-CN': '支付宝', en: 'Alipay' } : null);

describe('receiptOf', () => {
  it('a paid new purchase: no deduction, paid in full, the gateway named, its trade number', () => {
    expect(receiptOf(order({}), who, names)).toMatchObject({
      listPrice: 169900,
      deduction: 0,
      discountAmount: 0,
      amount: 169900,
      amountPaid: 169900,
      paymentMethodName: { en: 'Alipay' },
      tradeNo: '2026120122001',
      paidAt: '2026-12-01T12:01:00.000Z',
      refundStatus: null,
      refundAmount: null,
      buyerEmail: 'buyer@example.com',
      sellerName: 'Seat Keeper Ltd.',
    });
  });

  it('an upgrade with a discount: the deduction is what the list price, discount and amount leave', () => {
    const r = receiptOf(
      order({
        upgradedFromTier: 'vip',
        listPrice: 169900,
        discountAmount: 10000,
        discountCode: 'SAVE100',
        amount: 169900 - 59900 - 10000,
      }),
      who,
      names,
    );
    expect(r).toMatchObject({ deduction: 59900, discountCode: 'SAVE100', amountPaid: 100000 });
  });

  it('an unpaid order has paid nothing; a refunded one names the refund', () => {
    expect(
      receiptOf(order({ status: 'pending', paidAt: null, paymentMethod: null }), who, names),
    ).toMatchObject({ amountPaid: null, paymentMethodName: null });
    const refundedAt = new Date('2026-12-02T00:00:00Z');
    expect(
      receiptOf(order({ status: 'refunded', refundStatus: 'succeeded', refundedAt }), who, names),
    ).toMatchObject({
      amountPaid: 169900,
      refundStatus: 'succeeded',
      refundAmount: 169900,
      refundedAt: refundedAt.toISOString(),
    });
  });

  it('names internal methods and a free order paid by its discount code', () => {
    expect(
      receiptOf(order({ paymentMethod: 'discount', amount: 0 }), who, names).paymentMethodName,
    ).toEqual({ 'zh-CN': '优惠码全额抵扣', en: 'Discount code (nothing to pay)' });
    expect(
      receiptOf(order({ paymentMethod: 'vip-grant', paymentGateway: 'internal' }), who, names)
        .paymentMethodName?.en,
    ).toBe('VIP grant');
    // An unknown method falls back to the gateway's name.
    expect(receiptOf(order({ paymentMethod: 'other' }), who, names).paymentMethodName?.en).toBe(
      'Alipay',
    );
  });

  it('reads the trade number only from well-formed metadata', () => {
    expect(tradeNoOf(null)).toBeNull();
    expect(tradeNoOf('not json')).toBeNull();
    expect(tradeNoOf('null')).toBeNull();
    expect(tradeNoOf(JSON.stringify({ tradeNo: null }))).toBeNull();
    expect(tradeNoOf(JSON.stringify({ tradeNo: 'T1' }))).toBe('T1');
  });
});
