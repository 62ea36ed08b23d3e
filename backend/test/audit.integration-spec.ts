import request from 'supertest';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import { ADMIN_EMAIL, QUIZ_MANAGER_EMAIL, signIn, TEST_SECRET, withFreshApp } from './support/app';
import type { RunningApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { em } from './support/factories';

type Agent = Awaited<ReturnType<typeof signIn>>['agent'];
interface Entry {
  id: string;
  actor: string;
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
  actorKind: string;
  actorEmail: string | null;
  customerId: string | null;
  customerEmail: string | null;
  orderNumber: string | null;
  licenseId: string | null;
  seatIndex: number | null;
}

/** The readable audit log (docs/product.md, back office): who by e-mail, links, filters on the server. */
describe('admin audit log: actor e-mails, links and filters', () => {
  let running: RunningApp;
  let base: string;
  let admin: Agent;
  let buyer: Awaited<ReturnType<typeof customer>>;
  let canceller: Awaited<ReturnType<typeof customer>>;
  const sandbox = new SandboxGateway(TEST_SECRET);
  let paid: { orderId: string; amount: number };
  let cancelled: { orderId: string; amount: number };
  let seat: { id: string; seat_index: number };

  const list = async (query = '') =>
    (await admin.get(`/api/admin/audit?pageSize=50${query}`).expect(200)).body as {
      items: Entry[];
      pagination: { page: number; pageSize: number; total: number };
    };
  const stamp = (action: string, at: string) =>
    em(running)
      .getConnection()
      .execute('update audit_entries set created_at = ? where action = ?', [new Date(at), action]);

  // Days of UTC here (SELLER_TIME_ZONE): the stamps below sit near its midnights.
  withFreshApp({ PAYMENT_GATEWAYS: 'sandbox', SELLER_TIME_ZONE: 'UTC' }, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
    buyer = await customer(base, `buyer-${Date.now()}@shop.example`);
    canceller = await customer(base, `canceller-${Date.now()}@shop.example`);
    paid = (
      await buyer
        .post('/api/payments/create')
        .send({ subscriptionTier: 'basic', paymentMethod: 'sandbox' })
        .expect(200)
    ).body;
    await request(base)
      .post('/api/payments/notify/sandbox')
      .type('form')
      .send(sandbox.notification(paid.orderId, paid.amount))
      .expect(200);
    cancelled = (
      await canceller
        .post('/api/payments/create')
        .send({ subscriptionTier: 'pro', paymentMethod: 'sandbox' })
        .expect(200)
    ).body;
    await canceller.post(`/api/payments/${cancelled.orderId}/cancel`).expect(200);
    await admin
      .post('/api/apitokens/admin/vip-emails')
      .set('Origin', base)
      .send({ email: buyer.email })
      .expect(200);
    await admin
      .put('/api/admin/plans/pro')
      .set('Origin', base)
      .send({
        priceCents: 159900,
        nameZh: 'Pro',
        nameEn: 'Pro',
        descriptionZh: '工作室与多站点团队',
        descriptionEn: 'For studios and multi-site teams',
        shown: true,
        sortOrder: 3,
      })
      .expect(200);
    // The buyer binds the plan's seat; the admin then moves it (two seat entries: the bare id, `<id> (seat 1)`).
    [seat] = await em(running)
      .getConnection()
      .execute<{ id: string; seat_index: number }[]>(
        'select id::text as id, seat_index from licenses where user_id = ?',
        [buyer.userId],
      );
    await buyer
      .post(`/api/apitokens/licenses/${seat.id}/bind`)
      .send({ websiteUrl: 'https://buyer-shop.example' })
      .expect(200);
    await admin
      .patch(`/api/subscriptions/admin/subscriptions/licenses/${seat.id}/domain`)
      .set('Origin', base)
      .send({ websiteUrl: 'https://moved-shop.example' })
      .expect(200);
    await stamp('order.paid', '2026-01-10T10:00:00Z');
    await stamp('order.cancelled', '2026-01-12T23:30:00Z');
    await stamp('vip.add', '2026-01-20T08:00:00Z');
  });

  it('is for admins only: 401 anonymous, 403 for customers and quiz managers', async () => {
    expect((await request(base).get('/api/admin/audit').expect(401)).body).toEqual(
      errorOf('User not authenticated', 401),
    );
    await buyer.agent.get('/api/admin/audit').expect(403);
    await (await signIn(base, QUIZ_MANAGER_EMAIL)).agent.get('/api/admin/audit').expect(403);
  });

  it("gives each entry the actor's e-mail and the customer and order it is about", async () => {
    const { items } = await list();
    const payment = items.find((e) => e.action === 'order.paid')!;
    expect(payment).toMatchObject({
      actor: 'gateway:sandbox',
      actorKind: 'gateway',
      actorEmail: null,
      target: paid.orderId,
      orderNumber: paid.orderId,
      customerId: buyer.userId,
      customerEmail: buyer.email,
      after: { status: 'paid', amount: paid.amount },
    });
    const cancel = items.find((e) => e.action === 'order.cancelled')!;
    expect(cancel).toMatchObject({
      actor: `user:${canceller.userId}`,
      actorKind: 'customer',
      actorEmail: canceller.email,
      orderNumber: cancelled.orderId,
      customerId: canceller.userId,
    });
    const vip = items.find((e) => e.action === 'vip.add')!;
    expect(vip).toMatchObject({
      actorKind: 'admin',
      actorEmail: ADMIN_EMAIL,
      customerId: buyer.userId,
      customerEmail: buyer.email,
      orderNumber: null,
    });
    const price = items.find((e) => e.action === 'plan.update')!;
    expect(price).toMatchObject({
      actorEmail: ADMIN_EMAIL,
      target: 'pro',
      customerId: null,
      orderNumber: null,
      before: { priceCents: 169900 },
      after: { priceCents: 159900 },
    });
  });

  it('filters by action, by actor (an admin e-mail or the e-mail of the customer who acted) and by date range', async () => {
    expect((await list('&action=order.paid')).items.map((e) => e.target)).toEqual([paid.orderId]);
    const byCustomer = await list(`&actor=${encodeURIComponent(canceller.email.split('@')[0])}`);
    expect(byCustomer.items.map((e) => e.action)).toEqual(['order.cancelled']);
    const byAdmin = await list('&actor=admin@seatkeeper');
    expect(byAdmin.items.map((e) => e.action).sort()).toEqual([
      'license.domain',
      'plan.update',
      'vip.add',
    ]);

    // Days are whole UTC days; to is inclusive of its day; from/to may be instants.
    const january = await list('&from=2026-01-10&to=2026-01-12');
    expect(january.items.map((e) => e.action)).toEqual(['order.cancelled', 'order.paid']);
    expect(january.pagination.total).toBe(2);
    expect((await list('&from=2026-01-11&to=2026-01-12T23:00:00Z')).items).toEqual([]);
    expect(
      (await list('&from=2026-01-12T23:30:00Z&to=2026-01-20T08:00:00.001Z')).items.map(
        (e) => e.action,
      ),
    ).toEqual(['vip.add', 'order.cancelled']);
    expect(
      (await list('&action=vip.add&from=2026-01-01&to=2026-01-31')).items.map((e) => e.action),
    ).toEqual(['vip.add']);
  });

  it("filters by target: an order's entries, a seat's (its binds and the admin's edits), a customer's", async () => {
    const byOrder = await list(`&target=${paid.orderId}`);
    expect(byOrder.items.map((e) => e.action)).toEqual(['order.paid']);
    expect((await list(`&target=${paid.orderId.toLowerCase()}`)).items).toHaveLength(1);

    const bySeat = await list(`&target=${seat.id.toUpperCase()}`);
    expect(bySeat.items.map((e) => e.action).sort()).toEqual(['license.bind', 'license.domain']);
    for (const entry of bySeat.items)
      expect(entry).toMatchObject({
        licenseId: seat.id,
        seatIndex: seat.seat_index,
        customerId: buyer.userId,
        customerEmail: buyer.email,
      });
    // The customer's bind: the customer acted (by e-mail), not an admin.
    expect(bySeat.items.find((e) => e.action === 'license.bind')).toMatchObject({
      actorKind: 'customer',
      actorEmail: buyer.email,
      target: seat.id,
    });

    // A customer: their order, their seat's entries, the VIP address; not the other customer's.
    const byCustomer = await list(`&target=${encodeURIComponent(buyer.email.toUpperCase())}`);
    expect(byCustomer.items.map((e) => e.action).sort()).toEqual([
      'license.bind',
      'license.domain',
      'order.paid',
      'vip.add',
    ]);
    expect(byCustomer.items.every((e) => e.customerId === buyer.userId)).toBe(true);
    const canceller_ = await list(`&target=${encodeURIComponent(canceller.email)}`);
    expect(canceller_.items.map((e) => e.action)).toEqual(['order.cancelled']);

    // With the other filters; an unknown target finds nothing.
    expect((await list(`&target=${seat.id}&action=license.bind`)).items).toHaveLength(1);
    expect(
      (
        await list(`&target=${encodeURIComponent(buyer.email)}&from=2026-01-10&to=2026-01-10`)
      ).items.map((e) => e.action),
    ).toEqual(['order.paid']);
    expect((await list('&target=SK20000101000000000000000000')).items).toEqual([]);
    expect((await list('&target=nobody%40nowhere.example')).pagination.total).toBe(0);
  });

  it('resolves a page of entries in a bounded number of reads, however many entries it holds', async () => {
    const conn = em(running).getConnection();
    for (let i = 0; i < 30; i++)
      await conn.execute(
        `insert into audit_entries (id, actor, action, target, created_at) values (gen_random_uuid(), ?, 'license.domain', ?, now())`,
        [ADMIN_EMAIL, `${seat.id} (seat ${seat.seat_index})`],
      );
    const queries: string[] = [];
    const original = conn.execute.bind(conn);
    const spy = jest.spyOn(conn, 'execute').mockImplementation(((
      ...args: Parameters<typeof original>
    ) => {
      queries.push(String(args[0]));
      return original(...args);
    }) as typeof conn.execute);
    try {
      const page = await list(`&target=${seat.id}`);
      expect(page.items.length).toBeGreaterThan(30);
      expect(page.items.every((e) => e.seatIndex === seat.seat_index)).toBe(true);
    } finally {
      spy.mockRestore();
    }
    // The page (its count with it) and its links: one read each, not one per entry.
    expect(queries.filter((q) => q.includes('from audit_entries'))).toHaveLength(1);
    expect(queries.filter((q) => q.includes(' as kind'))).toHaveLength(1);
    await conn.execute(
      `delete from audit_entries where action = 'license.domain' and actor = ? and before is null`,
      [ADMIN_EMAIL],
    );
  });

  it.each([
    [
      '&target=SAVE10',
      "target must be a customer's e-mail, an order number or a seat id",
      'VALIDATION_FAILED',
    ],
    [
      '&target=SK123',
      "target must be a customer's e-mail, an order number or a seat id",
      'VALIDATION_FAILED',
    ],
    ['&from=yesterday', 'from must be an ISO 8601 date', 'VALIDATION_FAILED'],
    ['&to=2026-13-01', 'to must be an ISO 8601 date', 'VALIDATION_FAILED'],
    ['&action=DROP%20TABLE', 'action must be an action name such as vip.add', 'VALIDATION_FAILED'],
    ['&from=2026-02-01&to=2026-01-01', 'to must be after from', 'AUDIT_DATES_INVALID'],
  ])('refuses %s with a 400', async (query, message, code) => {
    const res = await admin.get(`/api/admin/audit?pageSize=50${query}`).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message, code });
  });
});
