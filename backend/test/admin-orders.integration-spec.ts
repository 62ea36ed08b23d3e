import request from 'supertest';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import { ADMIN_EMAIL, QUIZ_MANAGER_EMAIL, signIn, TEST_SECRET, withFreshApp } from './support/app';
import type { RunningApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { em } from './support/factories';

type Customer = Awaited<ReturnType<typeof customer>>;
interface Item {
  orderId: string;
  customerId: string;
  customerEmail: string;
  tier: string;
  amount: number;
  status: string;
  paymentGateway: string;
  tradeNo: string | null;
  needsRefund: boolean;
  needsRefundReason: string | null;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
}

/** The admin orders list and order detail (docs/product.md, back office; docs/rules.md, "Refunds"). */
describe('admin orders: list, filters, sum and detail', () => {
  let running: RunningApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];
  const sandbox = new SandboxGateway(TEST_SECRET);
  const stamp = Date.now();
  let alpha: Customer;
  let beta: Customer;
  let gamma: Customer;
  /** The orders made below, by name: amounts as the store priced them. */
  const o: Record<
    'basic' | 'lateUpgrade' | 'upgrade' | 'pending' | 'refunded',
    { orderId: string; amount: number }
  > = {} as never;

  const buy = async (c: Customer, tier: string) =>
    (
      await c
        .post('/api/payments/create')
        .send({ subscriptionTier: tier, paymentMethod: 'sandbox' })
        .expect(200)
    ).body as { orderId: string; amount: number };
  const pay = (order: { orderId: string; amount: number }) =>
    request(base)
      .post('/api/payments/notify/sandbox')
      .type('form')
      .send(sandbox.notification(order.orderId, order.amount))
      .expect(200);
  const createdAt = (orderId: string, at: string) =>
    em(running)
      .getConnection()
      .execute('update orders set created_at = ? where order_id = ?', [new Date(at), orderId]);

  withFreshApp({ PAYMENT_GATEWAYS: 'sandbox' }, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
    alpha = await customer(base, `alpha-${stamp}@shop.example`);
    beta = await customer(base, `beta-${stamp}@other.example`);
    gamma = await customer(base, `gamma-${stamp}@other.example`);

    // alpha: Basic, then an upgrade to Pro ordered twice; the newer is paid, the replaced one paid late,
    // so it grants nothing and is flagged for a refund (docs/rules.md, "Paying an order").
    o.basic = await buy(alpha, 'basic');
    await pay(o.basic);
    o.lateUpgrade = await buy(alpha, 'pro');
    o.upgrade = await buy(alpha, 'pro');
    await pay(o.upgrade);
    await pay(o.lateUpgrade);
    // beta: Max, never paid.
    o.pending = await buy(beta, 'ultra');
    // gamma: Pro, paid and refunded by the admin.
    o.refunded = await buy(gamma, 'pro');
    await pay(o.refunded);
    await admin
      .post(`/api/admin/orders/${o.refunded.orderId}/refund`)
      .set('Origin', base)
      .send({})
      .expect(200);

    await createdAt(o.basic.orderId, '2026-01-10T10:00:00Z');
    await createdAt(o.lateUpgrade.orderId, '2026-01-11T10:00:00Z');
    await createdAt(o.upgrade.orderId, '2026-01-12T10:00:00Z');
    await createdAt(o.pending.orderId, '2026-02-01T10:00:00Z');
    await createdAt(o.refunded.orderId, '2026-02-15T23:30:00Z');
  });

  const list = async (query = '') =>
    (await admin.get(`/api/admin/orders${query}`).expect(200)).body as {
      items: Item[];
      pagination: { page: number; pageSize: number; total: number };
      amountTotal: number;
    };
  const numbers = (items: Item[]) => items.map((i) => i.orderId);
  const sum = (...orders: { amount: number }[]) => orders.reduce((s, x) => s + x.amount, 0);

  it('is for admins only: 401 anonymous, 403 for customers and quiz managers', async () => {
    for (const path of ['/api/admin/orders', `/api/admin/orders/${o.basic.orderId}`]) {
      expect((await request(base).get(path).expect(401)).body).toEqual(
        errorOf('User not authenticated', 401),
      );
      expect((await alpha.agent.get(path).expect(403)).body).toEqual(
        errorOf('Admin access required', 403),
      );
      const quiz = (await signIn(base, QUIZ_MANAGER_EMAIL)).agent;
      await quiz.get(path).expect(403);
    }
  });

  it('lists every order newest first with its customer, gateway fields, the count and the sum', async () => {
    const all = await list();
    expect(numbers(all.items)).toEqual([
      o.refunded.orderId,
      o.pending.orderId,
      o.upgrade.orderId,
      o.lateUpgrade.orderId,
      o.basic.orderId,
    ]);
    expect(all.pagination).toEqual({ page: 1, pageSize: 20, total: 5 });
    // Money taken, given back and net (docs/rules.md, "Entitlements"): the pending order moved none.
    expect(all).toMatchObject({
      paidTotal: sum(o.basic, o.lateUpgrade, o.upgrade, o.refunded),
      refundedTotal: o.refunded.amount,
      netTotal: sum(o.basic, o.lateUpgrade, o.upgrade),
      amountTotal: sum(o.basic, o.lateUpgrade, o.upgrade),
    });
    const late = all.items.find((i) => i.orderId === o.lateUpgrade.orderId)!;
    expect(late).toMatchObject({
      customerId: alpha.userId,
      customerEmail: alpha.email,
      tier: 'pro',
      amount: o.lateUpgrade.amount,
      status: 'paid',
      paymentGateway: 'sandbox',
      tradeNo: `SANDBOX${o.lateUpgrade.orderId}`,
      needsRefund: true,
      needsRefundReason: 'the customer already owns Pro',
      createdAt: '2026-01-11T10:00:00.000Z',
      refundedAt: null,
    });
    expect(late.paidAt).not.toBeNull();
    const refunded = all.items.find((i) => i.orderId === o.refunded.orderId)!;
    expect(refunded).toMatchObject({ status: 'refunded', needsRefund: false });
    expect(refunded.refundedAt).not.toBeNull();
    expect(all.items.find((i) => i.orderId === o.pending.orderId)).toMatchObject({
      status: 'pending',
      tradeNo: null,
      paidAt: null,
    });
  });

  it('searches by customer e-mail, order number and gateway trade number', async () => {
    const byEmail = await list(`?q=${encodeURIComponent(`ALPHA-${stamp}@shop`)}`);
    expect(numbers(byEmail.items)).toEqual([
      o.upgrade.orderId,
      o.lateUpgrade.orderId,
      o.basic.orderId,
    ]);
    expect(byEmail.amountTotal).toBe(sum(o.basic, o.lateUpgrade, o.upgrade));
    expect(numbers((await list(`?q=other.example`)).items)).toEqual([
      o.refunded.orderId,
      o.pending.orderId,
    ]);
    expect(numbers((await list(`?q=${o.pending.orderId}`)).items)).toEqual([o.pending.orderId]);
    // The trade number (SANDBOX + order number) matches on its own prefix, which no order number has.
    expect(numbers((await list(`?q=sandbox${o.upgrade.orderId}`)).items)).toEqual([
      o.upgrade.orderId,
    ]);
    // LIKE's wildcards are taken literally.
    expect((await list('?q=%25')).items).toEqual([]);
    expect(await list('?q=nobody-here')).toMatchObject({
      items: [],
      pagination: { total: 0 },
      amountTotal: 0,
    });
  });

  it('filters by status, gateway, plan, customer and needs-refund', async () => {
    expect(numbers((await list('?status=pending')).items)).toEqual([o.pending.orderId]);
    expect(numbers((await list('?status=refunded')).items)).toEqual([o.refunded.orderId]);
    const paid = await list('?status=paid');
    expect(paid.pagination.total).toBe(3);
    expect(paid.amountTotal).toBe(sum(o.basic, o.lateUpgrade, o.upgrade));
    expect((await list('?paymentMethod=sandbox')).pagination.total).toBe(5);
    expect((await list('?paymentMethod=alipay')).pagination.total).toBe(0);
    expect(numbers((await list('?tier=pro&sort=time_asc')).items)).toEqual([
      o.lateUpgrade.orderId,
      o.upgrade.orderId,
      o.refunded.orderId,
    ]);
    expect(numbers((await list('?tier=basic')).items)).toEqual([o.basic.orderId]);
    const flagged = await list('?needsRefund=true');
    expect(numbers(flagged.items)).toEqual([o.lateUpgrade.orderId]);
    expect(flagged.amountTotal).toBe(o.lateUpgrade.amount);
    expect((await list('?needsRefund=false')).pagination.total).toBe(4);
    expect(numbers((await list(`?userId=${alpha.userId}&needsRefund=true`)).items)).toEqual([
      o.lateUpgrade.orderId,
    ]);
    expect((await list(`?userId=${beta.userId}&needsRefund=true`)).items).toEqual([]);
    expect(numbers((await list(`?userId=${gamma.userId}`)).items)).toEqual([o.refunded.orderId]);
    expect((await list('?status=paid&tier=ultra')).pagination.total).toBe(0);
  });

  it('filters by date range: from inclusive, to exclusive, a date alone for to includes its day', async () => {
    expect(numbers((await list('?from=2026-01-11&to=2026-01-12')).items)).toEqual([
      o.upgrade.orderId,
      o.lateUpgrade.orderId,
    ]);
    expect(
      numbers((await list('?from=2026-01-11T10:00:00Z&to=2026-01-12T10:00:00Z')).items),
    ).toEqual([o.lateUpgrade.orderId]);
    expect(numbers((await list('?from=2026-02-01')).items)).toEqual([
      o.refunded.orderId,
      o.pending.orderId,
    ]);
    // 23:30 UTC on 15 February is the 16th in Shanghai: an instant range from the client's day.
    expect(
      numbers((await list('?from=2026-02-15T16:00:00Z&to=2026-02-16T16:00:00Z')).items),
    ).toEqual([o.refunded.orderId]);
    const january = await list('?to=2026-01-31');
    expect(january.amountTotal).toBe(sum(o.basic, o.lateUpgrade, o.upgrade));
  });

  it('sorts by time or amount and pages on the server', async () => {
    expect(numbers((await list('?sort=time_asc')).items)).toEqual([
      o.basic.orderId,
      o.lateUpgrade.orderId,
      o.upgrade.orderId,
      o.pending.orderId,
      o.refunded.orderId,
    ]);
    const byAmount = (await list('?sort=amount_desc')).items.map((i) => i.amount);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => b - a));
    expect(byAmount[0]).toBe(o.pending.amount);
    const ascending = (await list('?sort=amount_asc')).items.map((i) => i.amount);
    expect(ascending).toEqual([...byAmount].reverse());

    const first = await list('?pageSize=2&sort=time_asc');
    const second = await list('?pageSize=2&page=2&sort=time_asc');
    const third = await list('?pageSize=2&page=3&sort=time_asc');
    expect(numbers([...first.items, ...second.items, ...third.items])).toEqual([
      o.basic.orderId,
      o.lateUpgrade.orderId,
      o.upgrade.orderId,
      o.pending.orderId,
      o.refunded.orderId,
    ]);
    expect(second.pagination).toEqual({ page: 2, pageSize: 2, total: 5 });
    // The sum is of every filtered order, not of the page.
    expect(second.amountTotal).toBe(first.amountTotal);
    const past = await list('?page=9');
    expect(past).toMatchObject({ items: [], pagination: { page: 9, total: 5 } });
  });

  it('refuses bad input with 400 and a code', async () => {
    const bad = async (query: string, message: string) =>
      expect((await admin.get(`/api/admin/orders${query}`).expect(400)).body).toEqual(
        errorOf(message, 400, 'VALIDATION_FAILED'),
      );
    await bad('?page=0', 'page must be a positive integer');
    await bad('?page=abc', 'page must be a positive integer');
    await bad('?pageSize=51', 'pageSize must be between 1 and 50');
    await bad('?from=yesterday', 'from must be an ISO 8601 date');
    await bad('?to=2026-13-45', 'to must be an ISO 8601 date');
    await bad(
      '?status=lost',
      'status must be one of pending, paid, failed, cancelled, expired, refunded',
    );
    await bad('?tier=gold', 'tier must be one of basic, vip, pro, ultra');
    await bad('?sort=name', 'sort must be one of time_desc, time_asc, amount_desc, amount_asc');
    await bad('?needsRefund=yes', 'needsRefund must be true or false');
    await bad(
      '?paymentMethod=Ali%20Pay',
      'paymentMethod must be a gateway name (a-z, 0-9, _ and -)',
    );
    await bad('?userId=42', 'userId must be a UUID');
  });

  it("answers one order's breakdown, customer, gateway fields and audit trail", async () => {
    const late = (await admin.get(`/api/admin/orders/${o.lateUpgrade.orderId}`).expect(200)).body;
    expect(late.order).toMatchObject({
      orderId: o.lateUpgrade.orderId,
      customerId: alpha.userId,
      customerEmail: alpha.email,
      tier: 'pro',
      upgradedFromTier: 'basic',
      amount: o.lateUpgrade.amount,
      discountCode: null,
      discountAmount: 0,
      paymentGateway: 'sandbox',
      paymentMethod: 'sandbox',
      tradeNo: `SANDBOX${o.lateUpgrade.orderId}`,
      needsRefund: true,
      needsRefundReason: 'the customer already owns Pro',
      refundNo: null,
    });
    // The upgrade's deduction is the Basic plan's price: list price − deduction − discount = amount.
    expect(late.order.listPrice - late.order.deduction).toBe(o.lateUpgrade.amount);
    expect(late.order.deduction).toBe(o.basic.amount);
    expect(late.audit.map((a: { action: string }) => a.action)).toEqual([
      'order.cancelled',
      'order.paid_needs_refund',
    ]);

    const refunded = (await admin.get(`/api/admin/orders/${o.refunded.orderId}`).expect(200)).body;
    expect(refunded.order).toMatchObject({
      status: 'refunded',
      listPrice: o.refunded.amount,
      deduction: 0,
      refundStatus: 'succeeded',
      refundNo: `R${o.refunded.orderId}`,
      refundId: `SANDBOX-R${o.refunded.orderId}`,
      refundRequestedBy: ADMIN_EMAIL,
      refundError: null,
    });
    expect(refunded.audit).toEqual([
      expect.objectContaining({ action: 'order.paid', target: o.refunded.orderId }),
      expect.objectContaining({ action: 'order.refund_requested', actor: ADMIN_EMAIL }),
      expect.objectContaining({
        action: 'order.refund_succeeded',
        after: expect.objectContaining({ amount: o.refunded.amount }),
      }),
    ]);
  });

  // Last: it refunds the flagged order.
  it("refunding a flagged order takes it off the needs-refund list and the overview's count", async () => {
    const overviewCount = async () =>
      (
        await admin
          .get('/api/subscriptions/admin/subscriptions/users')
          .query({ search: alpha.email })
          .expect(200)
      ).body.items[0].ordersNeedingRefund;
    expect(await overviewCount()).toBe(1);
    await admin
      .post(`/api/admin/orders/${o.lateUpgrade.orderId}/refund`)
      .set('Origin', base)
      .send({})
      .expect(200);
    expect(await list('?needsRefund=true')).toMatchObject({ items: [], amountTotal: 0 });
    expect(await overviewCount()).toBe(0);
    const refunded = await list(`?userId=${alpha.userId}&status=refunded`);
    expect(refunded.items).toEqual([
      expect.objectContaining({ orderId: o.lateUpgrade.orderId, needsRefund: true }),
    ]);
  });

  it('answers 404 ORDER_NOT_FOUND for an unknown order', async () => {
    expect((await admin.get('/api/admin/orders/20260101000000NOPE').expect(404)).body).toEqual(
      errorOf('Order not found', 404, 'ORDER_NOT_FOUND'),
    );
  });
});
