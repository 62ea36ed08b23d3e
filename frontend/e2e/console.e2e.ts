import { expect, test, type Page } from '@playwright/test';
import { giveSeats, requireDatabase } from './support/db';
import { LOCALE, tr, trExact } from './support/i18n';
import { customerEmail, signIn, toast } from './support/journey';

// The copy button writes to the clipboard; the journey reads it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const codeBox = (page: Page) => page.locator(`pre[aria-label="${tr('console:token.codeLabel')}"]`);

/** 'last used: November 25, 2026' / '最近使用：2026年11月25日' (src/lib/format.ts formatDate), today's date. */
function lastUsedToday() {
  const today = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'long', day: 'numeric' });
  return tr('console:token.lastUsed', { date: today.format(new Date()) });
}

async function verifyOnVerifyPage(page: Page, token: string) {
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: tr('verify:title') })).toBeVisible();
  await page.getByLabel(tr('verify:field.label')).fill(token);
  await page.getByRole('button', { name: tr('verify:verify') }).click();
}

test('a customer reads, copies, verifies and regenerates the activation code', async ({ page }) => {
  await signIn(page, '/dashboard', customerEmail('code.reader'), 'Code Reader');

  // Masked as first 4 ... last 4; show reveals the 64 hex characters.
  const code = codeBox(page);
  await expect(code).toHaveText(/^[0-9a-f]{4}\.\.\.[0-9a-f]{4}$/);
  await page.getByRole('button', { name: tr('console:token.show'), exact: true }).click();
  await expect(code).toHaveText(/^[0-9a-f]{64}$/);
  const shown = (await code.textContent())!.trim();

  await page.getByRole('button', { name: tr('console:token.copy'), exact: true }).click();
  await expect(toast(page, tr('console:token.copied'))).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);

  // /verify accepts it (no session needed there, but the page is the same either way).
  await verifyOnVerifyPage(page, copied);
  await expect(page.getByText(tr('verify:valid'), { exact: true })).toBeVisible();
  await expect(toast(page, tr('verify:toast.valid'))).toBeVisible();
  // The answer's message: the API's fixed text (SPEC: POST /api/verify-token) in the run's language.
  await expect(page.getByText(tr('verify:resultMessage.valid'), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: tr('verify:clear') }).click();
  await expect(page.getByLabel(tr('verify:field.label'))).toHaveValue('');

  // The use is recorded: the console shows the last-used date.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page.getByText(lastUsedToday())).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });

  // Regenerate asks in a dialog, with a second click within 3 seconds; the old code then stops working.
  await page.getByRole('button', { name: tr('console:token.regenerate'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: tr('console:token.regenerate'), exact: true }).click();
  await expect(toast(page, tr('console:token.confirmRegenerate'))).toBeVisible();
  await dialog.getByRole('button', { name: tr('console:token.confirmRegenerateButton') }).click();
  await dialog.getByRole('button', { name: tr('console:token.dialog.close'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: tr('console:token.show'), exact: true }).click();
  await expect(code).not.toHaveText(shown);
  await expect(code).toHaveText(/^[0-9a-f]{64}$/);

  await verifyOnVerifyPage(page, copied);
  await expect(page.getByText(tr('verify:invalid'), { exact: true })).toBeVisible();
  await expect(toast(page, tr('verify:toast.invalid'))).toBeVisible();
});

test('a customer with seats binds a domain and rebinds it to another', async ({ page }) => {
  requireDatabase();
  const email = customerEmail('seat.holder');
  await signIn(page, '/dashboard', email, 'Seat Holder');
  const seatInput = tr('console:bind.inputLabel', { seat: 1 });
  await expect(page.getByText(tr('console:seats.empty'), { exact: true })).toBeVisible();

  await giveSeats(email, 'pro', 2);
  await page.reload();
  await expect(
    page.getByRole('heading', { name: tr('console:seats.titleWithPlan', { plan: 'Pro' }) }),
  ).toBeVisible();
  await expect(page.getByText(tr('console:seats.count', { bound: 0, count: 5 }))).toBeVisible();
  await expect(page.getByText(tr('console:seats.bindFirst'))).toBeVisible();
  await expect(page.getByRole('button', { name: trExact('console:bind.bindLabel') })).toHaveCount(
    1,
  );

  // Bind: the URL is normalised to protocol + host before it is sent.
  await page.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 1 }) }).click();
  await page.getByLabel(seatInput).fill('https://www.Shop-One.example/blog?x=1');
  await page.getByLabel(seatInput).press('Enter');
  await expect(toast(page, tr('console:bind.bound'))).toBeVisible();
  await expect(
    page.getByRole('button', {
      name: tr('console:bind.rebindLabel', { seat: 1, url: 'https://shop-one.example' }),
    }),
  ).toBeVisible();
  await expect(page.getByText(tr('console:seats.count', { bound: 1, count: 5 }))).toBeVisible();
  await expect(
    page.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 2 }) }),
  ).toBeVisible();

  // Rebind to another domain: the row shows the remaining changes; a dialog beside the field confirms.
  await page
    .getByRole('button', {
      name: tr('console:bind.rebindLabel', { seat: 1, url: 'https://shop-one.example' }),
    })
    .click();
  await expect(page.getByRole('note')).toHaveText(tr('console:bind.changesLeft', { count: 2 }));
  const input = page.getByLabel(seatInput);
  await expect(input).toHaveValue('https://shop-one.example');
  await input.fill('https://shop-two.example/');
  await page.getByRole('button', { name: tr('common:actions.save'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: tr('console:bind.confirmTitle') });
  await expect(
    confirm.getByText(
      tr('console:bind.confirmMove', {
        seat: 1,
        from: 'https://shop-one.example',
        to: 'https://shop-two.example',
      }),
      { exact: true },
    ),
  ).toBeVisible();
  await expect(
    confirm.getByText(tr('console:bind.confirmAfter', { count: 1 }), { exact: true }),
  ).toBeVisible();
  await confirm.getByRole('button', { name: tr('console:bind.confirmButton') }).click();
  await expect(toast(page, tr('console:bind.rebound'))).toBeVisible();
  const rebound = page.getByRole('button', {
    name: tr('console:bind.rebindLabel', { seat: 1, url: 'https://shop-two.example' }),
  });
  await expect(rebound).toBeVisible();

  // One change left now: the notice warns; Escape leaves the seat as it is.
  await rebound.click();
  await expect(page.getByRole('note')).toHaveText(tr('console:bind.lastChange'));
  await page.getByLabel(seatInput).press('Escape');
  await expect(rebound).toBeVisible();

  // The same after a reload: the server kept the binding.
  await page.reload();
  await expect(
    page.getByRole('button', {
      name: tr('console:bind.rebindLabel', { seat: 1, url: 'https://shop-two.example' }),
    }),
  ).toBeVisible();
  await expect(page.getByText(tr('console:seats.count', { bound: 1, count: 5 }))).toBeVisible();
});
