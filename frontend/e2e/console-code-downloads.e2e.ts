import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { giveSeats, requireDatabase, sql } from './support/db';
import { isZh, tr } from './support/i18n';
import { signIn, toast } from './support/journey';
import { seriousAxe } from './support/axe';

// The console's activation code and downloads blocks (#28 items 6, 1, 12): regenerating the code asks in
// a dialog that names the bound sites, then shows the new code; the downloads show each product's version
// and changelog, and a customer without a seat is told why and offered the purchase instead of a link.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const run = Date.now().toString(36);
const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
const shots = () => {
  const dir = join(test.info().project.testDir, '../../tmp/e2e-console', isZh ? 'zh-CN' : 'en');
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** The plugin's current version as the server answers it (another journey may have uploaded one). */
async function pluginVersion(page: Page): Promise<string> {
  const answer = await page.request.get('/api/wp-updates/plugins/visual-editor/release');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { version: string }).version;
}

const downloadsBlock = (page: Page) =>
  page.getByRole('region', { name: tr('console:downloads.title'), exact: true });

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('a new customer is told downloads come with a plan and offered the purchase, with the versions shown', async ({
      page,
    }) => {
      await signIn(page, '/dashboard', `newcomer.${size.width}.${run}@example.com`, 'New Comer');
      const block = downloadsBlock(page);
      await expect(
        block.getByText(tr('console:downloads.noSeatTitle'), { exact: true }),
      ).toBeVisible();
      await expect(block.getByText(tr('console:downloads.noSeat'), { exact: true })).toBeVisible();
      // One purchase per page: the block leads to the seat block's.
      await expect(
        block.getByRole('button', { name: tr('console:downloads.toPurchase') }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: tr('plans:buyOrUpgrade') })).toHaveCount(1);
      await expect(
        block.getByRole('link', { name: tr('console:downloads.plugin.label') }),
      ).toHaveCount(0);
      await expect(
        block
          .getByText(tr('console:downloads.version', { version: await pluginVersion(page) }))
          .first(),
      ).toBeVisible();
      await block.scrollIntoViewIfNeeded();
      await block.screenshot({ path: join(shots(), `downloads-no-seat-${size.width}.png`) });
      // The purchase opens from here: the button focuses the seat block's purchase, Enter opens it.
      await block.getByRole('button', { name: tr('console:downloads.toPurchase') }).click();
      await expect(page.getByRole('button', { name: tr('plans:buyOrUpgrade') })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') })).toBeVisible();
    });

    test('a customer with a bound site reads the changelog, downloads, and regenerates the code through the dialog', async ({
      page,
    }) => {
      requireDatabase();
      test.setTimeout(90_000);
      const email = `code.keeper.${size.width}.${run}@example.com`;
      await signIn(page, '/dashboard', email, 'Code Keeper');
      await giveSeats(email, 'basic', 1);
      const site = `https://shop-${size.width}-${run}.example`;
      await sql(
        `update licenses set website_url = $2 where user_id = (select id from users where email = $1)`,
        [email, site],
      );
      await page.reload();

      // Downloads: the version, the changelog on request, and the file itself.
      const block = downloadsBlock(page);
      const pluginTitle = tr('console:downloads.plugin.title');
      const version = await pluginVersion(page);
      const toggle = block.getByRole('button', {
        name: tr('console:downloads.changelogShow', { version }),
      });
      await expect(toggle.first()).toBeVisible();
      await toggle.first().click();
      const changelog = block.getByRole('region', {
        name: tr('console:downloads.changelogLabel', { name: pluginTitle, version }),
      });
      await expect(changelog.getByRole('heading').first()).toBeVisible();
      await block.scrollIntoViewIfNeeded();
      await block.screenshot({ path: join(shots(), `downloads-${size.width}.png`) });
      const download = page.waitForEvent('download');
      await block.getByRole('link', { name: tr('console:downloads.plugin.label') }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^visual-editor-[\d.]+\.zip$/);
      expect(await file.failure()).toBeNull();
      await expect(block.getByRole('alert')).toHaveCount(0);

      // The code before.
      const codeBox = page.locator(`pre[aria-label="${tr('console:token.codeLabel')}"]`);
      await page.getByRole('button', { name: tr('console:token.show'), exact: true }).click();
      await expect(codeBox).toHaveText(/^[0-9a-f]{64}$/);
      const before = (await codeBox.textContent())!.trim();

      // The dialog, opened by keyboard, names the bound site; Escape closes it and focus comes back.
      const regenerate = page
        .getByRole('region', { name: tr('console:token.title'), exact: true })
        .getByRole('button', { name: tr('console:token.regenerate'), exact: true });
      await regenerate.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: tr('console:token.dialog.title') });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(tr('console:token.dialog.warning', { count: 1 }));
      await expect(
        dialog.getByRole('list', { name: tr('console:token.dialog.sitesLabel') }),
      ).toContainText(site);
      await page.screenshot({ path: join(shots(), `code-dialog-${size.width}.png`) });
      expect(await seriousAxe(page, { include: '[role="dialog"]' })).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(regenerate).toBeFocused();

      // Again, confirmed: a second click within 3 seconds, then the new code with what to do next.
      await regenerate.click();
      await expect(dialog).toBeVisible();
      await dialog
        .getByRole('button', { name: tr('console:token.regenerate'), exact: true })
        .click();
      await expect(toast(page, tr('console:token.confirmRegenerate'))).toBeVisible();
      await dialog
        .getByRole('button', { name: tr('console:token.confirmRegenerateButton') })
        .click();
      const done = page.getByRole('dialog', { name: tr('console:token.dialog.doneTitle') });
      const newCode = done.locator(`pre[aria-label="${tr('console:token.dialog.newCodeLabel')}"]`);
      await expect(newCode).toHaveText(/^[0-9a-f]{64}$/);
      const after = (await newCode.textContent())!.trim();
      expect(after).not.toBe(before);
      await expect(done).toContainText(tr('console:token.dialog.nextSites', { count: 1 }));
      await expect(done).toContainText(site);
      const copyNew = done.getByRole('button', { name: tr('console:token.dialog.copyNew') });
      await expect(copyNew).toBeFocused();
      await page.screenshot({ path: join(shots(), `code-new-${size.width}.png`) });
      expect(await seriousAxe(page, { include: '[role="dialog"]' })).toEqual([]);
      await copyNew.click();
      await expect(toast(page, tr('console:token.copied'))).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(after);
      await done
        .getByRole('button', { name: tr('console:token.dialog.close'), exact: true })
        .click();
      await expect(done).toBeHidden();
      await expect(regenerate).toBeFocused();
      await expect(codeBox).toHaveText(after);
    });
  });
}
