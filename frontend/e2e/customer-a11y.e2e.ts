import { expect, test, type Page } from '@playwright/test';
import { giveSeats, requireDatabase, sql } from './support/db';
import { tr } from './support/i18n';
import { signIn } from './support/journey';
import { seriousAxe } from './support/axe';

// Accessibility of every customer-facing page (docs/architecture.md, accessibility): no serious or critical
// axe finding at 1366x900 and 390x844, signed in as a customer holding seats; the skip link by keyboard;
// the toasts' 14 px gap, swipe-dismiss at 45 px and named close buttons (docs/product.md#constants).

const run = Date.now().toString(36);
const customer = { email: `ally.${run}@example.com`, name: 'Ally Access' };
const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/** Opens a page and waits until it shows its content (a heading in <main>) and its data settled. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main').locator('h1, h2, h3').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Loaders give way to data, transitions end.
  await page.waitForTimeout(400);
}

test('the skip link is the first stop of Tab and moves the focus into the page', async ({
  page,
}) => {
  for (const path of ['/', '/pricing']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: tr('common:skipToMain') });
    await expect(skip).toBeFocused();
    const box = await skip.boundingBox();
    expect(box && box.width > 40 && box.height > 16, 'visible while focused').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
    // The next Tab lands inside the page, not on the header's brand.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    // Hidden again once the focus moved on.
    const hidden = await skip.boundingBox();
    expect(hidden && hidden.width <= 1).toBe(true);
  }
});

test('every customer page: no serious or critical axe finding, at 1366 and 390 px', async ({
  page,
  browser,
}) => {
  requireDatabase();
  test.setTimeout(240_000);
  const findings: string[] = [];

  // Signed out: the login page (signed in, it would send the customer on).
  const anonymousContext = await browser.newContext();
  const anonymous = await anonymousContext.newPage();
  for (const viewport of VIEWPORTS) {
    await anonymous.setViewportSize(viewport);
    await open(anonymous, '/login');
    findings.push(
      ...(await seriousAxe(anonymous, { wcag21: true, label: `/login ${viewport.width}` })),
    );
  }
  await anonymousContext.close();

  await signIn(page, '/dashboard', customer.email, customer.name);
  await giveSeats(customer.email, 'pro', 2);
  const [order] = await sql<{ order_id: string }>(
    `select o.order_id from orders o join users u on u.id = o.user_id where u.email = $1 limit 1`,
    [customer.email],
  );
  const pages = [
    '/',
    '/pricing',
    '/docs',
    '/docs/installation',
    '/dashboard',
    '/orders',
    `/orders/${order.order_id}`,
    '/profile',
    '/quiz',
    '/test',
    '/verify',
    '/routes',
    '/no-such-page',
  ];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of pages) {
      await open(page, path);
      findings.push(
        ...(await seriousAxe(page, { wcag21: true, label: `${path} ${viewport.width}` })),
      );
    }
  }
  expect(findings).toEqual([]);
});

test('toasts: 14 px apart, a 45 px swipe dismisses one, a shorter one does not; close buttons named', async ({
  page,
  context,
}) => {
  requireDatabase();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // On a phone, where a toast spans the whole header.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/dashboard', `toast.${run}@example.com`, 'Toby Toast');
  const copy = page.getByRole('button', { name: tr('console:token.copy'), exact: true });
  await expect(copy).toBeVisible({ timeout: 15_000 });
  await copy.click();
  await copy.click();
  const toasts = page.getByRole('alert').filter({ hasText: tr('console:token.copied') });
  await expect(toasts).toHaveCount(2);
  await page.waitForTimeout(400); // the enter transition
  const boxes = (await Promise.all([toasts.nth(0).boundingBox(), toasts.nth(1).boundingBox()]))
    .map((b) => b!)
    .sort((a, b) => a.y - b.y);
  expect(Math.round(boxes[1].y - (boxes[0].y + boxes[0].height))).toBe(14);
  expect(Math.round(boxes[0].width)).toBe(356);
  // Below the header, not over the brand and the user menu (at 390 px a toast spans the header's width).
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(boxes[0].y).toBeGreaterThanOrEqual(header.y + header.height);
  await expect(
    toasts.first().getByRole('button', { name: tr('common:closeNotification') }),
  ).toBeVisible();

  // A 30 px drag puts the toast back; a 50 px one dismisses it.
  const drag = async (dx: number) => {
    const box = (await toasts.first().boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 40;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y, { steps: 6 });
    await page.mouse.up();
  };
  // (Quickly: the toasts close by themselves after 4 s.)
  await drag(30);
  await page.waitForTimeout(150);
  await expect(toasts).toHaveCount(2);
  await drag(50);
  await expect(toasts).toHaveCount(1, { timeout: 1500 });
});
