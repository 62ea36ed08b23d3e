import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { E2E_ADMIN } from '../playwright.config';
import { requireDatabase, sql } from './support/db';
import { LANG, tr } from './support/i18n';
import { signIn } from './support/journey';
import { seriousAxe } from './support/axe';

// The back office's own navigation (docs/product.md, back office; issue 29 items 6, 8, 9): as the admin
// at 1366x900 the sidebar's four groups reach every admin page (each shows its heading, its link marked
// current); the avatar menu has one back-office entry; the docs editor asks before a navigation throws a
// draft away (stay keeps it, leave discards it); the VIP batch lists each entry's outcome and keeps the
// refused ones; at 390x844 the drawer opens by keyboard, closes on Escape and on navigation. Axe finds
// nothing serious or critical in the navigation at either size. Screenshots go to /tmp/shots-d/.

const run = Date.now().toString(36);
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-d';

/** Each sidebar item by group, with the heading its page shows. */
const GROUPS = {
  sales: {
    dashboard: ['/admin', 'adminDashboard:title'],
    orders: ['/admin/orders', 'adminOrders:title'],
    customers: ['/admin/subscriptions', 'adminSubscriptions:title'],
    discounts: ['/admin/subscriptions/discounts', 'adminDiscounts:title'],
  },
  catalogue: {
    plans: ['/admin/plans', 'adminPlans:title'],
    releases: ['/admin/releases', 'releases:title'],
  },
  content: {
    docs: ['/admin/docs', 'admin-docs:title'],
    quiz: ['/admin/quiz', 'adminQuiz:title'],
  },
  system: {
    vip: ['/admin/vip-emails', 'adminVip:title'],
    mail: ['/admin/mail', 'admin-mail:title'],
    webhooks: ['/admin/webhooks', 'adminWebhooks:title'],
    audit: ['/admin/audit', 'adminAudit:title'],
  },
} as const;

const navName = () => tr('common:adminNav.title');
const sidebar = (page: Page) =>
  page.locator('#admin-sidebar').getByRole('navigation', { name: navName() });
const itemName = (key: string) => tr(`common:adminNav.items.${key}`);
const heading = (page: Page, key: string) =>
  page.getByRole('heading', { level: 1, name: tr(key), exact: true });

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${LANG}-${name}.png` });
}

test('the back office: sidebar and drawer, one menu entry, the docs draft kept, the VIP batch outcomes', async ({
  page,
}) => {
  requireDatabase();
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });

  await test.step('the avatar menu has one back-office entry', async () => {
    await signIn(page, '/admin', E2E_ADMIN, 'Ada Admin');
    await expect(heading(page, 'adminDashboard:title')).toBeVisible();
    await page.getByRole('button', { name: tr('common:userMenu.open'), exact: true }).click();
    const menu = page.getByRole('menu');
    const adminEntries = menu.locator('[role="menuitem"][href^="/admin"]');
    await expect(adminEntries).toHaveCount(1);
    await expect(adminEntries).toHaveAccessibleName(tr('common:userMenu.admin'));
    await expect(adminEntries).toHaveAttribute('href', '/admin');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  await test.step('the sidebar at 1366 px: four groups reach every admin page', async () => {
    const nav = sidebar(page);
    await expect(nav).toBeVisible();
    await expect(page.locator('#admin-menu-bar')).toBeHidden();
    for (const [group, items] of Object.entries(GROUPS)) {
      const list = nav.getByRole('list', { name: tr(`common:adminNav.groups.${group}`) });
      await expect(list).toBeVisible();
      await expect(list.getByRole('link')).toHaveCount(Object.keys(items).length);
      for (const [key, [path, title]] of Object.entries(items)) {
        const link = list.getByRole('link', { name: itemName(key), exact: true });
        await link.click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(heading(page, title)).toBeVisible();
        await expect(link).toHaveAttribute('aria-current', 'page');
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      }
    }
    // A customer's page is reached from the customers list, and counts as "customers".
    const [admin] = await sql<{ id: string }>('select id from users where email = $1', [E2E_ADMIN]);
    await page.goto(`/admin/customers/${admin!.id}`);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(
      nav.getByRole('link', { name: itemName('customers'), exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    expect(await seriousAxe(page, { include: '#admin-sidebar', wcag21: true })).toEqual([]);
    await nav.getByRole('link', { name: itemName('dashboard'), exact: true }).click();
    await expect(heading(page, 'adminDashboard:title')).toBeVisible();
    await shot(page, 'desktop');
  });

  await test.step('the docs editor asks before a navigation throws the draft away', async () => {
    const nav = sidebar(page);
    await nav.getByRole('link', { name: itemName('docs'), exact: true }).click();
    const editor = page.getByRole('textbox', { name: tr('admin-docs:markdown') });
    await expect(editor).toBeVisible();
    const stored = await editor.inputValue();
    const draft = `\n\nDraft ${run}`;
    await editor.focus();
    await page.keyboard.press('Control+End');
    await editor.pressSequentially(draft);
    await expect(page.getByText(tr('admin-docs:unsaved'), { exact: true })).toBeVisible();

    await nav.getByRole('link', { name: itemName('orders'), exact: true }).click();
    let dialog = page.getByRole('dialog', { name: tr('admin-docs:leave.title') });
    await expect(dialog).toBeVisible();
    await shot(page, 'docs-leave');
    await dialog.getByRole('button', { name: tr('admin-docs:leave.stay') }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/docs$/);
    await expect(editor).toHaveValue(`${stored}${draft}`);

    await nav.getByRole('link', { name: itemName('orders'), exact: true }).click();
    dialog = page.getByRole('dialog', { name: tr('admin-docs:leave.title') });
    await dialog.getByRole('button', { name: tr('admin-docs:leave.leave') }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(heading(page, 'adminOrders:title')).toBeVisible();

    // Back in the editor: the stored text, no draft.
    await nav.getByRole('link', { name: itemName('docs'), exact: true }).click();
    await expect(editor).toHaveValue(stored);
    await expect(page.getByText(tr('admin-docs:unsaved'), { exact: true })).toHaveCount(0);
  });

  await test.step('the VIP batch lists each entry with its outcome and keeps the refused ones', async () => {
    await sidebar(page)
      .getByRole('link', { name: itemName('vip'), exact: true })
      .click();
    await expect(heading(page, 'adminVip:title')).toBeVisible();
    await page.getByRole('tab', { name: tr('adminVip:tabs.batch') }).click();
    const fresh = `vip.${LANG.toLowerCase()}.${run}@example.com`;
    const box = page.getByRole('textbox', { name: tr('adminVip:batch.label') });
    await box.fill([fresh, E2E_ADMIN, 'not-an-address', `x@y${run}`, fresh].join('\n'));
    await expect(
      page.getByText(tr('adminVip:batch.notAddresses', { count: 1 }), { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: tr('adminVip:batch.submit') }).click();
    const result = page.getByRole('region', { name: tr('adminVip:batch.result') });
    const rows = result.getByRole('table', { name: tr('adminVip:batch.entries') }).getByRole('row');
    await expect(rows).toHaveCount(6);
    const outcome = (input: string) =>
      rows.filter({ has: page.getByRole('cell', { name: input, exact: true }) });
    await expect(outcome(E2E_ADMIN)).toContainText(tr('adminVip:batch.outcomes.already-listed'));
    await expect(rows.nth(1)).toContainText(tr('adminVip:batch.outcomes.added'));
    await expect(rows.nth(5)).toContainText(tr('adminVip:batch.outcomes.repeated'));
    await expect(outcome('not-an-address')).toContainText(
      tr('adminVip:batch.outcomes.invalid', { reason: tr('errors:VIP_EMAIL_FORMAT_INVALID') }),
    );
    await expect(outcome(`x@y${run}`)).toContainText(
      tr('adminVip:batch.outcomes.invalid', { reason: tr('errors:VIP_EMAIL_INVALID') }),
    );
    await expect(result).toContainText(tr('adminVip:batch.counts.added', { count: 1 }));
    await expect(result).toContainText(tr('adminVip:batch.counts.invalid', { count: 2 }));
    await expect(box).toHaveValue(`not-an-address\nx@y${run}`);
    await shot(page, 'vip-batch');
  });

  await test.step('the drawer at 390 px: by keyboard, Escape, and a navigation closes it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('#admin-sidebar')).toBeHidden();
    const burger = page.getByRole('button', { name: tr('common:adminNav.menu'), exact: true });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(await seriousAxe(page, { include: '#admin-menu-bar', wcag21: true })).toEqual([]);
    await shot(page, 'phone');

    await burger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: navName() });
    await expect(drawer).toBeVisible();
    const drawerNav = drawer.getByRole('navigation', { name: navName() });
    await expect(
      drawerNav.getByRole('link', { name: itemName('vip'), exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    for (const group of Object.keys(GROUPS))
      await expect(
        drawerNav.getByRole('list', { name: tr(`common:adminNav.groups.${group}`) }),
      ).toBeVisible();
    await page.waitForTimeout(300);
    expect(await seriousAxe(page, { include: '[role="dialog"]', wcag21: true })).toEqual([]);
    await shot(page, 'phone-drawer');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    const audit = drawerNav.getByRole('link', { name: itemName('audit'), exact: true });
    // By keyboard: Tab until the link has the focus, then Enter.
    for (let i = 0; i < 20 && !(await audit.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(audit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(heading(page, 'adminAudit:title')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(burger).toContainText(itemName('audit'));
  });
});
