import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { isZh, tr, trExact, sandboxPage } from './support/i18n';
import { decodeQr, signIn, toast } from './support/journey';
import { seriousAxe } from './support/axe';

// An admin refund end to end (docs/rules.md, "Refunds"): a customer buys the Basic plan through the
// sandbox; the admin finds the order in /admin/orders by the customer's e-mail, opens it and refunds it
// with the one confirmation; the customer then sees the order Refunded and the seat gone from the console.

const run = Date.now().toString(36);
const customer = { email: `rita.${run}@example.com`, name: 'Rita Refund' };
/** The sandbox method's name as the server gives it (backend payments/gateways/sandbox.gateway.ts). */
const sandbox = isZh ? '沙箱' : 'Sandbox';
const o = (key: string, values?: Record<string, unknown>) => tr(`adminOrders:${key}`, values);

test('the admin refunds a customer’s purchase found by e-mail; the customer sees it refunded and loses the seat', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  // The customer buys Basic through the sandbox.
  await signIn(page, '/dashboard', customer.email, customer.name);
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
  await expect(toast(page, tr('plans:activated'))).toBeVisible({ timeout: 10_000 });
  await expect(
    page.getByRole('heading', {
      name: tr('console:seats.titleWithPlan', { plan: 'Basic' }),
    }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 1 }) }),
  ).toBeVisible();

  // The admin finds the order by the customer's e-mail and refunds it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, '/admin/orders', E2E_ADMIN, 'Ada Admin');
    await expect(admin.getByRole('heading', { level: 1, name: o('title') })).toBeVisible();
    await admin.getByLabel(o('filters.search')).fill(customer.email);
    const orders = admin.getByRole('table', { name: o('table.label') });
    await expect(orders.getByRole('row')).toHaveCount(2);
    const row = orders.getByRole('row').nth(1);
    await expect(row).toContainText(orderNumber);
    await expect(row).toContainText(customer.email);
    await expect(row).toContainText(o('status.paid'));
    await expect(row).toContainText('¥699.00');
    await expect(row).toContainText(o('gateway.sandbox'));
    // The filtered orders' money: paid, refunded, net.
    const totals = admin.getByRole('group', { name: o('filters.totalsLabel') });
    await expect(totals).toContainText(o('filters.paid', { amount: '¥699.00' }));
    await expect(totals).toContainText(o('filters.refunded', { amount: '¥0.00' }));
    await expect(totals).toContainText(o('filters.net', { amount: '¥699.00' }));

    await row.getByRole('button', { name: orderNumber }).click();
    const drawer = admin.getByRole('dialog', {
      name: o('detail.title', { orderId: orderNumber }),
    });
    await expect(drawer.getByRole('table', { name: o('detail.breakdown') })).toContainText(
      `${o('detail.amount')}¥699.00`,
    );
    await expect(drawer.getByRole('table', { name: o('detail.gateway') })).toContainText(
      `${o('detail.tradeNo')}SANDBOX${orderNumber}`,
    );
    // Audit entries by their labels, their actions' names on hover.
    const trail = drawer.getByRole('table', { name: o('detail.auditLabel') });
    await expect(trail.getByTitle('order.paid')).toHaveText(tr('adminAudit:actions.order.paid'));
    await drawer
      .getByRole('button', { name: o('refund.buttonLabel', { orderId: orderNumber }) })
      .click();

    const confirm = admin.getByRole('dialog', {
      name: o('refund.title', { orderId: orderNumber }),
    });
    await expect(confirm).toContainText(
      o('refund.goesBack', { amount: '¥699.00', email: customer.email }),
    );
    await expect(confirm).toContainText(o('loss.purchase', { plan: 'Basic', seats: 1 }));
    await confirm.getByRole('button', { name: o('refund.confirm', { amount: '¥699.00' }) }).click();
    await expect(
      toast(admin, o('refund.done', { orderId: orderNumber, amount: '¥699.00' })),
    ).toBeVisible();
    await expect(confirm).toBeHidden();
    // The drawer and the list refresh: refunded, no refund button, the refund in the audit trail.
    await expect(
      drawer.locator('span', { hasText: trExact('adminOrders:status.refunded') }),
    ).toBeVisible();
    await expect(
      drawer.getByRole('button', { name: trExact('adminOrders:refund.buttonLabel') }),
    ).toHaveCount(0);
    await expect(trail.getByTitle('order.refund_succeeded')).toHaveText(
      tr('adminAudit:actions.order.refund_succeeded'),
    );
    await expect(drawer.getByRole('table', { name: o('detail.gateway') })).toContainText(
      `${o('detail.refundNo')}R${orderNumber}`,
    );
    await admin.keyboard.press('Escape');
    await expect(row).toContainText(o('status.refunded'));
  } finally {
    await adminContext.close();
  }

  // The customer: the order is Refunded, and the seat is gone from the console.
  await page.goto('/orders');
  const order = page.getByRole('listitem', { name: tr('common:planProduct', { plan: 'Basic' }) });
  await expect(order).toContainText(orderNumber);
  await expect(order).toContainText(tr('orders:status.refunded'));
  await page.goto('/dashboard');
  await expect(page.getByText(tr('console:seats.empty'))).toBeVisible();
  await expect(
    page.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 1 }) }),
  ).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: tr('console:seats.title'), exact: true }),
  ).toBeVisible();
});

// Refunds go latest-first along an upgrade chain (docs/rules.md, "Refunds"): a customer buys Basic, then
// upgrades to Pro (priced against Basic); the admin opens the Basic order and the confirmation says it
// cannot be refunded alone, lists Pro then Basic, and refunds the chain. Screenshots at a phone's and a
// laptop's width in tmp/e2e-refund-chain/<language>/.
test('refunding an order a later upgrade was priced against shows the chain and refunds it latest first', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = { email: `chain.${run}@example.com`, name: 'Chen Chain' };
  await signIn(page, '/dashboard', buyer.email, buyer.name);
  /** Buys a plan through the sandbox's own payment page (the purchase journey covers the picker). */
  const buyAndPay = async (tier: string, amount: string) => {
    const answer = await page.request.post('/api/payments/create', {
      data: { subscriptionTier: tier, paymentMethod: 'sandbox' },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(answer.status()).toBe(200);
    const created = (await answer.json()) as { orderId: string; qrImage: string };
    const phone = await page.context().newPage();
    await phone.goto(created.qrImage);
    await phone.getByRole('button', { name: sandboxPage.payButton(amount) }).click();
    await expect(phone.getByText(sandboxPage.paidTitle)).toBeVisible();
    await phone.close();
    return created.orderId;
  };
  const basic = await buyAndPay('basic', '¥699.00');
  const pro = await buyAndPay('pro', '¥1000.00');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, '/admin/orders', E2E_ADMIN, 'Ada Admin');
    await admin.getByLabel(o('filters.search')).fill(basic);
    const orders = admin.getByRole('table', { name: o('table.label') });
    await expect(orders.getByRole('row')).toHaveCount(2);
    await orders.getByRole('button', { name: basic }).click();
    const drawer = admin.getByRole('dialog', { name: o('detail.title', { orderId: basic }) });
    await drawer.getByRole('button', { name: o('refund.buttonLabel', { orderId: basic }) }).click();
    const confirm = admin.getByRole('dialog', { name: o('refund.title', { orderId: basic }) });
    await expect(confirm).toContainText(o('refund.chain.alone', { orderId: basic, count: 2 }));
    const chain = confirm.getByRole('table', { name: o('refund.chain.label') });
    await expect(chain.getByRole('row').nth(1)).toContainText(pro);
    await expect(chain.getByRole('row').nth(1)).toContainText('¥1000.00');
    await expect(chain.getByRole('row').nth(2)).toContainText(basic);
    await expect(
      confirm.getByRole('button', { name: o('refund.chain.confirm', { amount: '¥1699.00' }) }),
    ).toBeVisible();
    const dir = join(
      test.info().project.testDir,
      '../../tmp/e2e-refund-chain',
      isZh ? 'zh-CN' : 'en',
    );
    mkdirSync(dir, { recursive: true });
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ]) {
      await admin.setViewportSize({ width, height });
      await expect(confirm).toBeVisible();
      await admin.screenshot({ path: join(dir, `refund-chain-${width}.png`) });
    }
    // Named controls and no serious or critical axe finding in the confirmation.
    expect(await seriousAxe(admin, { include: '[role="dialog"]' })).toEqual([]);
    // By keyboard alone: Tab reaches the chain's refund, Enter confirms.
    const refundTheChain = confirm.getByRole('button', {
      name: o('refund.chain.confirm', { amount: '¥1699.00' }),
    });
    for (let i = 0; i < 12; i++) {
      if (await refundTheChain.evaluate((el) => el === document.activeElement)) break;
      await admin.keyboard.press('Tab');
    }
    await expect(refundTheChain).toBeFocused();
    await admin.keyboard.press('Enter');
    await expect(
      toast(admin, o('refund.chain.done', { count: 2, amount: '¥1699.00' })),
    ).toBeVisible();
    // The list's money for this customer: ¥1699.00 taken, ¥1699.00 given back, nothing net.
    await admin.keyboard.press('Escape');
    await admin.getByLabel(o('filters.search')).fill(buyer.email);
    await expect(orders.getByRole('row')).toHaveCount(3);
    const totals = admin.getByRole('group', { name: o('filters.totalsLabel') });
    await expect(totals).toContainText(o('filters.paid', { amount: '¥1699.00' }));
    await expect(totals).toContainText(o('filters.refunded', { amount: '¥1699.00' }));
    await expect(totals).toContainText(o('filters.net', { amount: '¥0.00' }));
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ]) {
      await admin.setViewportSize({ width, height });
      await admin.screenshot({ path: join(dir, `orders-totals-${width}.png`), fullPage: true });
    }
  } finally {
    await adminContext.close();
  }

  // The customer: both orders refunded, no seat left.
  await page.goto('/orders');
  for (const plan of ['Basic', 'Pro']) {
    const order = page.getByRole('listitem', { name: tr('common:planProduct', { plan }) });
    await expect(order).toContainText(tr('orders:status.refunded'));
  }
  await page.goto('/dashboard');
  await expect(page.getByText(tr('console:seats.empty'))).toBeVisible();
});
