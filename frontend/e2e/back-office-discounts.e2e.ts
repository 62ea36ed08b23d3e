import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { requireDatabase, sql } from './support/db';
import { isZh, sandboxPage, tr } from './support/i18n';
import { decodeQr, escapeRegExp, signIn, toast } from './support/journey';
import { seriousAxe } from './support/axe';

// Discount codes end to end (issue 29, docs/rules.md "Discount codes", docs/payments.md "Free orders"): the
// admin creates a 20% code for Basic and Pro; a customer applies it in the plan picker, sees Basic at
// list price × 0.8 and pays exactly that through the sandbox. The admin then saves a code that reaches
// Basic's whole price (on a phone, 390x844): the form warns, naming Basic, and the admin confirms; another
// customer gets Basic free ('get it free', no QR code), and the admin's orders list shows that order
// under the free gateway. The discounts page has no serious or critical axe finding at either size. Both
// codes are deleted at the end (the journeys share one database per language; the codes are this run's).

/** Orders, quotes and payments wait on the app: patient assertions on a loaded machine. */
const expect = baseExpect.configure({ timeout: 20_000 });

const run = Date.now().toString(36).toUpperCase();
const PERCENT_CODE = `PCT${run}`;
const FREE_CODE = `GIFT${run}`;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The sandbox method's name as the server gives it (backend payments/gateways/sandbox.gateway.ts). */
const sandbox = isZh ? '沙箱' : 'Sandbox';
const d = (key: string, values?: Record<string, unknown>) => tr(`adminDiscounts:${key}`, values);
/** A field by the start of its label (a required field's label ends with ' *'). */
const startsWith = (key: string) => new RegExp(`^${escapeRegExp(d(key))}`);
/** ¥ as the plan cards and the dialogs show it: '¥559.20'. */
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/** The discount codes table's row of a code. */
const codeRow = (page: Page, code: string) =>
  page
    .getByRole('table', { name: d('list.table') })
    .getByRole('row', { name: new RegExp(`^${code} `) });

/** Ticks exactly these plans in the discount form (Basic is ticked in a new form). */
async function choosePlans(page: Page, plans: string[]) {
  for (const name of plans) await page.getByRole('checkbox', { name, exact: true }).check();
  for (const name of ['Basic', 'Pro', 'Max'].filter((n) => !plans.includes(n)))
    await page.getByRole('checkbox', { name, exact: true }).uncheck();
}

/** A new customer's console in a context of their own. */
async function customerPage(browser: Browser, local: string, name: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, '/dashboard', `${local}.${run.toLowerCase()}@example.com`, name);
  return { context, page, email: `${local}.${run.toLowerCase()}@example.com` };
}

test.describe('discount codes in the back office', () => {
  test.beforeEach(() => requireDatabase());
  test.afterAll(async () => {
    // Should the journey stop half way, its codes go (the UI deletes them when it gets there).
    if (process.env.E2E_DATABASE_URL)
      await sql(`delete from discounts where code in ($1, $2)`, [PERCENT_CODE, FREE_CODE]).catch(
        () => undefined,
      );
  });

  test('a 20% code for two plans is paid at list price × 0.8; a code reaching Basic’s price warns, and Basic is then free with no QR code', async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(360_000);
    const [basic] = await sql<{ price: number }>(
      `select price_cents as price from plans where tier = 'basic'`,
    );
    const [pro] = await sql<{ price: number }>(
      `select price_cents as price from plans where tier = 'pro'`,
    );
    const basicPrice = Number(basic.price);
    const basicAfter = Math.round(basicPrice * 0.8);
    const findings: string[] = [];

    // 1. The admin creates a 20% code valid for Basic and Pro (no warning: it gives nothing away).
    await admin.setViewportSize(DESKTOP);
    await signIn(admin, '/admin/subscriptions/discounts', E2E_ADMIN, 'Ada Admin');
    await expect(admin.getByRole('heading', { level: 1, name: d('title') })).toBeVisible();
    await admin.getByRole('textbox', { name: startsWith('form.code') }).fill(PERCENT_CODE);
    await admin.getByRole('radio', { name: d('form.kindPercent') }).check();
    await expect(admin.getByLabel(startsWith('form.amount'))).toHaveCount(0);
    // Out of range first: refused beside the field, nothing saved.
    await admin.getByLabel(startsWith('form.percent')).fill('120');
    await choosePlans(admin, ['Basic', 'Pro']);
    await admin.getByRole('button', { name: d('form.save') }).click();
    await expect(admin.getByText(d('validation.percentInvalid'))).toBeVisible();
    await expect(codeRow(admin, PERCENT_CODE)).toHaveCount(0);
    await admin.getByLabel(startsWith('form.percent')).fill('20');
    await admin.getByRole('button', { name: d('form.save') }).click();
    await expect(toast(admin, d('saved'))).toBeVisible();
    await expect(admin.getByRole('dialog')).toHaveCount(0);
    const percentRow = codeRow(admin, PERCENT_CODE);
    await expect(percentRow).toContainText(['Basic', 'Pro'].join(d('plans.separator')));
    await expect(percentRow).toContainText(d('list.percentOff', { percent: 20 }));
    await expect(percentRow).toContainText(d('validity.longTerm'));
    await expect(percentRow).toContainText('0/∞');
    findings.push(
      ...(await seriousAxe(admin, { wcag21: true, label: `discounts ${DESKTOP.width}` })),
    );

    // 2. A customer applies it: Basic and Pro at × 0.8, Max not valid; pays Basic through the sandbox.
    const buyer = await customerPage(browser, 'pct.buyer', 'Percy Percent');
    try {
      const page = buyer.page;
      await page.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
      const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
      await picker.getByRole('radio', { name: sandbox }).click();
      await picker.getByLabel(tr('plans:picker.promoCode')).fill(PERCENT_CODE.toLowerCase());
      await picker.getByRole('button', { name: tr('plans:picker.apply') }).click();
      const basicCard = picker.getByRole('article', { name: 'Basic' });
      await expect(basicCard).toContainText(
        `${tr('plans:card.amountDue')} ${yuan(basicAfter).replace(/\.00$/, '')}`,
      );
      await expect(picker.getByRole('article', { name: 'Pro' })).toContainText(
        `${tr('plans:card.amountDue')} ${yuan(Math.round(Number(pro.price) * 0.8)).replace(/\.00$/, '')}`,
      );
      await expect(picker.getByRole('article', { name: 'Max' })).toContainText(
        tr('errors:DISCOUNT_WRONG_TIER'),
      );
      await basicCard.getByRole('button', { name: tr('plans:card.scanToPay') }).click();
      const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
      await expect(payment).toContainText(yuan(basicAfter));
      const orderNumber = (await payment.getByText(/^SK/).textContent())?.trim() ?? '';
      const url = await decodeQr(payment.getByRole('img', { name: tr('plans:modal.qr') }));
      const phone = await buyer.context.newPage();
      await phone.goto(url);
      await phone.getByRole('button', { name: sandboxPage.payButton(yuan(basicAfter)) }).click();
      await expect(phone.getByText(sandboxPage.paidTitle)).toBeVisible();
      await phone.close();
      await expect(toast(page, tr('plans:activated'))).toBeVisible({ timeout: 30_000 });
      // What was charged: list price × 0.8, the 20% recorded as the order's discount.
      const [order] = await sql<{
        amount: number;
        discount: number;
        code: string;
        gateway: string;
      }>(
        `select amount, discount_amount as discount, discount_code as code, payment_gateway as gateway
         from orders where order_id = $1`,
        [orderNumber],
      );
      expect(order).toEqual({
        amount: basicAfter,
        discount: basicPrice - basicAfter,
        code: PERCENT_CODE,
        gateway: 'sandbox',
      });
    } finally {
      await buyer.context.close();
    }
    await admin.reload();
    await expect(codeRow(admin, PERCENT_CODE)).toContainText('1/∞');

    // 3. On a phone: a code of Basic's whole price; saving asks first, naming Basic, and the admin confirms.
    await admin.setViewportSize(PHONE);
    await expect(admin.getByRole('heading', { level: 1, name: d('title') })).toBeVisible();
    await admin.getByRole('textbox', { name: startsWith('form.code') }).fill(FREE_CODE);
    await admin.getByLabel(startsWith('form.amount')).fill(String(basicPrice / 100));
    await admin.getByLabel(startsWith('form.usageLimit')).fill('1');
    await admin.getByRole('switch', { name: startsWith('form.oncePerCustomer') }).check();
    await choosePlans(admin, ['Basic']);
    // The form fits the phone: nothing sticks out sideways.
    expect(
      await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await admin.getByRole('button', { name: d('form.save') }).click();
    const warning = admin.getByRole('dialog', { name: d('giveAway.title') });
    await expect(warning).toContainText(d('giveAway.text', { code: FREE_CODE, plans: 'Basic' }));
    await expect(warning.getByRole('listitem')).toHaveText(
      d('giveAway.plan', { plan: 'Basic', price: yuan(basicPrice) }),
    );
    findings.push(
      ...(await seriousAxe(admin, { wcag21: true, label: `discounts warning ${PHONE.width}` })),
    );
    await warning.getByRole('button', { name: d('giveAway.confirm') }).click();
    await expect(toast(admin, d('saved'))).toBeVisible();
    await expect(warning).toBeHidden();
    const freeRow = codeRow(admin, FREE_CODE);
    await expect(freeRow).toContainText(d('list.amountOff', { amount: yuan(basicPrice) }));
    await expect(freeRow).toContainText(d('list.oncePerCustomer'));
    await expect(freeRow).toContainText('0/1');
    findings.push(
      ...(await seriousAxe(admin, { wcag21: true, label: `discounts ${PHONE.width}` })),
    );
    await admin.setViewportSize(DESKTOP);

    // 4. Another customer: Basic says 'get it free'; taking it activates at once, with no QR code.
    const taker = await customerPage(browser, 'free.taker', 'Freya Free');
    let freeOrder = '';
    try {
      const page = taker.page;
      await page.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
      const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
      await picker.getByLabel(tr('plans:picker.promoCode')).fill(FREE_CODE);
      await picker.getByRole('button', { name: tr('plans:picker.apply') }).click();
      const basicCard = picker.getByRole('article', { name: 'Basic' });
      await expect(basicCard).toContainText(`${tr('plans:card.amountDue')} ¥0`);
      await expect(basicCard.getByRole('button', { name: tr('plans:card.scanToPay') })).toHaveCount(
        0,
      );
      await basicCard.getByRole('button', { name: tr('plans:card.getFree') }).click();
      await expect(toast(page, tr('plans:activatedFree'))).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('dialog', { name: tr('plans:card.scanToPay') })).toHaveCount(0);
      await expect(page.getByRole('img', { name: tr('plans:modal.qr') })).toHaveCount(0);
      await expect(toast(page, tr('plans:activated'))).toHaveCount(0);
      await expect(
        page.getByRole('heading', { name: tr('console:seats.titleWithPlan', { plan: 'Basic' }) }),
      ).toBeVisible();
      const [order] = await sql<{ order_id: string; amount: number; gateway: string }>(
        `select o.order_id, o.amount, o.payment_gateway as gateway from orders o
         join users u on u.id = o.user_id where u.email = $1 and o.status = 'paid'`,
        [taker.email],
      );
      expect({ amount: order.amount, gateway: order.gateway }).toEqual({
        amount: 0,
        gateway: 'free',
      });
      freeOrder = order.order_id;
    } finally {
      await taker.context.close();
    }

    // 5. The admin's orders list: the free order under the free gateway, ¥0.00.
    await admin.goto('/admin/orders');
    await expect(
      admin.getByRole('heading', { level: 1, name: tr('adminOrders:title') }),
    ).toBeVisible();
    await admin.getByLabel(tr('adminOrders:filters.search')).fill(taker.email);
    const orders = admin.getByRole('table', { name: tr('adminOrders:table.label') });
    const row = orders.getByRole('row').filter({ hasText: freeOrder });
    await expect(row).toBeVisible();
    await expect(row).toContainText(tr('adminOrders:gateway.free'));
    await expect(row).toContainText('¥0.00');
    await expect(row).toContainText(tr('adminOrders:status.paid'));

    // 6. Put back: both codes deleted through the page.
    await admin.goto('/admin/subscriptions/discounts');
    for (const code of [PERCENT_CODE, FREE_CODE]) {
      const line = codeRow(admin, code);
      await line.getByRole('button', { name: d('list.delete') }).click();
      await line.getByRole('button', { name: d('list.confirmDelete') }).click();
      await expect(codeRow(admin, code)).toHaveCount(0);
    }

    expect(findings).toEqual([]);
  });
});
