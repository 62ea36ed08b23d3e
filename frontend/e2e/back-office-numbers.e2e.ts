import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { requireDatabase, sql } from './support/db';
import { LANG, isZh, tr } from './support/i18n';
import { signIn } from './support/journey';
import { seriousAxe } from './support/axe';

// Numbers a seller can reconcile (docs/product.md, "Orders /admin/orders" and "Dashboard /admin"): orders
// seeded through SQL on both sides of the seller's midnight (Asia/Shanghai) — paid, refunded, an upgrade
// refunded, pending, cancelled (replaced by another order), free and an internal grant. For today and the
// last 7 days, the dashboard's paid / refunded / net of the orders created in the period, the orders page
// filtered on the same days (reached by the dashboard's link) and the database's sums agree to the cent.
// The CSV of the same orders says statuses, plans, gateways and refund states in the page's language with
// the raw codes in their own columns; the drawer says why the cancelled order ended in that language. Both
// screens at 1366x900 and 390x844, without a serious or critical axe finding.

const run = Date.now().toString(36);
const SELLER_ZONE = 'Asia/Shanghai';
const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
const d = (key: string, values?: Record<string, unknown>) => tr(`adminDashboard:${key}`, values);
const o = (key: string, values?: Record<string, unknown>) => tr(`adminOrders:${key}`, values);

interface Money {
  paid: number;
  refunded: number;
  net: number;
}

/** The seller's date n days from today (YYYY-MM-DD), by PostgreSQL. */
async function sellerDay(n: number): Promise<string> {
  const [row] = await sql<{ day: string }>(
    `select to_char((now() at time zone $1)::date + $2::int, 'YYYY-MM-DD') as day`,
    [SELLER_ZONE, n],
  );
  return row.day;
}

/** The database's sums over the orders created on the seller's days [from, to], by the definition. */
async function databaseMoney(from: string, to: string): Promise<Money> {
  const [row] = await sql<{ paid: string; refunded: string }>(
    `select coalesce(sum(amount) filter (where status in ('paid', 'refunded')), 0) as paid,
            coalesce(sum(amount) filter (where status = 'refunded'), 0) as refunded
     from orders
     where payment_gateway <> 'internal'
       and created_at >= ($1::date)::timestamp at time zone $3
       and created_at < ($2::date + 1)::timestamp at time zone $3`,
    [from, to, SELLER_ZONE],
  );
  const paid = Number(row.paid);
  const refunded = Number(row.refunded);
  return { paid, refunded, net: paid - refunded };
}

/** Cents from a text holding one amount in yuan ('已收 ¥1,234.50' → 123450). */
function centsIn(text: string): number {
  const m = /(-?)¥([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`no amount in "${text}"`);
  return (m[1] ? -1 : 1) * (Number(m[2].replace(/,/g, '')) * 100 + Number(m[3]));
}

/** The dashboard's orders money for a period (its section), and its link to the orders page. */
async function dashboardMoney(page: Page, period: 'today' | 'last7'): Promise<Money> {
  await page.goto('/admin');
  await page
    .getByRole('main')
    .getByText(d(`period.${period}`), { exact: true })
    .first()
    .click();
  const section = page.getByRole('region', { name: d('orderMoney.title') });
  await expect(section).toBeVisible();
  const figure = async (key: string) =>
    centsIn(
      (await section.getByRole('group', { name: d(`orderMoney.${key}`) }).textContent()) ?? '',
    );
  return {
    paid: await figure('paid'),
    refunded: await figure('refunded'),
    net: await figure('net'),
  };
}

/** The orders page's totals as shown (paid, refunded, net). */
async function ordersMoney(page: Page): Promise<Money> {
  const totals = page.getByRole('group', { name: o('filters.totalsLabel') });
  await expect(totals).toBeVisible();
  const texts = await totals.locator('p').allTextContents();
  const find = (key: string) => {
    const label = o(`filters.${key}`, { amount: '' }).trim();
    return centsIn(texts.find((t) => t.includes(label))!);
  };
  return { paid: find('paid'), refunded: find('refunded'), net: find('net') };
}

/** RFC 4180 rows (quoted cells with doubled quotes; CRLF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\r' && c !== '\n')) cell += c;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test.describe('back office numbers', () => {
  test.beforeEach(() => requireDatabase());

  test('the orders page, the dashboard and the database agree to the cent; the CSV speaks the page’s language', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = `numbers.${run}.${test.info().project.name}@example.com`;
    const [user] = await sql<{ id: string }>(
      `insert into users (id, name, email) values (gen_random_uuid(), 'Nora Numbers', $1) returning id`,
      [email],
    );
    const at = (days: number, time: string) =>
      sql<{ at: string }>(
        `select ((((now() at time zone $1)::date + $2::int) + $3::time) at time zone $1)::text as at`,
        [SELLER_ZONE, days, time],
      ).then(([r]) => r.at);
    let n = 0;
    const order = async (
      createdAt: string,
      f: {
        amount: number;
        status?: string;
        tier?: string;
        from?: string;
        listPrice?: number;
        discount?: number;
        gateway?: string;
        method?: string;
        reason?: string;
      },
    ) => {
      const orderId = `SKNUM${run}${test.info().project.name.slice(0, 1)}${++n}`.toUpperCase();
      const status = f.status ?? 'paid';
      const paid = status === 'paid' || status === 'refunded';
      await sql(
        `insert into orders (id, order_id, user_id, product_name, subscription_tier, upgraded_from_tier, seat_count,
           list_price, discount_amount, amount, payment_gateway, payment_method, status, paid_at, refunded_at,
           refund_status, cancelled_at, failure_reason, created_at)
         values (gen_random_uuid(), $1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $10, $11,
           case when $12 then $13::timestamptz end, case when $11 = 'refunded' then now() end,
           case when $11 = 'refunded' then 'succeeded' end,
           case when $11 = 'cancelled' then $13::timestamptz end, $14, $13::timestamptz)`,
        [
          orderId,
          user.id,
          `${{ basic: 'Basic', pro: 'Pro', ultra: 'Max', vip: 'VIP' }[f.tier ?? 'pro']} 套餐`,
          f.tier ?? 'pro',
          f.from ?? null,
          f.listPrice ?? f.amount + (f.discount ?? 0),
          f.discount ?? 0,
          f.amount,
          f.gateway ?? 'alipay',
          f.method ?? (paid ? (f.gateway ?? 'alipay') : null),
          status,
          paid,
          createdAt,
          f.reason ?? null,
        ],
      );
      return orderId;
    };
    // Today in Shanghai (its first minute included), and the last second of yesterday.
    await order(await at(0, '00:00:30'), { amount: 69900, tier: 'basic' });
    await order(await at(0, '00:01:00'), { amount: 169900, status: 'refunded', gateway: 'wechat' });
    const replacing = await order(await at(0, '00:02:00'), { amount: 99900, status: 'pending' });
    const cancelled = await order(await at(0, '00:01:30'), {
      amount: 99900,
      status: 'cancelled',
      reason: `replaced_by_order:${replacing}`,
    });
    await order(await at(0, '00:03:00'), {
      amount: 0,
      discount: 69900,
      tier: 'basic',
      gateway: 'free',
      method: 'discount',
    });
    await order(await at(0, '00:04:00'), {
      amount: 0,
      tier: 'vip',
      gateway: 'internal',
      method: 'vip-grant',
    });
    await order(await at(-1, '23:59:30'), { amount: 30000, tier: 'basic' });
    // Three days ago: an upgrade Basic → Max (a deduction and a discount), refunded.
    const upgrade = await order(await at(-3, '09:00:00'), {
      amount: 918000,
      listPrice: 998000,
      discount: 10100,
      status: 'refunded',
      tier: 'ultra',
      from: 'basic',
    });

    const adminContext = await browser.newContext({ timezoneId: SELLER_ZONE });
    const admin = await adminContext.newPage();
    try {
      await admin.setViewportSize(VIEWPORTS[0]);
      await signIn(admin, '/admin', E2E_ADMIN, 'Ada Admin');
      const today = await sellerDay(0);
      const weekStart = await sellerDay(-6);
      const findings: string[] = [];

      for (const [period, from] of [
        ['today', today],
        ['last7', weekStart],
      ] as const) {
        // The three figures, read from each screen and the database at the same moment.
        const shown = await dashboardMoney(admin, period);
        findings.push(
          ...(await seriousAxe(admin, { wcag21: true, label: `/admin ${period} 1366` })),
        );
        const section = admin.getByRole('region', { name: d('orderMoney.title') });
        await section.getByRole('link', { name: d('orderMoney.view') }).click();
        await expect(admin).toHaveURL(new RegExp(`/admin/orders\\?from=${from}&to=${today}$`));
        await expect(admin.getByLabel(o('filters.from'), { exact: true })).toHaveValue(from);
        await expect(admin.getByLabel(o('filters.to'), { exact: true })).toHaveValue(today);
        const listed = await ordersMoney(admin);
        const database = await databaseMoney(from, today);
        expect(listed, `${period}: the orders page and the database`).toEqual(database);
        expect(shown, `${period}: the dashboard and the database`).toEqual(database);
        expect(database.net).toBe(database.paid - database.refunded);
      }
      findings.push(...(await seriousAxe(admin, { wcag21: true, label: '/admin/orders 1366' })));

      // This customer's orders today, by hand: 699 + 1699 (refunded) + 0 (free); pending, cancelled and the
      // internal grant move nothing; yesterday's 300 is another day.
      await admin.getByLabel(o('filters.from'), { exact: true }).fill(today);
      await admin.getByLabel(o('filters.search')).fill(email);
      const orders = admin.getByRole('table', { name: o('table.label') });
      await expect(orders.getByRole('row')).toHaveCount(7);
      await expect
        .poll(() => ordersMoney(admin))
        .toEqual({ paid: 69900 + 169900, refunded: 169900, net: 69900 });

      // The cancelled order's drawer: why it ended, in the page's language, the replacing order named.
      await orders.getByRole('button', { name: cancelled }).click();
      const drawer = admin.getByRole('dialog', { name: o('detail.title', { orderId: cancelled }) });
      await expect(drawer.getByRole('table', { name: o('detail.gateway') })).toContainText(
        o('endReason.replaced_by_order', { orderId: replacing }),
      );
      await expect(drawer).toContainText(o('status.cancelled'));
      if (isZh) await expect(drawer).not.toContainText(/cancelled|replaced|pending/i);
      await admin.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // The CSV of this customer's orders of the week, in the page's language (the lang cookie).
      await adminContext.addCookies([
        { name: 'lang', value: LANG, url: new URL('/', admin.url()).href },
      ]);
      const exported = await admin.request.get('/api/admin/orders/export.csv', {
        params: { q: email, from: weekStart, to: today, sort: 'time_asc' },
      });
      expect(exported.status()).toBe(200);
      const csv = parseCsv((await exported.body()).subarray(3).toString('utf8'));
      const [header, ...rows] = csv;
      const column = (name: string) => header.indexOf(name);
      for (const code of [
        'status_code',
        'plan_code',
        'gateway_code',
        'method_code',
        'refund_status_code',
      ])
        expect(column(code), code).toBeGreaterThan(0);
      expect(rows).toHaveLength(8);
      const byNumber = (orderId: string) => rows.find((r) => r[0] === orderId)!;
      const cell = (row: string[], name: string) => row[column(name)];
      const up = byNumber(upgrade);
      const words = isZh
        ? { plan: '套餐', status: '状态', refund: '退款状态', gateway: '支付渠道' }
        : { plan: 'Plan', status: 'Status', refund: 'Refund status', gateway: 'Payment gateway' };
      expect(cell(up, words.plan)).toBe('Max');
      expect(cell(up, words.status)).toBe(o('status.refunded'));
      expect(cell(up, words.refund)).toBe(o('refundStatus.succeeded'));
      expect(cell(up, words.gateway)).toBe(o('gateway.alipay'));
      expect(cell(up, 'status_code')).toBe('refunded');
      expect(cell(up, 'plan_code')).toBe('ultra');
      expect(cell(up, 'refund_status_code')).toBe('succeeded');
      // The row's arithmetic: list − deduction − discount = amount; amount − refunded = net.
      expect(up.slice(6, 13)).toEqual([
        '9980.00',
        '699.00',
        '',
        '101.00',
        '9180.00',
        '9180.00',
        '0.00',
      ]);
      // No raw code among the words: only the code columns hold them (English says a settled refund's
      // state as "refunded", a word that is also the status code: it is not looked for).
      expect(cell(byNumber(cancelled), words.status)).toBe(o('status.cancelled'));
      expect(cell(byNumber(cancelled), 'status_code')).toBe('cancelled');
      const wordColumns = header
        .map((name, i) => [name, i] as const)
        .filter(([name]) => !name.endsWith('_code'));
      for (const row of rows)
        for (const [, i] of wordColumns)
          expect(row[i]).not.toMatch(
            /^(paid|pending|cancelled|succeeded|ultra|alipay|wechat|internal|free|vip-grant)$/,
          );
      if (!isZh)
        for (const row of rows)
          for (const [, i] of wordColumns) expect(row[i]).not.toMatch(/[\u4e00-\u9fff]/);

      // The phone: the same figures on both screens, nothing serious for axe.
      await admin.setViewportSize(VIEWPORTS[1]);
      const phoneShown = await dashboardMoney(admin, 'today');
      findings.push(...(await seriousAxe(admin, { wcag21: true, label: '/admin today 390' })));
      await admin.goto(`/admin/orders?from=${today}&to=${today}`);
      expect(await ordersMoney(admin)).toEqual(phoneShown);
      expect(phoneShown).toEqual(await databaseMoney(today, today));
      findings.push(...(await seriousAxe(admin, { wcag21: true, label: '/admin/orders 390' })));
      expect(findings).toEqual([]);
    } finally {
      await adminContext.close();
    }
  });
});
