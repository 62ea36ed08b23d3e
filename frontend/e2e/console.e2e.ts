import { expect, test, type Page } from '@playwright/test';
import { giveSeats, requireDatabase } from './support/db';
import { signIn, toast } from './support/journey';

// The copy button writes to the clipboard; the journey reads it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const codeBox = (page: Page) => page.locator('pre[aria-label="activation code"]');

async function verifyOnVerifyPage(page: Page, token: string) {
  await page.goto('/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Token Verification' })).toBeVisible();
  await page.getByLabel('API Token').fill(token);
  await page.getByRole('button', { name: 'Verify Token' }).click();
}

test('a customer reads, copies, verifies and regenerates the activation code', async ({ page }) => {
  await signIn(page, '/dashboard', 'code.reader@example.com', 'Code Reader');

  // Masked as first 4 ... last 4; show reveals the 64 hex characters.
  const code = codeBox(page);
  await expect(code).toHaveText(/^[0-9a-f]{4}\.\.\.[0-9a-f]{4}$/);
  await page.getByRole('button', { name: 'show' }).click();
  await expect(code).toHaveText(/^[0-9a-f]{64}$/);
  const shown = (await code.textContent())!.trim();

  await page.getByRole('button', { name: 'copy' }).click();
  await expect(toast(page, 'activation code copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);

  // /verify accepts it (no session needed there, but the page is the same either way).
  await verifyOnVerifyPage(page, copied);
  await expect(page.getByText('Valid Token')).toBeVisible();
  await expect(toast(page, 'Token is valid!')).toBeVisible();
  await expect(page.getByText('Token is valid', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel('API Token')).toHaveValue('');

  // The use is recorded: the console shows the last-used date.
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page.getByText(/^last used: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });

  // Regenerate needs a second click within 3 seconds; the old code then stops working.
  await page.getByRole('button', { name: 'regenerate' }).click();
  await expect(
    toast(page, 'click again to confirm regenerating the activation code'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'confirm regenerate' }).click();
  await page.getByRole('button', { name: 'show' }).click();
  await expect(code).not.toHaveText(shown);
  await expect(code).toHaveText(/^[0-9a-f]{64}$/);

  await verifyOnVerifyPage(page, copied);
  await expect(page.getByText('Invalid Token')).toBeVisible();
  await expect(toast(page, 'Token is invalid or expired')).toBeVisible();
});

test('a customer with seats binds a domain and rebinds it to another', async ({ page }) => {
  requireDatabase();
  const email = 'seat.holder@example.com';
  await signIn(page, '/dashboard', email, 'Seat Holder');
  await expect(page.getByText('no licences available')).toBeVisible();

  await giveSeats(email, 'pro', 2);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'lifetime licence seats (Pro)' })).toBeVisible();
  await expect(page.getByText('bound 0 / 5 seats')).toBeVisible();
  await expect(page.getByText('click to bind your site')).toBeVisible();
  await expect(page.getByRole('button', { name: /^bind a domain to seat #/ })).toHaveCount(1);

  // Bind: the URL is normalised to protocol + host before it is sent.
  await page.getByRole('button', { name: 'bind a domain to seat #1' }).click();
  await page.getByLabel('website URL for seat #1').fill('https://www.Shop-One.example/blog?x=1');
  await page.getByLabel('website URL for seat #1').press('Enter');
  await expect(toast(page, 'bound')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'rebind seat #1: https://shop-one.example' }),
  ).toBeVisible();
  await expect(page.getByText('bound 1 / 5 seats')).toBeVisible();
  await expect(page.getByRole('button', { name: 'bind a domain to seat #2' })).toBeVisible();

  // Rebind to another domain: the notice shows the remaining changes; a 10-second toast confirms.
  await page.getByRole('button', { name: 'rebind seat #1: https://shop-one.example' }).click();
  await expect(page.getByRole('note')).toHaveText('2 rebinding chances left');
  const input = page.getByLabel('website URL for seat #1');
  await expect(input).toHaveValue('https://shop-one.example');
  await input.fill('https://shop-two.example/');
  await page.getByRole('button', { name: 'save' }).click();
  await expect(
    page.getByText(
      /Move seat #1 from https:\/\/shop-one\.example to https:\/\/shop-two\.example\?/,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'confirm rebinding' }).click();
  await expect(toast(page, 'rebound')).toBeVisible();
  const rebound = page.getByRole('button', { name: 'rebind seat #1: https://shop-two.example' });
  await expect(rebound).toBeVisible();

  // One change left now: the notice warns; Escape leaves the seat as it is.
  await rebound.click();
  await expect(page.getByRole('note')).toHaveText('last rebinding chance');
  await page.getByLabel('website URL for seat #1').press('Escape');
  await expect(rebound).toBeVisible();

  // The same after a reload: the server kept the binding.
  await page.reload();
  await expect(
    page.getByRole('button', { name: 'rebind seat #1: https://shop-two.example' }),
  ).toBeVisible();
  await expect(page.getByText('bound 1 / 5 seats')).toBeVisible();
});
