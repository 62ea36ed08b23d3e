import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { requireDatabase, sql } from './support/db';
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

/** The customer buys Basic through the sandbox gateway (as purchase.e2e.ts) and returns the order number. */
async function buyBasic(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'buy or upgrade plan' }).click();
  const picker = page.getByRole('dialog', { name: 'buy or upgrade plan' });
  await picker.getByRole('radio', { name: 'Sandbox' }).click();
  await picker
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: 'scan to pay' })
    .click();
  const payment = page.getByRole('dialog', { name: 'scan to pay' });
  await expect(payment).toContainText('¥699.00');
  const orderNumber = (await payment.getByText(/^SK/).textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^SK/);
  const url = await decodeQr(payment.getByRole('img', { name: 'payment QR code' }));
  const phone = await page.context().newPage();
  await phone.goto(url);
  await phone.getByRole('button', { name: 'pay ¥699.00' }).click();
  await expect(phone.getByText('Payment complete')).toBeVisible();
  await phone.close();
  // The console's poll sees the payment (slow on a loaded machine; purchase.e2e.ts checks its toast).
  await expect(payment).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'lifetime licence seats (Basic)' })).toBeVisible();
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
      await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      await admin.getByLabel('search').fill(customer.email);
      const orders = admin.getByRole('table', { name: 'orders' });
      await expect(orders.getByRole('row')).toHaveCount(2);
      // Today only: not there; yesterday: there.
      await admin.getByLabel('from', { exact: true }).fill(when.today);
      await admin.getByLabel('to', { exact: true }).fill(when.today);
      await expect(admin.getByText('no orders', { exact: true })).toBeVisible();
      await admin.getByLabel('from', { exact: true }).fill(when.day);
      await admin.getByLabel('to', { exact: true }).fill(when.day);
      await expect(orders.getByRole('row')).toHaveCount(2);
      const row = orders.getByRole('row').nth(1);
      await expect(row).toContainText(orderNumber);
      await expect(row).toContainText(customer.email);
      await expect(row).toContainText('Paid');
      await expect(row).toContainText('¥699.00');
      await expect(admin.getByLabel('filtered total')).toHaveText('total ¥699.00');

      // The order's drawer: its breakdown, yesterday's payment and the customer.
      await row.getByRole('button', { name: orderNumber }).click();
      const drawer = admin.getByRole('dialog', { name: `Order ${orderNumber}` });
      await expect(drawer.getByRole('table', { name: 'Breakdown' })).toContainText('Amount¥699.00');
      await expect(drawer.getByRole('table', { name: 'Customer' })).toContainText(customer.email);
      const customerId = (
        await drawer.getByRole('table', { name: 'Customer' }).locator('code').textContent()
      )?.trim();
      expect(customerId).toMatch(/^[0-9a-f-]{36}$/);
      await admin.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // The export of the filtered orders (what the page shows: this e-mail, yesterday), with the
      // admin's cookies through the page's request context; the header in English (the lang cookie).
      await adminContext.addCookies([
        { name: 'lang', value: 'en', url: new URL('/', admin.url()).href },
      ]);
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
      expect(header.slice(0, 4)).toEqual(['Order number', 'Created', 'Paid', 'Customer e-mail']);
      expect(csv[1]).toHaveLength(header.length);
      const line = Object.fromEntries(header.map((name, i) => [name, csv[1][i]]));
      expect(line['Order number']).toBe(orderNumber);
      expect(line['Customer e-mail']).toBe(customer.email);
      expect(line['Plan']).toBe('basic');
      expect(line['List price (CNY)']).toBe('699.00');
      expect(line['Amount (CNY)']).toBe('699.00');
      expect(line['Currency']).toBe('CNY');
      expect(line['Status']).toBe('paid');
      expect(line['Payment gateway']).toBe('sandbox');
      // Yesterday, in Asia/Shanghai (8 hours ahead of the UTC time the database holds).
      expect(line['Created']).toBe(when.created);
      expect(line['Paid']).toBe(when.paid);
      expect(line['Created']).not.toBe(utc.created);

      // 2. The customer's page: grant Pro for free with a reason.
      await admin.goto(`/admin/customers/${customerId}`);
      await expect(admin.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
      await expect(admin.getByRole('table', { name: 'Orders' })).toContainText(orderNumber);
      await admin.getByRole('button', { name: 'Grant a plan' }).click();
      const grant = admin.getByRole('dialog');
      await expect(grant).toContainText(`Grant a plan to ${customer.email}?`);
      await grant.getByLabel('Plan to grant').selectOption('pro');
      await grant.getByRole('textbox', { name: /Reason/ }).fill('partner agency, upgrade for free');
      await grant.getByRole('button', { name: 'Grant' }).click();
      await expect(
        admin
          .getByRole('alert')
          .getByText(
            new RegExp(
              `^Pro granted to ${escapeRegExp(customer.email)} \\(order \\S+, 5 seats\\)$`,
            ),
          ),
      ).toBeVisible();
      await expect(admin.getByRole('table', { name: 'Orders' })).toContainText(
        `granted by ${E2E_ADMIN}: partner agency, upgrade for free`,
      );

      // The customer sees the Pro seats.
      await page.reload();
      await expect(
        page.getByRole('heading', { name: 'lifetime licence seats (Pro)' }),
      ).toBeVisible();
      await expect(page.getByText('bound 0 / 5 seats')).toBeVisible();

      // 3. The admin changes Max's price: the confirmation states old → new.
      await admin.goto('/admin/plans');
      await expect(
        admin.getByRole('heading', { level: 1, name: 'Plans and prices' }),
      ).toBeVisible();
      const plans = admin.getByRole('table', { name: 'plans' });
      const maxRow = plans.getByRole('row').filter({ hasText: 'Max' });
      await expect(maxRow).toContainText('¥9980.00');
      await maxRow.getByRole('button', { name: 'edit Max' }).click();
      const edit = admin.getByRole('dialog', { name: 'Edit Max' });
      await edit.getByLabel('price (yuan)').fill(NEW_MAX_YUAN);
      await edit.getByRole('button', { name: 'review' }).click();
      await expect(edit.getByText('Save Max?')).toBeVisible();
      await expect(edit.getByTestId('price-change')).toHaveText('price ¥9980.00 → ¥8880.00');
      await edit.getByRole('button', { name: 'save' }).click();
      await expect(toast(admin, 'Plan saved')).toBeVisible();
      await expect(edit).toBeHidden();
      await expect(maxRow).toContainText('¥8880.00');
    } finally {
      await adminContext.close();
    }

    // The customer: the plan picker and /pricing show Max at the new price.
    await page.reload();
    await page.getByRole('button', { name: 'buy or upgrade plan' }).click();
    const picker = page.getByRole('dialog', { name: 'buy or upgrade plan' });
    const max = picker.getByRole('article', { name: 'Max' });
    await expect(max).toContainText('¥8880');
    await expect(max).not.toContainText('¥9980');
    await expect(picker.getByRole('article', { name: 'Pro' })).toContainText('current plan');
    await page.keyboard.press('Escape');
    await page.goto('/pricing');
    const pricingMax = page.getByRole('listitem', { name: 'Max' });
    await expect(pricingMax).toContainText('¥8880');
    await expect(pricingMax).not.toContainText('¥9980');
  });
});
