import { expect, test } from '@playwright/test';

// The public pricing page (docs/product.md#screens /pricing): a visitor opens it from the home page, reads
// the plans and buys Pro; Buy goes through the development sign-in and lands in the console with the Pro
// purchase open (the picker, Pro marked and its pay button focused).

const run = Date.now().toString(36);

for (const { locale, texts } of [
  {
    locale: 'en-US',
    texts: {
      seePricing: 'See pricing',
      title: 'Pricing',
      buyPro: 'Buy Pro',
      proSeats: '5 seats: one website each',
      faq: 'Frequently asked questions',
      google: 'sign in with Google',
      email: 'E-mail',
      name: 'Name',
      signIn: 'Sign in',
    },
  },
  {
    locale: 'zh-CN',
    texts: {
      seePricing: '查看价格',
      title: '价格',
      buyPro: '购买 Pro',
      proSeats: '5 个座位，每个绑定一个网站',
      faq: '常见问题',
      google: '使用 Google 登录',
      email: '邮箱',
      name: '姓名',
      signIn: '登录',
    },
  },
]) {
  test.describe(locale, () => {
    test.use({ locale });

    test(`a visitor opens /pricing from home, buys Pro, signs in and lands on the Pro purchase (${locale})`, async ({
      page,
    }) => {
      const email = `pia.${locale}.${run}@example.com`;
      await page.goto('/');
      await page
        .getByRole('region', { name: /.+/ })
        .last()
        .getByRole('link', { name: texts.seePricing })
        .click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
      // The header links here too.
      await expect(
        page.getByRole('banner').getByRole('link', { name: texts.title.toLowerCase() }),
      ).toHaveAttribute('aria-current', 'page');
      const pro = page.getByRole('listitem', { name: 'Pro' });
      await expect(pro).toContainText('¥1699');
      await expect(pro).toContainText(texts.proSeats);
      await expect(page.getByRole('heading', { level: 2, name: texts.faq })).toBeVisible();

      await pro.getByRole('link', { name: texts.buyPro }).click();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%3Fbuy%3Dpro$/);
      await page.getByRole('button', { name: texts.google }).click();
      await expect(page).toHaveURL(/\/dev-idp\/authorize/);
      await page.getByLabel(texts.email, { exact: true }).fill(email);
      await page.getByLabel(texts.name, { exact: true }).fill(`Pia ${run}`);
      await page.getByRole('button', { name: texts.signIn, exact: true }).click();

      // In the console, the purchase is open with Pro chosen; the address no longer asks for it.
      await expect(page).toHaveURL(/\/dashboard$/);
      const picker = page.getByRole('dialog');
      await expect(picker).toBeVisible();
      const chosen = picker.getByRole('article', { name: 'Pro' });
      await expect(chosen).toHaveAttribute('data-preselected', 'true');
      await expect(chosen.getByRole('button')).toBeFocused();
    });
  });
}

test('/pricing and its header fit a 360 px phone in English without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/pricing');
  await expect(page.getByRole('listitem', { name: 'Pro' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('pricing-360-en.png') });
});
