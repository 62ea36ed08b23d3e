import request from 'supertest';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import { ADMIN_EMAIL, signIn, TEST_SECRET, withFreshApp } from './support/app';
import { customer, errorOf } from './support/customer';

type Customer = Awaited<ReturnType<typeof customer>>;

/** GET /api/orders/:orderId/receipt (docs/payments.md, "Receipts"): the order's breakdown, owner only. */
describe('receipts', () => {
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];
  const sandbox = new SandboxGateway(TEST_SECRET);

  withFreshApp({ SELLER_NAME: 'Seat Keeper Ltd.' }, async (app) => {
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const buy = async (c: Customer, tier: string, discountCode?: string) => {
    const res = await c
      .post('/api/payments/create')
      .send({ subscriptionTier: tier, paymentMethod: 'sandbox', discountCode });
    expect(res.body).toMatchObject({ orderId: expect.any(String) });
    return res.body as { orderId: string; amount: number };
  };
  const pay = (o: { orderId: string; amount: number }) =>
    request(base)
      .post('/api/payments/notify/sandbox')
      .type('form')
      .send(sandbox.notification(o.orderId, o.amount))
      .expect(200);
  const receiptOf = async (c: Customer, orderId: string) =>
    (await c.agent.get(`/api/orders/${orderId}/receipt`).expect(200)).body.receipt;

  it('a paid new purchase: list price, amount paid, method, trade number, buyer and seller', async () => {
    const c = await customer(base);
    const order = await buy(c, 'basic');
    const pending = await receiptOf(c, order.orderId);
    expect(pending).toMatchObject({
      status: 'pending',
      amountPaid: null,
      paidAt: null,
      paymentMethod: null,
      paymentMethodName: null,
      paymentGateway: 'sandbox',
      tradeNo: null,
    });
    await pay(order);
    const receipt = await receiptOf(c, order.orderId);
    expect(receipt).toEqual({
      orderId: order.orderId,
      productName: 'Basic 套餐',
      subscriptionTier: 'basic',
      upgradedFromTier: null,
      seatCount: 1,
      status: 'paid',
      currency: 'CNY',
      listPrice: 69900,
      deduction: 0,
      discountCode: null,
      discountAmount: 0,
      amount: 69900,
      amountPaid: 69900,
      paymentMethod: 'sandbox',
      paymentGateway: 'sandbox',
      paymentMethodName: { 'zh-CN': '沙箱', en: 'Sandbox' },
      tradeNo: `SANDBOX${order.orderId}`,
      createdAt: pending.createdAt,
      paidAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      refundStatus: null,
      refundAmount: null,
      refundRequestedAt: null,
      refundedAt: null,
      buyerEmail: c.email,
      sellerName: 'Seat Keeper Ltd.',
    });
    // The polled order answer is unchanged by the receipt.
    const polled = (await c.agent.get(`/api/orders/by-order-id/${order.orderId}`).expect(200)).body;
    expect(polled.order).not.toHaveProperty('sellerName');
  });

  it('a discounted upgrade: the deduction for the current plan and the discount', async () => {
    await admin
      .post('/api/subscriptions/admin/subscriptions/discounts')
      .set('Origin', base)
      .send({ code: 'UPGRADE100', tier: 'pro', discountAmount: 10000 })
      .expect(200);
    const c = await customer(base);
    await pay(await buy(c, 'basic'));
    const upgrade = await buy(c, 'pro', 'upgrade100');
    await pay(upgrade);
    expect(await receiptOf(c, upgrade.orderId)).toMatchObject({
      subscriptionTier: 'pro',
      upgradedFromTier: 'basic',
      listPrice: 169900,
      deduction: 69900,
      discountCode: 'UPGRADE100',
      discountAmount: 10000,
      amount: 90000,
      amountPaid: 90000,
      status: 'paid',
    });
  });

  it('a refunded order: refund state, amount and time', async () => {
    const c = await customer(base);
    const order = await buy(c, 'basic');
    await pay(order);
    await admin
      .post(`/api/admin/orders/${order.orderId}/refund`)
      .set('Origin', base)
      .send({ reason: 'customer asked' })
      .expect(200);
    const receipt = await receiptOf(c, order.orderId);
    expect(receipt).toMatchObject({
      status: 'refunded',
      amountPaid: 69900,
      refundStatus: 'succeeded',
      refundAmount: 69900,
      refundRequestedAt: expect.stringMatching(/^\d{4}-/),
      refundedAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(Date.parse(receipt.refundedAt)).toBeGreaterThanOrEqual(Date.parse(receipt.paidAt));
  });

  it("answers 404 for another customer's order, an unknown one, and 401 without a session", async () => {
    const owner = await customer(base);
    const other = await customer(base);
    const order = await buy(owner, 'basic');
    await pay(order);
    await owner.agent.get(`/api/orders/${order.orderId}/receipt`).expect(200);
    const foreign = await other.agent.get(`/api/orders/${order.orderId}/receipt`).expect(404);
    expect(foreign.body).toEqual(errorOf('Order not found', 404, 'ORDER_NOT_FOUND'));
    expect(JSON.stringify(foreign.body)).not.toContain(owner.email);
    await other.agent.get('/api/orders/20990101000000NOSUCH/receipt').expect(404);
    await request(base).get(`/api/orders/${order.orderId}/receipt`).expect(401);
  });
});
