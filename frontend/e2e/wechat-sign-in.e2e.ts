import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { devSignIn, LANG, tr } from './support/i18n';
import { toast } from './support/journey';
import { seriousAxe } from './support/axe';

// WeChat scan-to-sign-in (issue #33, docs/sign-in.md) through the development WeChat server: the login
// page's button, the QR page's scan and confirm, the new account's e-mail step with the code from the
// development mailbox, the console's note before it, the last way in kept, a replayed callback refused; axe on each
// screen and screenshots, at 1366 × 900 and 390 × 844.

const run = Date.now().toString(36);
const dir = () => join(test.info().project.testDir, '../../tmp/e2e-wechat');
const here = dirname(fileURLToPath(import.meta.url));
/** The development WeChat page's texts, in the run's language (the page follows the browser's). */
const devTexts = JSON.parse(
  readFileSync(join(here, '../../backend/src/dev-wechat/dev-wechat-texts.json'), 'utf8'),
) as Record<string, Record<string, string>>;
const dev = devTexts[LANG]!;

async function shot(page: Page, name: string, width: number) {
  mkdirSync(dir(), { recursive: true });
  await page.screenshot({ path: join(dir(), `${name}-${LANG}-${width}.png`), fullPage: true });
}

/** On the development QR page: the phone's scan and confirm as this WeChat user. */
async function scan(page: Page, nickname: string, unionid: string) {
  await expect(page).toHaveURL(/\/dev-wechat\/connect\/qrconnect\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('scope')).toBe('snsapi_login');
  expect(url.searchParams.get('response_type')).toBe('code');
  await page.getByLabel(dev.nickname!, { exact: true }).fill(nickname);
  await page.getByLabel(dev.unionid!, { exact: true }).fill(unionid);
  await page.getByRole('button', { name: dev.allow!, exact: true }).click();
}

/** The newest sign-in code sent to the address, read in the development mailbox. */
async function codeFor(page: Page, email: string): Promise<string> {
  const mail = await page.context().newPage();
  try {
    await mail.goto('/dev-mail/');
    await mail
      .getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })
      .first()
      .getByRole('link')
      .first()
      .click();
    const text = await mail.locator('body').innerText();
    const code = /(?:^|\s)(\d{6})(?:\s|$)/m.exec(text)?.[1];
    expect(code).toBeDefined();
    return code!;
  } finally {
    await mail.close();
  }
}

for (const [width, height] of [
  [1366, 900],
  [390, 844],
] as const) {
  test.describe(`at ${width} × ${height}`, () => {
    test.use({ viewport: { width, height } });

    test('scan to sign in, confirm an e-mail address, the last way in kept, sign in again', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const unionid = `e2e-${run}-${width}`;
      const email = `wei.${width}.${run}@example.com`;
      const p = (key: string, values?: Record<string, unknown>) => tr(`profile:${key}`, values);

      await page.goto('/login?redirect=%2Fdashboard');
      const wechat = page.getByRole('link', { name: tr('login:wechat.button') });
      await expect(wechat).toBeVisible();
      await expect(page.getByRole('button', { name: tr('login:google') })).toBeVisible();
      expect(await seriousAxe(page)).toEqual([]);
      await shot(page, 'login', width);

      await wechat.click();
      expect(await seriousAxe(page)).toEqual([]);
      await shot(page, 'dev-wechat', width);
      await scan(page, '微信小韦', unionid);

      // A new account: the profile asks for an e-mail address.
      await expect(page).toHaveURL(/\/profile$/);
      const ways = page.getByRole('region', { name: p('waysIn.title') });
      await expect(ways.getByText(p('waysIn.email.title'))).toBeVisible();
      expect(await seriousAxe(page)).toEqual([]);
      await shot(page, 'profile-email-step', width);

      // The console says why it cannot pay yet, and links to the step.
      await page.goto('/dashboard');
      await expect(page.getByText(tr('console:awaitingEmail.title'))).toBeVisible();
      expect(await seriousAxe(page)).toEqual([]);
      await shot(page, 'console-awaiting-email', width);
      await page.getByRole('link', { name: tr('console:awaitingEmail.link') }).click();
      await expect(page).toHaveURL(/\/profile$/);

      // The e-mail step: the address, the code from the mailbox.
      await ways.getByRole('textbox', { name: tr('login:emailCode.emailLabel') }).fill(email);
      await ways.getByRole('button', { name: tr('login:emailCode.send') }).click();
      // The code's field appears once the store has answered (the message is in the outbox by then).
      const codeField = ways.getByRole('textbox', { name: tr('login:emailCode.codeLabel') });
      await expect(codeField).toBeVisible();
      const code = await codeFor(page, email);
      await codeField.fill(code);
      await ways.getByRole('button', { name: tr('login:emailCode.confirm') }).click();
      await expect(ways.getByText(p('waysIn.email.title'))).toBeHidden();
      await expect(page.getByText(email).first()).toBeVisible();
      await expect(page.getByText(tr('console:awaitingEmail.title'))).toBeHidden();

      // WeChat is the only way in here (no e-mail sign-in on this store): it cannot be unlinked.
      const wechatName = p('waysIn.names.wechat');
      const unlink = ways.getByRole('button', {
        name: p('waysIn.unlinkLabel', { way: wechatName }),
      });
      await expect(unlink).toBeDisabled();
      await expect(ways.getByText(p('waysIn.lastOne'))).toBeVisible();
      expect(await seriousAxe(page)).toEqual([]);
      await shot(page, 'profile-ways-in', width);

      // Google linked from the profile, through its own sign-in page: two ways in, either can go.
      const googleName = p('waysIn.names.google');
      await ways.getByRole('link', { name: p('waysIn.linkLabel', { way: googleName }) }).click();
      await expect(page).toHaveURL(/\/dev-idp\/authorize/);
      await page.getByLabel(devSignIn.email, { exact: true }).fill(email);
      await page.getByLabel(devSignIn.name, { exact: true }).fill('Wei');
      await page.getByRole('button', { name: devSignIn.signIn, exact: true }).click();
      await expect(page).toHaveURL(/\/profile\?linked=google$/);
      await expect(toast(page, p('waysIn.linked', { way: googleName }))).toBeVisible();
      await expect(
        ways.getByRole('button', { name: p('waysIn.unlinkLabel', { way: googleName }) }),
      ).toBeEnabled();
      await expect(unlink).toBeEnabled();
      await expect(ways.getByText(p('waysIn.lastOne'))).toBeHidden();
      expect(await seriousAxe(page)).toEqual([]);

      // Signed out and in again with the same WeChat: the same account, straight to the console.
      await page.context().clearCookies();
      await page.goto('/login?redirect=%2Fdashboard');
      await page.getByRole('link', { name: tr('login:wechat.button') }).click();
      await scan(page, '改名了', unionid);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/profile');
      await expect(page.getByText(email).first()).toBeVisible();
    });

    test('a replayed WeChat callback is refused with a clear message', async ({ page }) => {
      let callback = '';
      page.on('request', (request) => {
        if (request.url().includes('/api/auth/callback/wechat')) callback = request.url();
      });
      await page.goto('/login');
      await page.getByRole('link', { name: tr('login:wechat.button') }).click();
      await scan(page, '重放', `e2e-replay-${run}-${width}`);
      await expect(page).toHaveURL(/\/profile$/);
      expect(callback).toMatch(/[?&]code=[0-9a-f]+/);
      // Whoever replays the callback (here the same browser, signed out) is refused: the state was used.
      // The profile's own requests first end, so that none of their answers sets the session cookie again
      // after it is cleared.
      await page.waitForLoadState('networkidle');
      await page.context().clearCookies();
      await page.goto(callback);
      await expect(page).toHaveURL(/\/login\?error=WechatState$/);
      await expect(page.getByRole('alert')).toContainText(tr('login:wechat.errors.WechatState'));
      expect(await seriousAxe(page)).toEqual([]);
      await shot(page, 'login-error', width);
    });
  });
}
