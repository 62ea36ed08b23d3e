import request from 'supertest';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import { PaymentsService } from '../src/payments/payments.service';
import { startApp, type RunningApp } from './support/app';
import { customer } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { em, giveSeats } from './support/factories';
import { FakeWechatPay } from './support/fake-wechatpay';

/** WeChat Pay API v3 beside the sandbox, against a local server speaking its protocol both ways. */
describe('WeChat Pay (Native and H5) against a local WeChat Pay server', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let wechat: FakeWechatPay;

  beforeAll(async () => {
    wechat = await new FakeWechatPay().start();
    db = await createTestDatabase();
    running = await startApp(db, (port) => ({
      ...wechat.env(),
      WECHATPAY_H5: 'true',
      PAYMENT_GATEWAYS: 'wechat,sandbox',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    }));
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await wechat?.stop();
    await db?.drop();
  });

  type Customer = Awaited<ReturnType<typeof customer>>;
  const order = async (c: Customer, orderId: string) =>
    (await c.agent.get(`/api/orders/by-order-id/${orderId}`).expect(200)).body.order;
  const seats = async (c: Customer) =>
    (await c.agent.get('/api/apitokens/licenses').expect(200)).body.licenses as unknown[];
  const buy = async (c: Customer, body: object = {}) =>
    (
      await c
        .post('/api/payments/create')
        .send({ subscriptionTier: 'pro', ...body })
        .expect(200)
    ).body;

  it('lists the enabled methods, WeChat Pay first', async () => {
    const res = await request(base).get('/api/payments/methods').expect(200);
    expect(res.body.methods.map((m: { id: string }) => m.id)).toEqual(['wechat', 'sandbox']);
    expect(res.body.methods[0].displayName).toEqual({ 'zh-CN': '微信支付', en: 'WeChat Pay' });
    expect(res.body.methods[1].displayName).toEqual({ 'zh-CN': '沙箱', en: 'Sandbox' });
  });

  it('creates a signed Native order (qrcode means the first gateway) and fulfils on the signed notification', async () => {
    const c = await customer(base);
    const created = await buy(c, { paymentMethod: 'qrcode' });
    expect(created).toMatchObject({ status: 'pending', paymentMethod: 'wechat', mobileUrl: null });
    expect(created.qrImage).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(wechat.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v3/pay/transactions/native',
      signatureValid: true,
    });
    expect(wechat.trades.get(created.orderId)).toMatchObject({
      total: 169900,
      notifyUrl: `${base}/api/payments/notify/wechat`,
    });
    wechat.pay(created.orderId);
    expect(await wechat.notify(created.orderId)).toEqual({ status: 204, text: '' });
    expect(await order(c, created.orderId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'wechat',
    });
    expect(await seats(c)).toHaveLength(5);
  });

  it('gives a phone an H5 link beside the QR code', async () => {
    const c = await customer(base);
    const created = await buy(c, { paymentMethod: 'wechat', mobile: true });
    expect(created.mobileUrl).toMatch(
      /^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=/,
    );
    const viaAgent = (
      await c
        .post('/api/payments/create')
        .set('User-Agent', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148')
        .send({ subscriptionTier: 'pro', paymentMethod: 'wechat' })
        .expect(200)
    ).body;
    expect(viaAgent.mobileUrl).toMatch(/^https:\/\/wx\.tenpay\.com/);
  });

  it('refuses forged, skewed, foreign-merchant, foreign-app and wrong-amount notifications, changing nothing', async () => {
    const c = await customer(base);
    const created = await buy(c);
    wechat.pay(created.orderId);
    const url = `${base}/api/payments/notify/wechat`;
    const deliver = (note: { body: string; headers: Record<string, string> }) =>
      wechat.deliver(url, note);
    for (const bad of [
      wechat.paymentNotification(created.orderId, {}, { signWith: wechat.merchant.privateKey }),
      wechat.paymentNotification(created.orderId, {}, { skewSeconds: -600 }),
      wechat.paymentNotification(created.orderId, {}, { serial: 'PUB_KEY_ID_other' }),
      wechat.paymentNotification(created.orderId, {}, { key: 'k'.repeat(32) }),
      wechat.paymentNotification(created.orderId, { mchid: '1900000999' }),
      wechat.paymentNotification(created.orderId, { appid: 'wx_other' }),
    ]) {
      const answer = await deliver(bad);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'FAIL' });
    }
    const wrongAmount = await deliver(
      wechat.paymentNotification(created.orderId, {
        amount: { total: 1, payer_total: 1, currency: 'CNY' },
      }),
    );
    expect(wrongAmount.status).toBe(400);
    // A WeChat Pay notification sent to the sandbox's endpoint is nobody's.
    expect(
      (
        await wechat.deliver(
          `${base}/api/payments/notify/sandbox`,
          wechat.paymentNotification(created.orderId),
        )
      ).status,
    ).toBe(400);
    // A genuine sandbox notification cannot pay an order WeChat Pay took.
    const sandbox = new SandboxGateway(running.config.secret);
    const viaSandbox = await request(base)
      .post('/api/payments/notify/sandbox')
      .type('form')
      .send(sandbox.notification(created.orderId, 169900));
    expect([viaSandbox.status, viaSandbox.text]).toEqual([400, 'fail']);
    expect(await order(c, created.orderId)).toMatchObject({ status: 'pending' });
    expect(await seats(c)).toHaveLength(0);
  });

  it('fulfils once when the same notification arrives 20 times at once', async () => {
    const c = await customer(base);
    const created = await buy(c);
    wechat.pay(created.orderId);
    const note = wechat.paymentNotification(created.orderId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => wechat.deliver(`${base}/api/payments/notify/wechat`, note)),
    );
    expect(answers.every((a) => a.status === 204)).toBe(true);
    expect(await seats(c)).toHaveLength(5);
    const [{ n }] = await em(running)
      .getConnection()
      .execute(
        `select count(*)::int as n from audit_entries where action = 'order.paid' and target = ?`,
        [created.orderId],
      );
    expect(n).toBe(1);
  });

  it('closes replaced and cancelled orders at WeChat Pay; a payment that got through before the close follows the rules', async () => {
    const c = await customer(base);
    await giveSeats(running, c.userId, 'basic', 1);
    const first = await buy(c);
    const second = await buy(c, { subscriptionTier: 'ultra' });
    expect(await order(c, first.orderId)).toMatchObject({ status: 'cancelled' });
    expect(wechat.trades.get(first.orderId)!.state).toBe('CLOSED');
    expect(() => wechat.pay(first.orderId)).toThrow(/closed/);
    await c.post(`/api/payments/${second.orderId}/cancel`).expect(200);
    expect(wechat.trades.get(second.orderId)!.state).toBe('CLOSED');
    // Paid a moment before the close: the Pro upgrade from Basic still makes sense, so it is honoured.
    wechat.pay(first.orderId, { beforeClose: true });
    expect((await wechat.notify(first.orderId)).status).toBe(204);
    expect(await order(c, first.orderId)).toMatchObject({ status: 'paid', needsRefund: false });
    // The Max upgrade was priced from Basic, but the customer now has Pro: paid, flagged for a refund.
    wechat.pay(second.orderId, { beforeClose: true });
    expect((await wechat.notify(second.orderId)).status).toBe(204);
    expect(await order(c, second.orderId)).toMatchObject({ status: 'paid', needsRefund: true });
    expect(await seats(c)).toHaveLength(5);
  });

  it('reconciles a paid order whose notification never came, expires and closes the unpaid one, and honours a late notification', async () => {
    const paidBy = await customer(base);
    const paid = await buy(paidBy);
    const unpaidBy = await customer(base);
    const unpaid = await buy(unpaidBy, { subscriptionTier: 'basic' });
    const lateBy = await customer(base);
    const late = await buy(lateBy, { subscriptionTier: 'basic' });
    wechat.pay(paid.orderId);
    await em(running)
      .getConnection()
      .execute(
        `update orders set created_at = now() - interval '31 minutes' where order_id in (?, ?, ?)`,
        [paid.orderId, unpaid.orderId, late.orderId],
      );
    await running.app.get(PaymentsService).expireStale();
    expect(await order(paidBy, paid.orderId)).toMatchObject({ status: 'paid' });
    expect(await seats(paidBy)).toHaveLength(5);
    expect(await order(unpaidBy, unpaid.orderId)).toMatchObject({ status: 'expired' });
    expect(wechat.trades.get(unpaid.orderId)!.state).toBe('CLOSED');
    expect(
      wechat.requests
        .filter((r) => r.path.includes('/out-trade-no/'))
        .every((r) => r.signatureValid),
    ).toBe(true);
    // The customer had paid just before the close: the late notification is honoured.
    wechat.pay(late.orderId, { beforeClose: true });
    expect((await wechat.notify(late.orderId)).status).toBe(204);
    expect(await order(lateBy, late.orderId)).toMatchObject({ status: 'paid', needsRefund: false });
    expect(await seats(lateBy)).toHaveLength(1);
  });

  it('refuses a method that is not enabled', async () => {
    const c = await customer(base);
    const res = await c
      .post('/api/payments/create')
      .send({ subscriptionTier: 'basic', paymentMethod: 'alipay' })
      .expect(400);
    expect(res.body).toMatchObject({
      message: 'This payment method is not available',
      code: 'PAYMENT_METHOD_UNAVAILABLE',
    });
  });

  it('still pays through the sandbox when chosen', async () => {
    const c = await customer(base);
    const created = await buy(c, { paymentMethod: 'sandbox' });
    expect(created.qrImage).toBe(`${base}/sandbox-pay/${created.orderId}`);
    await request(base).post(`/sandbox-pay/${created.orderId}/pay`).expect(200);
    expect(await order(c, created.orderId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'sandbox',
    });
  });
});
