import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DashboardService } from '../src/dashboard/dashboard.service';
import { SandboxGateway } from '../src/payments/gateways/sandbox.gateway';
import { User } from '../src/users/user.entity';
import { UsersService } from '../src/users/users.service';
import { ADMIN_EMAIL, QUIZ_MANAGER_EMAIL, signIn, TEST_SECRET, withFreshApp } from './support/app';
import type { RunningApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { liveDashboard } from './support/dashboard-reference';
import { em } from './support/factories';

/**
 * The seller's dashboard (docs/product.md, back office) against hand-computed fixtures: figures per
 * period with the period before, refunds subtracted, the seller's days (Asia/Shanghai) rather than UTC's,
 * the day series, the shares, and an empty store.
 */

interface Figures {
  revenue: number;
  orders: number;
  payingCustomers: number;
  signUps: number;
  seatsSold: number;
  seatsBound: number;
  refunds: number;
  refundAmount: number;
}
interface Dashboard {
  timeZone: string;
  today: string;
  periods: {
    key: string;
    from: string | null;
    to: string;
    current: Figures;
    previous: Figures | null;
  }[];
  revenueByDay: Record<'last30' | 'last90', { date: string; revenue: number; orders: number }[]>;
  ordersByPlan: Record<'last30' | 'allTime', { key: string; orders: number; revenue: number }[]>;
  paymentMethods: Record<'last30' | 'allTime', { key: string; orders: number; revenue: number }[]>;
}

/** The date n days from today in Shanghai, computed here without the code under test. */
const shanghaiDate = (n: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
};
/** An instant given as a Shanghai wall-clock time (UTC+8, no summer time) n days from today. */
const shanghai = (n: number, time: string) => new Date(`${shanghaiDate(n)}T${time}+08:00`);

const zero: Figures = {
  revenue: 0,
  orders: 0,
  payingCustomers: 0,
  signUps: 0,
  seatsSold: 0,
  seatsBound: 0,
  refunds: 0,
  refundAmount: 0,
};

describe('admin dashboard: figures, series and shares in the seller’s days', () => {
  let running: RunningApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];
  let buyer: Awaited<ReturnType<typeof customer>>;
  let quiz: Awaited<ReturnType<typeof signIn>>['agent'];

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
    quiz = (await signIn(base, QUIZ_MANAGER_EMAIL)).agent;
    buyer = await customer(base);
    const conn = em(running).getConnection();
    // The three signed-in accounts are old (T-100): they count only in all time's sign-ups.
    await conn.execute('update users set created_at = ?', [shanghai(-100, '12:00:00')]);

    const user = async (name: string, createdAt: Date) => {
      const id = randomUUID();
      await conn.execute('insert into users (id, name, email, created_at) values (?, ?, ?, ?)', [
        id,
        name,
        `${name}@dashboard.example`,
        createdAt,
      ]);
      return id;
    };
    const u1 = await user('u1', shanghai(0, '09:00:00'));
    const u2 = await user('u2', shanghai(-1, '10:00:00'));
    const u3 = await user('u3', shanghai(-10, '12:00:00'));
    const u4 = await user('u4', shanghai(-40, '12:00:00'));
    const u5 = await user('u5', shanghai(-100, '12:00:00'));

    let n = 0;
    const order = async (
      userId: string,
      tier: string,
      amount: number,
      gateway: string,
      paidAt: Date | null,
      extra: { status?: string; refundedAt?: Date } = {},
    ) => {
      const id = randomUUID();
      await conn.execute(
        `insert into orders (id, order_id, user_id, product_name, subscription_tier, seat_count, list_price, amount,
                             payment_gateway, status, paid_at, refunded_at, refund_status, created_at)
         values (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          `SKDASH${++n}`,
          userId,
          tier,
          tier,
          amount,
          amount,
          gateway,
          extra.status ?? (paidAt ? 'paid' : 'pending'),
          paidAt,
          extra.refundedAt ?? null,
          extra.refundedAt ? 'succeeded' : null,
          paidAt ?? new Date(),
        ],
      );
      return id;
    };
    const seats = async (
      userId: string,
      orderId: string,
      count: number,
      purchasedAt: Date,
      o: { bound?: number; revoked?: boolean; firstIndex?: number } = {},
    ) => {
      for (let i = 0; i < count; i++)
        await conn.execute(
          `insert into licenses (id, user_id, purchase_tier, seat_index, website_url, order_id, purchased_at, revoked_at)
           values (?, ?, 'pro', ?, ?, ?, ?, ?)`,
          [
            randomUUID(),
            userId,
            (o.firstIndex ?? 1) + i,
            i < (o.bound ?? 0)
              ? `https://s${(o.firstIndex ?? 1) + i}.${userId.slice(0, 8)}.example`
              : null,
            orderId,
            purchasedAt,
            o.revoked ? shanghai(-3, '15:00:00') : null,
          ],
        );
    };
    // T is the seller's today (Shanghai). Amounts in cents.
    // A: u1 Basic ¥699 by sandbox, today; 1 seat, bound.
    const a = await order(u1, 'basic', 69900, 'sandbox', shanghai(0, '00:10:00'));
    await seats(u1, a, 1, shanghai(0, '00:10:00'), { bound: 1 });
    // B: u2 Pro ¥1699 by Alipay at 23:30 on T-2 (15:30 UTC); 5 seats, 2 bound.
    const b = await order(u2, 'pro', 169900, 'alipay', shanghai(-2, '23:30:00'));
    await seats(u2, b, 5, shanghai(-2, '23:30:00'), { bound: 2 });
    // C: u5 Basic ¥699 by WeChat Pay at 00:30 on T-1 (16:30 UTC on T-2: the same UTC day as B); 1 seat.
    const c = await order(u5, 'basic', 69900, 'wechat', shanghai(-1, '00:30:00'));
    await seats(u5, c, 1, shanghai(-1, '00:30:00'));
    // D: u3 Max ¥9980 by Alipay on T-10, refunded on T-3: 10 seats, revoked (3 had domains).
    const d = await order(u3, 'ultra', 998000, 'alipay', shanghai(-10, '12:00:00'), {
      status: 'refunded',
      refundedAt: shanghai(-3, '15:00:00'),
    });
    await seats(u3, d, 10, shanghai(-10, '12:00:00'), { bound: 3, revoked: true });
    // E: u4 Pro ¥1699 by WeChat Pay on T-40; 5 seats, all bound.
    const e = await order(u4, 'pro', 169900, 'wechat', shanghai(-40, '12:00:00'));
    await seats(u4, e, 5, shanghai(-40, '12:00:00'), { bound: 5 });
    // F: u4's VIP grant today, an internal zero-amount order: not a sale, its 2 seats not sold.
    const f = await order(u4, 'vip', 0, 'internal', shanghai(0, '00:20:00'));
    await seats(u4, f, 2, shanghai(0, '00:20:00'), { bound: 1, firstIndex: 6 });
    // G: u1's pending order today: not a sale.
    await order(u1, 'pro', 100000, 'sandbox', null);
    // H: u3 Basic ¥699 by sandbox on T-45, refunded today at 00:05; 1 seat, revoked.
    const h = await order(u3, 'basic', 69900, 'sandbox', shanghai(-45, '12:00:00'), {
      status: 'refunded',
      refundedAt: shanghai(0, '00:05:00'),
    });
    await seats(u3, h, 1, shanghai(-45, '12:00:00'), { revoked: true, firstIndex: 11 });
  });

  const dashboard = async () =>
    (await admin.get('/api/admin/dashboard').expect(200)).body as Dashboard;
  const period = (d: Dashboard, key: string) => d.periods.find((p) => p.key === key)!;

  it('is for admins only: 401 anonymous, 403 for customers and quiz managers', async () => {
    expect((await request(base).get('/api/admin/dashboard').expect(401)).body).toEqual(
      errorOf('User not authenticated', 401),
    );
    expect((await buyer.agent.get('/api/admin/dashboard').expect(403)).body).toEqual(
      errorOf('Admin access required', 403),
    );
    await quiz.get('/api/admin/dashboard').expect(403);
  });

  it('answers today in Shanghai with its window', async () => {
    const d = await dashboard();
    expect(d.timeZone).toBe('Asia/Shanghai');
    expect(d.today).toBe(shanghaiDate(0));
    expect(period(d, 'today').from).toBe(shanghai(0, '00:00:00').toISOString());
    expect(period(d, 'today').to).toBe(shanghai(1, '00:00:00').toISOString());
    expect(period(d, 'all').from).toBeNull();
  });

  it('counts today and yesterday by Shanghai days, refunds subtracted from revenue', async () => {
    const today = period(await dashboard(), 'today');
    // A paid (¥699), H refunded (¥699): revenue 0; u1 signed up; A's seat sold and bound.
    expect(today.current).toEqual({
      revenue: 0,
      orders: 1,
      payingCustomers: 1,
      signUps: 1,
      seatsSold: 1,
      seatsBound: 1,
      refunds: 1,
      refundAmount: 69900,
    });
    // Yesterday: only C (00:30 Shanghai); B at 23:30 the day before is not in it although it is the
    // same UTC day. u2 signed up.
    expect(today.previous).toEqual({
      ...zero,
      revenue: 69900,
      orders: 1,
      payingCustomers: 1,
      signUps: 1,
      seatsSold: 1,
    });
  });

  it('compares the last 7 and 30 days with the periods before them', async () => {
    const d = await dashboard();
    // Last 7 days: A, B, C paid (¥3097); D (¥9980) and H (¥699) refunded.
    expect(period(d, 'last7').current).toEqual({
      revenue: 309700 - 1067900,
      orders: 3,
      payingCustomers: 3,
      signUps: 2,
      seatsSold: 7,
      seatsBound: 3,
      refunds: 2,
      refundAmount: 1067900,
    });
    // T-13..T-7: D paid; u3 signed up; D's 10 seats sold, revoked since, so none bound.
    expect(period(d, 'last7').previous).toEqual({
      ...zero,
      revenue: 998000,
      orders: 1,
      payingCustomers: 1,
      signUps: 1,
      seatsSold: 10,
    });
    // Last 30 days: A, B, C, D paid (¥13077), D and H refunded (¥10679).
    expect(period(d, 'last30').current).toEqual({
      revenue: 1307700 - 1067900,
      orders: 4,
      payingCustomers: 4,
      signUps: 3,
      seatsSold: 17,
      seatsBound: 3,
      refunds: 2,
      refundAmount: 1067900,
    });
    // T-59..T-30: E and H paid (H's refund came later); u4 signed up.
    expect(period(d, 'last30').previous).toEqual({
      ...zero,
      revenue: 239800,
      orders: 2,
      payingCustomers: 2,
      signUps: 1,
      seatsSold: 6,
      seatsBound: 5,
    });
  });

  it('sums all time without a previous period, internal and pending orders aside', async () => {
    const all = period(await dashboard(), 'all');
    expect(all.current).toEqual({
      revenue: 1547500 - 1067900,
      orders: 6,
      payingCustomers: 5,
      signUps: 8,
      seatsSold: 23,
      seatsBound: 8,
      refunds: 2,
      refundAmount: 1067900,
    });
    expect(all.previous).toBeNull();
  });

  it('gives revenue per Shanghai day, zero-filled, for 30 and 90 days', async () => {
    const d = await dashboard();
    const { last30, last90 } = d.revenueByDay;
    expect(last30).toHaveLength(30);
    expect(last90).toHaveLength(90);
    expect(last30[29].date).toBe(shanghaiDate(0));
    expect(last30[0].date).toBe(shanghaiDate(-29));
    expect(last90[0].date).toBe(shanghaiDate(-89));
    const day = (n: number) => last90.find((x) => x.date === shanghaiDate(n));
    expect(day(0)).toEqual({ date: shanghaiDate(0), revenue: 0, orders: 1 });
    expect(day(-1)).toEqual({ date: shanghaiDate(-1), revenue: 69900, orders: 1 });
    expect(day(-2)).toEqual({ date: shanghaiDate(-2), revenue: 169900, orders: 1 });
    expect(day(-3)).toEqual({ date: shanghaiDate(-3), revenue: -998000, orders: 0 });
    expect(day(-10)).toEqual({ date: shanghaiDate(-10), revenue: 998000, orders: 1 });
    expect(day(-40)).toEqual({ date: shanghaiDate(-40), revenue: 169900, orders: 1 });
    expect(day(-45)).toEqual({ date: shanghaiDate(-45), revenue: 69900, orders: 1 });
    expect(day(-4)).toEqual({ date: shanghaiDate(-4), revenue: 0, orders: 0 });
    // The days add up to the periods' revenue.
    const sum = (days: { revenue: number }[]) => days.reduce((s, x) => s + x.revenue, 0);
    expect(sum(last30)).toBe(period(d, 'last30').current.revenue);
    expect(sum(last90)).toBe(period(d, 'all').current.revenue);
  });

  it('breaks sales down by plan and by payment method, most first', async () => {
    const d = await dashboard();
    expect(d.ordersByPlan.last30).toEqual([
      { key: 'basic', orders: 2, revenue: 139800 },
      { key: 'ultra', orders: 1, revenue: 998000 },
      { key: 'pro', orders: 1, revenue: 169900 },
    ]);
    expect(d.ordersByPlan.allTime).toEqual([
      { key: 'basic', orders: 3, revenue: 209700 },
      { key: 'pro', orders: 2, revenue: 339800 },
      { key: 'ultra', orders: 1, revenue: 998000 },
    ]);
    expect(d.paymentMethods.last30).toEqual([
      { key: 'alipay', orders: 2, revenue: 1167900 },
      { key: 'sandbox', orders: 1, revenue: 69900 },
      { key: 'wechat', orders: 1, revenue: 69900 },
    ]);
    expect(d.paymentMethods.allTime).toEqual([
      { key: 'alipay', orders: 2, revenue: 1167900 },
      { key: 'wechat', orders: 2, revenue: 239800 },
      { key: 'sandbox', orders: 2, revenue: 139800 },
    ]);
  });
});

describe('admin dashboard: an empty store', () => {
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];
  withFreshApp({ SELLER_TIME_ZONE: 'Europe/Paris' }, async (app) => {
    admin = (await signIn(app.url, ADMIN_EMAIL)).agent;
  });

  it('answers zeros, zero-filled days and no shares (the admin is the one sign-up)', async () => {
    const d = (await admin.get('/api/admin/dashboard').expect(200)).body as Dashboard;
    expect(d.timeZone).toBe('Europe/Paris');
    expect(d.today).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()),
    );
    for (const p of d.periods) {
      expect(p.current).toEqual({ ...zero, signUps: 1 });
      if (p.key !== 'all') expect(p.previous).toEqual(zero);
    }
    expect(d.revenueByDay.last30.every((x) => x.revenue === 0 && x.orders === 0)).toBe(true);
    expect(d.revenueByDay.last90).toHaveLength(90);
    expect(d.ordersByPlan).toEqual({ last30: [], allTime: [] });
    expect(d.paymentMethods).toEqual({ last30: [], allTime: [] });
  });
});

/**
 * The roll-ups (docs/architecture.md, "The dashboard's roll-ups") follow every change in the same
 * transaction: after each step the whole answer equals the live SQL definitions (support/
 * dashboard-reference.ts) to the cent, besides the figures checked by hand.
 */
describe('admin dashboard: roll-ups kept with every change, equal to the live definitions', () => {
  let running: RunningApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];
  const sandbox = new SandboxGateway(TEST_SECRET);
  let paid: { userId: string; orderId: string; id: string };

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const sql = (text: string, params: unknown[] = []) =>
    em(running).getConnection().execute(text, params);
  /** A PostgreSQL array literal (the driver would spread a JavaScript array into a list). */
  const list = (xs: readonly (string | number)[]) => `{${xs.join(',')}}`;
  /** The answer, checked against the live queries at the same instant. */
  const checked = async () => {
    const { generatedAt, ...d } = (await admin.get('/api/admin/dashboard').expect(200))
      .body as Dashboard & { generatedAt: string };
    expect(d).toEqual(await liveDashboard(em(running), 'Asia/Shanghai', new Date(generatedAt)));
    return d;
  };
  const today = (d: Dashboard) => d.periods.find((p) => p.key === 'today')!.current;
  const all = (d: Dashboard) => d.periods.find((p) => p.key === 'all')!.current;
  const day = (d: Dashboard, n: number) =>
    d.revenueByDay.last90.find((x) => x.date === shanghaiDate(n));

  it('counts a payment once when the same notification arrives 20 times at once', async () => {
    const before = await checked();
    const c = await customer(base);
    const created = (
      await c.post('/api/payments/create').send({ subscriptionTier: 'pro' }).expect(200)
    ).body;
    const note = sandbox.notification(created.orderId, 169900);
    const notify = () => request(base).post('/api/payments/notify/sandbox').type('form').send(note);
    const answers = await Promise.all(Array.from({ length: 20 }, notify));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const after = await checked();
    expect(today(after)).toEqual({
      ...today(before),
      revenue: today(before).revenue + 169900,
      orders: today(before).orders + 1,
      payingCustomers: today(before).payingCustomers + 1,
      signUps: today(before).signUps + 1,
      seatsSold: today(before).seatsSold + 5,
    });
    expect(all(after).orders).toBe(all(before).orders + 1);
    const [row] = await sql('select id from orders where order_id = ?', [created.orderId]);
    paid = { userId: c.userId, orderId: created.orderId, id: row.id };
  });

  it('splits the days at Shanghai midnight when a payment moves across it', async () => {
    const move = (at: Date) =>
      sql('update orders set paid_at = ? where id = ?', [at, paid.id]).then(checked);
    // 23:59:59.999 on T-3 in Shanghai is 15:59:59.999 UTC; midnight starting T-2 is 16:00 UTC.
    let d = await move(new Date(shanghai(-2, '00:00:00').getTime() - 1));
    expect(day(d, -3)).toMatchObject({ revenue: 169900, orders: 1 });
    expect(day(d, -2)).toMatchObject({ revenue: 0, orders: 0 });
    expect(today(d).orders).toBe(0);
    d = await move(shanghai(-2, '00:00:00'));
    expect(day(d, -3)).toMatchObject({ revenue: 0, orders: 0 });
    expect(day(d, -2)).toMatchObject({ revenue: 169900, orders: 1 });
    expect(d.periods.find((p) => p.key === 'last7')!.current.payingCustomers).toBe(1);
  });

  it('dates a refund of an order paid on a closed day by the refund, leaving that day as it was', async () => {
    await sql(
      `update licenses set website_url = 'https://bound.dashboard.example' where order_id = ?
                 and seat_index = 1`,
      [paid.id],
    );
    const before = await checked();
    expect(all(before).seatsBound).toBe(1);
    await admin
      .post(`/api/admin/orders/${paid.orderId}/refund`)
      .set('Origin', base)
      .send({ reason: 'customer asked' })
      .expect(200);
    const d = await checked();
    expect(day(d, -2)).toMatchObject({ revenue: 169900, orders: 1 });
    expect(day(d, 0)).toMatchObject({ revenue: -169900, orders: 0 });
    expect(today(d)).toMatchObject({ refunds: 1, refundAmount: 169900, revenue: -169900 });
    // Its seats were revoked: still sold on T-2, no longer bound.
    expect(all(d)).toMatchObject({ seatsSold: 5, seatsBound: 0, orders: 1, payingCustomers: 1 });
  });

  it('follows seats, internal orders, statements of many rows and deleted customers', async () => {
    const users = Array.from({ length: 4 }, () => randomUUID());
    // Four customers in one statement, created on T-5 and T-1 in Shanghai.
    await sql(
      `insert into users (id, name, email, google_sub, created_at)
       select u, 'bulk', u || '@dashboard.example', u, case when n % 2 = 0 then ?::timestamptz else ?::timestamptz end
       from unnest(?::uuid[]) with ordinality t(u, n)`,
      [shanghai(-5, '08:00:00'), shanghai(-1, '23:59:59'), list(users)],
    );
    // Orders for them in one statement: two customers pay twice (days apart), one pays on a day 40 ago.
    const orderRows = [
      [users[0], -1, 'basic', 'alipay'],
      [users[0], -4, 'pro', 'wechat'],
      [users[1], -1, 'basic', 'sandbox'],
      [users[1], -1, 'ultra', 'alipay'],
      [users[2], -40, 'pro', 'wechat'],
      [users[3], 0, 'vip', 'internal'],
    ] as const;
    const ids = orderRows.map(() => randomUUID());
    await sql(
      `insert into orders (id, order_id, user_id, product_name, subscription_tier, seat_count, list_price, amount,
                           payment_gateway, status, paid_at, created_at)
       select t.id, 'SKROLL' || t.n, t.u, t.tier, t.tier, 2, 1000 * t.n, case when t.gw = 'internal' then 0 else 1000 * t.n end,
              t.gw, 'paid', now() + (t.d || ' days')::interval, now()
       from unnest(?::uuid[], ?::uuid[], ?::int[], ?::text[], ?::text[]) with ordinality t(id, u, d, tier, gw, n)`,
      [
        list(ids),
        list(orderRows.map((o) => o[0])),
        list(orderRows.map((o) => o[1])),
        list(orderRows.map((o) => o[2])),
        list(orderRows.map((o) => o[3])),
      ],
    );
    // Two seats per order in one statement, one of them bound.
    await sql(
      `insert into licenses (id, user_id, purchase_tier, seat_index, website_url, order_id, purchased_at)
       select gen_random_uuid(), o.user_id, o.subscription_tier, 10 * o.n + s,
              case when s = 1 then 'https://s' || o.n || '.dashboard.example' end, o.id, o.paid_at
       from (select o.*, row_number() over (order by o.order_id) as n from orders o where o.id = any(?::uuid[])) o,
            generate_series(1, 2) s`,
      [list(ids)],
    );
    let d = await checked();
    expect(all(d).payingCustomers).toBe(4); // the refunded customer and three of the four
    // The internal order's seats are not sold; once it is a sandbox sale they are, and back.
    await sql(`update orders set payment_gateway = 'sandbox', amount = 500 where id = ?`, [ids[5]]);
    d = await checked();
    expect(all(d).payingCustomers).toBe(5);
    await sql(`update orders set payment_gateway = 'internal', amount = 0 where id = ?`, [ids[5]]);
    await checked();
    // Bindings change, a seat is revoked, one is deleted, one moves to another order.
    await sql(
      `update licenses set website_url = null where order_id = ? and website_url is not null`,
      [ids[0]],
    );
    await sql(`update licenses set revoked_at = now() where order_id = ?`, [ids[4]]);
    await sql(`delete from licenses where order_id = ? and seat_index % 10 = 2`, [ids[1]]);
    await sql(`update licenses set order_id = ? where order_id = ? and seat_index % 10 = 1`, [
      ids[5],
      ids[2],
    ]);
    await checked();
    // A customer's earlier sale disappears (expired by hand) and comes back on another day.
    await sql(`update orders set status = 'expired' where id = ?`, [ids[1]]);
    await checked();
    await sql(
      `update orders set status = 'paid', paid_at = now() - interval '20 days' where id = ?`,
      [ids[1]],
    );
    await checked();
    // A customer closes their account: the seats go by cascade, the orders stay (accounting records) under
    // a placeholder account, which counts as the paying customer it was (docs/rules.md, "Closing an account").
    const leaving = await em(running).findOneOrFail(User, users[1]);
    await running.app.get(UsersService).delete(leaving);
    d = await checked();
    expect(all(d).payingCustomers).toBe(4);
    expect(
      await sql(`select count(*)::int as n from orders o join users u on u.id = o.user_id
                 where u.email like 'deleted-%@deleted.invalid'`),
    ).toEqual([{ n: expect.any(Number) }]);
    // Folding the change rows and rebuilding them from the tables change nothing.
    const service = running.app.get(DashboardService);
    await service.compact();
    await checked();
    // Folded as if 400 days had passed: every day undated, all time unchanged.
    await service.compact(new Date(Date.now() + 400 * 86_400_000));
    const folded = (await admin.get('/api/admin/dashboard').expect(200)).body as Dashboard;
    expect(all(folded)).toEqual(all(d));
    expect(today(folded)).toEqual(zero);
    await sql(`select dashboard_rebuild('Asia/Shanghai')`);
    expect(await checked()).toEqual(d);
  });
});
