import { PaymentsService } from '../src/payments/payments.service';
import { startApp, type RunningApp } from './support/app';
import { customer } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { em } from './support/factories';
import { FakeAlipay } from './support/fake-alipay';

describe('Alipay face-to-face payment against a local gateway speaking its protocol', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let alipay: FakeAlipay;

  beforeAll(async () => {
    alipay = await new FakeAlipay().start();
    db = await createTestDatabase();
    running = await startApp(db, (port) => alipay.env(`http://127.0.0.1:${port}`));
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await alipay?.stop();
    await db?.drop();
  });

  const status = async (c: Awaited<ReturnType<typeof customer>>, orderId: string) =>
    (await c.agent.get(`/api/orders/by-order-id/${orderId}`).expect(200)).body.order.status;

  it('precreates a signed QR order and fulfils on the signed notification, answering success', async () => {
    const c = await customer(base);
    const created = await c
      .post('/api/payments/create')
      .send({ subscriptionTier: 'basic' })
      .expect(200);
    expect(created.body.qrImage).toMatch(/^https:\/\/qr\.alipay\.com\/bax0/);
    expect(alipay.requests.at(-1)).toEqual({
      method: 'alipay.trade.precreate',
      signatureValid: true,
    });
    const trade = alipay.trades.get(created.body.orderId)!;
    expect(trade).toMatchObject({
      totalAmount: '699.00',
      subject: 'Basic 套餐',
      notifyUrl: `${base}/api/payments/notify/alipay`,
    });
    alipay.pay(created.body.orderId);
    expect(await alipay.notify(created.body.orderId)).toEqual({ status: 200, text: 'success' });
    expect(await status(c, created.body.orderId)).toBe('paid');
    expect(await alipay.notify(created.body.orderId)).toEqual({ status: 200, text: 'success' });
    expect((await c.agent.get('/api/apitokens/licenses')).body.licenses).toHaveLength(1);
  });

  it('refuses notifications signed with another key, for another app, or for another amount', async () => {
    const c = await customer(base);
    const created = await c
      .post('/api/payments/create')
      .send({ subscriptionTier: 'pro' })
      .expect(200);
    expect(await alipay.notify(created.body.orderId, {}, alipay.app.privateKey)).toEqual({
      status: 400,
      text: 'fail',
    });
    expect(await alipay.notify(created.body.orderId, { app_id: '2021999999999999' })).toEqual({
      status: 400,
      text: 'fail',
    });
    expect(await alipay.notify(created.body.orderId, { total_amount: '0.01' })).toEqual({
      status: 400,
      text: 'fail',
    });
    expect(await status(c, created.body.orderId)).toBe('pending');
    expect(await alipay.notify(created.body.orderId, { trade_status: 'WAIT_BUYER_PAY' })).toEqual({
      status: 200,
      text: 'success',
    });
    expect(await status(c, created.body.orderId)).toBe('pending');
  });

  it('reconciles a paid order whose notification never came, and expires the unpaid one', async () => {
    const c = await customer(base);
    const paid = await c
      .post('/api/payments/create')
      .send({ subscriptionTier: 'ultra' })
      .expect(200);
    const other = await customer(base);
    const unpaid = await other
      .post('/api/payments/create')
      .send({ subscriptionTier: 'basic' })
      .expect(200);
    alipay.pay(paid.body.orderId);
    await em(running)
      .getConnection()
      .execute(
        `update orders set created_at = now() - interval '31 minutes' where order_id in (?, ?)`,
        [paid.body.orderId, unpaid.body.orderId],
      );
    await running.app.get(PaymentsService).expireStale();
    expect(
      alipay.requests
        .filter((r) => r.method === 'alipay.trade.query')
        .every((r) => r.signatureValid),
    ).toBe(true);
    expect(await status(c, paid.body.orderId)).toBe('paid');
    expect((await c.agent.get('/api/apitokens/licenses')).body.licenses).toHaveLength(10);
    expect(await status(other, unpaid.body.orderId)).toBe('expired');
    // The expired trade is closed at Alipay, so a late scan cannot pay it.
    expect(alipay.trades.get(unpaid.body.orderId)!.status).toBe('TRADE_CLOSED');
    expect(
      alipay.requests
        .filter((r) => r.method === 'alipay.trade.close')
        .every((r) => r.signatureValid),
    ).toBe(true);
  });

  it('closes a replaced or cancelled trade at Alipay; a payment that got through before the close follows the rules', async () => {
    const c = await customer(base);
    const first = (
      await c.post('/api/payments/create').send({ subscriptionTier: 'basic' }).expect(200)
    ).body;
    const second = (
      await c.post('/api/payments/create').send({ subscriptionTier: 'pro' }).expect(200)
    ).body;
    expect(await status(c, first.orderId)).toBe('cancelled');
    expect(alipay.trades.get(first.orderId)!.status).toBe('TRADE_CLOSED');
    expect(() => alipay.pay(first.orderId)).toThrow(/closed/);
    await c.post(`/api/payments/${second.orderId}/cancel`).expect(200);
    expect(alipay.trades.get(second.orderId)!.status).toBe('TRADE_CLOSED');
    // The buyer had paid the replaced Basic order a moment before Alipay closed it: still sensible, honoured.
    alipay.pay(first.orderId, { beforeClose: true });
    expect(await alipay.notify(first.orderId)).toEqual({ status: 200, text: 'success' });
    expect(
      (await c.agent.get(`/api/orders/by-order-id/${first.orderId}`)).body.order,
    ).toMatchObject({ status: 'paid', needsRefund: false });
    expect((await c.agent.get('/api/apitokens/licenses')).body.licenses).toHaveLength(1);
    // And the cancelled Pro order too, but it was priced as a first purchase: paid, flagged for a refund.
    alipay.pay(second.orderId, { beforeClose: true });
    expect(await alipay.notify(second.orderId)).toEqual({ status: 200, text: 'success' });
    expect(
      (await c.agent.get(`/api/orders/by-order-id/${second.orderId}`)).body.order,
    ).toMatchObject({ status: 'paid', needsRefund: true });
    expect((await c.agent.get('/api/apitokens/licenses')).body.licenses).toHaveLength(1);
    // Replayed 20 times at once: still one answer each, nothing granted twice.
    const replays = await Promise.all(
      Array.from({ length: 20 }, () => alipay.notify(second.orderId)),
    );
    expect(replays.every((r) => r.status === 200 && r.text === 'success')).toBe(true);
    expect((await c.agent.get('/api/apitokens/licenses')).body.licenses).toHaveLength(1);
  });

  it('answers 503 failed to create order when the gateway refuses, marking the order failed', async () => {
    const broken = await startApp(db, (port) => ({
      ...alipay.env(`http://127.0.0.1:${port}`),
      ALIPAY_PRIVATE_KEY: new FakeAlipay().app.privateKey,
    }));
    try {
      const { post } = await customer(broken.url);
      const res = await post('/api/payments/create')
        .send({ subscriptionTier: 'basic' })
        .expect(503);
      expect(res.body.message).toBe('failed to create order');
    } finally {
      await broken.close();
    }
  });
});
