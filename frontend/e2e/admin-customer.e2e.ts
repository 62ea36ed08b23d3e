import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { tr } from './support/i18n';
import { escapeRegExp, signIn, toast } from './support/journey';

// The customer page end to end (docs/rules.md, "Customer support"): the admin opens a customer from the
// subscription overview, grants the Pro plan for free with a reason, and the customer's console shows the
// Pro seats; the customer binds seat 1 to a site, the admin revokes that seat, and the customer's console
// no longer lists it or its site.

const run = Date.now().toString(36);
const customer = { email: `gina.${run}@example.com`, name: `Gina Grant ${run}` };
const c = (key: string, values?: Record<string, unknown>) => tr(`adminCustomer:${key}`, values);
const seatsTitle = (plan: string) => tr('console:seats.titleWithPlan', { plan });
const seatCount = (bound: number, total: number) =>
  tr('console:seats.count', { bound, count: total });
const bindLabel = (seat: number) => tr('console:bind.bindLabel', { seat });

test('the admin grants a free plan from the customer page, then revokes a seat; the customer sees both', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const reason = new RegExp(escapeRegExp(c('actions.reason')));

  // The customer signs up and has no plan yet.
  await signIn(page, '/dashboard', customer.email, customer.name);
  await expect(
    page.getByRole('heading', { name: new RegExp(`^${escapeRegExp(tr('console:seats.title'))}`) }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: bindLabel(1) })).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    // From the overview's card to the customer's page.
    await signIn(admin, '/admin/subscriptions', E2E_ADMIN, 'Ada Admin');
    await admin.getByLabel(tr('adminSubscriptions:search')).fill(customer.email);
    const card = admin.getByRole('article', { name: customer.email });
    await card.getByRole('link', { name: customer.name }).click();
    await expect(admin).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
    await expect(admin.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
    await expect(admin.getByRole('region', { name: c('profile.heading') })).toContainText(
      c('profile.noPlan'),
    );

    // Grant Pro with a reason.
    await admin.getByRole('button', { name: c('actions.grant') }).click();
    const grant = admin.getByRole('dialog');
    await expect(grant).toContainText(c('actions.grantTitle', { email: customer.email }));
    const confirmGrant = grant.getByRole('button', { name: c('actions.grantConfirm') });
    await expect(confirmGrant).toBeDisabled();
    await grant.getByLabel(c('actions.tier')).selectOption('pro');
    await grant.getByRole('textbox', { name: reason }).fill('partner agency, free for a year');
    await confirmGrant.click();
    await expect(
      admin.getByRole('alert').getByText(
        new RegExp(
          `^${escapeRegExp(
            c('actions.grantDone', {
              plan: 'Pro',
              email: customer.email,
              order: 'ORDER',
              count: 5,
            }),
          ).replace('ORDER', '\\S+')}$`,
        ),
      ),
    ).toBeVisible();
    const seats = admin.getByRole('table', { name: c('seats.table') });
    await expect(seats.getByRole('row')).toHaveCount(6);
    const orders = admin.getByRole('table', { name: c('orders.heading') });
    await expect(orders).toContainText('¥0.00');
    await expect(orders).toContainText(
      c('orders.granted', { by: E2E_ADMIN, reason: 'partner agency, free for a year' }),
    );
    // The audit entry by its label, its action's name on hover.
    await expect(
      admin.getByRole('table', { name: c('audit.table') }).getByTitle('customer.grant_plan'),
    ).toHaveText(tr('adminAudit:actions.customer.grant_plan'));

    // The customer sees the Pro seats and binds the first one to their site.
    const site = `https://gina-${run}.example`;
    await page.reload();
    await expect(page.getByRole('heading', { name: seatsTitle('Pro') })).toBeVisible();
    await expect(page.getByText(seatCount(0, 5))).toBeVisible();
    await page.getByRole('button', { name: bindLabel(1) }).click();
    await page.getByLabel(tr('console:bind.inputLabel', { seat: 1 })).fill(site);
    await page.getByLabel(tr('console:bind.inputLabel', { seat: 1 })).press('Enter');
    await expect(toast(page, tr('console:bind.bound'))).toBeVisible();
    await expect(
      page.getByRole('button', { name: tr('console:bind.rebindLabel', { seat: 1, url: site }) }),
    ).toBeVisible();
    await expect(page.getByText(seatCount(1, 5))).toBeVisible();

    // The admin sees the domain on seat 1 and revokes that seat.
    await admin.reload();
    await expect(seats.getByRole('row').nth(1)).toContainText(site);
    await admin.getByRole('button', { name: c('actions.revokeSeat', { seat: 1 }) }).click();
    const revoke = admin.getByRole('dialog');
    await expect(revoke).toContainText(c('actions.revokeTitle', { seat: 1 }));
    await expect(revoke).toContainText(site);
    await expect(revoke.getByRole('button', { name: c('actions.revokeConfirm') })).toBeDisabled();
    await revoke.getByRole('textbox', { name: reason }).fill('site sold to a third party');
    await revoke.getByRole('button', { name: c('actions.revokeConfirm') }).click();
    await expect(toast(admin, c('actions.revokeDone', { seat: 1 }))).toBeVisible();
    await expect(seats.getByRole('row').nth(1)).toContainText(c('seats.statuses.revoked'));
    await expect(
      admin.getByRole('button', { name: c('actions.revokeSeat', { seat: 1 }) }),
    ).toBeDisabled();

    // The customer's console no longer lists the revoked seat or its site.
    await page.reload();
    await expect(page.getByRole('heading', { name: seatsTitle('Pro') })).toBeVisible();
    await expect(page.getByText(seatCount(0, 5))).toBeVisible();
    await expect(
      page.getByRole('button', { name: tr('console:bind.rebindLabel', { seat: 1, url: site }) }),
    ).toHaveCount(0);
    await expect(page.getByText(site)).toHaveCount(0);
    await expect(page.getByRole('button', { name: bindLabel(2) })).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
