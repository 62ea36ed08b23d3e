import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { requireDatabase, sql } from './support/db';
import { LANG, isZh, tr, sandboxPage } from './support/i18n';
import { decodeQr, escapeRegExp, signIn, toast } from './support/journey';

// The back office end to end (docs/product.md, back office): a customer bought Basic through the sandbox
// yesterday; the admin finds that order in /admin/orders by the customer's e-mail and yesterday's date,
// opens it and exports the filtered orders (CSV with a byte-order mark, yuan, the seller's time zone
// Asia/Shanghai); then grants Pro for free from the customer's page, and the customer sees the Pro seats;
// then changes Max's price in /admin/plans (old → new confirmed), and the customer sees the new price in
// the plan picker and on /pricing. The price is put back afterwards: the journeys share one database.

const run = Date.now().toString(36);
const customer = { email: `bo.${run}@example.com`, name: `Bella Office ${run}` };
const SELLER_ZONE = 'Asia/Shanghai';
const MAX_PRICE = 998000; // the seeded Max price (cents), put back at the end
const NEW_MAX_YUAN = '8880';
/** The sandbox method's name as the server gives it (backend payments/gateways/sandbox.gateway.ts). */
const sandbox = isZh ? '沙箱' : 'Sandbox';
/**
 * The export's header cells this journey reads, as the server's table has them per language (CSV_HEADERS
 * in backend/src/orders/order-csv.ts: a module of the CommonJS backend, which the journeys cannot import).
 */
const CSV_HEADERS = {
  en: {
    orderId: 'Order number',
    createdAt: 'Created',
    paidAt: 'Paid',
    customerEmail: 'Customer e-mail',
    tier: 'Plan',
    listPrice: 'List price (CNY)',
    deduction: 'Upgrade deduction (CNY)',
    amount: 'Amount (CNY)',
    refunded: 'Refunded (CNY)',
    net: 'Net (CNY)',
    currency: 'Currency',
    status: 'Status',
    paymentGateway: 'Payment gateway',
  },
  'zh-CN': {
    orderId: '订单号',
    createdAt: '创建时间',
    paidAt: '支付时间',
    customerEmail: '客户邮箱',
    tier: '套餐',
    listPrice: '标价（元）',
    deduction: '升级抵扣（元）',
    amount: '金额（元）',
    refunded: '已退款（元）',
    net: '净额（元）',
    currency: '币种',
    status: '状态',
    paymentGateway: '支付渠道',
  },
};
/** The raw code columns, for machines: the same in both languages. */
const CSV_CODES = { status: 'status_code', tier: 'plan_code', gateway: 'gateway_code' } as const;
const o = (key: string, values?: Record<string, unknown>) => tr(`adminOrders:${key}`, values);
const c = (key: string, values?: Record<string, unknown>) => tr(`adminCustomer:${key}`, values);
const seatsTitle = (plan: string) => tr('console:seats.titleWithPlan', { plan });

/** The customer buys Basic through the sandbox gateway (as purchase.e2e.ts) and returns the order number. */
async function buyBasic(page: Page): Promise<string> {
  await page.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
  const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
  await picker.getByRole('radio', { name: sandbox }).click();
  await picker
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: tr('plans:card.scanToPay') })
    .click();
  const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
  await expect(payment).toContainText('¥699.00');
  const orderNumber = (await payment.getByText(/^SK/).textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^SK/);
  const url = await decodeQr(payment.getByRole('img', { name: tr('plans:modal.qr') }));
  const phone = await page.context().newPage();
  await phone.goto(url);
  // The sandbox gateway's development page speaks the run's language (sandbox-pay.controller.ts).
  await phone.getByRole('button', { name: sandboxPage.payButton('¥699.00') }).click();
  await expect(phone.getByText(sandboxPage.paidTitle)).toBeVisible();
  await phone.close();
  // The console's poll sees the payment (slow on a loaded machine; purchase.e2e.ts checks its toast).
  await expect(payment).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: seatsTitle('Basic') })).toBeVisible();
  return orderNumber;
}

/** RFC 4180 rows (quoted cells with doubled quotes; CRLF line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && c !== '\r' && c !== '\n')) {
      cell += c;
    } else if (c === ',') {
      endCell();
    } else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    }
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The instant a seller's day (YYYY-MM-DD in Asia/Shanghai, UTC+8 all year) starts, as ISO 8601. */
const shanghaiMidnight = (day: string, plus = 0) =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + plus * 86_400_000).toISOString();

test.describe('back office', () => {
  test.beforeEach(() => requireDatabase());
  test.afterAll(async () => {
    if (process.env.E2E_DATABASE_URL)
      await sql(`update plans set price_cents = $1 where tier = 'ultra'`, [MAX_PRICE]);
  });

  test('the admin finds yesterday’s order by e-mail, exports it, grants a free plan and changes a price; the customer sees both', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);

    // 1. The customer buys Basic; the order (and its seat) is moved to yesterday, 24 hours back.
    await signIn(page, '/dashboard', customer.email, customer.name);
    const orderNumber = await buyBasic(page);
    await sql(
      `update orders set created_at = created_at - interval '1 day', paid_at = paid_at - interval '1 day',
         updated_at = updated_at - interval '1 day' where order_id = $1`,
      [orderNumber],
    );
    await sql(
      `update licenses set purchased_at = purchased_at - interval '1 day'
       where order_id = (select id from orders where order_id = $1)`,
      [orderNumber],
    );
    // What the export must say: the times in the seller's zone, computed by PostgreSQL.
    const [when] = await sql<{ created: string; paid: string; day: string; today: string }>(
      `select to_char(created_at at time zone $2, 'YYYY-MM-DD HH24:MI:SS') as created,
              to_char(paid_at at time zone $2, 'YYYY-MM-DD HH24:MI:SS') as paid,
              to_char(created_at at time zone $2, 'YYYY-MM-DD') as day,
              to_char(now() at time zone $2, 'YYYY-MM-DD') as today
       from orders where order_id = $1`,
      [orderNumber, SELLER_ZONE],
    );
    expect(when.day).toBe(
      new Date(Date.parse(`${when.today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10),
    );
    const [utc] = await sql<{ created: string }>(
      `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as created
       from orders where order_id = $1`,
      [orderNumber],
    );

    // The admin works in the seller's time zone, so that the date filter's days are the export's days.
    const adminContext = await browser.newContext({ timezoneId: SELLER_ZONE });
    const admin = await adminContext.newPage();
    try {
      await signIn(admin, '/admin/orders', E2E_ADMIN, 'Ada Admin');
      await expect(admin.getByRole('heading', { level: 1, name: o('title') })).toBeVisible();
      await admin.getByLabel(o('filters.search')).fill(customer.email);
      const orders = admin.getByRole('table', { name: o('table.label') });
      await expect(orders.getByRole('row')).toHaveCount(2);
      // Today only: not there; yesterday: there.
      await admin.getByLabel(o('filters.from'), { exact: true }).fill(when.today);
      await admin.getByLabel(o('filters.to'), { exact: true }).fill(when.today);
      await expect(admin.getByText(o('empty'), { exact: true })).toBeVisible();
      await admin.getByLabel(o('filters.from'), { exact: true }).fill(when.day);
      await admin.getByLabel(o('filters.to'), { exact: true }).fill(when.day);
      await expect(orders.getByRole('row')).toHaveCount(2);
      const row = orders.getByRole('row').nth(1);
      await expect(row).toContainText(orderNumber);
      await expect(row).toContainText(customer.email);
      await expect(row).toContainText(o('status.paid'));
      await expect(row).toContainText('¥699.00');
      // The filtered orders' money: paid, refunded, net.
      const totals = admin.getByRole('group', { name: o('filters.totalsLabel') });
      await expect(totals).toContainText(o('filters.paid', { amount: '¥699.00' }));
      await expect(totals).toContainText(o('filters.refunded', { amount: '¥0.00' }));
      await expect(totals).toContainText(o('filters.net', { amount: '¥699.00' }));

      // The order's drawer: its breakdown, yesterday's payment and the customer.
      await row.getByRole('button', { name: orderNumber }).click();
      const drawer = admin.getByRole('dialog', {
        name: o('detail.title', { orderId: orderNumber }),
      });
      await expect(drawer.getByRole('table', { name: o('detail.breakdown') })).toContainText(
        `${o('detail.amount')}¥699.00`,
      );
      await expect(drawer.getByRole('table', { name: o('detail.customer') })).toContainText(
        customer.email,
      );
      const customerId = (
        await drawer
          .getByRole('table', { name: o('detail.customer') })
          .locator('code')
          .textContent()
      )?.trim();
      expect(customerId).toMatch(/^[0-9a-f-]{36}$/);
      await admin.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // The export of the filtered orders (what the page shows: this e-mail, yesterday), with the
      // admin's cookies through the page's request context; the header in the run's language (the lang
      // cookie, as the language switch saves it), as the server's table has it.
      await adminContext.addCookies([
        { name: 'lang', value: LANG, url: new URL('/', admin.url()).href },
      ]);
      const headers = CSV_HEADERS[LANG];
      const exported = await admin.request.get('/api/admin/orders/export.csv', {
        params: {
          q: customer.email,
          from: shanghaiMidnight(when.day),
          to: shanghaiMidnight(when.day, 1),
        },
      });
      expect(exported.status()).toBe(200);
      expect(exported.headers()['content-type']).toMatch(/^text\/csv; charset=utf-8/i);
      expect(exported.headers()['content-disposition']).toMatch(
        /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const bytes = await exported.body();
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = parseCsv(bytes.subarray(3).toString('utf8'));
      expect(csv).toHaveLength(2);
      const header = csv[0];
      expect(header.slice(0, 4)).toEqual([
        headers.orderId,
        headers.createdAt,
        headers.paidAt,
        headers.customerEmail,
      ]);
      expect(csv[1]).toHaveLength(header.length);
      const line = Object.fromEntries(header.map((name, i) => [name, csv[1][i]]));
      expect(line[headers.orderId]).toBe(orderNumber);
      expect(line[headers.customerEmail]).toBe(customer.email);
      // Words in the page's language, the plan by its name; the raw codes in their own columns.
      expect(line[headers.tier]).toBe('Basic');
      expect(line[headers.listPrice]).toBe('699.00');
      expect(line[headers.deduction]).toBe('0.00');
      expect(line[headers.amount]).toBe('699.00');
      expect(line[headers.refunded]).toBe('0.00');
      expect(line[headers.net]).toBe('699.00');
      expect(line[headers.currency]).toBe('CNY');
      expect(line[headers.status]).toBe(o('status.paid'));
      expect(line[headers.paymentGateway]).toBe(o('gateway.sandbox'));
      expect(line[CSV_CODES.tier]).toBe('basic');
      expect(line[CSV_CODES.status]).toBe('paid');
      expect(line[CSV_CODES.gateway]).toBe('sandbox');
      // Yesterday, in Asia/Shanghai (8 hours ahead of the UTC time the database holds).
      expect(line[headers.createdAt]).toBe(when.created);
      expect(line[headers.paidAt]).toBe(when.paid);
      expect(line[headers.createdAt]).not.toBe(utc.created);

      // 2. The customer's page: grant Pro for free with a reason.
      await admin.goto(`/admin/customers/${customerId}`);
      await expect(admin.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
      await expect(admin.getByRole('table', { name: c('orders.heading') })).toContainText(
        orderNumber,
      );
      await admin.getByRole('button', { name: c('actions.grant') }).click();
      const grant = admin.getByRole('dialog');
      await expect(grant).toContainText(c('actions.grantTitle', { email: customer.email }));
      await grant.getByLabel(c('actions.tier')).selectOption('pro');
      await grant
        .getByRole('textbox', { name: new RegExp(escapeRegExp(c('actions.reason'))) })
        .fill('partner agency, upgrade for free');
      await grant.getByRole('button', { name: c('actions.grantConfirm') }).click();
      await expect(
        admin.getByRole('alert').getByText(
          new RegExp(
            `^${escapeRegExp(
              c('actions.grantDone', {
                plan: 'Pro',
                email: customer.email,
                order: 'ORDER',
                count: 5,
              }),
            ).replace('ORDER', '\\S+')}$`,
          ),
        ),
      ).toBeVisible();
      await expect(admin.getByRole('table', { name: c('orders.heading') })).toContainText(
        c('orders.granted', { by: E2E_ADMIN, reason: 'partner agency, upgrade for free' }),
      );

      // The customer sees the Pro seats.
      await page.reload();
      await expect(page.getByRole('heading', { name: seatsTitle('Pro') })).toBeVisible();
      await expect(page.getByText(tr('console:seats.count', { bound: 0, count: 5 }))).toBeVisible();

      // 3. The admin changes Max's price: the confirmation states old → new.
      await admin.goto('/admin/plans');
      await expect(
        admin.getByRole('heading', { level: 1, name: tr('adminPlans:title') }),
      ).toBeVisible();
      const plans = admin.getByRole('table', { name: tr('adminPlans:table') });
      const maxRow = plans.getByRole('row').filter({ hasText: 'Max' });
      await expect(maxRow).toContainText('¥9980.00');
      await maxRow.getByRole('button', { name: `${tr('adminPlans:edit')} Max` }).click();
      const edit = admin.getByRole('dialog', { name: tr('adminPlans:editTitle', { name: 'Max' }) });
      await edit.getByLabel(tr('adminPlans:fields.price')).fill(NEW_MAX_YUAN);
      await edit.getByRole('button', { name: tr('adminPlans:review') }).click();
      await expect(edit.getByText(tr('adminPlans:confirmTitle', { name: 'Max' }))).toBeVisible();
      await expect(edit.getByTestId('price-change')).toHaveText(
        tr('adminPlans:priceChange', { from: '¥9980.00', to: '¥8880.00' }),
      );
      await edit.getByRole('button', { name: tr('adminPlans:confirm') }).click();
      await expect(toast(admin, tr('adminPlans:saved'))).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(maxRow).toContainText('¥8880.00');
    } finally {
      await adminContext.close();
    }

    // The customer: the plan picker and /pricing show Max at the new price.
    await page.reload();
    await page.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
    const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
    const max = picker.getByRole('article', { name: 'Max' });
    await expect(max).toContainText('¥8880');
    await expect(max).not.toContainText('¥9980');
    await expect(picker.getByRole('article', { name: 'Pro' })).toContainText(
      tr('plans:card.currentPlan'),
    );
    await page.keyboard.press('Escape');
    await page.goto('/pricing');
    const pricingMax = page.getByRole('listitem', { name: 'Max' });
    await expect(pricingMax).toContainText('¥8880');
    await expect(pricingMax).not.toContainText('¥9980');
  });
});
