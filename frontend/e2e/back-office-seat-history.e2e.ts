import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { requireDatabase, sql } from './support/db';
import { escapeRegExp, isZh, sandboxPage, tr } from './support/i18n';
import { decodeQr, signIn, toast } from './support/journey';
import { seriousAxe } from './support/axe';

// A seat's history end to end (docs/rules.md, "Seat history"): a customer buys Basic through the sandbox,
// binds a site and rebinds it to another; the admin's customer page shows both events with who, when, from,
// to and the client address; the customer's console shows the history (at 1366x900 and at 390x844); the
// admin's CSV export of the customer has the rows. Axe finds nothing serious or critical on the new screens.

const run = Date.now().toString(36);
const customer = { email: `hana.${run}@example.com`, name: `Hana History ${run}` };
const first = `https://first-${run}.example`;
const second = `https://second-${run}.example`;
/** The sandbox method's name as the server gives it (backend payments/gateways/sandbox.gateway.ts). */
const sandbox = isZh ? '沙箱' : 'Sandbox';
const c = (key: string, values?: Record<string, unknown>) => tr(`adminCustomer:${key}`, values);

test('a bind and a rebind are on the admin customer page, in the console and in the CSV', async ({
  page,
  browser,
}) => {
  requireDatabase();
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The customer buys Basic through the sandbox (its QR code opened on "another device").
  await signIn(page, '/dashboard', customer.email, customer.name);
  const block = page.getByRole('region', {
    name: new RegExp(`^${escapeRegExp(tr('console:seats.title'))}`),
  });
  await block.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
  const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
  await picker.getByRole('radio', { name: sandbox }).click();
  await picker
    .getByRole('article', { name: 'Basic' })
    .getByRole('button', { name: tr('plans:card.scanToPay') })
    .click();
  const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
  // The QR code is drawn once the order is made (seconds on a loaded machine).
  await expect(payment.getByRole('img', { name: tr('plans:modal.qr') })).toBeVisible({
    timeout: 30_000,
  });
  const url = await decodeQr(payment.getByRole('img', { name: tr('plans:modal.qr') }));
  const phone = await page.context().newPage();
  await phone.goto(url);
  await phone.getByRole('button', { name: sandboxPage.payButton('¥699.00') }).click();
  await expect(phone.getByRole('heading', { name: sandboxPage.paidTitle })).toBeVisible();
  await phone.close();
  await expect(payment).toBeHidden({ timeout: 15_000 });

  // Binds a site, then moves to another (confirmed).
  await page.reload();
  const input = page.getByLabel(tr('console:bind.inputLabel', { seat: 1 }));
  await page.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 1 }) }).click();
  await input.fill(first);
  await input.press('Enter');
  await expect(toast(page, tr('console:bind.bound'))).toBeVisible();
  await page
    .getByRole('button', { name: tr('console:bind.rebindLabel', { seat: 1, url: first }) })
    .click();
  await input.fill(second);
  await input.press('Enter');
  const confirm = page.getByRole('dialog', { name: tr('console:bind.confirmTitle') });
  await confirm.getByRole('button', { name: tr('console:bind.confirmButton') }).click();
  await expect(toast(page, tr('console:bind.rebound'))).toBeVisible();

  // The addresses the server recorded (the journey's browser: the loopback address).
  const recorded = await sql<{ ip: string; domain: string }>(
    `select a.after->>'ip' as ip, a.after->>'domain' as domain from audit_entries a
     join users u on lower(u.email) = lower(a.actor)
     where a.action = 'license.bind' and u.email = $1 order by a.created_at`,
    [customer.email.toLowerCase()],
  );
  expect(recorded.map((r) => r.domain)).toEqual([first, second]);
  expect(recorded.every((r) => r.ip)).toBe(true);

  // The customer's history, at a desktop's size and a phone's.
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.reload();
    await page
      .getByRole('button', { name: tr('console:seatHistory.buttonLabel', { seat: 1 }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: tr('console:seatHistory.title', { seat: 1 }),
    });
    const items = dialog.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(
      tr('console:seatHistory.kinds.bind', { from: tr('console:seatHistory.none'), to: first }),
    );
    await expect(items.nth(1)).toContainText(
      tr('console:seatHistory.kinds.bind', { from: first, to: second }),
    );
    await expect(items.nth(1)).toContainText(tr('console:seatHistory.byYou'));
    await expect(items.nth(1)).toContainText(
      tr('console:seatHistory.fromAddress', { ip: recorded[1].ip }),
    );
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(await seriousAxe(page, { include: '[role="dialog"]' })).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  // The admin's customer page: both events with who, when, from, to and the address.
  const adminContext = await browser.newContext({ acceptDownloads: true });
  const admin = await adminContext.newPage();
  try {
    const [user] = await sql<{ id: string }>('select id from users where email = $1', [
      customer.email.toLowerCase(),
    ]);
    await signIn(admin, `/admin/customers/${user.id}`, E2E_ADMIN, 'Ada Admin');
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await admin.setViewportSize(viewport);
      await admin.reload();
      const history = admin.getByRole('list', { name: c('seats.historyOf', { seat: 1 }) });
      const events = history.getByRole('listitem');
      await expect(events).toHaveCount(2);
      await expect(events.nth(0)).toContainText(customer.email);
      await expect(events.nth(0)).toContainText(c('seats.historyBy.customer'));
      await expect(events.nth(0)).toContainText(
        c('seats.historyKinds.bind', { from: c('seats.historyNoDomain'), to: first }),
      );
      await expect(events.nth(0)).toContainText(c('seats.historyIp', { ip: recorded[0].ip }));
      await expect(events.nth(1)).toContainText(
        c('seats.historyKinds.bind', { from: first, to: second }),
      );
      await expect(events.nth(1)).toContainText(c('seats.historyIp', { ip: recorded[1].ip }));
      // When: a date of this year, told in the seller's time zone (named under the list).
      await expect(events.nth(1)).toContainText(String(new Date().getFullYear()));
      await expect(
        admin.getByText(
          new RegExp(escapeRegExp(c('seats.historyZone', { zone: 'X' })).replace('X', '\\S+')),
        ),
      ).toBeVisible();
      expect(await seriousAxe(admin, { include: 'main' })).toEqual([]);
    }

    // The CSV of the customer's data has the seat and its two binds, in the admin's language.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('link', { name: c('actions.export') }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customer-.+-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toMatch(isZh ? /^客户邮箱,座位,套餐/ : /^Customer e-mail,Seat,Plan/);
    const binds = lines.filter((l) => l.includes(',bind,'));
    expect(binds).toHaveLength(2);
    expect(binds[0]).toContain(`,${customer.email},,${first},${recorded[0].ip},`);
    expect(binds[1]).toContain(`,${customer.email},${first},${second},${recorded[1].ip},`);
  } finally {
    await adminContext.close();
  }
});
