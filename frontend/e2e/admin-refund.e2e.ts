import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { decodeQr, signIn, toast } from './support/journey';

// An admin refund end to end (docs/rules.md, "Refunds"): a customer buys the Basic plan through the
// sandbox; the admin finds the order in /admin/orders by the customer's e-mail, opens it and refunds it
// with the one confirmation; the customer then sees the order Refunded and the seat gone from the console.

const run = Date.now().toString(36);
const customer = { email: `rita.${run}@example.com`, name: 'Rita Refund' };

test('the admin refunds a customer’s purchase found by e-mail; the customer sees it refunded and loses the seat', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  // The customer buys Basic through the sandbox.
  await signIn(page, '/dashboard', customer.email, customer.name);
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
  await expect(toast(page, 'payment succeeded, plan activated')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'lifetime licence seats (Basic)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'bind a domain to seat #1' })).toBeVisible();

  // The admin finds the order by the customer's e-mail and refunds it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, '/admin/orders', E2E_ADMIN, 'Ada Admin');
    await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await admin.getByLabel('search').fill(customer.email);
    const orders = admin.getByRole('table', { name: 'orders' });
    await expect(orders.getByRole('row')).toHaveCount(2);
    const row = orders.getByRole('row').nth(1);
    await expect(row).toContainText(orderNumber);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('¥699.00');
    await expect(row).toContainText('Sandbox');
    await expect(admin.getByLabel('filtered total')).toHaveText('total ¥699.00');

    await row.getByRole('button', { name: orderNumber }).click();
    const drawer = admin.getByRole('dialog', { name: `Order ${orderNumber}` });
    await expect(drawer.getByRole('table', { name: 'Breakdown' })).toContainText('Amount¥699.00');
    await expect(drawer.getByRole('table', { name: 'Gateway' })).toContainText(
      `Trade numberSANDBOX${orderNumber}`,
    );
    await expect(drawer.getByRole('table', { name: 'audit trail' })).toContainText('order.paid');
    await drawer.getByRole('button', { name: `Refund order ${orderNumber}` }).click();

    const confirm = admin.getByRole('dialog', { name: `Refund order ${orderNumber}?` });
    await expect(confirm).toContainText(`¥699.00 goes back to ${customer.email}`);
    await expect(confirm).toContainText(
      'New purchase: the customer loses Basic; its seats (1) are revoked',
    );
    await confirm.getByRole('button', { name: 'Refund ¥699.00' }).click();
    await expect(toast(admin, `Order ${orderNumber} refunded (¥699.00)`)).toBeVisible();
    await expect(confirm).toBeHidden();
    // The drawer and the list refresh: refunded, no refund button, the refund in the audit trail.
    await expect(drawer.locator('span', { hasText: /^Refunded$/ })).toBeVisible();
    await expect(drawer.getByRole('button', { name: /^Refund order/ })).toHaveCount(0);
    await expect(drawer.getByRole('table', { name: 'audit trail' })).toContainText(
      'order.refund_succeeded',
    );
    await expect(drawer.getByRole('table', { name: 'Gateway' })).toContainText(
      `Refund numberR${orderNumber}`,
    );
    await admin.keyboard.press('Escape');
    await expect(row).toContainText('Refunded');
  } finally {
    await adminContext.close();
  }

  // The customer: the order is Refunded, and the seat is gone from the console.
  await page.goto('/orders');
  const order = page.getByRole('listitem', { name: 'Basic 套餐' });
  await expect(order).toContainText(orderNumber);
  await expect(order).toContainText('Refunded');
  await page.goto('/dashboard');
  await expect(page.getByText('no licences available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'bind a domain to seat #1' })).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: 'lifetime licence seats', exact: true }),
  ).toBeVisible();
});
