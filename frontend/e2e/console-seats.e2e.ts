import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { giveSeats, requireDatabase, sql } from './support/db';
import { LANG, tr } from './support/i18n';
import { signIn, toast } from './support/journey';
import { seriousAxe } from './support/axe';

// The console's seat rows (docs/rules.md, Binding a site; #28): a bare host binds as https and what is
// not a site is said under the field; each row shows its changes left; a move to another site is
// confirmed in a dialog beside the field that says how many changes will be left; at zero a dialog
// explains the rule and who can help. At a desktop's and at a phone's size, where every action of a seat
// must be on screen.

const run = Date.now().toString(36);

/** Whether the element lies inside the viewport's width (nothing to scroll sideways to). */
async function expectOnScreen(page: Page, name: string, box: { x: number; width: number } | null) {
  const width = page.viewportSize()!.width;
  expect(box, name).not.toBeNull();
  expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${name} ends on screen`).toBeLessThanOrEqual(width + 0.5);
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('binds a bare host, confirms a rebind beside the field with the count after it, and explains zero changes left', async ({
      page,
    }) => {
      requireDatabase();
      test.setTimeout(120_000);
      const email = `seats.${viewport.width}.${run}@example.com`;
      const site = `my-blog-${viewport.width}-${run}.example`;
      const moved = `shop-${viewport.width}-${run}.example`;
      await signIn(page, '/dashboard', email, 'Seat Rows');
      await giveSeats(email, 'pro', 2);
      await page.reload();
      const block = page.getByRole('region', {
        name: tr('console:seats.titleWithPlan', { plan: 'Pro' }),
      });
      await expect(block).toBeVisible();
      if (viewport.width < 576) {
        await expect(block.getByRole('table')).toHaveCount(0);
        await expect(
          block.getByRole('listitem', { name: tr('console:seats.seatCard', { seat: 1 }) }),
        ).toBeVisible();
      }
      const input = page.getByLabel(tr('console:bind.inputLabel', { seat: 1 }));

      // What is not a site is said under the field; nothing is sent.
      await page.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 1 }) }).click();
      await input.fill('my blog');
      await input.press('Enter');
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(block.getByText(tr('common:bind.invalidSite'), { exact: true })).toBeVisible();
      for (const name of [tr('common:actions.save'), tr('common:actions.cancel')])
        await expectOnScreen(
          page,
          name,
          await block.getByRole('button', { name, exact: true }).boundingBox(),
        );

      // A bare host binds as https, without asking (a first bind is free).
      await input.fill(`www.${site}/about`);
      await input.press('Enter');
      await expect(toast(page, tr('console:bind.bound'))).toBeVisible();
      const domain = block.getByRole('button', {
        name: tr('console:bind.rebindLabel', { seat: 1, url: `https://${site}` }),
      });
      await expect(domain).toBeVisible();
      await expect(domain).toBeFocused();
      await expect(
        block.getByText(tr('console:bind.changesLeft', { count: 2 }), { exact: true }),
      ).toBeVisible();
      await expect(block.getByText(tr('console:seats.neverChecked')).first()).toBeVisible();
      const aiSettings = block.getByRole('button', {
        name: tr('console:seats.aiSettingsFor', { seat: 1 }),
      });
      await expectOnScreen(page, 'AI settings', await aiSettings.boundingBox());
      // tmp/e2e-console/<language>/ at the repository's root, beside the other console journeys' shots.
      const shots = join(test.info().project.testDir, '../../tmp/e2e-console', LANG);
      mkdirSync(shots, { recursive: true });
      await block.screenshot({ path: join(shots, `seats-${LANG}-${viewport.width}.png`) });

      // Moving to another site asks in a dialog beside the field, saying what will be left.
      await domain.click();
      await input.fill(moved);
      await input.press('Enter');
      const confirm = page.getByRole('dialog', { name: tr('console:bind.confirmTitle') });
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText(
        tr('console:bind.confirmMove', {
          seat: 1,
          from: `https://${site}`,
          to: `https://${moved}`,
        }),
      );
      await expect(confirm).toContainText(tr('console:bind.confirmAfter', { count: 1 }));
      await expectOnScreen(page, 'the confirmation', await confirm.boundingBox());
      const inputBox = (await input.boundingBox())!;
      const confirmBox = (await confirm.boundingBox())!;
      expect(confirmBox.y - (inputBox.y + inputBox.height), 'beside the field').toBeLessThan(80);
      expect(await seriousAxe(page, { include: '[role="dialog"]' })).toEqual([]);
      await page.screenshot({ path: join(shots, `seats-confirm-${LANG}-${viewport.width}.png`) });
      await confirm.getByRole('button', { name: tr('console:bind.confirmButton') }).click();
      await expect(toast(page, tr('console:bind.rebound'))).toBeVisible();
      const rebound = block.getByRole('button', {
        name: tr('console:bind.rebindLabel', { seat: 1, url: `https://${moved}` }),
      });
      await expect(rebound).toBeVisible();
      await expect(block.getByText(tr('console:bind.lastChange'), { exact: true })).toBeVisible();

      // With no change left, the domain explains the rule and who can help instead of opening an editor.
      await sql(
        `update licenses set binding_changes_left = 0 where user_id = (select id from users where email = $1) and seat_index = 1`,
        [email.toLowerCase()],
      );
      await page.reload();
      await expect(
        block.getByText(tr('console:bind.noChangesLeft'), { exact: true }),
      ).toBeVisible();
      await rebound.click();
      await expect(input).toHaveCount(0);
      const none = page.getByRole('dialog', { name: tr('console:bind.noneLeftTitle') });
      await expect(none).toBeVisible();
      await expect(none).toContainText(
        tr('console:bind.noneLeftRule', { count: 2, seat: 1, url: `https://${moved}` }),
      );
      // The journeys' server has no SUPPORT_CONTACT: the site's contact, in words.
      await expect(none).toContainText(tr('console:bind.noneLeftHelpSite'));
      await expectOnScreen(page, 'the explanation', await none.boundingBox());
      expect(await seriousAxe(page, { include: '[role="dialog"]' })).toEqual([]);
      await page.screenshot({ path: join(shots, `seats-none-left-${LANG}-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await expect(none).toBeHidden();
      await expect(rebound).toBeFocused();
    });
  });
}
