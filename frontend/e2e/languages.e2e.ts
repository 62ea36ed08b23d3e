import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { requireDatabase, sql } from './support/db';
import { decodeQr, signIn, toast } from './support/journey';

// Every screen in both languages (docs/architecture.md#language): each page is opened once with the
// `lang=en` cookie and once with `lang=zh-CN`, left to settle, photographed (full page) into
// tmp/e2e-languages/<lang>/<page>.png, and read for mixed language: `<html lang>` is the language, the
// Chinese screens show no English word outside the allow-list below, the English screens no Chinese
// character. What people wrote is data, not the interface, and is left out of the check:
//  - Markdown content (the docs sections seeded in Chinese, quiz questions and explanations): every
//    SafeMarkdown renders inside Mantine's Typography (`.mantine-Typography-root`);
//  - code samples (<code>, <pre>);
//  - the quiz bank's seeded Chinese categories, questions and options where they are not Markdown
//    (listed per page in `userContent` below).
// A first run lists every offending string; the test fails on any, naming page, language and text.

/** tmp/e2e-languages at the repository's root (the tests live in frontend/e2e). */
const shots = () => join(test.info().project.testDir, '../../tmp/e2e-languages');
// Fixed (the database is fresh per run): a test after a failure runs in a new worker, which must find
// the same customer.
const customer = { email: 'lena.languages@example.com', name: 'Lena Lang' };

type Lang = 'en' | 'zh-CN';
type Screen = {
  name: string;
  path: string | (() => string);
  /** Text the screen must show once settled (that it is the screen meant, not an error or a 404). */
  shows?: () => string;
  /** Parts of this screen that show people's text (data), not the interface's. */
  userContent?: string[];
  /** Words (en: Chinese runs) this screen may show in the other language, each with its reason. */
  allowed?: Record<string, string>;
};

/**
 * Always excluded: rendered Markdown (people's text), code samples, what is typed in a field, and what
 * the markup marks translate="no" (a discount code: typed as it is in any language).
 */
const ALWAYS_EXCLUDED = ['.mantine-Typography-root', 'code', 'pre', 'textarea', '[translate="no"]'];

/** Names people gave themselves at sign-in (data). */
const PEOPLE = ['Lena Lang', 'Ada Admin'];

/**
 * English words a Chinese screen may show: brand and product names, plan and gateway names as the
 * seller names them, and technical terms Chinese interfaces keep in English. Compared case-sensitively.
 */
const ENGLISH_ALLOWED = new Set([
  // Brand, products, plans, providers.
  'seatkeeper',
  'Basic',
  'Pro',
  'Max',
  'Ultra',
  'VIP',
  'Alipay',
  'WeChat',
  'Pay',
  'WordPress',
  'Google',
  'Lighthouse',
  'OpenAI',
  'Tailwind',
  'Bootstrap',
  // Browsers and systems naming a signed-in device on the profile ('Linux 上的 Chrome').
  'Chrome',
  'Firefox',
  'Safari',
  'Edge',
  'Opera',
  'Linux',
  'Windows',
  'macOS',
  'iOS',
  'iPadOS',
  'Android',
  'ChromeOS',
  // Technical terms kept in English in Chinese interfaces.
  'API',
  'URL',
  'Key',
  'AI',
  'ID',
  'Token',
  'Markdown',
  'CSS',
  'HTML',
  'CSV',
  'JSON',
  'OpenAPI',
  'Cookie',
  'Bearer',
  'SMTP',
  'GET',
  'POST',
  'PHP',
  'Webhook',
  'localhost',
  // ISO 4217 currency code (the receipt's 'amounts in CNY').
  'CNY',
  // An API key's conventional prefix in the key fields' placeholder (`sk-...`).
  'sk',
  // The language switch names each language in itself (LANGUAGE_NAMES in lib/i18n.ts), by design.
  'English',
]);

/** Chinese an English screen may show: the language switch's own name for Chinese, by design. */
const CHINESE_ALLOWED = ['中文'];

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+/g;

/** The text a screen shows (text nodes, placeholders, accessible names), outside the excluded parts. */
async function shownTexts(page: Page, excluded: string[]): Promise<string[]> {
  return page.evaluate((selector) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest(selector)) continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(element.tagName)) continue;
      if (element.tagName !== 'OPTION' && !element.checkVisibility({ visibilityProperty: true })) {
        continue;
      }
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text) out.push(text);
    }
    // What screen readers say and fields suggest: in the language too.
    for (const element of document.body.querySelectorAll('[placeholder],[aria-label],[title]')) {
      if (element.closest(selector)) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const text = element.getAttribute(name)?.trim();
        if (text) out.push(`[${name}] ${text}`);
      }
    }
    return out;
  }, excluded.join(','));
}

/** Strips what is not language: names, addresses, links, domains, identifiers with digits, numbers. */
function withoutData(text: string): string {
  let stripped = text.replace(/^\[(placeholder|aria-label|title)\] /, '');
  for (const name of PEOPLE) stripped = stripped.replaceAll(name, ' ');
  return (
    stripped
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ')
      .replace(/\*+@[\w.-]+/g, ' ')
      .replace(/[a-z]+:\/\/\S*/g, ' ')
      // UUIDs (the user's id on the profile): a group may be letters only (972a9c7e-cbbf-...).
      .replace(/\b[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\b/gi, ' ')
      // The masked activation code (cafe...beef can be letters only too).
      .replace(/\b[0-9a-f]{4}\.\.\.[0-9a-f]{4}\b/g, ' ')
      // Codes (an audit action such as order.paid, on hover).
      .replace(/\b[a-z]+\.[a-z_-]+\b/g, ' ')
      // Time zone names (the seller's, e.g. Asia/Shanghai).
      .replace(/\b[A-Z][a-z]+\/[A-Z][A-Za-z_]+\b/g, ' ')
      .replace(/\b[\w-]+(\.[\w-]+)*\.(com|org|net|io|test|example|cn|dev)\b/g, ' ')
      .replace(/(^|[^\w])\.[a-z]+\b/g, ' ')
      .replace(/\/[\w/:.-]+/g, ' ')
      .replace(/\b\w*\d\w*\b/g, ' ')
  );
}

function offenders(lang: Lang, texts: string[], allowed: Record<string, string> = {}): string[] {
  const found: string[] = [];
  for (const text of texts) {
    const bad =
      lang === 'zh-CN'
        ? (withoutData(text).match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []).filter(
            (word) => !ENGLISH_ALLOWED.has(word) && !(word in allowed),
          )
        : (withoutData(text).match(CJK) ?? []).filter(
            (run) => !CHINESE_ALLOWED.includes(run) && !(run in allowed),
          );
    if (bad.length) found.push(`${text}  ⟵ ${bad.join(' ')}`);
  }
  return [...new Set(found)];
}

/** Opens a screen, waits for it to settle, photographs it and returns what is in the wrong language. */
async function check(page: Page, lang: Lang, screen: Screen): Promise<string[]> {
  const path = typeof screen.path === 'function' ? screen.path() : screen.path;
  // The page as the server sends it (with this browser's cookies): in the language before any script.
  const served = await page.request.get(path);
  expect(/<html\b[^>]*\blang="([^"]*)"/.exec(await served.text())?.[1], `${path} as served`).toBe(
    lang,
  );
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  if (screen.shows) await expect(page.getByText(screen.shows()).first()).toBeVisible();
  mkdirSync(join(shots(), lang), { recursive: true });
  await page.screenshot({ path: join(shots(), lang, `${screen.name}.png`), fullPage: true });
  const texts = await shownTexts(page, [...ALWAYS_EXCLUDED, ...(screen.userContent ?? [])]);
  return offenders(lang, texts, screen.allowed).map(
    (text) => `${lang} ${screen.name} (${path}): ${text}`,
  );
}

async function setLanguage(context: BrowserContext, baseURL: string, lang: Lang) {
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
}

async function checkAll(page: Page, lang: Lang, screens: Screen[]) {
  const found: string[] = [];
  for (const screen of screens) found.push(...(await check(page, lang, screen)));
  // Every offender at once, so one run lists them all.
  expect(found, found.join('\n')).toEqual([]);
}

const publicScreens: Screen[] = [
  {
    name: 'home',
    path: '/',
    allowed: {
      // Deliberate: each gauge shows Lighthouse's own English category under the Chinese label.
      Performance: 'Lighthouse category name (home.tsx, ScoreGauge `english`)',
      Accessibility: 'Lighthouse category name',
      Best: 'Lighthouse category name (Best Practices)',
      Practices: 'Lighthouse category name (Best Practices)',
    },
  },
  { name: 'pricing', path: '/pricing' },
  { name: 'docs', path: '/docs' },
  {
    name: 'routes',
    path: '/routes',
    allowed: {
      // HTTP reason phrases (`200 OK`) are the protocol's own words, as API references show them.
      OK: 'HTTP reason phrase',
      Created: 'HTTP reason phrase',
      Bad: 'HTTP reason phrase',
      Request: 'HTTP reason phrase',
      Unauthorized: 'HTTP reason phrase',
      Forbidden: 'HTTP reason phrase',
      Service: 'HTTP reason phrase',
      Unavailable: 'HTTP reason phrase',
      // The error body's field names, shown as plain text (not in <code>).
      statusCode: 'error body field name',
      error: 'error body field name',
      message: 'error body field name',
    },
  },
  { name: 'login', path: '/login' },
  { name: 'verify', path: '/verify' },
  { name: 'not-found', path: '/no-such-page' },
];

/** The customer's order number (the receipt's path) and id (set by `customerWithOrder`). */
let orderId = '';
let customerId = '';

const customerScreens: Screen[] = [
  { name: 'dashboard', path: '/dashboard' },
  { name: 'orders', path: '/orders' },
  { name: 'receipt', path: () => `/orders/${orderId}`, shows: () => orderId },
  // The seeded quiz bank's categories are data (backend/src/database/seeders/quiz-questions.ts).
  { name: 'quiz', path: '/quiz', userContent: ['select option'] },
  { name: 'test', path: '/test' },
  { name: 'profile', path: '/profile' },
];

const adminScreens: Screen[] = [
  {
    name: 'admin',
    path: '/admin',
    // The install insights' product picker names a product by its slug (the sites' own data).
    allowed: { 'visual-editor': "a product's slug, as sites report it" },
  },
  { name: 'admin-orders', path: '/admin/orders' },
  {
    name: 'admin-customer',
    path: () => `/admin/customers/${customerId}`,
    shows: () => customer.email,
  },
  { name: 'admin-plans', path: '/admin/plans' },
  // The subject column: each mail as sent, in its recipient's language.
  { name: 'admin-mail', path: '/admin/mail', userContent: ['tbody td:nth-child(3)'] },
  { name: 'admin-docs', path: '/admin/docs' },
  { name: 'admin-vip-emails', path: '/admin/vip-emails' },
  // The bank's questions (Markdown), options and categories are data (Chinese in both languages).
  {
    name: 'admin-quiz',
    path: '/admin/quiz',
    userContent: [
      '[data-question-id] ul',
      '[data-question-id] .mantine-Badge-root:first-child',
      'select option',
    ],
  },
  // The customers' names (people's text; 'unnamed user' is left out with them).
  {
    name: 'admin-subscriptions',
    path: '/admin/subscriptions',
    userContent: ['article a[href^="/admin/customers/"]'],
  },
  { name: 'admin-discounts', path: '/admin/subscriptions/discounts' },
  {
    name: 'admin-releases',
    path: '/admin/releases',
    // Only what is not translatable: the products' names and slugs as their files give them, the
    // seed folder's name, and names and units Chinese interfaces keep as they are.
    allowed: {
      Visual: "a product's name (Visual Editor: its main file's Plugin Name, releases/*)",
      Editor: "a product's name (Visual Editor)",
      Minimal: "a product's name (Minimal Theme: its style.css's Theme Name)",
      Theme: "a product's name (Minimal Theme)",
      'visual-editor': "a product's slug, also in its stored file's name (visual-editor-1.0.0.zip)",
      'minimal-theme': "a product's slug, also in its stored file's name (minimal-theme-1.0.0.zip)",
      releases: "the seed folder's name ('从 releases/ 导入')",
      SHA: "the digest's name (SHA-256)",
      PHP: "the language's name ('最低 PHP 版本')",
      zip: "the archive format's name ('zip 文件', and the files' .zip)",
      MB: "a size unit, as Chinese interfaces write it ('最大 50 MB')",
      kB: 'a size unit, as the zh-CN number format writes it (Intl, 18.8 kB)',
    },
  },
  {
    name: 'admin-audit',
    path: '/admin/audit',
    // The before → after snapshots (values as stored; the full JSON on hover) are data.
    userContent: ['[title^="before:"]', '[title^="after:"]'],
    allowed: {
      pending: 'audit snapshot value',
      before: 'audit snapshot',
      // A reason an admin typed in another journey ("partner agency, upgrade for free": back-office-audit),
      // quoted as written in the entry's sentence: data, not the interface's words.
      partner: "an admin's typed reason",
      agency: "an admin's typed reason",
      upgrade: "an admin's typed reason",
      for: "an admin's typed reason",
      free: "an admin's typed reason",
      // The webhook format's name ('已添加 Standard Webhooks 端点'), as its specification spells it.
      Standard: "the webhook format's name (Standard Webhooks)",
      Webhooks: "the webhook format's name (Standard Webhooks)",
    },
  },
];

/**
 * The customer with a paid Basic order (the data the screens show), bought through the sandbox the first
 * time; later tests (or a retry in a new worker) find it in the database. Leaves the page signed in as
 * the customer, in English.
 */
async function customerWithOrder(page: Page) {
  await signIn(page, '/dashboard', customer.email, customer.name);
  const paid = async () =>
    sql<{ order_id: string; user_id: string }>(
      `select o.order_id, o.user_id from orders o join users u on u.id = o.user_id
       where u.email = $1 and o.status = 'paid'`,
      [customer.email],
    );
  if (!(await paid()).length) {
    await page.getByRole('button', { name: 'buy or upgrade plan' }).click();
    const picker = page.getByRole('dialog', { name: 'buy or upgrade plan' });
    await picker.getByRole('radio', { name: 'Sandbox' }).click();
    await picker
      .getByRole('article', { name: 'Basic' })
      .getByRole('button', { name: 'scan to pay' })
      .click();
    const payment = page.getByRole('dialog', { name: 'scan to pay' });
    const url = await decodeQr(payment.getByRole('img', { name: 'payment QR code' }));
    const phone = await page.context().newPage();
    await phone.goto(url);
    await phone.getByRole('button', { name: 'pay ¥699.00' }).click();
    await expect(phone.getByText('Payment complete')).toBeVisible();
    await phone.close();
    await expect(toast(page, 'payment succeeded, plan activated')).toBeVisible({ timeout: 10_000 });
  }
  const [order] = await paid();
  orderId = order.order_id;
  customerId = order.user_id;
}

for (const lang of ['en', 'zh-CN'] as const) {
  test.describe(lang, () => {
    test(`the public pages are all in ${lang}`, async ({ page, context, baseURL }) => {
      test.setTimeout(90_000);
      await setLanguage(context, baseURL!, lang);
      await checkAll(page, lang, publicScreens);
    });

    test(`the customer's pages are all in ${lang}`, async ({ page, context, baseURL }) => {
      requireDatabase();
      test.setTimeout(90_000);
      // Signed in in English (the shared step reads the English texts), then switched.
      await setLanguage(context, baseURL!, 'en');
      await customerWithOrder(page);
      await setLanguage(context, baseURL!, lang);
      await checkAll(page, lang, customerScreens);
    });

    test(`the admin's pages are all in ${lang}`, async ({ page, context, browser, baseURL }) => {
      requireDatabase();
      test.setTimeout(120_000);
      await setLanguage(context, baseURL!, 'en');
      if (!customerId) {
        const customerContext = await browser.newContext();
        await customerWithOrder(await customerContext.newPage());
        await customerContext.close();
      }
      await signIn(page, '/admin', E2E_ADMIN, 'Ada Admin');
      await setLanguage(context, baseURL!, lang);
      await checkAll(page, lang, adminScreens);
    });
  });
}
