import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { LANG, tr } from './support/i18n';
import { signIn, toast } from './support/journey';
import { seriousAxe } from './support/axe';

// The customer's account on /profile (docs/rules.md, "The customer's account"): the signed-in devices and
// "sign out everywhere else" (the other device really is signed out), a copy of one's data as a JSON file,
// and deleting the account with the e-mail typed to confirm; axe on the page and on the dialog, at
// 1366 × 900 and 390 × 844.

const run = Date.now().toString(36);
const dir = () => join(test.info().project.testDir, '../../tmp/e2e-console');
const p = (key: string, values?: Record<string, unknown>) => tr(`profile:${key}`, values);

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test.describe(`at ${width} × ${height}`, () => {
    test.use({ viewport: { width, height } });

    test('sessions, sign out everywhere else, download my data, delete my account', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const email = `pia.${width}.${run}@example.com`;

      // Another device first (its own browser context).
      const otherContext = await browser.newContext();
      const other = await otherContext.newPage();
      try {
        // /profile prompts rather than redirects: sign in through a guarded page, then go there.
        await signIn(other, '/dashboard', email, 'Pia Privacy');
        await signIn(page, '/dashboard', email, 'Pia Privacy');
        await page.goto('/profile');
        await other.goto('/profile');

        const sessions = page.getByRole('region', { name: p('sessions.title') });
        await expect(sessions.getByRole('listitem')).toHaveCount(2);
        await expect(sessions.getByText(p('sessions.current'), { exact: true })).toHaveCount(1);
        await expect(sessions).toContainText(p('sessions.activeNow'));
        // Chromium says Chrome (headless) on Linux: the device read from its User-Agent.
        await expect(sessions).toContainText(
          p('sessions.device', { browser: 'Chrome', os: 'Linux' }),
        );
        await expect(page.getByRole('region', { name: p('data.title') })).toBeVisible();

        expect(await seriousAxe(page)).toEqual([]);
        mkdirSync(dir(), { recursive: true });
        await page.screenshot({
          path: join(dir(), `profile-${LANG}-${width}.png`),
          fullPage: true,
        });

        // Sign out everywhere else: the other device is signed out for real.
        await sessions.getByRole('button', { name: p('sessions.revokeOthers') }).click();
        await expect(toast(page, p('sessions.revoked'))).toBeVisible();
        await expect(sessions.getByRole('listitem')).toHaveCount(1);
        await expect(sessions.getByText(p('sessions.onlyThis'))).toBeVisible();
        await other.reload();
        await expect(other.getByText(p('signedOut'))).toBeVisible();

        // Download my data: a JSON file named by the server, with this account in it.
        const downloading = page.waitForEvent('download');
        await page.getByRole('button', { name: p('data.download') }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(
          /^seatkeeper-account-\d{4}-\d{2}-\d{2}\.json$/,
        );
        const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
        expect(data).toMatchObject({ format: 'seatkeeper-account-export', profile: { email } });
        await expect(
          toast(page, p('data.downloaded', { name: download.suggestedFilename() })),
        ).toBeVisible();

        // Delete my account: the dialog by keyboard, the e-mail typed to confirm.
        const opener = page.getByRole('button', { name: p('delete.open') });
        await opener.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: p('delete.dialogTitle') });
        await expect(dialog).toBeVisible();
        expect(await seriousAxe(page, { include: '[role="dialog"]' })).toEqual([]);
        const confirm = dialog.getByRole('button', { name: p('delete.confirm') });
        await expect(confirm).toBeDisabled();
        // Escape closes it, and the focus is back on the button that opened it.
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();

        await opener.click();
        await expect(dialog).toBeVisible();
        const input = dialog.getByRole('textbox', { name: p('delete.confirmLabel') });
        await expect(input).toBeFocused();
        await input.fill('someone@else.example');
        await expect(confirm).toBeDisabled();
        await input.fill(email.toUpperCase());
        await expect(confirm).toBeEnabled();
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/\/$/);
        await expect(toast(page, p('delete.done'))).toBeVisible();
        await expect(
          page.getByRole('banner').getByRole('link', { name: tr('common:nav.login') }),
        ).toBeVisible();
        await page.goto('/profile');
        await expect(page.getByText(p('signedOut'))).toBeVisible();
      } finally {
        await otherContext.close();
      }
    });
  });
}
