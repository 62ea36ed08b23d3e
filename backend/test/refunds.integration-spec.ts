import request from 'supertest';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import { RefundsService } from '../src/payments/refunds.service';
import { ADMIN_EMAIL, signIn, startApp, TEST_SECRET, type RunningApp } from './support/app';
import { customer, licenceCheck } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { em } from './support/factories';
import { FakeAlipay } from './support/fake-alipay';
import { FakeWechatPay } from './support/fake-wechatpay';

type Customer = Awaited<ReturnType<typeof customer>>;
interface Seat {
  id: string;
  seatIndex: number;
  tier: string;
  websiteUrl: string | null;
  revokedAt: string | null;
}

/** Admin refunds through each gateway, and what a refund takes back (docs/rules.md, "Refunds"). */
describe('admin refunds (sandbox, Alipay, WeChat Pay) and their effect on seats', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let alipay: FakeAlipay;
  let wechat: FakeWechatPay;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];
  const sandbox = new SandboxGateway(TEST_SECRET);

  beforeAll(async () => {
    alipay = await new FakeAlipay().start();
    wechat = await new FakeWechatPay().start();
    db = await createTestDatabase();
    running = await startApp(db, (port) => ({
      ...alipay.env(`http://127.0.0.1:${port}`),
      ...wechat.env(),
      PAYMENT_GATEWAYS: 'sandbox,alipay,wechat',
    }));
    base = running.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });
  afterAll(async () => {
    await running?.close();
    await alipay?.stop();
    await wechat?.stop();
    await db?.drop();
  });

  const refund = (orderId: string, body: object = { reason: 'customer asked' }) =>
    admin.post(`/api/admin/orders/${orderId}/refund`).set('Origin', base).send(body);
  const orderOf = async (c: Customer, orderId: string) =>
    (await c.agent.get(`/api/orders/by-order-id/${orderId}`).expect(200)).body.order;
  const seatsOf = async (c: Customer) =>
    (await c.agent.get('/api/apitokens/licenses').expect(200)).body as {
      licenses: Seat[];
      summary: { tier: string | null };
    };
  const buy = async (c: Customer, tier: string, paymentMethod = 'sandbox') =>
    (
      await c
        .post('/api/payments/create')
        .send({ subscriptionTier: tier, paymentMethod })
        .expect(200)
    ).body as { orderId: string; amount: number };
  const paySandbox = async (o: { orderId: string; amount: number }) =>
    request(base)
      .post('/api/payments/notify/sandbox')
      .type('form')
      .send(sandbox.notification(o.orderId, o.amount))
      .expect(200);
  const bind = (c: Customer, seat: Seat, url: string) =>
    c.post(`/api/apitokens/licenses/${seat.id}/bind`).send({ websiteUrl: url }).expect(200);
  const check = async (c: Customer, domain: string) => {
    const token = (await c.agent.get('/api/apitokens/token').expect(200)).body.plainToken;
    return (await licenceCheck(base, token, domain)).body as {
      valid: boolean;
      code: string;
      license: { tier: string } | null;
    };
  };
  const auditOf = async (orderId: string) =>
    em(running)
      .getConnection()
      .execute<{ action: string; after: Record<string, unknown> }[]>(
        `select action, after from audit_entries where target = ? and action like 'order.refund%' order by created_at, id`,
        [orderId],
      );

  it('refunds a sandbox first purchase: its seats are revoked, the check answers LICENSE_REVOKED, audited', async () => {
    const c = await customer(base);
    const o = await buy(c, 'pro');
    await paySandbox(o);
    const [first] = (await seatsOf(c)).licenses;
    await bind(c, first, 'https://shop.example');
    expect(await check(c, 'shop.example')).toMatchObject({ valid: true, code: 'VALID' });

    const res = await refund(o.orderId).expect(200);
    expect(res.body.order).toMatchObject({
      orderId: o.orderId,
      status: 'refunded',
      refundStatus: 'succeeded',
      refundId: `SANDBOX-R${o.orderId}`,
    });
    expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'refunded' });
    const after = await seatsOf(c);
    expect(after.licenses).toHaveLength(5);
    expect(after.licenses.every((s) => s.revokedAt !== null)).toBe(true);
    expect(after.summary.tier).toBeNull();
    expect(await check(c, 'shop.example')).toEqual({
      valid: false,
      code: 'LICENSE_REVOKED',
      license: null,
      domain: 'shop.example',
      checkedAt: expect.any(String),
    });
    const audit = await auditOf(o.orderId);
    expect(audit.map((a) => a.action)).toEqual([
      'order.refund_requested',
      'order.refund_succeeded',
    ]);
    expect(audit[0].after).toMatchObject({ amount: o.amount });
    expect(audit[1].after).toMatchObject({
      amount: o.amount,
      refundId: `SANDBOX-R${o.orderId}`,
      revokedSeats: [1, 2, 3, 4, 5],
    });
    // Again: the current state, nothing more.
    expect((await refund(o.orderId).expect(200)).body.order.status).toBe('refunded');
    expect(await auditOf(o.orderId)).toHaveLength(2);
  });

  it('refunds an upgrade back to the old tier: unbound seats revoked first, then the highest numbers', async () => {
    const c = await customer(base);
    await paySandbox(await buy(c, 'basic'));
    const up = await buy(c, 'pro');
    await paySandbox(up);
    const seats = (await seatsOf(c)).licenses;
    expect(seats).toHaveLength(5);
    await bind(c, seats[2], 'https://three.example');
    await bind(c, seats[4], 'https://five.example');

    await refund(up.orderId).expect(200);
    const after = (await seatsOf(c)).licenses;
    // Basic keeps one seat: the unbound 4, 2, 1 go first, then of the bound ones the highest (5).
    expect(after.filter((s) => !s.revokedAt).map((s) => [s.seatIndex, s.tier])).toEqual([
      [3, 'basic'],
    ]);
    expect((await seatsOf(c)).summary.tier).toBe('basic');
    expect(await check(c, 'three.example')).toMatchObject({
      valid: true,
      license: { tier: 'basic' },
    });
    expect((await check(c, 'five.example')).code).toBe('LICENSE_REVOKED');
    expect((await auditOf(up.orderId))[1].after).toMatchObject({
      revokedSeats: [1, 2, 4, 5],
      tierRestored: 'basic',
    });
  });

  it('refunds an order flagged needsRefund without changing any seat', async () => {
    const c = await customer(base);
    const a = await buy(c, 'pro');
    const b = await buy(c, 'pro'); // replaces (cancels) a
    await paySandbox(b);
    await paySandbox(a); // paid late: recorded, nothing granted
    expect(await orderOf(c, a.orderId)).toMatchObject({ status: 'paid', needsRefund: true });
    const before = await seatsOf(c);
    expect((await refund(a.orderId).expect(200)).body.order.status).toBe('refunded');
    expect(await seatsOf(c)).toEqual(before);
    expect(await orderOf(c, b.orderId)).toMatchObject({ status: 'paid' });
  });

  it('refunds through Alipay once, for duplicate and concurrent requests', async () => {
    const c = await customer(base);
    const o = await buy(c, 'basic', 'alipay');
    alipay.pay(o.orderId);
    expect(await alipay.notify(o.orderId)).toEqual({ status: 200, text: 'success' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(o.orderId)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    await refund(o.orderId).expect(200);
    expect([...alipay.refunds.keys()].filter((k) => k.startsWith(o.orderId))).toEqual([
      `${o.orderId}/R${o.orderId}`,
    ]);
    expect(await orderOf(c, o.orderId)).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
    });
    expect((await auditOf(o.orderId)).map((a) => a.action)).toEqual([
      'order.refund_requested',
      'order.refund_succeeded',
    ]);
  });

  it('leaves the order paid when Alipay refuses the refund, with the error answered and audited', async () => {
    const c = await customer(base);
    const o = await buy(c, 'basic', 'alipay');
    alipay.pay(o.orderId);
    await alipay.notify(o.orderId);
    const refundsBefore = alipay.refunds.size;
    alipay.refundFailure = 'ACQ.SELLER_BALANCE_NOT_ENOUGH';
    try {
      const res = await refund(o.orderId).expect(502);
      expect(res.body).toMatchObject({ statusCode: 502, code: 'REFUND_FAILED' });
      expect(res.body.refundError).toContain('ACQ.SELLER_BALANCE_NOT_ENOUGH');
    } finally {
      alipay.refundFailure = null;
    }
    expect(alipay.refunds.size).toBe(refundsBefore);
    expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'paid', refundStatus: 'failed' });
    expect((await seatsOf(c)).licenses.every((s) => !s.revokedAt)).toBe(true);
    const audit = await auditOf(o.orderId);
    expect(audit.map((a) => a.action)).toEqual(['order.refund_requested', 'order.refund_failed']);
    expect(audit[1].after).toMatchObject({ amount: o.amount });
    // A later attempt may succeed (same refund number).
    expect((await refund(o.orderId).expect(200)).body.order.status).toBe('refunded');
  });

  it('keeps a WeChat Pay PROCESSING refund pending until the signed REFUND.SUCCESS notification', async () => {
    const c = await customer(base);
    const o = await buy(c, 'basic', 'wechat');
    wechat.pay(o.orderId);
    expect((await wechat.notify(o.orderId)).status).toBe(204);
    wechat.refundMode = 'PROCESSING';
    try {
      const res = await refund(o.orderId).expect(200);
      expect(res.body.order).toMatchObject({ status: 'paid', refundStatus: 'pending' });
    } finally {
      wechat.refundMode = 'SUCCESS';
    }
    // A second click while pending answers the pending state.
    expect((await refund(o.orderId).expect(200)).body.order.refundStatus).toBe('pending');
    expect([...wechat.refunds.values()].filter((r) => r.outTradeNo === o.orderId)).toHaveLength(1);
    expect((await seatsOf(c)).licenses.every((s) => !s.revokedAt)).toBe(true);

    const url = `${base}/api/payments/notify/wechat`;
    const note = wechat.refundNotification(`R${o.orderId}`, 'SUCCESS');
    const forged = { ...note, body: note.body.replace('"REFUND.SUCCESS"', '"REFUND.SUCCESS" ') };
    expect((await wechat.deliver(url, forged)).status).toBeGreaterThanOrEqual(400);
    expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'paid', refundStatus: 'pending' });

    expect((await wechat.deliver(url, note)).status).toBe(204);
    expect(await orderOf(c, o.orderId)).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
    });
    expect((await seatsOf(c)).licenses.every((s) => s.revokedAt)).toBe(true);
    // Replayed: acknowledged, applied once.
    expect((await wechat.deliver(url, note)).status).toBe(204);
    expect((await auditOf(o.orderId)).map((a) => a.action)).toEqual([
      'order.refund_requested',
      'order.refund_succeeded',
    ]);
  });

  it('settles a pending WeChat Pay refund by a query when no notification comes', async () => {
    const c = await customer(base);
    const o = await buy(c, 'basic', 'wechat');
    wechat.pay(o.orderId);
    await wechat.notify(o.orderId);
    wechat.refundMode = 'PROCESSING';
    try {
      await refund(o.orderId).expect(200);
    } finally {
      wechat.refundMode = 'SUCCESS';
    }
    wechat.refunds.get(`R${o.orderId}`)!.status = 'SUCCESS';
    await em(running)
      .getConnection()
      .execute(`update orders set updated_at = now() - interval '2 minutes' where order_id = ?`, [
        o.orderId,
      ]);
    expect(await running.app.get(RefundsService).sweep()).toBeGreaterThanOrEqual(1);
    expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'refunded' });
  });

  /** Makes the sweep's lease and the request's age run out, as if minutes had passed. */
  const ageRefund = (orderId: string) =>
    em(running)
      .getConnection()
      .execute(
        `update orders set updated_at = now() - interval '2 minutes', refund_requested_at = now() - interval '2 minutes' where order_id = ?`,
        [orderId],
      );
  const paidWechat = async (c: Customer) => {
    const o = await buy(c, 'basic', 'wechat');
    wechat.pay(o.orderId);
    expect((await wechat.notify(o.orderId)).status).toBe(204);
    const [seat] = (await seatsOf(c)).licenses;
    await bind(c, seat, `https://${o.orderId.toLowerCase()}.example`);
    return { ...o, domain: `${o.orderId.toLowerCase()}.example` };
  };
  const pendingWechatRefund = async (orderId: string) => {
    wechat.refundMode = 'PROCESSING';
    try {
      expect((await refund(orderId).expect(200)).body.order.refundStatus).toBe('pending');
    } finally {
      wechat.refundMode = 'SUCCESS';
    }
  };
  const wechatRefundsOf = (orderId: string) =>
    [...wechat.refunds.values()]
      .filter((r) => r.outTradeNo === orderId)
      .map((r) => [r.outRefundNo, r.status]);

  it('keeps a WeChat Pay refund that ends ABNORMAL paid with its seats, audited; a retry is a new refund number', async () => {
    const c = await customer(base);
    const o = await paidWechat(c);
    await pendingWechatRefund(o.orderId);
    // The money could not go back to the buyer's account: the query says so first.
    wechat.refunds.get(`R${o.orderId}`)!.status = 'ABNORMAL';
    await ageRefund(o.orderId);
    await running.app.get(RefundsService).sweep();
    expect(await orderOf(c, o.orderId)).toMatchObject({
      status: 'paid',
      refundStatus: 'failed',
      refundError: 'refund ABNORMAL',
    });
    // Then the REFUND.ABNORMAL notification: acknowledged, nothing more.
    const url = `${base}/api/payments/notify/wechat`;
    const note = wechat.refundNotification(`R${o.orderId}`, 'ABNORMAL');
    expect((await wechat.deliver(url, note)).status).toBe(204);
    expect((await seatsOf(c)).licenses.every((s) => !s.revokedAt)).toBe(true);
    expect(await check(c, o.domain)).toMatchObject({ valid: true, code: 'VALID' });
    const audit = await auditOf(o.orderId);
    expect(audit.map((a) => a.action)).toEqual(['order.refund_requested', 'order.refund_failed']);
    expect(audit[1].after).toMatchObject({
      status: 'paid',
      refundNo: `R${o.orderId}`,
      error: 'refund ABNORMAL',
      amount: o.amount,
    });

    // WeChat Pay answers the ended refund's number with that refund again: the retry is refund R…-2.
    const res = await refund(o.orderId).expect(200);
    expect(res.body.order).toMatchObject({ status: 'refunded', refundStatus: 'succeeded' });
    expect(wechatRefundsOf(o.orderId)).toEqual([
      [`R${o.orderId}`, 'ABNORMAL'],
      [`R${o.orderId}-2`, 'SUCCESS'],
    ]);
    expect((await check(c, o.domain)).code).toBe('LICENSE_REVOKED');
    const after = await auditOf(o.orderId);
    expect(after.map((a) => [a.action, a.after.refundNo])).toEqual([
      ['order.refund_requested', `R${o.orderId}`],
      ['order.refund_failed', `R${o.orderId}`],
      ['order.refund_requested', `R${o.orderId}-2`],
      ['order.refund_succeeded', `R${o.orderId}-2`],
    ]);
  });

  it('fails a WeChat Pay refund on REFUND.CLOSED; the retry settles once for 20 concurrent SUCCESS notifications', async () => {
    const c = await customer(base);
    const o = await paidWechat(c);
    await pendingWechatRefund(o.orderId);
    const url = `${base}/api/payments/notify/wechat`;
    const closed = wechat.refundNotification(`R${o.orderId}`, 'CLOSED');
    expect((await wechat.deliver(url, closed)).status).toBe(204);
    expect(await orderOf(c, o.orderId)).toMatchObject({
      status: 'paid',
      refundStatus: 'failed',
      refundError: 'refund CLOSED',
    });
    expect(await check(c, o.domain)).toMatchObject({ valid: true });

    await pendingWechatRefund(o.orderId);
    const no = `R${o.orderId}-2`;
    const success = wechat.refundNotification(no, 'SUCCESS');
    // The same notification replayed 10 times and 10 freshly signed ones, all at once.
    const deliveries = [
      ...Array.from({ length: 10 }, () => success),
      ...Array.from({ length: 10 }, () => wechat.refundNotification(no, 'SUCCESS')),
    ];
    const answers = await Promise.all(deliveries.map((n) => wechat.deliver(url, n)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 204));
    expect(await orderOf(c, o.orderId)).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
    });
    expect((await seatsOf(c)).licenses.every((s) => s.revokedAt)).toBe(true);
    expect((await check(c, o.domain)).code).toBe('LICENSE_REVOKED');
    const audit = await auditOf(o.orderId);
    expect(audit.map((a) => [a.action, a.after.refundNo])).toEqual([
      ['order.refund_requested', `R${o.orderId}`],
      ['order.refund_failed', `R${o.orderId}`],
      ['order.refund_requested', no],
      ['order.refund_succeeded', no],
    ]);
    expect(audit[3].after).toMatchObject({ revokedSeats: [1] });
    // A late notification of the closed refund changes nothing.
    await wechat.deliver(url, closed);
    expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'refunded' });
    expect(await auditOf(o.orderId)).toHaveLength(4);
  });

  it('settles an Alipay refund whose answer never came by alipay.trade.fastpay.refund.query, once', async () => {
    const c = await customer(base);
    const o = await buy(c, 'basic', 'alipay');
    alipay.pay(o.orderId);
    await alipay.notify(o.orderId);
    // Alipay refunds but does not answer within our time-out: unknown, so pending.
    alipay.holdRefundAnswers = 1;
    const res = await refund(o.orderId).expect(200);
    expect(res.body.order).toMatchObject({ status: 'paid', refundStatus: 'pending' });
    expect((await seatsOf(c)).licenses.every((s) => !s.revokedAt)).toBe(true);

    await ageRefund(o.orderId);
    await running.app.get(RefundsService).sweep();
    expect(await orderOf(c, o.orderId)).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
    });
    expect((await seatsOf(c)).licenses.every((s) => s.revokedAt)).toBe(true);
    // Asked about, not sent again; refunded once.
    expect(alipay.refundCalls.filter((r) => r.outTradeNo === o.orderId)).toHaveLength(1);
    expect([...alipay.refunds.keys()].filter((k) => k.startsWith(o.orderId))).toEqual([
      `${o.orderId}/R${o.orderId}`,
    ]);
    await ageRefund(o.orderId);
    await running.app.get(RefundsService).sweep();
    expect((await auditOf(o.orderId)).map((a) => a.action)).toEqual([
      'order.refund_requested',
      'order.refund_succeeded',
    ]);
  }, 40_000);

  it('refuses anonymous callers (401) and non-admins (403); an unknown order is 404', async () => {
    const c = await customer(base);
    const o = await buy(c, 'basic');
    await paySandbox(o);
    await request(base)
      .post(`/api/admin/orders/${o.orderId}/refund`)
      .set('Origin', base)
      .send({})
      .expect(401);
    await c.post(`/api/admin/orders/${o.orderId}/refund`).send({}).expect(403);
    expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'paid', refundStatus: null });
    expect((await refund('NO-SUCH-ORDER').expect(404)).body.code).toBe('ORDER_NOT_FOUND');
  });
});
