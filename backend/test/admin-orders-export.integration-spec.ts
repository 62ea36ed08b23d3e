import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ADMIN_EMAIL, QUIZ_MANAGER_EMAIL, signIn, withFreshApp } from './support/app';
import type { RunningApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { em } from './support/factories';
import { parseCsv } from './support/csv';

const BOM = '\uFEFF';
const shanghaiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** The admin orders CSV export (docs/product.md, "Orders CSV export"). */
describe('admin orders export (CSV)', () => {
  let running: RunningApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
    const conn = em(running).getConnection();
    const user = async (email: string) => {
      const id = randomUUID();
      await conn.execute('insert into users (id, name, email) values (?, ?, ?)', [id, 'n', email]);
      return id;
    };
    const plain = await user('plain@export.example');
    const hostile = await user('=cmd@export.example');
    const order = (
      userId: string,
      n: string,
      f: Partial<Record<string, unknown>> & { amount: number; createdAt: string },
    ) =>
      conn.execute(
        `insert into orders (id, order_id, user_id, product_name, subscription_tier, seat_count, list_price, amount,
                             discount_amount, discount_code, payment_gateway, payment_method, status, paid_at,
                             refunded_at, refund_status, metadata, created_at)
         values (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          randomUUID(),
          n,
          userId,
          f.productName ?? 'Pro 套餐',
          f.tier ?? 'pro',
          f.listPrice ?? f.amount,
          f.amount,
          f.discountAmount ?? 0,
          f.discountCode ?? null,
          f.gateway ?? 'alipay',
          f.method ?? null,
          f.status ?? 'paid',
          f.paidAt ?? (f.status === 'pending' ? null : f.createdAt),
          f.refundedAt ?? null,
          f.refundedAt ? 'succeeded' : null,
          f.tradeNo ? JSON.stringify({ tradeNo: f.tradeNo }) : null,
          f.createdAt,
        ],
      );
    // 15:30 UTC is 23:30 in Shanghai.
    await order(plain, 'SKEXP1', {
      amount: 169900,
      createdAt: '2026-01-10T15:30:00Z',
      tradeNo: '2026011022001',
    });
    await order(plain, 'SKEXP2', {
      amount: 59900,
      listPrice: 69900,
      discountAmount: 10000,
      discountCode: 'SPRING',
      tier: 'basic',
      productName: 'Basic, "plus"\nsecond line',
      gateway: 'wechat',
      createdAt: '2026-01-12T01:00:00Z',
      status: 'refunded',
      refundedAt: '2026-01-13T02:00:05Z',
      tradeNo: '@SUM(A1)',
    });
    await order(hostile, 'SKEXP3', {
      amount: 998001,
      tier: 'ultra',
      productName: '+Max 套餐',
      discountCode: '-1+1',
      createdAt: '2026-02-01T00:00:00Z',
      status: 'pending',
    });
  });

  const exported = async (query = '', cookie?: string) => {
    const req = admin.get(`/api/admin/orders/export.csv${query}`).buffer(true);
    if (cookie) req.set('Cookie', cookie);
    const res = await req.parse((r, done) => {
      const parts: Buffer[] = [];
      r.on('data', (b: Buffer) => parts.push(b));
      r.on('end', () => done(null, Buffer.concat(parts)));
    });
    return { res, text: (res.body as Buffer).toString('utf8') };
  };
  const body = (text: string) => parseCsv(text.slice(1)).slice(1);
  const numbers = (text: string) => body(text).map((r) => r[0]);

  it('is for admins only: 401 anonymous, 403 for customers and quiz managers', async () => {
    const path = '/api/admin/orders/export.csv';
    expect((await request(base).get(path).expect(401)).body).toEqual(
      errorOf('User not authenticated', 401),
    );
    const buyer = await customer(base);
    expect((await buyer.agent.get(path).expect(403)).body).toEqual(
      errorOf('Admin access required', 403),
    );
    await (await signIn(base, QUIZ_MANAGER_EMAIL)).agent.get(path).expect(403);
  });

  it('answers a dated UTF-8 attachment with a byte-order mark and a header in the admin’s language', async () => {
    const { res, text } = await exported();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders-${shanghaiToday()}.csv"`,
    );
    expect((res.body as Buffer).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(text.startsWith(BOM)).toBe(true);
    expect(parseCsv(text.slice(1))[0]).toEqual([
      '订单号',
      '创建时间',
      '支付时间',
      '客户邮箱',
      '套餐',
      '商品',
      '标价（元）',
      '升级抵扣（元）',
      '优惠码',
      '优惠（元）',
      '金额（元）',
      '已退款（元）',
      '净额（元）',
      '币种',
      '状态',
      '退款状态',
      '退款时间',
      '支付渠道',
      '支付方式',
      '渠道交易号',
      'status_code',
      'plan_code',
      'gateway_code',
      'method_code',
      'refund_status_code',
    ]);
    const en = await exported('', 'lang=en');
    expect(parseCsv(en.text.slice(1))[0].slice(0, 3)).toEqual(['Order number', 'Created', 'Paid']);
    expect(parseCsv(en.text.slice(1))[0].slice(-5)).toEqual([
      'status_code',
      'plan_code',
      'gateway_code',
      'method_code',
      'refund_status_code',
    ]);
  });

  it('writes yuan with two decimals, Shanghai times, words in the admin’s language, the raw codes, escaped cells and guarded formulas', async () => {
    const { text } = await exported();
    const rows = body(text);
    expect(rows.map((r) => r[0])).toEqual(['SKEXP3', 'SKEXP2', 'SKEXP1']);
    expect(rows[2]).toEqual([
      'SKEXP1',
      '2026-01-10 23:30:00',
      '2026-01-10 23:30:00',
      'plain@export.example',
      'Pro',
      'Pro 套餐',
      '1699.00',
      '0.00',
      '',
      '0.00',
      '1699.00',
      '0.00',
      '1699.00',
      'CNY',
      '已支付',
      '',
      '',
      '支付宝',
      '',
      '2026011022001',
      'paid',
      'pro',
      'alipay',
      '',
      '',
    ]);
    expect(rows[1]).toEqual([
      'SKEXP2',
      '2026-01-12 09:00:00',
      '2026-01-12 09:00:00',
      'plain@export.example',
      'Basic',
      'Basic, "plus"\nsecond line',
      '699.00',
      '0.00',
      'SPRING',
      '100.00',
      '599.00',
      '599.00',
      '0.00',
      'CNY',
      '已退款',
      '已退款',
      '2026-01-13 10:00:05',
      '微信支付',
      '',
      "'@SUM(A1)",
      'refunded',
      'basic',
      'wechat',
      '',
      'succeeded',
    ]);
    expect(rows[0].slice(0, 11)).toEqual([
      'SKEXP3',
      '2026-02-01 08:00:00',
      '',
      "'=cmd@export.example",
      'Max',
      "'+Max 套餐",
      '9980.01',
      '0.00',
      "'-1+1",
      '0.00',
      '9980.01',
    ]);
    // The raw text: quotes doubled, the line break kept inside the quoted cell.
    expect(text).toContain('"Basic, ""plus""\nsecond line"');
    // In English: English words, the plan's English product name (no "Max 套餐"), the same raw codes.
    const en = body((await exported('', 'lang=en')).text);
    expect(en[1].slice(14, 19)).toEqual([
      'Refunded',
      'refunded',
      '2026-01-13 10:00:05',
      'WeChat Pay',
      '',
    ]);
    expect(en[0].slice(4, 6)).toEqual(['Max', 'Max plan']);
    expect(en[0][14]).toBe('Pending');
    expect(en.flat().join(' ')).not.toMatch(/[\u4e00-\u9fff]/);
    expect(en.map((r) => r.slice(-5))).toEqual(rows.map((r) => r.slice(-5)));
  });

  it('takes the list’s filters and sort', async () => {
    expect(numbers((await exported('?status=paid')).text)).toEqual(['SKEXP1']);
    expect(numbers((await exported('?q=cmd@export')).text)).toEqual(['SKEXP3']);
    expect(numbers((await exported('?tier=basic')).text)).toEqual(['SKEXP2']);
    expect(numbers((await exported('?paymentMethod=wechat')).text)).toEqual(['SKEXP2']);
    expect(numbers((await exported('?from=2026-01-11&to=2026-01-31')).text)).toEqual(['SKEXP2']);
    expect(numbers((await exported('?sort=amount_asc')).text)).toEqual([
      'SKEXP2',
      'SKEXP1',
      'SKEXP3',
    ]);
    expect(numbers((await exported('?sort=time_asc')).text)).toEqual([
      'SKEXP1',
      'SKEXP2',
      'SKEXP3',
    ]);
    // Nothing matches: the header alone.
    const none = await exported('?q=nobody-at-all');
    expect(parseCsv(none.text.slice(1))).toHaveLength(1);
  });

  it('refuses bad filters with a 400, as the list does', async () => {
    const res = await admin.get('/api/admin/orders/export.csv?status=bogus').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: expect.stringContaining('status') });
  });

  it('goes through several batches without losing or repeating a row, ties and microseconds included', async () => {
    const conn = em(running).getConnection();
    const [{ id }] = await conn.execute<{ id: string }[]>(
      `select id from users where email = 'plain@export.example'`,
    );
    // 2,345 orders: many share one created_at (ties broken by id), others differ by microseconds only,
    // and amounts repeat (the amount sorts' ties).
    await conn.execute(
      `insert into orders (id, order_id, user_id, product_name, subscription_tier, seat_count, list_price, amount, status, created_at)
       select gen_random_uuid(), 'SKBULK' || lpad(g::text, 5, '0'), ?, 'Pro', 'pro', 1, 100, (g % 7) * 100, 'expired',
              timestamptz '2025-06-01 00:00:00+00' + (case when g % 3 = 0 then 0 else g end) * interval '1 microsecond'
       from generate_series(1, 2345) g`,
      [id],
    );
    for (const sort of ['time_desc', 'time_asc', 'amount_desc', 'amount_asc']) {
      const got = numbers((await exported(`?status=expired&sort=${sort}`)).text);
      expect(got).toHaveLength(2345);
      expect(new Set(got).size).toBe(2345);
      // The same order as the list's pages (one home for the sort), across the first batch's end (1,000).
      const page = async (n: number) =>
        (
          (
            await admin
              .get(`/api/admin/orders?status=expired&sort=${sort}&pageSize=50&page=${n}`)
              .expect(200)
          ).body as { items: { orderId: string }[] }
        ).items.map((i) => i.orderId);
      expect(got.slice(950, 1050)).toEqual([...(await page(20)), ...(await page(21))]);
    }
  });
});
