import { expect, test } from '@playwright/test';
import { formatDate, isZh, tr, sandboxPage } from './support/i18n';
import { createPromoCode, customerEmail, decodeQr, signIn, toast } from './support/journey';

// Plan purchase end to end: an admin creates a promo code on the discounts page; a customer opens the
// plan picker, applies it, scans the QR code (decoded from the canvas pixels) and pays on the sandbox
// gateway's page, then sees the plan activated, the new seats and the paid order.

/** Max's badge as the seeded plan row has it (backend migration Migration20261129200000, GET /api/plans). */
const limitedOffer = isZh ? '限时优惠' : 'LIMITED OFFER';
/** The sandbox method's name as the server gives it (backend payments/gateways/sandbox.gateway.ts). */
const sandbox = isZh ? '沙箱' : 'Sandbox';
/** An order's product in this language ('Basic plan' / 'Basic 套餐', the Chinese as the order stored it). */
const product = (plan: string) => tr('common:planProduct', { plan });
/** A labelled detail of an order in the list: 'Created: November 26, 2026'. */
const detail = (label: string, value: string) => `${tr('orders:detail', { label })}${value}`;

test('a customer buys a plan with a promo code by scanning the QR code, then sees the seats and the order', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await createPromoCode(browser, code, '100');

  await signIn(page, '/dashboard', customerEmail('plan.buyer'), 'Plan Buyer');
  await expect(page.getByText(tr('console:seats.empty'))).toBeVisible();

  // The picker: public plans, no VIP card for this customer, Max on limited offer.
  await page.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
  const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
  await expect(picker.getByRole('article')).toHaveCount(3);
  await expect(picker.getByRole('article', { name: 'VIP' })).toHaveCount(0);
  const basic = picker.getByRole('article', { name: 'Basic' });
  await expect(basic).toContainText('¥699');
  await expect(basic).toContainText(tr('plans:seats', { count: 1 }));
  await expect(picker.getByRole('article', { name: 'Max' })).toContainText(limitedOffer);
  await expect(picker.getByRole('article', { name: 'Max' })).toContainText(
    tr('plans:seatsUpTo', { seats: 100 }),
  );

  // Two methods are enabled (sandbox, WeChat Pay): this journey pays through the sandbox.
  await picker.getByRole('radio', { name: sandbox }).click();
  await expect(picker.getByRole('radio', { name: sandbox })).toBeChecked();

  // A wrong code is refused with the customer's one answer ('not valid for this plan': unknown codes are
  // not told apart, docs/payments.md "Limits"); the right one (typed with spaces) applies.
  await picker.getByLabel(tr('plans:picker.promoCode')).fill('NO-SUCH-CODE');
  await basic.getByRole('button', { name: tr('plans:card.scanToPay') }).click();
  await expect(toast(page, tr('errors:DISCOUNT_WRONG_TIER'))).toBeVisible();
  await picker.getByLabel(tr('plans:picker.promoCode')).fill(`  ${code}  `);
  await basic.getByRole('button', { name: tr('plans:card.scanToPay') }).click();

  const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
  await expect(payment).toContainText(product('Basic'));
  await expect(payment).toContainText('¥599.00');
  await expect(payment.getByRole('timer', { name: tr('plans:modal.timeLeft') })).toHaveText(
    /^(30:00|29:5\d)$/,
  );
  const orderNumber = (await payment.getByText(/^SK/).textContent())?.trim() ?? '';

  // Scan: the QR code holds the sandbox gateway's payment page for this order. That development page
  // speaks the run's language (backend payments/sandbox-pay.controller.ts).
  const url = await decodeQr(payment.getByRole('img', { name: tr('plans:modal.qr') }));
  expect(url).toMatch(/\/sandbox-pay\/[^/]+$/);
  const phone = await page.context().newPage();
  await phone.goto(url);
  await phone.getByRole('button', { name: sandboxPage.payButton('¥599.00') }).click();
  await expect(phone.getByText(sandboxPage.paidTitle)).toBeVisible();
  await phone.close();

  // Back on the console: the poll sees the payment, the modal closes and the seat appears.
  await expect(toast(page, tr('plans:activated'))).toBeVisible({ timeout: 10_000 });
  await expect(payment).toBeHidden();
  await expect(
    page.getByRole('heading', { name: tr('console:seats.titleWithPlan', { plan: 'Basic' }) }),
  ).toBeVisible();
  await expect(page.getByText(tr('console:seats.count', { bound: 0, count: 1 }))).toBeVisible();
  await expect(
    page.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 1 }) }),
  ).toBeVisible();

  // An upgrade shows its price breakdown; cancelling it closes the modal.
  await page.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
  await expect(picker.getByRole('article', { name: 'Basic' })).toContainText(
    tr('plans:card.currentPlan'),
  );
  await expect(picker.getByRole('article', { name: 'Basic' })).toContainText(
    tr('plans:card.alreadyOwned'),
  );
  await picker
    .getByRole('article', { name: 'Pro' })
    .getByRole('button', { name: tr('plans:card.scanToUpgrade') })
    .click();
  const upgrade = page.getByRole('dialog', { name: tr('plans:card.scanToUpgrade') });
  const breakdown = upgrade.getByRole('group', { name: tr('plans:modal.breakdown') });
  await expect(breakdown).toContainText(`${tr('plans:modal.targetPrice')}¥1699.00`);
  await expect(breakdown).toContainText(`${tr('plans:modal.deduction')}-¥699.00`);
  await expect(breakdown).toContainText(`${tr('plans:modal.discount')}¥0.00`);
  await expect(breakdown).toContainText(`${tr('plans:modal.amountDue')}¥1000.00`);
  await upgrade.getByRole('button', { name: tr('plans:modal.cancel') }).click();
  await expect(upgrade).toBeHidden();

  // The orders page: the paid purchase and the cancelled upgrade, newest first.
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: tr('orders:title') })).toBeVisible();
  const orders = page.getByRole('list', { name: tr('orders:list') }).getByRole('listitem');
  await expect(orders).toHaveCount(2);
  const paid = page.getByRole('listitem', { name: product('Basic') });
  await expect(paid).toContainText(tr('orders:status.paid'));
  await expect(paid).toContainText('¥599.00');
  await expect(paid).toContainText(orderNumber);
  const today = formatDate();
  await expect(paid).toContainText(detail(tr('orders:created'), today));
  await expect(paid).toContainText(detail(tr('orders:paid'), today));
  const cancelled = page.getByRole('listitem', { name: product('Pro') });
  await expect(cancelled).toContainText(tr('orders:status.cancelled'));
  await expect(cancelled).toContainText('¥1000.00');
});
