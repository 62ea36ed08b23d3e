import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { requireDatabase, sql } from './support/db';
import { escapeRegExp, tr, trExact } from './support/i18n';
import { signIn } from './support/journey';
import { seriousAxe } from './support/axe';

// The audit log end to end (docs/product.md, back office: a readable audit log), in the run's language:
// the admin grants a customer a plan, moves one of its seats to a site and saves a discount code; the log
// reads each as a sentence with links (the order, the customer, the seat on the customer's page), and the
// filters by action, actor, date and what an entry is about narrow the list to them. At 1366x900 and
// 390x844 (one card per entry), with no serious or critical axe finding.

const run = Date.now().toString(36);
const customer = { email: `audrey.${run}@example.com`, name: `Audrey Audit ${run}` };
const site = `https://audit-${run}.example`;
const code = `AUDIT${run}`.toUpperCase();
const a = (key: string, values?: Record<string, unknown>) => tr(`adminAudit:${key}`, values);
/** A catalogue sentence with the variables not given left open, found inside a text. */
const sentence = (key: string, values: Record<string, unknown>) =>
  new RegExp(trExact(`adminAudit:${key}`, values).source.replace(/^\^|\$$/g, ''));
/** A day of the seller's time zone (the backend's SELLER_TIME_ZONE, Asia/Shanghai unless set), YYYY-MM-DD. */
const sellerDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.SELLER_TIME_ZONE ?? 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

test('the audit log reads the admin’s actions as sentences with links, and its filters narrow to them', async ({
  page,
  browser,
}) => {
  requireDatabase();
  test.setTimeout(150_000);

  // The customer exists once signed in.
  const customerContext = await browser.newContext();
  await signIn(await customerContext.newPage(), '/dashboard', customer.email, customer.name);
  await customerContext.close();
  const [{ id: userId }] = await sql<{ id: string }>('select id from users where email = $1', [
    customer.email,
  ]);

  // The admin's three actions, through the admin API the back office calls.
  await signIn(page, '/admin/audit', E2E_ADMIN, 'Ada Admin');
  const origin = new URL(page.url()).origin;
  const call = (method: 'post' | 'patch', path: string, data: unknown) =>
    page.request[method](path, { data, headers: { Origin: origin } });
  expect(
    (
      await call('post', `/api/admin/customers/${userId}/grant-plan`, {
        tier: 'pro',
        reason: 'partner agency',
      })
    ).ok(),
  ).toBe(true);
  const [{ order_id: orderNumber }] = await sql<{ order_id: string }>(
    `select order_id from orders where user_id = $1 and status = 'paid' order by created_at desc limit 1`,
    [userId],
  );
  const [{ id: seatId }] = await sql<{ id: string }>(
    'select id::text as id from licenses where user_id = $1 and seat_index = 1',
    [userId],
  );
  expect(
    (
      await call('patch', `/api/subscriptions/admin/subscriptions/licenses/${seatId}/domain`, {
        websiteUrl: site,
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await call('post', '/api/subscriptions/admin/subscriptions/discounts', {
        tier: 'pro',
        code,
        discountAmount: 5000,
        usageLimit: 10,
      })
    ).ok(),
  ).toBe(true);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: a('title') })).toBeVisible();
  const log = page.getByRole('table', { name: a('table') });
  const target = page.getByRole('searchbox', { name: a('filters.target') });
  const action = page.getByLabel(a('filters.action'), { exact: true });

  // About the customer (by e-mail): the grant and the seat's move, as sentences.
  await target.fill(customer.email.toUpperCase());
  const grant = log.getByRole('row').filter({ hasText: a('actions.customer.grant_plan') });
  const move = log.getByRole('row').filter({ hasText: a('actions.license.domain') });
  await expect(grant).toHaveCount(1);
  await expect(move).toHaveCount(1);
  await expect(log.getByRole('row')).toHaveCount(3);
  await expect(grant).toContainText(
    a('sentences.customer.grant_plan', {
      customer: customer.email,
      tier: 'Pro',
      order: orderNumber,
      count: 5,
    }),
  );
  await expect(grant).toContainText(a('parts.reason', { reason: '“partner agency”' }));
  const seatLabel = a('ref.seat', { seat: 1, email: customer.email });
  await expect(move).toContainText(a('sentences.license.bound', { seat: seatLabel, to: site }));
  await expect(move).toContainText(E2E_ADMIN);
  for (const raw of [seatId, 'websiteUrl', '{', 'customer.grant_plan'])
    await expect(log).not.toContainText(raw);

  // The links: the order in the orders list, the seat on its customer's page.
  await grant.getByRole('link', { name: orderNumber }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${orderNumber}$`));
  await page.goBack();
  await move.getByRole('link', { name: seatLabel }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${userId}#seat-1$`));
  await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible({
    timeout: 15_000,
  });
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: a('title') })).toBeVisible();

  // About one order, one seat; a target that is none of them is said, not sent.
  await target.fill(orderNumber);
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText(a('actions.customer.grant_plan'));
  await target.fill(seatId);
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText(a('actions.license.domain'));
  await target.fill('nonsense');
  await expect(page.getByText(a('filters.targetInvalid'))).toBeVisible();
  await target.fill('');

  // By action and actor: the discount code, as a sentence with its terms.
  await action.selectOption('discount.save');
  await page.getByRole('searchbox', { name: a('filters.actor'), exact: true }).fill(E2E_ADMIN);
  const saved = log.getByRole('row').filter({ hasText: code });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(sentence('sentences.discount.created', { code }));
  await expect(saved).toContainText('¥50.00');

  // By date: today keeps it, tomorrow onwards finds nothing.
  // The filter's days are the seller's (as the dashboard's and the orders list's).
  const today = new Date();
  const tomorrow = new Date(today.getTime() + 86_400_000);
  await page.getByLabel(a('filters.from'), { exact: true }).fill(sellerDay(today));
  await page.getByLabel(a('filters.to'), { exact: true }).fill(sellerDay(today));
  await expect(saved).toHaveCount(1);
  await page.getByLabel(a('filters.from'), { exact: true }).fill(sellerDay(tomorrow));
  await page.getByLabel(a('filters.to'), { exact: true }).fill('');
  await expect(page.getByText(a('empty'))).toBeVisible();
  await page.getByRole('button', { name: a('filters.clear') }).click();

  // Both sizes: the table on a desktop, one card per entry on a phone; no serious or critical finding.
  const findings: string[] = [];
  await target.fill(customer.email);
  await expect(log.getByRole('row')).toHaveCount(3);
  findings.push(...(await seriousAxe(page, { wcag21: true, label: '/admin/audit 1366' })));
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: a('table') });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(cards).toContainText(a('sentences.license.bound', { seat: seatLabel, to: site }));
  await expect(
    cards.getByRole('link', { name: new RegExp(`^${escapeRegExp(seatLabel)}$`) }),
  ).toHaveAttribute('href', `/admin/customers/${userId}#seat-1`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  findings.push(...(await seriousAxe(page, { wcag21: true, label: '/admin/audit 390' })));
  expect(findings).toEqual([]);
});
