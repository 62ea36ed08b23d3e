import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { isZh, tr } from './support/i18n';
import { signIn } from './support/journey';
import { seriousAxe } from './support/axe';

// /admin/webhooks (docs/webhooks.md): an admin adds a Standard Webhooks endpoint from the back-office
// navigation, sees its whsec_ secret once, sends a test event and finds it in the delivery log (the address
// does not resolve here, so the attempt fails and waits for its retry, with the reason), rotates the
// secret, disables and enables it; at 1366 and 390 px, with the keyboard, and no serious or critical axe
// finding.

const w = (key: string, values?: Record<string, unknown>) => tr(`adminWebhooks:${key}`, values);

test('an admin adds a webhook endpoint, sees its secret once, tests, rotates, disables it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dir = join(test.info().project.testDir, '../../tmp/e2e-webhooks', isZh ? 'zh-CN' : 'en');
  mkdirSync(dir, { recursive: true });
  const findings: string[] = [];
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, '/admin', E2E_ADMIN, 'Ada Admin');

  // From the navigation.
  await page
    .getByRole('link', { name: tr('common:adminNav.items.webhooks') })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: w('title') })).toBeVisible();
  findings.push(
    ...(await seriousAxe(page, {
      wcag21: true,
      pointerAway: true,
      label: '/admin/webhooks empty 1366',
    })),
  );

  // The form, by keyboard where it matters: the address, two events, submit.
  const host = `hooks-${Date.now()}.example.invalid`;
  const url = page.getByRole('textbox', { name: w('add.url') });
  await url.fill(`https://${host}/seatkeeper`);
  await page.getByRole('checkbox', { name: w('events.order_paid') }).check();
  await page.getByRole('checkbox', { name: w('events.order_refunded') }).focus();
  await page.keyboard.press('Space');
  await page.screenshot({ path: join(dir, 'form-1366.png'), fullPage: true });
  await page.getByRole('button', { name: w('add.submit') }).click();

  // The secret, once.
  const secretDialog = page.getByRole('dialog', { name: w('secret.title') });
  await expect(secretDialog).toBeVisible();
  const secret = (await secretDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  findings.push(
    ...(await seriousAxe(page, { wcag21: true, pointerAway: true, label: 'secret dialog 1366' })),
  );
  await page.screenshot({ path: join(dir, 'secret-1366.png') });
  await secretDialog.getByRole('button', { name: w('secret.done') }).click();
  await expect(secretDialog).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  const card = page.getByRole('region', { name: `https://${host}/seatkeeper` });
  await expect(card).toContainText(w('state.enabled'));

  // A test event, then the log shows it with the failure and the retry to come.
  await card.getByRole('button', { name: w('actions.test') }).click();
  await expect(card.getByRole('status')).toHaveText(w('actions.testQueued'));
  await card.getByRole('button', { name: w('actions.showLog') }).click();
  const log = card.getByRole('table', {
    name: w('log.label', { url: `https://${host}/seatkeeper` }),
  });
  await expect(log).toBeVisible();
  await expect(log).toContainText('order.paid');
  await expect(log.getByText(/ENOTFOUND|EAI_AGAIN|getaddrinfo/).first()).toBeVisible({
    timeout: 20_000,
  });
  await page.screenshot({ path: join(dir, 'log-1366.png'), fullPage: true });
  findings.push(
    ...(await seriousAxe(page, { wcag21: true, pointerAway: true, label: 'log 1366' })),
  );

  // Rotate: a new secret, shown once; the previous one signs for 24 h.
  await card.getByRole('button', { name: w('actions.rotate') }).click();
  await expect(secretDialog).toBeVisible();
  const rotated = (await secretDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(secret);
  await page.keyboard.press('Escape');
  await expect(secretDialog).toBeHidden();
  await expect(card).toContainText(
    w('state.previousUntil', { time: '\u0000' }).split('\u0000')[0]!.trim(),
  );

  // Disable, enable.
  await card.getByRole('button', { name: w('actions.disable') }).click();
  await expect(card).toContainText(w('state.disabled'));
  await card.getByRole('button', { name: w('actions.enable') }).click();
  await expect(card).toContainText(w('state.enabled'));

  // 390 px: the same page, usable.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: w('add.submit') })).toBeVisible();
  await page.screenshot({ path: join(dir, 'page-390.png'), fullPage: true });
  findings.push(
    ...(await seriousAxe(page, { wcag21: true, pointerAway: true, label: '/admin/webhooks 390' })),
  );
  expect(findings).toEqual([]);
});
