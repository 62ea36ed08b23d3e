import { randomUUID } from 'node:crypto';
import { ADMIN_EMAIL, signIn, withFreshApp } from './support/app';
import type { RunningApp } from './support/app';
import { em } from './support/factories';

/**
 * The money of the orders (docs/product.md, "Orders /admin/orders"): the orders list's paid, refunded and
 * net for a date filter, the dashboard's same three figures for the period of those dates, and a raw SQL
 * sum over the orders created in the seller's days (Asia/Shanghai, not UTC's) agree to the cent, with
 * orders paid, refunded, upgraded then refunded, cancelled, pending, free and internal on both sides of
 * each period's edges.
 */

interface Money {
  paidTotal: number;
  refundedTotal: number;
  netTotal: number;
}
interface Period {
  key: 'today' | 'last7' | 'last30' | 'all';
  fromDay: string | null;
  toDay: string;
  orderMoney: Money;
}

/** The date n days from today in Shanghai, computed here without the code under test. */
const shanghaiDate = (n: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
};
/** A Shanghai wall-clock time (UTC+8, no summer time) n days from today. */
const shanghai = (n: number, time: string) => new Date(`${shanghaiDate(n)}T${time}+08:00`);

describe('order money: the orders list, the dashboard and the database agree to the cent', () => {
  let running: RunningApp;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];
  const sql = <T = unknown>(text: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(text, params);

  withFreshApp({}, async (app) => {
    running = app;
    admin = (await signIn(app.url, ADMIN_EMAIL)).agent;
    const userId = randomUUID();
    await sql('insert into users (id, name, email) values (?, ?, ?)', [
      userId,
      'money',
      'money@orders.example',
    ]);
    let n = 0;
    const order = (
      createdAt: Date,
      amount: number,
      f: {
        status?: string;
        gateway?: string;
        tier?: string;
        listPrice?: number;
        from?: string;
        discount?: number;
      } = {},
    ) => {
      const status = f.status ?? 'paid';
      const paid = status === 'paid' || status === 'refunded';
      return sql(
        `insert into orders (id, order_id, user_id, product_name, subscription_tier, upgraded_from_tier, seat_count,
                             list_price, discount_amount, amount, payment_gateway, status, paid_at, refunded_at,
                             refund_status, cancelled_at, created_at)
         values (?, ?, ?, 'plan', ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          randomUUID(),
          `SKMONEY${++n}`,
          userId,
          f.tier ?? 'pro',
          f.from ?? null,
          f.listPrice ?? amount,
          f.discount ?? 0,
          amount,
          f.gateway ?? 'alipay',
          status,
          paid ? createdAt : null,
          status === 'refunded' ? new Date() : null,
          status === 'refunded' ? 'succeeded' : null,
          status === 'cancelled' ? createdAt : null,
          createdAt,
        ],
      );
    };
    // Today (Shanghai): paid, a 30-second-old day's first order, refunded, pending, cancelled, free, internal.
    await order(shanghai(0, '00:00:30'), 69900);
    await order(shanghai(0, '09:00:00'), 169900, { status: 'refunded', gateway: 'wechat' });
    await order(shanghai(0, '10:00:00'), 99900, { status: 'pending' });
    await order(shanghai(0, '10:05:00'), 99900, { status: 'cancelled' });
    await order(shanghai(0, '11:00:00'), 0, { listPrice: 69900, discount: 69900, gateway: 'free' });
    await order(shanghai(0, '12:00:00'), 0, { gateway: 'internal', tier: 'vip' });
    // Yesterday 23:59:30 Shanghai: the same UTC day as today's first order, another seller's day.
    await order(shanghai(-1, '23:59:30'), 30000, { tier: 'basic' });
    // An upgrade (Basic → Max: list price less the plan owned, less a discount), refunded; its Basic stands.
    await order(shanghai(-3, '08:00:00'), 69900, { tier: 'basic' });
    await order(shanghai(-3, '09:00:00'), 918000, {
      status: 'refunded',
      tier: 'ultra',
      from: 'basic',
      listPrice: 998000,
      discount: 10100,
    });
    // The edges of the last 7 days: its first day's first second, and the last second before it.
    await order(shanghai(-6, '00:00:00'), 12345);
    await order(shanghai(-7, '23:59:59'), 54321, { status: 'refunded' });
    // The edges of the last 30 days.
    await order(shanghai(-29, '00:00:01'), 11111, { gateway: 'sandbox' });
    await order(shanghai(-30, '23:59:58'), 22222);
    // Long ago, and an expired order.
    await order(shanghai(-200, '12:00:00'), 500000, { status: 'refunded' });
    await order(shanghai(-200, '13:00:00'), 500000, { status: 'expired' });
  });

  /** The raw sums of the orders created in [from, to), by a plain SQL of the definition. */
  const raw = async (from: Date | null, to: Date): Promise<Money> => {
    const [row] = await sql<{ paid: string | number; refunded: string | number }>(
      `select coalesce(sum(amount) filter (where status in ('paid', 'refunded')), 0) as paid,
              coalesce(sum(amount) filter (where status = 'refunded'), 0) as refunded
       from orders where payment_gateway <> 'internal' and created_at < ? ${from ? 'and created_at >= ?' : ''}`,
      from ? [to, from] : [to],
    );
    const paidTotal = Number(row.paid);
    const refundedTotal = Number(row.refunded);
    return { paidTotal, refundedTotal, netTotal: paidTotal - refundedTotal };
  };
  const listed = async (query: string): Promise<Money> => {
    const { paidTotal, refundedTotal, netTotal } = (
      await admin.get(`/api/admin/orders${query}`).expect(200)
    ).body as Money;
    return { paidTotal, refundedTotal, netTotal };
  };

  it('gives the same paid, refunded and net for each dashboard period and its dates on the orders list', async () => {
    const periods = (await admin.get('/api/admin/dashboard').expect(200)).body.periods as Period[];
    const tomorrow = shanghai(1, '00:00:00');
    const expected: Record<Period['key'], Money> = {
      // 699 + 1699 (refunded) + 0 (free): pending, cancelled and internal move nothing.
      today: { paidTotal: 239800, refundedTotal: 169900, netTotal: 69900 },
      last7: {
        paidTotal: 239800 + 30000 + 69900 + 918000 + 12345,
        refundedTotal: 169900 + 918000,
        netTotal: 69900 + 30000 + 69900 + 12345,
      },
      last30: {
        paidTotal: 239800 + 30000 + 69900 + 918000 + 12345 + 54321 + 11111,
        refundedTotal: 169900 + 918000 + 54321,
        netTotal: 69900 + 30000 + 69900 + 12345 + 11111,
      },
      all: {
        paidTotal: 239800 + 30000 + 69900 + 918000 + 12345 + 54321 + 11111 + 22222 + 500000,
        refundedTotal: 169900 + 918000 + 54321 + 500000,
        netTotal: 69900 + 30000 + 69900 + 12345 + 11111 + 22222,
      },
    };
    const firstDay = { today: 0, last7: -6, last30: -29, all: null } as const;
    expect(periods.map((p) => p.key)).toEqual(['today', 'last7', 'last30', 'all']);
    for (const p of periods) {
      const first = firstDay[p.key];
      expect(p.fromDay).toBe(first === null ? null : shanghaiDate(first));
      expect(p.toDay).toBe(shanghaiDate(0));
      expect(p.orderMoney).toEqual(expected[p.key]);
      const query = p.fromDay ? `?from=${p.fromDay}&to=${p.toDay}` : `?to=${p.toDay}`;
      expect(await listed(query)).toEqual(expected[p.key]);
      const from = first === null ? null : shanghai(first, '00:00:00');
      expect(await raw(from, tomorrow)).toEqual(expected[p.key]);
    }
  });

  it('cuts days at the seller’s midnight: yesterday 23:59:30 and today 00:00:30 are two days', async () => {
    const yesterday = shanghaiDate(-1);
    expect(await listed(`?from=${yesterday}&to=${yesterday}`)).toEqual({
      paidTotal: 30000,
      refundedTotal: 0,
      netTotal: 30000,
    });
    expect(await raw(shanghai(-1, '00:00:00'), shanghai(0, '00:00:00'))).toEqual({
      paidTotal: 30000,
      refundedTotal: 0,
      netTotal: 30000,
    });
    // The list's other filters narrow its money like its rows: the refunded orders alone.
    expect(await listed(`?status=refunded&from=${shanghaiDate(-6)}`)).toEqual({
      paidTotal: 169900 + 918000,
      refundedTotal: 169900 + 918000,
      netTotal: 0,
    });
  });
});
