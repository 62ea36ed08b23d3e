import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { escapeRegExp, isZh, sandboxPage, tr } from './support/i18n';
import { decodeQr, signIn, toast } from './support/journey';
import { seriousAxe } from './support/axe';

// Buying from the console (docs/payments.md, "Paying in the interface" and "Return"), at 1366×900 and on a
// phone at 390×844: cancelling an order says so and gives the focus back to the buy button; paying through
// the sandbox ends on a page that links the order's receipt (the way back from a phone), and the console's
// success toast links the receipt too. Axe finds no serious or critical issue in the open dialogs.

const run = Date.now().toString(36);
/** The sandbox method's name as the server gives it (backend payments/gateways/sandbox.gateway.ts). */
const sandbox = isZh ? '沙箱' : 'Sandbox';
const dir = () => join(test.info().project.testDir, '../../tmp/e2e-console', isZh ? 'zh-CN' : 'en');

/** The seat block (its heading names the plan once there is one) and its dashed buy button. */
const seats = (page: Page) =>
  page.getByRole('region', { name: new RegExp(`^${escapeRegExp(tr('console:seats.title'))}`) });
const buyButton = (page: Page) =>
  seats(page).getByRole('button', { name: tr('plans:buyOrUpgrade') });

/** Buy or upgrade → Sandbox → Basic's 'scan to pay': the payment modal, and its order number. */
async function orderBasic(page: Page): Promise<{ payment: Locator; orderId: string }> {
  await buyButton(page).click();
  const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
  await picker.getByRole('radio', { name: sandbox }).click();
  await picker
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: tr('plans:card.scanToPay') })
    .click();
  const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
  await expect(payment).toContainText('¥699.00');
  const orderId = (await payment.getByText(/^SK\d+$/).textContent())?.trim() ?? '';
  expect(orderId).toMatch(/^SK\d+$/);
  return { payment, orderId };
}

/** Cancel: the modal goes, a toast says the order was cancelled, and the buy button has the focus. */
async function cancelShown(page: Page, payment: Locator, orderId: string) {
  await payment.getByRole('button', { name: tr('plans:modal.cancel') }).click();
  await expect(payment).toBeHidden();
  await expect(toast(page, tr('plans:modal.cancelled', { orderId }))).toBeVisible();
  await expect(buyButton(page)).toBeFocused({ timeout: 10_000 });
}

/** The receipt page of the order, signed in: its heading names the order. */
async function expectReceipt(page: Page, orderId: string) {
  await expect(page).toHaveURL(new RegExp(`/orders/${escapeRegExp(orderId)}$`));
  await expect(page.getByRole('main')).toContainText(orderId);
}

test.describe('at 1366×900', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('cancel says so and gives the focus back; the sandbox end page and the success toast link the receipt', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(dir(), { recursive: true });
    await signIn(page, '/dashboard', `desk.${run}@example.com`, 'Dana Desk');

    const first = await orderBasic(page);
    expect(await seriousAxe(page, { include: '[role="dialog"]' })).toEqual([]);
    await page.screenshot({ path: join(dir(), 'buy-payment-modal-1366.png') });
    await cancelShown(page, first.payment, first.orderId);

    // A second order, paid by scanning its QR code on another device.
    const { payment, orderId } = await orderBasic(page);
    const url = await decodeQr(payment.getByRole('img', { name: tr('plans:modal.qr') }));
    const phone = await page.context().newPage();
    await phone.goto(url);
    await phone.getByRole('button', { name: sandboxPage.payButton('¥699.00') }).click();
    await expect(phone.getByRole('heading', { name: sandboxPage.paidTitle })).toBeVisible();
    const back = phone.getByRole('link', { name: sandboxPage.toReceipt });
    await expect(back).toHaveAttribute('href', `/orders/${orderId}`);
    await phone.screenshot({ path: join(dir(), 'buy-end-page-1366.png') });
    await phone.close();

    // The console saw it paid: the toast links the receipt, the focus is back on the buy button.
    await expect(payment).toBeHidden({ timeout: 10_000 });
    await expect(toast(page, tr('plans:activated'))).toBeVisible();
    await expect(buyButton(page)).toBeFocused({ timeout: 10_000 });
    const link = page.getByRole('alert').getByRole('link', { name: tr('plans:viewReceipt') });
    await expect(link).toHaveAttribute('href', `/orders/${orderId}`);
    await link.click();
    await expectReceipt(page, orderId);
    await page.screenshot({ path: join(dir(), 'buy-receipt-1366.png'), fullPage: true });
  });
});

test.describe('on a phone (390×844)', () => {
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    isMobile: true,
    hasTouch: true,
  });

  test('cancel says so; paying through the sandbox ends on a page whose return link leads to the receipt', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(dir(), { recursive: true });
    await signIn(page, '/dashboard', `phone.${run}@example.com`, 'Pia Phone');

    const first = await orderBasic(page);
    expect(await seriousAxe(page, { include: '[role="dialog"]' })).toEqual([]);
    await page.screenshot({ path: join(dir(), 'buy-payment-modal-390.png') });
    await cancelShown(page, first.payment, first.orderId);

    // The button opens the payment app (here the sandbox's page) in place of the console.
    const { payment, orderId } = await orderBasic(page);
    await payment.getByRole('link', { name: tr('plans:modal.openApp', { app: sandbox }) }).tap();
    await expect(page).toHaveURL(new RegExp(`/sandbox-pay/${escapeRegExp(orderId)}$`));
    await page.getByRole('button', { name: sandboxPage.payButton('¥699.00') }).tap();
    await expect(page.getByRole('heading', { name: sandboxPage.paidTitle })).toBeVisible();
    await expect(page.getByText('close this page')).toHaveCount(0);
    const back = page.getByRole('link', { name: sandboxPage.toReceipt });
    await expect(back).toBeInViewport();
    // Large enough for a finger.
    expect((await back.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.screenshot({ path: join(dir(), 'buy-end-page-390.png') });

    await back.tap();
    await expectReceipt(page, orderId);
    await expect(page.getByRole('main')).toContainText(tr('orders:status.paid'));
    await page.screenshot({ path: join(dir(), 'buy-receipt-390.png'), fullPage: true });
  });
});
