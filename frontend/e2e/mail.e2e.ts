import { expect, test } from '@playwright/test';
import { isZh, tr, sandboxPage, serverText } from './support/i18n';
import { escapeRegExp, signIn, toast } from './support/journey';

// The receipt by e-mail (docs/mail.md): a customer pays a plan in the sandbox; the receipt, written to the
// outbox in the payment's transaction, shows in the development mailbox (/dev-mail/, no SMTP_URL here);
// its button leads to the receipt page of the order.

/** The sandbox method's name as the server gives it (backend/src/locales/<language>/payments.json). */
const sandbox = serverText('payments:gateways.sandbox.name');
/**
 * The receipt's language is the one the customer reads the screens in (users.language: the `lang` cookie,
 * else the browser's language at sign-in; docs/mail.md): this run's language
 * (backend mail/messages/receipt.ts).
 */
const mailLanguage = isZh ? 'zh-CN' : 'en';
const viewReceipt = serverText('mail:receipt.viewReceipt');

test('after a sandbox payment the receipt is in /dev-mail/, and its link opens the receipt page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = `mail.buyer.${Date.now()}@example.com`;
  await signIn(page, '/dashboard', email, 'Mail Buyer');

  await page.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
  const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
  await picker.getByRole('radio', { name: sandbox }).click();
  await picker
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Basic' }) })
    .getByRole('button', { name: tr('plans:card.scanToPay') })
    .click();
  const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
  const orderNumber = (await payment.getByText(/^SK/).textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^SK/);

  // The sandbox payment page (backend payments/sandbox-pay.controller.ts) speaks the run's language.
  const phone = await page.context().newPage();
  await phone.goto(`/sandbox-pay/${orderNumber}`);
  await phone
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(sandboxPage.payButton(''))}`) })
    .click();
  await expect(phone.getByText(sandboxPage.paidTitle)).toBeVisible();
  await phone.close();
  await expect(toast(page, tr('plans:activated'))).toBeVisible({ timeout: 10_000 });

  // The development mailbox (backend mail/dev-mail.page.ts, a developer's page in English) lists the receipt for this customer and order.
  await page.goto('/dev-mail/');
  const receipt = page.getByRole('link', { name: new RegExp(escapeRegExp(orderNumber)) });
  await expect(receipt).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(escapeRegExp(email)) })).toContainText(
    orderNumber,
  );
  await receipt.click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(orderNumber);
  await expect(page.locator('dt:text-is("Language") + dd')).toHaveText(mailLanguage);

  // The HTML part (a sandboxed frame): the breakdown, then the button to the receipt page.
  const html = page.frameLocator('iframe[title="HTML part"]');
  await expect(html.getByText(/¥699\.00/).first()).toBeVisible();
  const button = html.getByRole('link', { name: viewReceipt, exact: true });
  await expect(button).toHaveAttribute('href', new RegExp(`/orders/${escapeRegExp(orderNumber)}$`));
  await button.click();

  await expect(page).toHaveURL(new RegExp(`/orders/${escapeRegExp(orderNumber)}$`));
  await expect(page.getByText(orderNumber).first()).toBeVisible({ timeout: 10_000 });
});
