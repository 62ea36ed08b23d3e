import { expect, test, type Page } from '@playwright/test';

async function signInThroughProvider(page: Page, email: string, name: string) {
  await page.goto('/login');
  await page.getByRole('button', { name: /google/i }).click();
  await expect(page).toHaveURL(/\/dev-idp\/authorize/);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a visitor signs in through the development provider, sees the avatar menu and signs out', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);

  await signInThroughProvider(page, 'ann.lee@example.com', 'Ann Lee');
  await expect(page).toHaveURL(/\/dashboard$/);

  const avatar = page.getByRole('button', { name: 'user menu' });
  await expect(avatar).toBeVisible();
  await expect(avatar).toContainText('A');
  await avatar.click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Ann Lee');
  await expect(menu).toContainText('ann.lee@example.com');
  await expect(menu.getByRole('menuitem', { name: /orders/i })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /VIP management/i })).toHaveCount(0);

  await menu.getByRole('menuitem', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /log ?in|sign ?in/i })).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Please sign in to view your profile.')).toBeVisible();
});

test('a refused sign-in comes back to the login page with the spec text', async ({ page }) => {
  await page.goto('/login?redirect=/orders');
  await page.getByRole('button', { name: /google/i }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login\?error=OAuthCallbackError/);
  await expect(page.getByText('authentication failed, please retry')).toBeVisible();
});

test('an admin sees the admin entries of the menu', async ({ page }) => {
  await signInThroughProvider(page, 'admin@e2e.test', 'Ada Admin');
  await page.getByRole('button', { name: 'user menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: /VIP management/i })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /subscription management/i })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /quiz management/i })).toBeVisible();
});
