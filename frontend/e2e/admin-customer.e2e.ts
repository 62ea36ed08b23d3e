import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { escapeRegExp, signIn, toast } from './support/journey';

// The customer page end to end (docs/rules.md, "Customer support"): the admin opens a customer from the
// subscription overview, grants the Pro plan for free with a reason, and the customer's console shows the
// Pro seats; the customer binds seat 1 to a site, the admin revokes that seat, and the customer's console
// no longer lists it or its site.

const run = Date.now().toString(36);
const customer = { email: `gina.${run}@example.com`, name: `Gina Grant ${run}` };

test('the admin grants a free plan from the customer page, then revokes a seat; the customer sees both', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);

  // The customer signs up and has no plan yet.
  await signIn(page, '/dashboard', customer.email, customer.name);
  await expect(page.getByRole('heading', { name: /^lifetime licence seats/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'bind a domain to seat #1' })).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    // From the overview's card to the customer's page.
    await signIn(admin, '/admin/subscriptions', E2E_ADMIN, 'Ada Admin');
    await admin.getByLabel('search').fill(customer.email);
    const card = admin.getByRole('article', { name: customer.email });
    await card.getByRole('link', { name: customer.name }).click();
    await expect(admin).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
    await expect(admin.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
    await expect(admin.getByRole('region', { name: 'Profile' })).toContainText('not yet purchased');

    // Grant Pro with a reason.
    await admin.getByRole('button', { name: 'Grant a plan' }).click();
    const grant = admin.getByRole('dialog');
    await expect(grant).toContainText(`Grant a plan to ${customer.email}?`);
    const confirmGrant = grant.getByRole('button', { name: 'Grant' });
    await expect(confirmGrant).toBeDisabled();
    await grant.getByLabel('Plan to grant').selectOption('pro');
    await grant.getByRole('textbox', { name: /Reason/ }).fill('partner agency, free for a year');
    await confirmGrant.click();
    await expect(
      admin
        .getByRole('alert')
        .getByText(
          new RegExp(`^Pro granted to ${escapeRegExp(customer.email)} \\(order \\S+, 5 seats\\)$`),
        ),
    ).toBeVisible();
    const seats = admin.getByRole('table', { name: 'seats' });
    await expect(seats.getByRole('row')).toHaveCount(6);
    const orders = admin.getByRole('table', { name: 'Orders' });
    await expect(orders).toContainText('¥0.00');
    await expect(orders).toContainText(`granted by ${E2E_ADMIN}: partner agency, free for a year`);
    await expect(admin.getByRole('table', { name: 'audit entries' })).toContainText(
      'customer.grant_plan',
    );

    // The customer sees the Pro seats and binds the first one to their site.
    const site = `https://gina-${run}.example`;
    await page.reload();
    await expect(page.getByRole('heading', { name: 'lifetime licence seats (Pro)' })).toBeVisible();
    await expect(page.getByText('bound 0 / 5 seats')).toBeVisible();
    await page.getByRole('button', { name: 'bind a domain to seat #1' }).click();
    await page.getByLabel('website URL for seat #1').fill(site);
    await page.getByLabel('website URL for seat #1').press('Enter');
    await expect(toast(page, 'bound')).toBeVisible();
    await expect(page.getByRole('button', { name: `rebind seat #1: ${site}` })).toBeVisible();
    await expect(page.getByText('bound 1 / 5 seats')).toBeVisible();

    // The admin sees the domain on seat 1 and revokes that seat.
    await admin.reload();
    await expect(seats.getByRole('row').nth(1)).toContainText(site);
    await admin.getByRole('button', { name: 'Revoke seat 1' }).click();
    const revoke = admin.getByRole('dialog');
    await expect(revoke).toContainText('Revoke seat 1?');
    await expect(revoke).toContainText(site);
    await expect(revoke.getByRole('button', { name: 'Revoke' })).toBeDisabled();
    await revoke.getByRole('textbox', { name: /Reason/ }).fill('site sold to a third party');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(
      admin.getByRole('alert').getByText('Seat 1 revoked', { exact: true }),
    ).toBeVisible();
    await expect(seats.getByRole('row').nth(1)).toContainText('Revoked');
    await expect(admin.getByRole('button', { name: 'Revoke seat 1' })).toBeDisabled();

    // The customer's console no longer lists the revoked seat or its site.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'lifetime licence seats (Pro)' })).toBeVisible();
    await expect(page.getByText('bound 0 / 5 seats')).toBeVisible();
    await expect(page.getByRole('button', { name: `rebind seat #1: ${site}` })).toHaveCount(0);
    await expect(page.getByText(site)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'bind a domain to seat #2' })).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
