import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { devSignIn, escapeRegExp, tr } from './i18n';

export { escapeRegExp };

// Steps that every journey takes the same way: sign in through the development identity provider, sign
// out from the user menu, read a toast, and scan the payment QR code.

/**
 * A customer's e-mail for this journey: the phone project runs the same journeys on the same database
 * after the desktop one, so its customers are others ('ann.lee' → 'ann.lee.phone@example.com').
 */
export function customerEmail(local: string): string {
  const project = test.info().project.name;
  return `${local}${project === 'desktop' ? '' : `.${project}`}@example.com`;
}

/** Opens a guarded page, is sent to /login, signs in at the development identity provider and comes back. */
export async function signIn(page: Page, path: string, email: string, name: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('button', { name: tr('login:google') }).click();
  await expect(page).toHaveURL(/\/dev-idp\/authorize/);
  await page.getByLabel(devSignIn.email, { exact: true }).fill(email);
  await page.getByLabel(devSignIn.name, { exact: true }).fill(name);
  await page.getByRole('button', { name: devSignIn.signIn, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path)}$`));
}

/** Logout from the user menu: back on /, with the login link in the header. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: tr('common:userMenu.open') }).click();
  await page.getByRole('menuitem', { name: tr('common:userMenu.logout') }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('banner').getByRole('link', { name: tr('common:nav.login') }),
  ).toBeVisible();
}

/**
 * A seat in the console's seat block: a table row on a desktop, a card (a list item named 'seat #n') below
 * 576 px (docs/product.md#screens), so one journey runs at both sizes.
 */
export const seatOf = (page: Page, seat: number) =>
  page
    .getByRole('row')
    .filter({ hasText: `#${seat}` })
    .or(page.getByRole('listitem', { name: tr('console:seats.seatCard', { seat }), exact: true }));

/** A toast (top centre) with exactly this text. */
export const toast = (page: Page, text: string) =>
  page.getByRole('alert').getByText(text, { exact: true });

/** Reads the QR code's canvas pixels in the page and decodes them. */
export async function decodeQr(canvas: Locator): Promise<string> {
  await expect(canvas).toBeVisible();
  const image = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const { data, width, height } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    return { data: Array.from(data), width, height };
  });
  const decoded = jsQR(Uint8ClampedArray.from(image.data), image.width, image.height);
  if (!decoded) throw new Error('the QR code could not be decoded');
  return decoded.data;
}

/** The admin creates a promo code (one use by default) through the discounts page, in a context of its own. */
export async function createPromoCode(
  browser: Browser,
  code: string,
  yuan: string,
  { tierName = 'Basic', limit = '1' } = {},
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, '/admin/subscriptions/discounts', 'admin@e2e.test', 'Ada Admin');
    await expect(
      page.getByRole('heading', { level: 1, name: tr('adminDiscounts:title') }),
    ).toBeVisible();
    // The plans the code is for (Basic is ticked in a new form): this tier only.
    await page.getByRole('checkbox', { name: tierName, exact: true }).check();
    for (const other of ['Basic', 'Pro', 'Max'].filter((name) => name !== tierName))
      await page.getByRole('checkbox', { name: other, exact: true }).uncheck();
    // The field by role: in Chinese the list's table has the same name as the field (折扣码).
    await page
      .getByRole('textbox', {
        name: new RegExp(`^${escapeRegExp(tr('adminDiscounts:form.code'))}`),
      })
      .fill(`  ${code}  `);
    await page
      .getByLabel(new RegExp(`^${escapeRegExp(tr('adminDiscounts:form.amount'))}`))
      .fill(yuan);
    await page
      .getByLabel(new RegExp(`^${escapeRegExp(tr('adminDiscounts:form.usageLimit'))}`))
      .fill(limit);
    await page.getByRole('button', { name: tr('adminDiscounts:form.save') }).click();
    await expect(toast(page, tr('adminDiscounts:saved'))).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`^${code} `) });
    await expect(row).toContainText(tierName);
    await expect(row).toContainText(`¥${Number(yuan).toFixed(2)}`);
    await expect(row).toContainText(tr('adminDiscounts:validity.longTerm'));
    await expect(row).toContainText(`0/${limit}`);
  } finally {
    await context.close();
  }
}
