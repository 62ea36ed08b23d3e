import { expect, test } from '@playwright/test';
import { createPromoCode, decodeQr, signIn, toast } from './support/journey';

// Plan purchase end to end: an admin creates a promo code on the discounts page; a customer opens the
// plan picker, applies it, scans the QR code (decoded from the canvas pixels) and pays on the sandbox
// gateway's page, then sees the plan activated, the new seats and the paid order.

test('a customer buys a plan with a promo code by scanning the QR code, then sees the seats and the order', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await createPromoCode(browser, code, '100');

  await signIn(page, '/dashboard', 'plan.buyer@example.com', 'Plan Buyer');
  await expect(page.getByText('no licences available')).toBeVisible();

  // The picker: public plans, no VIP card for this customer, Max on limited offer.
  await page.getByRole('button', { name: 'buy or upgrade plan' }).click();
  const picker = page.getByRole('dialog', { name: 'buy or upgrade plan' });
  await expect(picker.getByRole('article')).toHaveCount(3);
  await expect(picker.getByRole('article', { name: 'VIP' })).toHaveCount(0);
  const basic = picker.getByRole('article', { name: 'Basic' });
  await expect(basic).toContainText('¥699');
  await expect(basic).toContainText('1 seat');
  await expect(picker.getByRole('article', { name: 'Max' })).toContainText('LIMITED OFFER');
  await expect(picker.getByRole('article', { name: 'Max' })).toContainText('up to 100 seats');

  // Two methods are enabled (sandbox, WeChat Pay): this journey pays through the sandbox.
  await picker.getByRole('radio', { name: 'Sandbox' }).click();
  await expect(picker.getByRole('radio', { name: 'Sandbox' })).toBeChecked();

  // A wrong code is refused with the server's text; the right one (typed with spaces) applies.
  await picker.getByLabel('promo code').fill('NO-SUCH-CODE');
  await basic.getByRole('button', { name: 'scan to pay' }).click();
  await expect(toast(page, 'Discount code not found')).toBeVisible();
  await picker.getByLabel('promo code').fill(`  ${code}  `);
  await basic.getByRole('button', { name: 'scan to pay' }).click();

  const payment = page.getByRole('dialog', { name: 'scan to pay' });
  await expect(payment).toContainText('Basic 套餐');
  await expect(payment).toContainText('¥599.00');
  await expect(payment.getByRole('timer', { name: 'time left' })).toHaveText(/^(30:00|29:5\d)$/);
  const orderNumber = (await payment.getByText(/^SK/).textContent())?.trim() ?? '';

  // Scan: the QR code holds the sandbox gateway's payment page for this order.
  const url = await decodeQr(payment.getByRole('img', { name: 'payment QR code' }));
  expect(url).toMatch(/\/sandbox-pay\/[^/]+$/);
  const phone = await page.context().newPage();
  await phone.goto(url);
  await phone.getByRole('button', { name: 'pay ¥599.00' }).click();
  await expect(phone.getByText('Payment complete')).toBeVisible();
  await phone.close();

  // Back on the console: the poll sees the payment, the modal closes and the seat appears.
  await expect(toast(page, 'payment succeeded, plan activated')).toBeVisible({ timeout: 10_000 });
  await expect(payment).toBeHidden();
  await expect(page.getByRole('heading', { name: 'lifetime licence seats (Basic)' })).toBeVisible();
  await expect(page.getByText('bound 0 / 1 seats')).toBeVisible();
  await expect(page.getByRole('button', { name: 'bind a domain to seat #1' })).toBeVisible();

  // An upgrade shows its price breakdown; cancelling it closes the modal.
  await page.getByRole('button', { name: 'buy or upgrade plan' }).click();
  await expect(picker.getByRole('article', { name: 'Basic' })).toContainText('current plan');
  await expect(picker.getByRole('article', { name: 'Basic' })).toContainText('already owned');
  await picker
    .getByRole('article', { name: 'Pro' })
    .getByRole('button', { name: 'scan to upgrade' })
    .click();
  const upgrade = page.getByRole('dialog', { name: 'scan to upgrade' });
  const breakdown = upgrade.getByRole('group', { name: 'price breakdown' });
  await expect(breakdown).toContainText('target plan price¥1699.00');
  await expect(breakdown).toContainText('deduction for the current plan-¥699.00');
  await expect(breakdown).toContainText('discount¥0.00');
  await expect(breakdown).toContainText('amount due¥1000.00');
  await upgrade.getByRole('button', { name: 'cancel' }).click();
  await expect(upgrade).toBeHidden();

  // The orders page: the paid purchase and the cancelled upgrade, newest first.
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const orders = page.getByRole('list', { name: 'orders' }).getByRole('listitem');
  await expect(orders).toHaveCount(2);
  const paid = page.getByRole('listitem', { name: 'Basic 套餐' });
  await expect(paid).toContainText('Paid');
  await expect(paid).toContainText('¥599.00');
  await expect(paid).toContainText(orderNumber);
  await expect(paid).toContainText(/Created: [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(paid).toContainText(/Paid: [A-Z][a-z]+ \d{1,2}, \d{4}/);
  const cancelled = page.getByRole('listitem', { name: 'Pro 套餐' });
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).toContainText('¥1000.00');
});
