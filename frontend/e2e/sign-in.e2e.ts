import { expect, test, type Page } from '@playwright/test';
import { devSignIn, tr } from './support/i18n';
import { customerEmail } from './support/journey';

async function signInThroughProvider(page: Page, email: string, name: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: tr('login:google') }).click();
  await expect(page).toHaveURL(/\/dev-idp\/authorize/);
  await page.getByLabel(devSignIn.email, { exact: true }).fill(email);
  await page.getByLabel(devSignIn.name, { exact: true }).fill(name);
  await page.getByRole('button', { name: devSignIn.signIn, exact: true }).click();
}

test('a visitor signs in through the development provider, sees the avatar menu and signs out', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);

  const email = customerEmail('ann.lee');
  await signInThroughProvider(page, email, 'Ann Lee');
  await expect(page).toHaveURL(/\/dashboard$/);

  const avatar = page.getByRole('button', { name: tr('common:userMenu.open'), exact: true });
  await expect(avatar).toBeVisible();
  await expect(avatar).toContainText('A');
  await avatar.click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Ann Lee');
  await expect(menu).toContainText(email);
  await expect(
    menu.getByRole('menuitem', { name: tr('common:userMenu.orders'), exact: true }),
  ).toBeVisible();
  await expect(
    menu.getByRole('menuitem', { name: tr('common:userMenu.admin'), exact: true }),
  ).toHaveCount(0);

  await menu.getByRole('menuitem', { name: tr('common:userMenu.logout'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('banner').getByRole('link', { name: tr('common:nav.login'), exact: true }),
  ).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(tr('profile:signedOut'), { exact: true })).toBeVisible();
});

test('a refused sign-in comes back to the login page with the spec text', async ({ page }) => {
  await page.goto('/login?redirect=/orders');
  await page.getByRole('button', { name: tr('login:google') }).click();
  await page.getByRole('button', { name: devSignIn.cancel, exact: true }).click();
  await expect(page).toHaveURL(/\/login\?error=OAuthCallbackError/);
  await expect(page.getByText(tr('login:callbackError'), { exact: true })).toBeVisible();
});

test('an admin sees one back-office entry in the menu', async ({ page }) => {
  await signInThroughProvider(page, 'admin@e2e.test', 'Ada Admin');
  await page.getByRole('button', { name: tr('common:userMenu.open'), exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(
    menu.getByRole('menuitem', { name: tr('common:userMenu.admin'), exact: true }),
  ).toHaveAttribute('href', '/admin');
  // The back office has its own navigation (back-office-navigation.e2e.ts).
  await expect(
    menu.getByRole('menuitem', { name: tr('common:userMenu.quizAdmin'), exact: true }),
  ).toHaveCount(0);
});
