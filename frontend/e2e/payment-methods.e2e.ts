import { expect, test, type Page } from '@playwright/test';
import { E2E_WECHATPAY_CONTROL } from '../playwright.config';
import { escapeRegExp, isZh, trExact, tr, sandboxPage } from './support/i18n';
import { createPromoCode, decodeQr, signIn, toast } from './support/journey';

// Paying with a choice of methods (docs/payments.md): the e2e app has the sandbox and WeChat Pay (through
// the local fake WeChat Pay server, backend/test/support/fake-wechatpay-server.ts) enabled.
//  - On a phone (390×844, a mobile user agent) the modal offers a button that opens the payment app: the
//    customer pays Basic through the sandbox's page and comes back to the active plan.
//  - On a desktop the customer starts with the sandbox, switches to WeChat Pay in the QR modal (a new
//    order replaces the first), and the fake plays the buyer: it pays the trade the decoded QR code names
//    and posts its signed, encrypted notification to the app.
//  - A promo code applied in the picker shows each plan's price after it (or its error beside the field)
//    before any order exists, and the discounted amount is what is paid.

const run = Date.now().toString(36);

// The methods' names and scanning hints as the server gives them, in both languages, the app showing the
// run's (backend payments/gateways/sandbox.gateway.ts, wechat.gateway.ts).
const sandbox = isZh ? '沙箱' : 'Sandbox';
const wechat = isZh ? '微信支付' : 'WeChat Pay';
const scanSandbox = isZh
  ? '用手机相机扫码，打开沙箱支付页'
  : "Scan with your phone's camera to open the sandbox payment page";
const scanWechat = isZh ? '请使用微信扫一扫支付' : 'Scan with WeChat (Scan QR Code)';
/** An order's product in this language ('Basic plan' / 'Basic 套餐', the Chinese as the order stored it). */
const product = (plan: string) => tr('common:planProduct', { plan });
const seatsOf = (plan: string) => tr('console:seats.titleWithPlan', { plan });

async function openPicker(page: Page) {
  await page.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
  return page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
}

/** Pays a sandbox order by opening its QR code's page in another tab, as a phone's camera would. */
async function payOnSandboxPage(page: Page, qrUrl: string, amount: string) {
  const phone = await page.context().newPage();
  try {
    await phone.goto(qrUrl);
    await phone.getByRole('button', { name: sandboxPage.payButton(amount) }).click();
    await expect(phone.getByText(sandboxPage.paidTitle)).toBeVisible();
  } finally {
    await phone.close();
  }
}

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    isMobile: true,
    hasTouch: true,
  });

  test('a customer buys Basic through the button that opens the payment app, pays, comes back and sees the plan', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, '/dashboard', `phone.${run}@example.com`, 'Pia Phone');
    const picker = await openPicker(page);
    await picker.getByRole('radio', { name: sandbox }).click();
    await expect(picker.getByRole('radio', { name: sandbox })).toBeChecked();

    const created = page.waitForRequest('**/api/payments/create');
    await picker
      .getByRole('article', { name: 'Basic' })
      .getByRole('button', { name: tr('plans:card.scanToPay') })
      .click();
    // A phone asks for the link that opens the payment app.
    expect((await created).postDataJSON()).toMatchObject({
      subscriptionTier: 'basic',
      paymentMethod: 'sandbox',
      mobile: true,
    });

    const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
    await expect(payment).toContainText('¥699.00');
    const open = payment.getByRole('link', { name: tr('plans:modal.openApp', { app: sandbox }) });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute('href', /\/sandbox-pay\/SK\w+$/);
    // Large enough for a finger.
    expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // The QR code stays beside it (another device may scan it), with which app to scan it.
    await expect(payment.getByRole('img', { name: tr('plans:modal.qr') })).toBeVisible();
    await expect(payment).toContainText(scanSandbox);

    // The button opens the payment app (here the sandbox's page) in place of the console.
    await open.tap();
    await expect(page).toHaveURL(/\/sandbox-pay\/SK\w+$/);
    // The sandbox's page speaks the run's language and names the product as the order stored it
    // (backend payments/sandbox-pay.controller.ts).
    await expect(page.getByText('Basic 套餐')).toBeVisible();
    await page.getByRole('button', { name: sandboxPage.payButton('¥699.00') }).click();
    await expect(page.getByText(sandboxPage.paidTitle)).toBeVisible();

    // Back to the console (the payment page, then the console): the plan is active.
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: seatsOf('Basic') })).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByText(tr('console:seats.count', { bound: 0, count: 1 }))).toBeVisible();
    await expect(page.getByRole('dialog', { name: tr('plans:card.scanToPay') })).toHaveCount(0);
  });
});

test('a customer switches to WeChat Pay in the QR modal and pays through the fake WeChat Pay', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, '/dashboard', `wechat.${run}@example.com`, 'Wei Chat');
  const picker = await openPicker(page);
  const methods = picker.getByRole('radiogroup', { name: tr('plans:method.payWith') });
  await expect(methods.getByRole('radio')).toHaveCount(2);
  await expect(methods.getByRole('radio', { name: sandbox })).toBeChecked();
  await expect(methods.getByRole('radio', { name: wechat })).not.toBeChecked();
  await picker
    .getByRole('article', { name: 'Pro' })
    .getByRole('button', { name: tr('plans:card.scanToPay') })
    .click();

  // A sandbox order first.
  const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
  await expect(payment).toContainText('¥1699.00');
  await expect(payment).toContainText(scanSandbox);
  const sandboxOrder = (await payment.getByText(/^SK/).textContent())!.trim();
  expect(await decodeQr(payment.getByRole('img', { name: tr('plans:modal.qr') }))).toMatch(
    /\/sandbox-pay\/SK\w+$/,
  );
  // Desktop: no button that opens an app (by any app's name, or none).
  const openAnApp = new RegExp(
    `${trExact('plans:modal.openApp').source}|${trExact('plans:modal.openPaymentApp').source}`,
  );
  await expect(payment.getByRole('link', { name: openAnApp })).toHaveCount(0);

  // Switching to WeChat Pay (with the keyboard: arrow keys move through the radio group) makes a new order.
  await payment.getByRole('radio', { name: sandbox }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(payment.getByRole('radio', { name: wechat })).toBeChecked();
  await expect(payment).toContainText(scanWechat);
  await expect(payment.getByText(/^SK/)).not.toHaveText(sandboxOrder);
  const wechatOrder = (await payment.getByText(/^SK/).textContent())!.trim();

  // The QR code holds WeChat Pay's code_url; the fake pays that trade and notifies the app.
  const codeUrl = await decodeQr(payment.getByRole('img', { name: tr('plans:modal.qr') }));
  expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
  const scan = await request.post(`${E2E_WECHATPAY_CONTROL}/scan`, { data: { codeUrl } });
  expect(scan.ok()).toBe(true);
  expect(await scan.json()).toMatchObject({ outTradeNo: wechatOrder, total: 169900, status: 204 });

  await expect(toast(page, tr('plans:activated'))).toBeVisible({ timeout: 10_000 });
  await expect(payment).toBeHidden();
  await expect(page.getByRole('heading', { name: seatsOf('Pro') })).toBeVisible();
  await expect(page.getByText(tr('console:seats.count', { bound: 0, count: 5 }))).toBeVisible();

  // The replaced sandbox order was cancelled; the WeChat Pay one is paid.
  await page.goto('/orders');
  const orders = page.getByRole('list', { name: tr('orders:list') }).getByRole('listitem');
  await expect(orders).toHaveCount(2);
  // Each row by its own order number (the replaced one also names the WeChat Pay order, in its reason).
  const row = (orderId: string) => orders.filter({ has: page.getByText(orderId, { exact: true }) });
  await expect(row(wechatOrder)).toContainText(tr('orders:status.paid'));
  await expect(row(sandboxOrder)).toContainText(tr('orders:status.cancelled'));
  await expect(row(sandboxOrder)).toContainText(
    tr('orders:endReason.replaced_by_order', { orderId: wechatOrder }),
  );
});

test('a customer applies a promo code in the picker, sees the discounted price and pays it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `QUOTE${run.toUpperCase()}`;
  await createPromoCode(browser, code, '100.50');

  await signIn(page, '/dashboard', `quote.${run}@example.com`, 'Quinn Quote');
  const picker = await openPicker(page);
  const field = picker.getByLabel(tr('plans:picker.promoCode'));
  const basic = picker.getByRole('article', { name: 'Basic' });

  // An unknown code: its error beside the field, before any order exists. Customers get one answer for
  // an unknown code and a code for another plan, 'not valid for this plan' (docs/payments.md, "Limits").
  await field.fill('NO-SUCH-CODE');
  await picker.getByRole('button', { name: tr('plans:picker.apply') }).click();
  await expect(field).toHaveAccessibleDescription(
    new RegExp(escapeRegExp(tr('errors:DISCOUNT_WRONG_TIER'))),
  );
  await expect(picker.getByText(tr('errors:DISCOUNT_WRONG_TIER'))).toBeVisible();
  await expect(basic).toContainText('¥699');
  // Editing the code clears the error.
  await field.fill(code.toLowerCase());
  await expect(picker.getByText(tr('errors:DISCOUNT_WRONG_TIER'))).toHaveCount(0);
  await field.press('Enter');

  // Basic shows its price after the code; the other plans say the code is not theirs.
  await expect(basic).toContainText(`${tr('plans:card.listPrice')} ¥699`);
  await expect(basic).toContainText(`${tr('plans:card.amountDue')} ¥598.50`);
  await expect(basic.locator('del')).toHaveText(/¥699/);
  await expect(basic).toContainText(tr('plans:card.promo', { code, amount: '-¥100.50' }));
  await expect(picker.getByRole('article', { name: 'Pro' })).toContainText(
    tr('errors:DISCOUNT_WRONG_TIER'),
  );
  // The field (by role: the cards' 'price after the promo code' groups share its words) has no error.
  await expect(
    picker.getByRole('textbox', { name: tr('plans:picker.promoCode') }),
  ).not.toHaveAttribute('aria-invalid', 'true');

  await picker.getByRole('radio', { name: sandbox }).click();
  await basic.getByRole('button', { name: tr('plans:card.scanToPay') }).click();
  const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
  await expect(payment).toContainText('¥598.50');
  const url = await decodeQr(payment.getByRole('img', { name: tr('plans:modal.qr') }));
  await payOnSandboxPage(page, url, '¥598.50');

  await expect(toast(page, tr('plans:activated'))).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: seatsOf('Basic') })).toBeVisible();
  await page.goto('/orders');
  const paid = page.getByRole('listitem', { name: product('Basic') });
  await expect(paid).toContainText(tr('orders:status.paid'));
  await expect(paid).toContainText('¥598.50');
});
