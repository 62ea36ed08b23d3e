import request from 'supertest';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import { ADMIN_EMAIL, signIn, startApp, TEST_SECRET, type RunningApp } from './support/app';
import { customer, licenceCheck } from './support/customer';
import { seedPlanRows } from './support/in-memory-plans';
import { createTestDatabase, type TestDatabase } from './support/database';
import { em } from './support/factories';
import { FakeAlipay } from './support/fake-alipay';
import { FakeWechatPay } from './support/fake-wechatpay';

type Customer = Awaited<ReturnType<typeof customer>>;
type Gateway = 'sandbox' | 'alipay' | 'wechat';
interface Seat {
  id: string;
  seatIndex: number;
  tier: string;
  status: string;
  websiteUrl: string | null;
  revokedAt: string | null;
}
interface Created {
  orderId: string;
  amount: number;
  status: string;
}
interface Order {
  orderId: string;
  status: string;
  refundStatus: string | null;
  paymentMethod: string | null;
}

/** The Basic plan as seeded (Migration20261129200000), as an admin edit body. */
const {
  tier: _tier,
  updatedAt: _updatedAt,
  ...BASIC_PLAN
} = seedPlanRows().find((r) => r.tier === 'basic')!;

/**
 * Reproductions of the money-to-seats bugs: what a purchase grants, what a refund takes back, what a
 * redelivered notification may do, and what the seller's numbers say. Each case asserts the fixed behaviour.
 */
describe('entitlements: what money buys and what a refund takes back', () => {
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

  // --- Buying and paying -------------------------------------------------------------------------------

  const buy = async (c: Customer, tier: string, paymentMethod: Gateway = 'sandbox') =>
    (
      await c
        .post('/api/payments/create')
        .send({ subscriptionTier: tier, paymentMethod })
        .expect(200)
    ).body as Created;
  const quote = async (c: Customer, tier: string) =>
    (await c.post('/api/payments/quote').send({ subscriptionTier: tier }).expect(200)).body as {
      amount: number;
    };
  /** Posts a sandbox notification (the same params may be posted again: a redelivery). */
  const deliverSandbox = (params: Record<string, string>) =>
    request(base).post('/api/payments/notify/sandbox').type('form').send(params);
  /** Pays through the sandbox; answers the notification, to deliver again later. */
  const paySandbox = async (o: Created) => {
    const params = sandbox.notification(o.orderId, o.amount);
    await deliverSandbox(params).expect(200);
    return params;
  };
  /** Posts an Alipay notification to the order's notify URL, as Alipay does (again for a redelivery). */
  const deliverAlipay = async (orderId: string, params: Record<string, string>) => {
    const res = await fetch(alipay.trades.get(orderId)!.notifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    return { status: res.status, text: await res.text() };
  };
  const payAlipay = async (o: Created) => {
    alipay.pay(o.orderId);
    const params = alipay.notification(o.orderId);
    expect(await deliverAlipay(o.orderId, params)).toEqual({ status: 200, text: 'success' });
    return params;
  };
  const wechatUrl = () => `${base}/api/payments/notify/wechat`;
  /** Pays through WeChat Pay; answers the TRANSACTION.SUCCESS notification, to deliver again later. */
  const payWechat = async (o: Created) => {
    wechat.pay(o.orderId);
    const note = wechat.paymentNotification(o.orderId);
    expect((await wechat.deliver(wechatUrl(), note)).status).toBe(204);
    return note;
  };
  /** The same notification body, signed again (new timestamp and nonce), as WeChat Pay redelivers it. */
  const resigned = (note: { body: string }) => ({
    body: note.body,
    headers: { 'Content-Type': 'application/json', ...wechat.signedHeaders(note.body) },
  });
  const buyAndPay = async (c: Customer, tier: string) => {
    const o = await buy(c, tier);
    await paySandbox(o);
    return o;
  };

  // --- Seats --------------------------------------------------------------------------------------------

  const seatsOf = async (c: Customer) =>
    (await c.agent.get('/api/apitokens/licenses').expect(200)).body as {
      licenses: Seat[];
      summary: { tier: string | null };
    };
  const activeSeats = async (c: Customer) =>
    (await seatsOf(c)).licenses.filter((s) => s.revokedAt === null);
  const tryBind = (c: Customer, seat: Seat, url: string) =>
    c.post(`/api/apitokens/licenses/${seat.id}/bind`).send({ websiteUrl: url });
  const bind = (c: Customer, seat: Seat, url: string) => tryBind(c, seat, url).expect(200);
  const check = async (c: Customer, domain: string) => {
    const token = (await c.agent.get('/api/apitokens/token').expect(200)).body.plainToken;
    return (await licenceCheck(base, token, domain)).body as { valid: boolean; code: string };
  };
  let domainCounter = 0;
  /** A domain no other test binds. */
  const newDomain = (label: string) => `${label}-${++domainCounter}-${Date.now()}.example`;

  // --- Orders, refunds, the admin's views -----------------------------------------------------------------

  const refund = (orderId: string, body: object = { reason: 'customer asked' }) =>
    admin.post(`/api/admin/orders/${orderId}/refund`).set('Origin', base).send(body);
  const refundChain = (orderId: string) =>
    admin
      .post(`/api/admin/orders/${orderId}/refund-chain`)
      .set('Origin', base)
      .send({ reason: 'chain' });
  /** Refunds a WeChat Pay order while WeChat Pay answers PROCESSING: the refund stays pending. */
  const pendingWechatRefund = async (orderId: string) => {
    wechat.refundMode = 'PROCESSING';
    try {
      const res = await refund(orderId).expect(200);
      expect(res.body.order).toMatchObject({ status: 'paid', refundStatus: 'pending' });
    } finally {
      wechat.refundMode = 'SUCCESS';
    }
  };
  const ordersOf = async (c: Customer) =>
    (await c.agent.get('/api/orders').expect(200)).body.orders as Order[];
  const orderOf = async (c: Customer, orderId: string) =>
    (await c.agent.get(`/api/orders/by-order-id/${orderId}`).expect(200)).body.order as Order;
  const adminOrder = async (orderId: string) =>
    (await admin.get(`/api/admin/orders/${orderId}`).expect(200)).body.order as Order & {
      customerEmail: string;
    };
  const adminOrders = async (q: string) =>
    (await admin.get('/api/admin/orders').query({ q }).expect(200)).body as {
      items: (Order & { paymentGateway: string; amount: number })[];
      amountTotal: number;
      paidTotal: number;
      refundedTotal: number;
      netTotal: number;
    };
  const overviewOf = async (email: string) =>
    (
      await admin
        .get('/api/subscriptions/admin/subscriptions/users')
        .query({ search: email })
        .expect(200)
    ).body.items[0] as { email: string; tierLabel: string | null; seatsUsed: number };
  const setBasicPrice = (priceCents: number) =>
    admin
      .put('/api/admin/plans/basic')
      .set('Origin', base)
      .send({ ...BASIC_PLAN, priceCents });
  const basicPrice = async () =>
    (
      (await admin.get('/api/admin/plans').expect(200)).body.plans as {
        tier: string;
        priceCents: number;
      }[]
    ).find((p) => p.tier === 'basic')!.priceCents;
  /** The order's audit actions, oldest first. */
  const auditActions = async (orderId: string) =>
    (
      await em(running)
        .getConnection()
        .execute<{ action: string }[]>(
          `select action from audit_entries where target = ? order by created_at, id`,
          [orderId],
        )
    ).map((a) => a.action);

  // --- The reproductions ----------------------------------------------------------------------------------

  it('1. refunding a Max purchase takes its auto-expansion seats too, and stops further growth', async () => {
    const c = await customer(base);
    const max = await buyAndPay(c, 'ultra');
    const initial = (await seatsOf(c)).licenses;
    expect(initial).toHaveLength(10);
    const domains = initial.map((_, i) => newDomain(`max${i + 1}`));
    // The tenth bind finds fewer than two free seats: Max grows by ten.
    for (const [i, seat] of initial.entries()) await bind(c, seat, `https://${domains[i]}`);
    expect((await seatsOf(c)).licenses).toHaveLength(20);

    expect((await refund(max.orderId).expect(200)).body.order.status).toBe('refunded');

    const after = await seatsOf(c);
    // Every seat goes: the Max order's ten and the ten its expansion added.
    expect(after.licenses.filter((s) => s.revokedAt === null).map((s) => s.seatIndex)).toEqual([]);
    expect(after.licenses.map((s) => [s.seatIndex, s.status])).toEqual(
      after.licenses.map((s) => [s.seatIndex, 'revoked']),
    );
    expect(after.summary.tier).toBeNull();
    expect(await check(c, domains[0])).toMatchObject({ valid: false, code: 'LICENSE_REVOKED' });
    // No seat of the refunded account takes a new site: not an unbound one, not a bound one.
    const unbound = after.licenses.filter((s) => !s.websiteUrl);
    const bound = after.licenses.find((s) => s.websiteUrl)!;
    for (const seat of [...unbound, bound]) {
      const res = await tryBind(c, seat, `https://${newDomain('after-refund')}`);
      expect({ seat: seat.seatIndex, refused: res.status >= 400 && res.status < 500 }).toEqual({
        seat: seat.seatIndex,
        refused: true,
      });
      expect(res.body.code).toBe('LICENSE_REVOKED');
    }
    expect((await seatsOf(c)).licenses).toHaveLength(20);

    // The customer sees no expansion order still paid; the admin sees each refunded with the Max order.
    const paidExpansions = (await ordersOf(c)).filter(
      (o) => o.paymentMethod === 'auto-expansion' && o.status === 'paid',
    );
    expect(paidExpansions).toEqual([]);
    for (const item of (await adminOrders(c.email)).items) {
      const detail = await adminOrder(item.orderId);
      if (detail.paymentMethod === 'auto-expansion') expect(detail.status).toBe('refunded');
    }
  });

  it('2. a purchase after a refund gives a fresh seat and does not bring revoked seats back', async () => {
    const c = await customer(base);
    const max = await buyAndPay(c, 'ultra');
    const seats = (await seatsOf(c)).licenses;
    const domains = seats.slice(0, 8).map((_, i) => newDomain(`old${i + 1}`));
    for (const [i, domain] of domains.entries()) await bind(c, seats[i], `https://${domain}`);
    await refund(max.orderId).expect(200);
    for (const domain of domains) expect((await check(c, domain)).code).toBe('LICENSE_REVOKED');

    const basic = await buy(c, 'basic');
    expect(basic.amount).toBe(69900);
    await paySandbox(basic);

    const active = await activeSeats(c);
    expect(active.map((s) => [s.tier, s.websiteUrl])).toEqual([['basic', null]]);
    expect((await seatsOf(c)).summary.tier).toBe('basic');
    for (const domain of domains) {
      expect({ domain, code: (await check(c, domain)).code }).toEqual({
        domain,
        code: expect.stringMatching(/^(LICENSE_REVOKED|DOMAIN_NOT_BOUND)$/),
      });
    }
  });

  /** Case 3 for one gateway: pay, bind, refund, then the payment notification arrives again. */
  const redeliveryAfterRefund = async (gateway: Gateway) => {
    const c = await customer(base);
    const o = await buy(c, 'pro', gateway);
    let redeliver: () => Promise<number>;
    if (gateway === 'wechat') {
      const note = await payWechat(o);
      redeliver = async () => (await wechat.deliver(wechatUrl(), resigned(note))).status;
    } else if (gateway === 'alipay') {
      const params = await payAlipay(o);
      redeliver = async () => (await deliverAlipay(o.orderId, params)).status;
    } else {
      const params = await paySandbox(o);
      redeliver = async () => (await deliverSandbox(params)).status;
    }
    expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'paid' });
    const domain = newDomain(`redelivered-${gateway}`);
    await bind(c, (await seatsOf(c)).licenses[0], `https://${domain}`);
    expect((await refund(o.orderId).expect(200)).body.order.status).toBe('refunded');
    expect((await check(c, domain)).code).toBe('LICENSE_REVOKED');
    const paidEntries = (await auditActions(o.orderId)).filter((a) => a === 'order.paid');
    expect(paidEntries).toHaveLength(1);

    const status = await redeliver();
    expect(status >= 200 && status < 300).toBe(true);
    expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'refunded' });
    expect((await check(c, domain)).code).toBe('LICENSE_REVOKED');
    expect((await auditActions(o.orderId)).filter((a) => a === 'order.paid')).toEqual(paidEntries);
  };

  it('3. a redelivered WeChat Pay payment notification does not re-pay a refunded order', () =>
    redeliveryAfterRefund('wechat'));

  it('3. a redelivered Alipay payment notification does not re-pay a refunded order', () =>
    redeliveryAfterRefund('alipay'));

  it('3. a redelivered sandbox payment notification does not re-pay a refunded order', () =>
    redeliveryAfterRefund('sandbox'));

  it('4a. refunding Basic under a later Pro upgrade is refused: the upgrade first (409), nothing changed', async () => {
    const c = await customer(base);
    const basic = await buyAndPay(c, 'basic');
    const pro = await buyAndPay(c, 'pro');

    const res = await refund(basic.orderId).expect(409);
    expect(res.body).toMatchObject({
      code: 'REFUND_LATER_UPGRADE_FIRST',
      refundFirst: pro.orderId,
    });
    expect(await orderOf(c, basic.orderId)).toMatchObject({ status: 'paid' });
    expect(await orderOf(c, pro.orderId)).toMatchObject({ status: 'paid' });
    expect(await activeSeats(c)).toHaveLength(5);
    expect((await seatsOf(c)).summary.tier).toBe('pro');
  });

  it('4b. refunding Pro under a later Max upgrade is refused: Max first (409), still Max', async () => {
    const c = await customer(base);
    await buyAndPay(c, 'basic');
    const pro = await buyAndPay(c, 'pro');
    const max = await buyAndPay(c, 'ultra');

    const res = await refund(pro.orderId).expect(409);
    expect(res.body).toMatchObject({
      code: 'REFUND_LATER_UPGRADE_FIRST',
      refundFirst: max.orderId,
    });
    expect(await orderOf(c, pro.orderId)).toMatchObject({ status: 'paid' });
    expect((await seatsOf(c)).summary.tier).toBe('ultra');
  });

  it('4c. refund-chain refunds an upgrade chain latest first, each audited; no seat is left', async () => {
    const c = await customer(base);
    const basic = await buyAndPay(c, 'basic');
    const pro = await buyAndPay(c, 'pro');
    const max = await buyAndPay(c, 'ultra');

    const res = await refundChain(basic.orderId).expect(200);
    expect((res.body.orders as Order[]).map((o) => [o.orderId, o.status])).toEqual([
      [max.orderId, 'refunded'],
      [pro.orderId, 'refunded'],
      [basic.orderId, 'refunded'],
    ]);
    for (const o of [basic, pro, max]) {
      expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'refunded' });
      expect(await auditActions(o.orderId)).toContain('order.refund_succeeded');
    }
    expect(await activeSeats(c)).toEqual([]);
    expect((await seatsOf(c)).summary.tier).toBeNull();
  });

  it('4d. refunding the latest upgrade (Max) alone is allowed: back to Pro with 5 seats', async () => {
    const c = await customer(base);
    await buyAndPay(c, 'basic');
    await buyAndPay(c, 'pro');
    const max = await buyAndPay(c, 'ultra');

    expect((await refund(max.orderId).expect(200)).body.order.status).toBe('refunded');
    expect(await activeSeats(c)).toHaveLength(5);
    expect((await seatsOf(c)).summary.tier).toBe('pro');
  });

  it('5. upgrade credit follows the price paid, not the edited one; an edit breaking the ranks is refused', async () => {
    const c = await customer(base);
    const basic = await buyAndPay(c, 'basic');
    expect(basic.amount).toBe(69900);
    expect((await quote(c, 'pro')).amount).toBe(100000);
    try {
      // ¥900: still below VIP (¥1,000), whose list price is a VIP holder's credit.
      await setBasicPrice(90000).expect(200);
      expect((await quote(c, 'pro')).amount).toBe(100000);
      expect(await buy(c, 'pro')).toMatchObject({ status: 'pending', amount: 100000 });

      // Basic at Pro's price would make the upgrade free.
      const res = await setBasicPrice(169900);
      expect([res.status, res.body.code]).toEqual([400, 'PLAN_PRICE_BREAKS_RANK']);
      expect(await basicPrice()).toBe(90000);
      // Above VIP's price breaks the ranks too.
      expect((await setBasicPrice(150000)).body.code).toBe('PLAN_PRICE_BREAKS_RANK');
    } finally {
      await setBasicPrice(BASIC_PLAN.priceCents).expect(200);
    }
  });

  it("6. the seller's numbers agree: revoked seats, the overview and the orders list's totals", async () => {
    const fresh = await customer(base);
    const neverBought = await overviewOf(fresh.email);
    const c = await customer(base);
    const pro = await buyAndPay(c, 'pro');
    await bind(c, (await seatsOf(c)).licenses[0], `https://${newDomain('numbers')}`);
    await refund(pro.orderId).expect(200);

    const seats = (await seatsOf(c)).licenses;
    expect(seats.map((s) => s.status)).toEqual(seats.map(() => 'revoked'));
    const row = await overviewOf(c.email);
    expect(row).toMatchObject({ email: c.email, seatsUsed: 0, tierLabel: neverBought.tierLabel });

    // One cancelled order, one paid Basic, one pending upgrade beside the refunded Pro.
    const cancelled = await buy(c, 'basic');
    await c.post(`/api/payments/${cancelled.orderId}/cancel`).expect(200);
    const basic = await buyAndPay(c, 'basic');
    expect(basic.amount).toBe(69900);
    const pending = await buy(c, 'pro');
    expect(pending.status).toBe('pending');

    const list = await adminOrders(c.email);
    expect(list.items.map((i) => [i.orderId, i.status]).sort()).toEqual(
      [
        [pro.orderId, 'refunded'],
        [cancelled.orderId, 'cancelled'],
        [basic.orderId, 'paid'],
        [pending.orderId, 'pending'],
      ].sort(),
    );
    const paidTotal = basic.amount + pro.amount;
    expect({
      paidTotal: list.paidTotal,
      refundedTotal: list.refundedTotal,
      netTotal: list.netTotal,
      amountTotal: list.amountTotal,
    }).toEqual({
      paidTotal,
      refundedTotal: pro.amount,
      netTotal: paidTotal - pro.amount,
      amountTotal: paidTotal - pro.amount,
    });
  });

  it('7. a WeChat Pay REFUND.SUCCESS whose amount differs from the refund asked for does not complete it', async () => {
    const c = await customer(base);
    const o = await buy(c, 'pro', 'wechat');
    expect(o.amount).toBe(169900);
    await payWechat(o);
    await pendingWechatRefund(o.orderId);

    // WeChat Pay's refund record says 1 fen: the notification built from it carries amount.refund = 1.
    const record = wechat.refunds.get(`R${o.orderId}`)!;
    record.amount = 1;
    const wrong = wechat.refundNotification(record.outRefundNo, 'SUCCESS');
    record.amount = o.amount;
    record.status = 'PROCESSING';
    await wechat.deliver(wechatUrl(), wrong);

    expect(await orderOf(c, o.orderId)).toMatchObject({ status: 'paid', refundStatus: 'pending' });
    expect((await seatsOf(c)).licenses.every((s) => s.revokedAt === null)).toBe(true);
    expect(await auditActions(o.orderId)).toContain('order.refund_amount_mismatch');

    const right = wechat.refundNotification(record.outRefundNo, 'SUCCESS');
    expect((await wechat.deliver(wechatUrl(), right)).status).toBe(204);
    expect(await orderOf(c, o.orderId)).toMatchObject({
      status: 'refunded',
      refundStatus: 'succeeded',
    });
  });

  it('8a. deleting an account keeps its paid orders, still refundable, under a placeholder e-mail', async () => {
    const c = await customer(base);
    const o = await buy(c, 'pro', 'wechat');
    await payWechat(o);
    await c.post('/api/auth/delete-user').expect(200);

    const kept = await adminOrder(o.orderId);
    expect(kept).toMatchObject({ status: 'paid', customerEmail: expect.any(String) });
    expect(kept.customerEmail).not.toBe(c.email);
    expect((await refund(o.orderId).expect(200)).body.order.status).toBe('refunded');
    const late = await wechat.deliver(
      wechatUrl(),
      wechat.refundNotification(`R${o.orderId}`, 'SUCCESS'),
    );
    expect(late.status >= 200 && late.status < 300).toBe(true);
    expect(await adminOrder(o.orderId)).toMatchObject({ status: 'refunded' });
  });

  it('8b. an account with a refund in flight cannot be deleted (409 ACCOUNT_REFUND_IN_FLIGHT)', async () => {
    const c = await customer(base);
    const o = await buy(c, 'pro', 'wechat');
    await payWechat(o);
    await pendingWechatRefund(o.orderId);

    const res = await c.post('/api/auth/delete-user');
    expect([res.status, res.body.code]).toEqual([409, 'ACCOUNT_REFUND_IN_FLIGHT']);
    expect((await c.agent.get('/api/auth/get-session').expect(200)).body?.user?.email).toBe(
      c.email,
    );
    expect(await adminOrder(o.orderId)).toMatchObject({ status: 'paid', refundStatus: 'pending' });
  });

  it('9. a site of a revoked seat can be bound again to a seat bought later (the revoked binding lets it go)', async () => {
    const c = await customer(base);
    const pro = await buyAndPay(c, 'pro');
    const site = newDomain('again');
    await bind(c, (await seatsOf(c)).licenses[4], `https://${site}`);
    await refund(pro.orderId).expect(200);
    expect((await check(c, site)).code).toBe('LICENSE_REVOKED');
    await buyAndPay(c, 'basic');
    const [held] = await activeSeats(c);
    await bind(c, held, `https://${site}`);
    expect(await check(c, site)).toMatchObject({ valid: true, code: 'VALID' });
    // The revoked seat no longer names it.
    const old = (await seatsOf(c)).licenses.filter((s) => s.revokedAt);
    expect(old.some((s) => s.websiteUrl === `https://${site}`)).toBe(false);
  });

  it('10. a free upgrade (a 100% code) goes with the chain: refundable without a gateway, latest first', async () => {
    const code = `FREEPRO${Date.now().toString(36).toUpperCase()}`;
    await admin
      .post('/api/subscriptions/admin/subscriptions/discounts')
      .set('Origin', base)
      .send({ tier: 'pro', code, discountAmount: 169900 })
      .expect(200);
    const c = await customer(base);
    const basic = await buyAndPay(c, 'basic');
    const free = (
      await c
        .post('/api/payments/create')
        .send({ subscriptionTier: 'pro', discountCode: code, paymentMethod: 'sandbox' })
        .expect(200)
    ).body as Created & { status: string };
    expect(free).toMatchObject({ status: 'paid', amount: 0 });
    const refused = await refund(basic.orderId).expect(409);
    expect(refused.body).toMatchObject({
      code: 'REFUND_LATER_UPGRADE_FIRST',
      refundFirst: free.orderId,
    });
    const chain = await refundChain(basic.orderId).expect(200);
    expect(chain.body.orders.map((o: { orderId: string; status: string }) => o.status)).toEqual([
      'refunded',
      'refunded',
    ]);
    expect(await activeSeats(c)).toEqual([]);
  });
});
