import { expect, test } from '@playwright/test';
import { LANG, devSignIn, tr } from './support/i18n';

// The public pricing page (docs/product.md#screens /pricing): a visitor opens it from the home page, reads
// the plans and buys Pro; Buy goes through the development sign-in and lands in the console with the Pro
// purchase open (the picker, Pro marked and its pay button focused). Once per language (E2E_LANG).

const run = Date.now().toString(36);

test('a visitor opens /pricing from home, buys Pro, signs in and lands on the Pro purchase', async ({
  page,
}) => {
  const email = `pia.${LANG}.${run}@example.com`;
  await page.goto('/');
  await page
    .getByRole('region', { name: /.+/ })
    .last()
    .getByRole('link', { name: tr('home:closing.pricing') })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('pricing:title'));
  // The header links here too.
  await expect(
    page.getByRole('banner').getByRole('link', { name: tr('common:nav.pricing') }),
  ).toHaveAttribute('aria-current', 'page');
  const pro = page.getByRole('listitem', { name: 'Pro' });
  await expect(pro).toContainText('¥1699');
  await expect(pro).toContainText(tr('pricing:seats', { count: 5 }));
  await expect(
    page.getByRole('heading', { level: 2, name: tr('pricing:faq.title') }),
  ).toBeVisible();

  await pro.getByRole('link', { name: tr('pricing:buy', { plan: 'Pro' }) }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%3Fbuy%3Dpro$/);
  await page.getByRole('button', { name: tr('login:google') }).click();
  await expect(page).toHaveURL(/\/dev-idp\/authorize/);
  await page.getByLabel(devSignIn.email, { exact: true }).fill(email);
  await page.getByLabel(devSignIn.name, { exact: true }).fill(`Pia ${run}`);
  await page.getByRole('button', { name: devSignIn.signIn, exact: true }).click();

  // In the console, the purchase is open with Pro chosen; the address no longer asks for it.
  await expect(page).toHaveURL(/\/dashboard$/);
  const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
  await expect(picker).toBeVisible();
  const chosen = picker.getByRole('article', { name: 'Pro' });
  await expect(chosen).toHaveAttribute('data-preselected', 'true');
  await expect(chosen.getByRole('button', { name: tr('plans:card.scanToPay') })).toBeFocused();
});

test('/pricing and its header fit a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('pricing:title'));
  await expect(page.getByRole('listitem', { name: 'Pro' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath(`pricing-360-${LANG}.png`) });
});
