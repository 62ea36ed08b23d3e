import request from 'supertest';
import { DiscountsService } from '../src/discounts/discounts.service';
import { FREE_GATEWAY } from '../src/payments/gateways/free';
import { PAYMENT_GATEWAYS, type PaymentGateways } from '../src/payments/gateways/payment-gateway';
import { gatewayDisplayName } from '../src/payments/payments.module';
import { ADMIN_EMAIL, signIn, type RunningApp, withFreshApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { em } from './support/factories';

type Customer = Awaited<ReturnType<typeof customer>>;
type Agent = Awaited<ReturnType<typeof signIn>>['agent'];

const DISCOUNTS = '/api/subscriptions/admin/subscriptions/discounts';
const NOT_FOR_THIS_PLAN = errorOf(
  'Discount code does not apply to this plan',
  400,
  'DISCOUNT_WRONG_TIER',
);
const ALREADY_USED = errorOf(
  'You have already used this discount code',
  400,
  'DISCOUNT_ALREADY_USED',
);

let serial = 0;
/** A code no other test (or run) uses. */
const fresh = (name: string) => `${name}-${Date.now().toString(36)}-${++serial}`.toUpperCase();

/**
 * Discount codes as sellers expect them (docs/rules.md, "Discount codes"; docs/payments.md, "Free orders"
 * and "Limits"): percentages, several plans or every plan, a time window, once per customer, free orders
 * recorded under `free` and refunded without a gateway, one answer for codes a customer cannot use, and
 * the quote's limits.
 */
describe('discount codes: percentages, plans, time window, once per customer, free orders', () => {
  let running: RunningApp;
  let base: string;
  let admin: Agent;

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const save = (body: object) => admin.post(DISCOUNTS).set('Origin', base).send(body);
  const saved = async (body: object) => (await save(body).expect(200)).body.discount;
  const quote = (c: Customer, subscriptionTier: string, discountCode?: string) =>
    c.post('/api/payments/quote').send({ subscriptionTier, discountCode });
  const create = (c: Customer, subscriptionTier: string, discountCode?: string) =>
    c
      .post('/api/payments/create')
      .send({ subscriptionTier, discountCode, paymentMethod: 'sandbox' });
  const check = (body: object) => admin.post(`${DISCOUNTS}/check`).set('Origin', base).send(body);
  const sql = <T>(query: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(query, params);
  const usesOf = async (code: string) =>
    (
      await sql<{ order_number: string; user_id: string }>(
        `select u.order_number, u.user_id from discount_uses u join discounts d on d.id = u.discount_id
         where d.code_key = ? order by u.order_number`,
        [code],
      )
    ).map((r) => r.order_number);
  const usageCountOf = async (code: string) =>
    Number(
      (
        await sql<{ usage_count: number }>('select usage_count from discounts where code_key = ?', [
          code,
        ])
      )[0].usage_count,
    );
  const payOnSandboxPage = (orderId: string) =>
    request(base).post(`/sandbox-pay/${orderId}/pay`).expect(200);
  const refund = (orderId: string) =>
    admin
      .post(`/api/admin/orders/${orderId}/refund`)
      .set('Origin', base)
      .send({ reason: 'customer asked' });

  it("saves percentage, several-plan and every-plan codes, once per customer; the spec's body is unchanged", async () => {
    const spec = fresh('SPEC');
    const specCode = await saved({
      tier: 'pro',
      code: spec,
      discountAmount: 5000,
      startsAt: null,
      expiresAt: null,
      usageLimit: null,
    });
    expect(specCode).toEqual({
      id: expect.any(String),
      tier: 'pro',
      tiers: ['pro'],
      code: spec,
      kind: 'amount',
      discountAmount: 5000,
      percentOff: null,
      startsAt: null,
      expiresAt: null,
      usageLimit: null,
      usageCount: 0,
      oncePerCustomer: false,
    });
    const percent = await saved({
      tiers: null,
      code: fresh('PCT'),
      kind: 'percent',
      percentOff: 15,
      oncePerCustomer: true,
    });
    expect(percent).toMatchObject({
      tier: 'basic',
      tiers: null,
      kind: 'percent',
      percentOff: 15,
      discountAmount: 0,
      oncePerCustomer: true,
    });
    const several = await saved({
      tiers: ['ultra', 'basic'],
      code: fresh('TWO'),
      discountAmount: 1,
    });
    expect(several).toMatchObject({ tier: 'basic', tiers: ['basic', 'ultra'], kind: 'amount' });
    // Back to an amount: the percent is dropped; the list shows the fields.
    const edited = await saved({
      id: percent.id,
      tier: 'pro',
      code: percent.code,
      discountAmount: 700,
    });
    expect(edited).toMatchObject({
      tier: 'pro',
      tiers: ['pro'],
      kind: 'amount',
      discountAmount: 700,
      percentOff: null,
      oncePerCustomer: false,
    });
    const list = (await admin.get(DISCOUNTS).expect(200)).body.discounts;
    expect(list.find((d: { id: string }) => d.id === several.id)).toEqual(several);
    // The audit keeps the plain fields before and after.
    const [entry] = await sql<{ before: object; after: object }>(
      `select before, after from audit_entries where action = 'discount.save' and target = ? order by created_at desc limit 1`,
      [percent.code],
    );
    expect(entry.before).toMatchObject({ kind: 'percent', percentOff: 15, tiers: null });
    expect(entry.after).toMatchObject({ kind: 'amount', percentOff: null, tiers: ['pro'] });

    const refused = async (body: object) => (await save(body).expect(400)).body.message;
    const code = fresh('BAD');
    for (const percentOff of [0, 101, 12.5, null, '15'])
      expect(await refused({ tiers: null, code, kind: 'percent', percentOff })).toBe(
        'percentOff must be an integer from 1 to 100',
      );
    expect(await refused({ tiers: null, code, kind: 'percent' })).toBe(
      'percentOff must be an integer from 1 to 100',
    );
    expect(await refused({ tiers: null, code, kind: 'half', discountAmount: 1 })).toBe(
      "kind must be 'amount' or 'percent'",
    );
    expect(await refused({ tiers: [], code, discountAmount: 1 })).toBe(
      'tiers needs at least one plan (null: every plan)',
    );
    expect(await refused({ tiers: ['vip'], code, discountAmount: 1 })).toBe(
      'tiers must be basic, pro or ultra',
    );
    expect(await refused({ tiers: ['pro', 'pro'], code, discountAmount: 1 })).toBe(
      'tiers must not repeat a plan',
    );
    expect(await refused({ code, discountAmount: 1 })).toBe('tier must be basic, pro or ultra');
    expect(await refused({ tiers: null, code })).toBe('折扣金额需为非负数字');
    expect(await refused({ tier: 'pro', code, discountAmount: 1, oncePerCustomer: 'yes' })).toBe(
      'oncePerCustomer must be true or false',
    );
  });

  it('takes a percentage off the amount due after the upgrade deduction, the order as quoted', async () => {
    const code = fresh('PCT15');
    await saved({ tiers: null, code, kind: 'percent', percentOff: 15 });
    const c = await customer(base);
    // A first purchase: 15 % of ¥699.
    expect((await quote(c, 'basic', code).expect(200)).body).toMatchObject({
      targetPrice: 69900,
      originalPrice: 0,
      discountAmount: 10485,
      amount: 59415,
      free: false,
    });
    const basic = (await create(c, 'basic').expect(200)).body;
    await payOnSandboxPage(basic.orderId);
    // An upgrade: 15 % of what is due after the deduction (¥1699 − ¥699 = ¥1000).
    const q = (await quote(c, 'pro', code.toLowerCase()).expect(200)).body;
    expect(q).toMatchObject({
      targetPrice: 169900,
      originalPrice: 69900,
      discountAmount: 15000,
      discountCode: code,
      amount: 85000,
      free: false,
    });
    const order = (await create(c, 'pro', code).expect(200)).body;
    expect(order).toMatchObject({
      status: 'pending',
      amount: 85000,
      upgradePricing: { discountAmount: 15000, originalPrice: 69900 },
    });
    const [row] = await sql<{ discount_amount: number; discount_code: string; amount: number }>(
      'select discount_amount, discount_code, amount from orders where order_id = ?',
      [order.orderId],
    );
    expect(row).toMatchObject({ discount_amount: 15000, discount_code: code, amount: 85000 });
  });

  it('applies a code to the plans it names, or to every plan; the others read "not for this plan"', async () => {
    const two = fresh('TWO');
    const every = fresh('EVERY');
    await saved({ tiers: ['basic', 'ultra'], code: two, discountAmount: 2000 });
    await saved({ tiers: null, code: every, discountAmount: 3000 });
    const c = await customer(base);
    expect((await quote(c, 'basic', two).expect(200)).body.discountAmount).toBe(2000);
    expect((await quote(c, 'ultra', two).expect(200)).body.discountAmount).toBe(2000);
    expect((await quote(c, 'pro', two).expect(400)).body).toEqual(NOT_FOR_THIS_PLAN);
    expect((await create(c, 'pro', two).expect(400)).body).toEqual(NOT_FOR_THIS_PLAN);
    for (const tier of ['basic', 'pro', 'ultra'])
      expect((await quote(c, tier, every).expect(200)).body.discountAmount).toBe(3000);
    expect((await create(c, 'ultra', two).expect(200)).body.amount).toBe(998000 - 2000);
  });

  it('enforces the start and end: before the start it reads as unknown, after the end as expired', async () => {
    const hour = 3600_000;
    const later = fresh('LATER');
    const gone = fresh('GONE');
    const now = fresh('NOW');
    await saved({
      tier: 'pro',
      code: later,
      discountAmount: 1000,
      startsAt: new Date(Date.now() + hour).toISOString(),
    });
    await saved({
      tier: 'pro',
      code: gone,
      discountAmount: 1000,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    await saved({
      tier: 'pro',
      code: now,
      discountAmount: 1000,
      startsAt: new Date(Date.now() - hour).toISOString(),
      expiresAt: new Date(Date.now() + hour).toISOString(),
    });
    const c = await customer(base);
    expect((await quote(c, 'pro', later).expect(400)).body).toEqual(NOT_FOR_THIS_PLAN);
    expect((await create(c, 'pro', later).expect(400)).body).toEqual(NOT_FOR_THIS_PLAN);
    const expired = errorOf('Discount code has expired', 400, 'DISCOUNT_EXPIRED');
    expect((await quote(c, 'pro', gone).expect(400)).body).toEqual(expired);
    expect((await create(c, 'pro', gone).expect(400)).body).toEqual(expired);
    expect((await quote(c, 'pro', now).expect(200)).body.discountAmount).toBe(1000);
    // The admin sees why.
    expect((await check({ code: later, tier: 'pro' }).expect(200)).body).toMatchObject({
      valid: false,
      reason: 'DISCOUNT_NOT_ACTIVE_YET',
    });
    // Once its start has passed, it works.
    await sql(`update discounts set starts_at = now() - interval '1 minute' where code_key = ?`, [
      later,
    ]);
    expect((await quote(c, 'pro', later).expect(200)).body.discountAmount).toBe(1000);
    expect((await create(c, 'pro', later).expect(200)).body.amount).toBe(168900);
  });

  it('gives customers one answer for unknown, other plan and not started (quote and order); the admin the precise reason', async () => {
    const basicOnly = fresh('BASICONLY');
    const notYet = fresh('NOTYET');
    const usedUp = fresh('USEDUP');
    await saved({ tier: 'basic', code: basicOnly, discountAmount: 1000 });
    await saved({
      tier: 'pro',
      code: notYet,
      discountAmount: 1000,
      startsAt: new Date(Date.now() + 86400_000).toISOString(),
    });
    await saved({ tier: 'pro', code: usedUp, discountAmount: 1000, usageLimit: 1 });
    const c = await customer(base);
    const answers = [];
    for (const code of [fresh('NOSUCHCODE'), basicOnly, notYet]) {
      const q = await quote(c, 'pro', code);
      const o = await create(c, 'pro', code);
      answers.push([q.status, q.body], [o.status, o.body]);
    }
    expect(answers).toEqual(answers.map(() => [400, NOT_FOR_THIS_PLAN]));

    // The admin's check names each reason.
    const other = await customer(base);
    await create(other, 'pro', usedUp).expect(200);
    const reasons: Record<string, unknown> = {};
    for (const [name, code] of Object.entries({
      unknown: fresh('NOSUCHCODE'),
      basicOnly,
      notYet,
      usedUp,
    }))
      reasons[name] = (await check({ code, tier: 'pro' }).expect(200)).body.reason;
    expect(reasons).toEqual({
      unknown: 'DISCOUNT_CODE_UNKNOWN',
      basicOnly: 'DISCOUNT_WRONG_TIER',
      notYet: 'DISCOUNT_NOT_ACTIVE_YET',
      usedUp: 'DISCOUNT_USED_UP',
    });
    const ok = (await check({ code: basicOnly.toLowerCase(), tier: 'basic' }).expect(200)).body;
    expect(ok).toMatchObject({
      valid: true,
      reason: null,
      discount: { code: basicOnly },
      customerFound: null,
    });
    expect((await check({ code: basicOnly, tier: 'vip' }).expect(400)).body.message).toBe(
      'tier must be basic, pro or ultra',
    );
    await c.post(`${DISCOUNTS}/check`).send({ code: basicOnly, tier: 'basic' }).expect(403);
  });

  it('once per customer: concurrent orders hold one use; a cancelled order gives it back; paid and refunded keep it', async () => {
    const code = fresh('ONCE');
    await saved({ tiers: ['pro', 'ultra'], code, discountAmount: 1000, oncePerCustomer: true });
    const c = await customer(base);
    // Five orders at once by one customer: each replaces the last; one use is held.
    const orders = await Promise.all([1, 2, 3, 4, 5].map(() => create(c, 'pro', code)));
    expect(orders.map((o) => o.status)).toEqual([200, 200, 200, 200, 200]);
    const pending = await sql<{ order_id: string }>(
      `select order_id from orders where discount_code = ? and status = 'pending'`,
      [code],
    );
    expect(pending).toHaveLength(1);
    expect(await usesOf(code)).toEqual([pending[0].order_id]);
    expect(await usageCountOf(code)).toBe(1);

    // Two takes of a use at once outside the checkout (no customer lock): the database keeps one.
    const discounts = running.app.get(DiscountsService);
    const takes = await Promise.all(
      ['SKRACE1', 'SKRACE2'].map((orderId) =>
        em(running)
          .fork()
          .transactional((tx) => discounts.takeUse(tx, code, { userId: c.userId, orderId })),
      ),
    );
    expect(takes).toEqual(['already-used', 'already-used']); // the pending order holds it
    const other = await customer(base);
    const raced = await Promise.all(
      ['SKRACE3', 'SKRACE4'].map((orderId) =>
        em(running)
          .fork()
          .transactional((tx) => discounts.takeUse(tx, code, { userId: other.userId, orderId })),
      ),
    );
    expect([...raced].sort()).toEqual(['already-used', 'taken']);
    await em(running)
      .fork()
      .transactional(async (tx) => {
        const held = raced.indexOf('taken') === 0 ? 'SKRACE3' : 'SKRACE4';
        await discounts.releaseUse(tx, code, held);
      });

    // Cancelled: the use comes back, and the customer may use the code again.
    await c.post(`/api/payments/${pending[0].order_id}/cancel`).expect(200);
    expect(await usesOf(code)).toEqual([]);
    expect(await usageCountOf(code)).toBe(0);
    expect((await quote(c, 'pro', code).expect(200)).body.discountAmount).toBe(1000);
    const paid = (await create(c, 'pro', code).expect(200)).body;
    // Its own pending order does not count against the customer (a new order replaces it).
    expect((await quote(c, 'ultra', code).expect(200)).body.discountAmount).toBe(1000);
    await payOnSandboxPage(paid.orderId);
    expect((await quote(c, 'ultra', code).expect(400)).body).toEqual(ALREADY_USED);
    expect((await create(c, 'ultra', code).expect(400)).body).toEqual(ALREADY_USED);
    expect((await check({ code, tier: 'ultra', email: c.email }).expect(200)).body).toMatchObject({
      valid: false,
      reason: 'DISCOUNT_ALREADY_USED',
      customerFound: true,
    });
    expect((await check({ code, tier: 'ultra' }).expect(200)).body.valid).toBe(true);
    // Another customer still may.
    expect((await quote(other, 'pro', code).expect(200)).body.discountAmount).toBe(1000);
    // Refunded: the use was spent.
    expect((await refund(paid.orderId).expect(200)).body.order.status).toBe('refunded');
    expect(await usesOf(code)).toEqual([paid.orderId]);
    expect(await usageCountOf(code)).toBe(1);
    expect((await create(c, 'pro', code).expect(400)).body).toEqual(ALREADY_USED);
  });

  it('records a free order under `free` (no gateway, no QR), and refunds it at once without one', async () => {
    const code = fresh('FREE');
    await saved({ tier: 'pro', code, kind: 'percent', percentOff: 100 });
    const c = await customer(base);
    expect((await quote(c, 'pro', code).expect(200)).body).toMatchObject({
      discountAmount: 169900,
      amount: 0,
      free: true,
    });
    // No gateway is asked anything about it, from the order to its refund.
    const asked: string[] = [];
    for (const gateway of running.app.get<PaymentGateways>(PAYMENT_GATEWAYS).list)
      for (const method of ['createPayment', 'close', 'query', 'refund', 'queryRefund'] as const)
        jest.spyOn(gateway, method).mockImplementation(async () => {
          asked.push(`${gateway.name}.${method}`);
          throw new Error('no gateway may be asked about a free order');
        });
    try {
      const created = (await create(c, 'pro', code).expect(200)).body;
      expect(created).toMatchObject({
        status: 'paid',
        amount: 0,
        qrImage: null,
        mobileUrl: null,
        paymentMethod: null,
      });
      const [row] = await sql<Record<string, unknown>>(
        'select payment_gateway, payment_method, discount_amount, discount_code from orders where order_id = ?',
        [created.orderId],
      );
      expect(row).toEqual({
        payment_gateway: 'free',
        payment_method: 'discount',
        discount_amount: 169900,
        discount_code: code,
      });
      const seats = (await c.agent.get('/api/apitokens/licenses').expect(200)).body.licenses;
      expect(seats).toHaveLength(5);
      const { receipt } = (await c.agent.get(`/api/orders/${created.orderId}/receipt`).expect(200))
        .body;
      expect(receipt).toMatchObject({
        paymentGateway: 'free',
        paymentMethod: 'discount',
        amount: 0,
        amountPaid: 0,
        discountCode: code,
      });

      const refunded = (await refund(created.orderId).expect(200)).body.order;
      expect(refunded).toMatchObject({ status: 'refunded', refundStatus: 'succeeded', amount: 0 });
      const after = (await c.agent.get('/api/apitokens/licenses').expect(200)).body;
      expect(after.licenses.every((s: { revokedAt: string | null }) => s.revokedAt !== null)).toBe(
        true,
      );
      expect(after.summary.tier).toBeNull();
      expect(asked).toEqual([]);
    } finally {
      jest.restoreAllMocks();
    }
    expect(gatewayDisplayName(FREE_GATEWAY.name)).toEqual({ 'zh-CN': '免费', en: 'Free' });
    // The notification route knows no gateway named free.
    await request(base).post('/api/payments/notify/free').send({}).expect(404);
  });
});

describe('the quote limits: per customer and per client address, 429 with Retry-After', () => {
  let base: string;
  let admin: Agent;
  withFreshApp({ QUOTE_LIMIT_PER_CUSTOMER: '3', QUOTE_LIMIT_PER_ADDRESS: '5' }, async (app) => {
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  it('answers PAYMENT_RATE_LIMITED past 3 a minute for a customer and 5 for an address; orders with a code count', async () => {
    const code = fresh('LIMIT');
    await admin
      .post(DISCOUNTS)
      .set('Origin', base)
      .send({ tier: 'pro', code, discountAmount: 100 })
      .expect(200);
    const a = await customer(base);
    const b = await customer(base);
    const quote = (c: Customer) =>
      c.post('/api/payments/quote').send({ subscriptionTier: 'pro', discountCode: code });
    const first = await quote(a).expect(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    await quote(a).expect(200);
    await quote(a).expect(200);
    const limited = async (res: request.Response) => {
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(res.body).toEqual({
        ...errorOf('Too many attempts; retry in a minute', 429, 'PAYMENT_RATE_LIMITED'),
        retryAfter: Number(res.headers['retry-after']),
      });
    };
    await limited(await quote(a)); // the customer's fourth (the address's fourth)
    await quote(b).expect(200); // another customer at the same address: its fifth
    await limited(await quote(b)); // the address's sixth
    // An order with a code tells as much as a quote: counted; one without is not.
    await limited(
      await b
        .post('/api/payments/create')
        .send({ subscriptionTier: 'pro', discountCode: code, paymentMethod: 'sandbox' }),
    );
    await b
      .post('/api/payments/create')
      .send({ subscriptionTier: 'pro', paymentMethod: 'sandbox' })
      .expect(200);
  });
});
