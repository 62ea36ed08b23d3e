import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { escapeRegExp, formatDate, isZh, tr, trExact, sandboxPage } from './support/i18n';
import { decodeQr, signIn, signOut, toast } from './support/journey';

// Two whole lives, one after the other (the admin's life works on the customer the first one made):
//  1. A customer signs in, reads and copies the activation code, buys the Basic plan by scanning the
//     QR code and paying on the sandbox gateway's page, binds the seat to a site, sets up the AI provider
//     for it, downloads the plugin and theme, takes the sample quiz, reads the orders and the profile, and
//     signs out; the console then asks for a sign-in again.
//  2. The admin lists a class of students in one batch, finds the customer on the subscription overview
//     and moves the seat to another domain, creates a discount code and corrects it, sees the customer
//     upgrade with it for nothing, adds a quiz question and edits it, and reads all of it in the audit log.

test.describe.configure({ mode: 'serial' });
// The copy button writes to the clipboard; the journey reads it back.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const run = Date.now().toString(36);
const customer = { email: `cleo.${run}@example.com`, name: 'Cleo Customer' };
const site = `https://cleo-${run}.example`;
const movedSite = `https://cleo-shop-${run}.example`;
const aiKey = 'sk-cleo-0123456789wxyz';
const students = ['ann', 'ben', 'cy'].map((name) => `${name}.${run}@class.example`);
const promoCode = `WHOLE${run.toUpperCase()}`;
const category = `续费 ${run}`;

/**
 * A category of the sample question bank a fresh database is seeded with (the server's
 * backend/src/database/seeders/quiz-questions.ts; the first option is the correct answer).
 */
/** The sample bank's theme questions, in the run's language (the bank holds both, docs/rules.md). */
const QUIZ_CATEGORY = isZh ? '极简主题' : 'Minimal theme';
const sampleQuestions = isZh
  ? [
      {
        question: '极简主题基于哪个样式工具构建？',
        options: ['Tailwind CSS v4', 'Bootstrap 3'],
        explanation: '主题使用 Tailwind CSS v4，保持样式精简。',
      },
      {
        question: '极简主题在 Lighthouse 中的三项目标分数是？',
        options: ['性能、无障碍、最佳实践均为 100', '只有性能 90 以上'],
        explanation: '主题以性能、无障碍和最佳实践三项 100 分为目标。',
      },
      {
        question: '主题和插件如何获得更新？',
        options: [
          '通过 WordPress 的自动更新，下载链接经过签名且短期有效',
          '必须手动到控制台下载覆盖',
        ],
        explanation: '持有授权的站点可通过更新检查获得新版本，下载地址是短期有效的签名链接。',
      },
    ]
  : [
      {
        question: 'Which styling tool is the minimal theme built on?',
        options: ['Tailwind CSS v4', 'Bootstrap 3'],
        explanation: 'The theme uses Tailwind CSS v4 to keep its styles small.',
      },
      {
        question: "What are the minimal theme's three Lighthouse targets?",
        options: [
          '100 for performance, accessibility and best practices',
          'Performance above 90 only',
        ],
        explanation: 'The theme aims at 100 for performance, accessibility and best practices.',
      },
      {
        question: 'How do the theme and the plugin get updates?',
        options: [
          "Through WordPress's automatic updates, from signed, short-lived download links",
          'Download them from the console and overwrite by hand',
        ],
        explanation:
          'Licensed sites get new versions through the update check; downloads use short-lived signed links.',
      },
    ];
/** The customer answers this one wrong, the others right. */
const missed = sampleQuestions[1];

/** The sandbox method's name as the server gives it (backend payments/gateways/sandbox.gateway.ts). */
const sandbox = isZh ? '沙箱' : 'Sandbox';
/** An order's product in this language ('Basic plan' / 'Basic 套餐', the Chinese as the order stored it). */
const product = (plan: string) => tr('common:planProduct', { plan });
const seatsOf = (plan: string) => tr('console:seats.titleWithPlan', { plan });
const seatCount = (bound: number, total: number) =>
  tr('console:seats.count', { bound, count: total });
/** A labelled detail of an order in the list: 'Order number: SK…' / '订单号：SK…'. */
const detail = (label: string, value: string) =>
  `${tr('orders:detail', { label: tr(`orders:${label}`) })}${value}`;
/** A field's label, which may carry a required mark after the text. */
const startsWith = (key: string) => new RegExp(`^${escapeRegExp(tr(key))}`);
/** A catalogue text whose numbers are any ('{{minutes}} min {{seconds}} s' → /\d+ min \d+ s/). */
const withNumbers = (key: string) =>
  new RegExp(escapeRegExp(tr(key)).replace(/\\\{\\\{[^}]+\\\}\\\}/g, '\\d+'));

/** Opens a user menu entry by its key (common:userMenu.<entry>). */
const openMenuItem = async (page: Page, entry: string) => {
  await page.getByRole('button', { name: tr('common:userMenu.open') }).click();
  await page.getByRole('menuitem', { name: tr(`common:userMenu.${entry}`), exact: true }).click();
};

/** Opens a back-office page: the menu's one admin entry, then the sidebar (common:adminNav.items.<item>). */
const openAdminPage = async (page: Page, item: string) => {
  await openMenuItem(page, 'admin');
  await page
    .getByRole('navigation', { name: tr('common:adminNav.title') })
    .getByRole('link', { name: tr(`common:adminNav.items.${item}`), exact: true })
    .click();
};

test('the customer: sign-in, activation code, purchase, seat, AI, quiz, orders, profile, sign-out', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const devAi = `${baseURL}/dev-ai/v1`;

  await test.step('signs in through the identity provider and lands on the console', async () => {
    await signIn(page, '/dashboard', customer.email, customer.name);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: tr('console:title') })).toBeVisible();
    const avatar = page.getByRole('button', { name: tr('common:userMenu.open') });
    await expect(avatar).toHaveText('C');
    await expect(page.getByText(tr('console:seats.empty'))).toBeVisible();
  });

  await test.step('reads, copies and verifies the activation code', async () => {
    const code = page.locator(`pre[aria-label="${tr('console:token.codeLabel')}"]`);
    await expect(code).toHaveText(/^[0-9a-f]{4}\.\.\.[0-9a-f]{4}$/);
    const masked = (await code.textContent())!.trim();
    await page.getByRole('button', { name: tr('console:token.show'), exact: true }).click();
    await expect(code).toHaveText(/^[0-9a-f]{64}$/);
    const token = (await code.textContent())!.trim();
    expect(masked).toBe(`${token.slice(0, 4)}...${token.slice(-4)}`);
    await page.getByRole('button', { name: tr('console:token.hide'), exact: true }).click();
    await expect(code).toHaveText(masked);

    await page.getByRole('button', { name: tr('console:token.copy'), exact: true }).click();
    await expect(toast(page, tr('console:token.copied'))).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // What the plugin will do with it: the verification page accepts the copied code.
    await page.goto('/verify');
    await page.getByLabel(tr('verify:field.label')).fill(token);
    await page.getByRole('button', { name: tr('verify:verify') }).click();
    await expect(page.getByText(tr('verify:valid'), { exact: true })).toBeVisible();
    await expect(toast(page, tr('verify:toast.valid'))).toBeVisible();
  });

  await test.step('has no orders before buying', async () => {
    await openMenuItem(page, 'orders');
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: tr('orders:title') })).toBeVisible();
    await expect(page.getByText(tr('orders:empty'))).toBeVisible();
  });

  let orderNumber = '';
  await test.step('buys the Basic plan by scanning the QR code and paying on the sandbox page', async () => {
    await openMenuItem(page, 'console');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
    const picker = page.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
    const basic = picker.getByRole('article', { name: 'Basic' });
    await expect(basic).toContainText('¥699');
    await expect(basic).toContainText(tr('plans:seats', { count: 1 }));
    await picker.getByRole('radio', { name: sandbox }).click();
    await basic.getByRole('button', { name: tr('plans:card.scanToPay') }).click();

    const payment = page.getByRole('dialog', { name: tr('plans:card.scanToPay') });
    await expect(payment).toContainText(product('Basic'));
    await expect(payment).toContainText('¥699.00');
    await expect(payment.getByRole('timer', { name: tr('plans:modal.timeLeft') })).toHaveText(
      /^(30:00|29:[0-5]\d)$/,
    );
    orderNumber = (await payment.getByText(/^SK/).textContent())?.trim() ?? '';
    expect(orderNumber).not.toBe('');

    const url = await decodeQr(payment.getByRole('img', { name: tr('plans:modal.qr') }));
    expect(url).toMatch(/\/sandbox-pay\/[^/]+$/);
    const phone = await page.context().newPage();
    try {
      await phone.goto(url);
      // The sandbox's page speaks the run's language and names the product as the order stored it
      // (backend payments/sandbox-pay.controller.ts).
      await expect(phone.getByText('Basic 套餐')).toBeVisible();
      await phone.getByRole('button', { name: sandboxPage.payButton('¥699.00') }).click();
      await expect(phone.getByText(sandboxPage.paidTitle)).toBeVisible();
    } finally {
      await phone.close();
    }

    // The console's poll (every 3 seconds) sees the payment.
    await expect(toast(page, tr('plans:activated'))).toBeVisible({ timeout: 15_000 });
    await expect(payment).toBeHidden();
  });

  await test.step('sees the seat appear', async () => {
    await expect(page.getByRole('heading', { name: seatsOf('Basic') })).toBeVisible();
    await expect(page.getByText(seatCount(0, 1))).toBeVisible();
    await expect(page.getByText(tr('console:seats.bindFirst'))).toBeVisible();
    await expect(page.getByRole('button', { name: trExact('console:bind.bindLabel') })).toHaveCount(
      1,
    );
  });

  await test.step('binds the seat to a domain', async () => {
    await page.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 1 }) }).click();
    const input = page.getByLabel(tr('console:bind.inputLabel', { seat: 1 }));
    // Another scheme than http(s): the console asks for a full URL under the field and sends nothing.
    await input.fill(`ftp://cleo-${run}.example`);
    await input.press('Enter');
    await expect(page.getByText(tr('common:bind.fullUrlRequired'), { exact: true })).toBeVisible();
    // The path and the www prefix are dropped.
    await input.fill(`${site.replace('https://', 'https://www.')}/shop?ref=1`);
    await input.press('Enter');
    await expect(toast(page, tr('console:bind.bound'))).toBeVisible();
    await expect(
      page.getByRole('button', { name: tr('console:bind.rebindLabel', { seat: 1, url: site }) }),
    ).toBeVisible();
    await expect(page.getByText(seatCount(1, 1))).toBeVisible();
    await expect(page.getByText(tr('console:seats.full'))).toBeVisible();
    await expect(page.getByRole('button', { name: trExact('console:bind.bindLabel') })).toHaveCount(
      0,
    );
  });

  await test.step('configures the AI provider of the seat', async () => {
    const row = page.getByRole('row').filter({ hasText: '#1' });
    await row.getByRole('button', { name: tr('console:seats.aiSettingsFor', { seat: 1 }) }).click();
    const dialog = page.getByRole('dialog', {
      name: tr('console:seats.aiSettingsFor', { seat: 1 }),
    });
    const apiUrl = dialog.getByLabel(startsWith('ai:config.apiUrl'));
    await expect(apiUrl).toHaveValue('');

    await dialog.getByRole('button', { name: tr('ai:config.testAndSave') }).click();
    await expect(dialog.getByText(tr('ai:config.apiKeyRequired'))).toBeVisible();
    await expect(dialog.getByText(tr('ai:config.apiUrlRequired'))).toBeVisible();

    await apiUrl.fill(devAi);
    await dialog.getByLabel(startsWith('ai:config.apiKey')).fill(aiKey);
    await dialog.getByLabel(startsWith('ai:config.model')).fill('dev-chat');
    await dialog.getByRole('button', { name: tr('ai:config.testAndSave') }).click();
    await expect(toast(page, tr('ai:config.saved'))).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(devAi);
    await expect(row).toContainText('sk-c****wxyz');
    await expect(row).not.toContainText(aiKey);
  });

  await test.step('downloads the plugin and the theme', async () => {
    for (const [label, file] of [
      [tr('console:downloads.plugin.label'), /^visual-editor-[\d.]+\.zip$/],
      [tr('console:downloads.theme.label'), /^minimal-theme-[\d.]+\.zip$/],
    ] as const) {
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: label }).click();
      const done = await download;
      expect(done.suggestedFilename()).toMatch(file);
      expect(await done.failure()).toBeNull();
    }
  });

  await test.step('takes the quiz on the sample question bank', async () => {
    // Not a VIP holder: the menu offers no quiz, but the Basic plan opens the page.
    await page.getByRole('button', { name: tr('common:userMenu.open') }).click();
    const menu = page.getByRole('menu');
    await expect(
      menu.getByRole('menuitem', { name: tr('common:userMenu.orders'), exact: true }),
    ).toBeVisible();
    await expect(
      menu.getByRole('menuitem', { name: tr('common:userMenu.quiz'), exact: true }),
    ).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/quiz');
    await expect(page.getByRole('heading', { level: 1, name: tr('quiz:title') })).toBeVisible();
    await page
      .getByLabel(tr('quiz:category'), { exact: true })
      .selectOption({ label: QUIZ_CATEGORY });
    const total = sampleQuestions.length;
    await expect(page.getByText(tr('quiz:count', { count: total }), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: tr('quiz:start') }).click();

    for (let n = 1; n <= total; n++) {
      const card = page.getByRole('article', {
        name: tr('quiz:question.label', { position: n, total }),
      });
      await expect(card).toBeVisible();
      await expect(card.getByText(QUIZ_CATEGORY, { exact: true })).toBeVisible();
      const text = (await card.textContent()) ?? '';
      const sample = sampleQuestions.find((q) => text.includes(q.question));
      expect(sample, `question ${n} is one of the sample questions`).toBeDefined();
      const answerRight = sample !== missed;
      const submit = card.getByRole('button', { name: tr('quiz:question.submit') });
      await expect(submit).toBeDisabled();
      await card
        .getByRole('radio', { name: sample!.options[answerRight ? 0 : 1], exact: true })
        .check();
      await submit.click();
      for (const radio of await card.getByRole('radio').all()) await expect(radio).toBeDisabled();
      if (answerRight) {
        await expect(card.getByText(tr('quiz:question.correct'), { exact: true })).toBeVisible();
      } else {
        await expect(card.getByText(tr('quiz:question.incorrect'), { exact: true })).toBeVisible();
        await expect(
          card.getByText(tr('quiz:question.correctAnswer', { answer: sample!.options[0] })),
        ).toBeVisible();
      }
      await expect(card.getByText(sample!.explanation)).toBeVisible();
      await card
        .getByRole('button', {
          name: tr(n === total ? 'quiz:question.viewAnswers' : 'quiz:question.next'),
        })
        .click();
    }

    await expect(
      page.getByRole('heading', { level: 1, name: tr('quiz:results.title') }),
    ).toBeVisible();
    await expect(page.getByText('cl***@example.com')).toBeVisible();
    await expect(page.getByText(customer.email)).toHaveCount(0);
    const right = total - 1;
    const accuracy = `${((right / total) * 100).toFixed(1)}%`;
    await expect(page.getByRole('group', { name: tr('quiz:results.accuracy') })).toContainText(
      accuracy,
    );
    await expect(page.getByRole('group', { name: tr('quiz:results.answered') })).toContainText(
      String(total),
    );
    await expect(
      page.getByRole('group', { name: tr('quiz:results.correct'), exact: true }),
    ).toContainText(String(right));
    await expect(page.getByRole('group', { name: tr('quiz:results.wrong') })).toContainText('1');
    await expect(page.getByRole('group', { name: tr('quiz:results.totalTime') })).toContainText(
      withNumbers('common:format.minutesSeconds'),
    );
  });

  await test.step('reads the paid order', async () => {
    await openMenuItem(page, 'orders');
    await expect(page).toHaveURL(/\/orders$/);
    const orders = page.getByRole('list', { name: tr('orders:list') }).getByRole('listitem');
    await expect(orders).toHaveCount(1);
    const paid = page.getByRole('listitem', { name: product('Basic') });
    await expect(paid).toContainText(tr('orders:status.paid'));
    await expect(paid).toContainText('¥699.00');
    await expect(paid).toContainText(detail('orderNumber', orderNumber));
    await expect(paid).toContainText(detail('created', formatDate()));
    await expect(paid).toContainText(detail('paid', formatDate()));
    await expect(paid).toContainText(detail('paymentMethod', tr('orders:methods.sandbox')));
  });

  await test.step('views the profile and signs out from it', async () => {
    await openMenuItem(page, 'profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: tr('profile:title') })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(customer.name, { exact: true })).toBeVisible();
    // The address heads the profile (the ways-in list below repeats it beside each way).
    await expect(main.getByText(customer.email, { exact: true }).first()).toBeVisible();
    await expect(main.getByText(tr('profile:emailVerified'))).toBeVisible();
    await expect(
      main.getByText(new RegExp(`^${escapeRegExp(tr('profile:accountId'))} ?[0-9a-f-]{36}$`)),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: tr('profile:dangerZone') })).toBeVisible();

    await page.getByRole('button', { name: tr('profile:signOut'), exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('home:hero.title'));
    await expect(
      page.getByRole('banner').getByRole('link', { name: tr('common:nav.login'), exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: tr('common:userMenu.open') })).toHaveCount(0);
  });

  await test.step('is asked to sign in again for the console, the orders and the profile', async () => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expect(page.getByRole('button', { name: tr('login:google') })).toBeVisible();
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login\?redirect=%2Forders$/);
    await page.goto('/profile');
    await expect(page.getByText(tr('profile:signedOut'))).toBeVisible();
  });
});

test('the admin: VIP batch, subscription overview, discount codes, quiz bank, audit log', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);

  await test.step('signs in as the admin and sees the back-office entry of the menu', async () => {
    await signIn(page, '/admin/vip-emails', E2E_ADMIN, 'Ada Admin');
    await expect(page.getByRole('heading', { level: 1, name: tr('adminVip:title') })).toBeVisible();
    await page.getByRole('button', { name: tr('common:userMenu.open') }).click();
    const menu = page.getByRole('menu');
    await expect(
      menu.getByRole('menuitem', { name: tr('common:userMenu.admin'), exact: true }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  await test.step('adds a class of students to the VIP list in one batch', async () => {
    await page.getByRole('tab', { name: tr('adminVip:tabs.batch') }).click();
    // Newlines, commas and semicolons separate; the admin's own address is already listed.
    await page
      .getByLabel(startsWith('adminVip:batch.label'))
      .fill(`${students[0]}, ${students[1]}\n${students[2]};${E2E_ADMIN}`);
    await expect(page.getByText(tr('adminVip:batch.recognised', { count: 4 }))).toBeVisible();
    await page.getByRole('button', { name: tr('adminVip:batch.submit') }).click();
    await expect(
      toast(
        page,
        tr('adminVip:batch.summary', { submitted: 4, added: 3, existing: 1, invalid: 0 }),
      ),
    ).toBeVisible();

    await page.getByRole('tab', { name: tr('adminVip:tabs.list') }).click();
    await page
      .getByRole('searchbox', { name: tr('adminVip:list.search') })
      .fill(`.${run}@class.example`);
    await expect(page.getByTestId('vip-counts')).toHaveText(
      trExact('adminVip:list.found', { total: 3 }),
    );
    for (const student of students) {
      const row = page.getByRole('row', { name: new RegExp(`^${escapeRegExp(student)}`) });
      await expect(row).toContainText(E2E_ADMIN);
      await expect(row).toContainText(formatDate());
      await expect(
        row.getByRole('button', { name: tr('adminVip:delete.label'), exact: true }),
      ).toBeVisible();
    }
  });

  await test.step('finds the customer on the subscription overview and moves the seat', async () => {
    await openAdminPage(page, 'customers');
    await expect(page).toHaveURL(/\/admin\/subscriptions$/);
    await expect(
      page.getByRole('heading', { level: 1, name: tr('adminSubscriptions:title') }),
    ).toBeVisible();
    await page
      .getByRole('searchbox', { name: tr('adminSubscriptions:search') })
      .fill(customer.email);
    const card = page.getByRole('article', { name: customer.email });
    await expect(card).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card).toContainText(customer.name);
    await expect(card).toContainText('Basic');
    await expect(card).toContainText(tr('adminSubscriptions:card.seats', { used: 1, total: 1 }));
    await expect(card.getByRole('link', { name: site })).toHaveAttribute('href', site);

    const adminSeatOne = tr('adminSubscriptions:domain.seat', { index: 1 });
    await card
      .getByRole('button', {
        name: tr('adminSubscriptions:domain.editLabel', { seat: adminSeatOne }),
      })
      .click();
    const input = card.getByLabel(tr('adminSubscriptions:domain.urlLabel', { seat: adminSeatOne }));
    await expect(input).toHaveValue(site);
    await input.fill(`${movedSite}/`);
    await input.press('Enter');
    await expect(toast(page, tr('adminSubscriptions:domain.updated'))).toBeVisible();
    await expect(card.getByRole('link', { name: movedSite })).toBeVisible();
    await expect(card.getByRole('link', { name: site, exact: true })).toHaveCount(0);
    // The admin's move costs the customer none of the binding changes.
    await expect(card.getByRole('row', { name: /#1/ })).toContainText(/2$/);

    // The domain search follows the move: the old domain finds nobody, the new one the customer.
    await page
      .getByRole('searchbox', { name: tr('adminSubscriptions:search') })
      .fill(`cleo-${run}.example`);
    await expect(page.getByText(tr('adminSubscriptions:noMatches'))).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await page
      .getByRole('searchbox', { name: tr('adminSubscriptions:search') })
      .fill(`cleo-shop-${run}`);
    await expect(page.getByRole('article', { name: customer.email })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
  });

  await test.step('creates a discount code for Pro and corrects its amount', async () => {
    // The overview's own link (the back office's sidebar has one of the same name).
    await page
      .locator('#admin-page')
      .getByRole('link', { name: tr('adminSubscriptions:discounts'), exact: true })
      .click();
    await expect(page).toHaveURL(/\/admin\/subscriptions\/discounts$/);
    await expect(
      page.getByRole('heading', { level: 1, name: tr('adminDiscounts:title') }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: tr('adminDiscounts:form.titleNew') }),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'Pro', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Basic', exact: true }).uncheck();
    await page
      .getByRole('textbox', { name: startsWith('adminDiscounts:form.code') })
      .fill(promoCode);
    await page.getByLabel(startsWith('adminDiscounts:form.amount')).fill('500');
    await page.getByLabel(startsWith('adminDiscounts:form.usageLimit')).fill('1');
    await page.getByRole('button', { name: tr('adminDiscounts:form.save') }).click();
    await expect(toast(page, tr('adminDiscounts:saved'))).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`^${promoCode} `) });
    await expect(row).toContainText('Pro');
    await expect(row).toContainText('¥500.00');
    await expect(row).toContainText(tr('adminDiscounts:validity.longTerm'));
    await expect(row).toContainText('0/1');

    // Editing loads the code into the form; the whole upgrade is now covered.
    await row.getByRole('button', { name: tr('adminDiscounts:list.edit') }).click();
    await expect(
      page.getByRole('heading', { name: tr('adminDiscounts:form.titleEdit', { code: promoCode }) }),
    ).toBeVisible();
    await expect(
      page.getByRole('textbox', { name: startsWith('adminDiscounts:form.code') }),
    ).toHaveValue(promoCode);
    await expect(page.getByRole('checkbox', { name: 'Pro', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Basic', exact: true })).not.toBeChecked();
    await expect(page.getByLabel(startsWith('adminDiscounts:form.amount'))).toHaveValue('500');
    await page.getByLabel(startsWith('adminDiscounts:form.amount')).fill('1000');
    await page.getByRole('button', { name: tr('adminDiscounts:form.save') }).click();
    await expect(toast(page, tr('adminDiscounts:saved')).first()).toBeVisible();
    await expect(
      page.getByRole('heading', { name: tr('adminDiscounts:form.titleNew') }),
    ).toBeVisible();
    await expect(row).toContainText('¥1000.00');
    await expect(page.getByRole('row', { name: new RegExp(`^${promoCode} `) })).toHaveCount(1);
  });

  await test.step('the customer comes back and upgrades to Pro with the code, paying nothing', async () => {
    const context = await browser.newContext();
    try {
      const shopper = await context.newPage();
      // The provider now has a longer name for the customer; the profile follows it.
      await signIn(shopper, '/dashboard', customer.email, 'Cleo C. Customer');
      // The seat is on the domain the admin moved it to.
      await expect(
        shopper.getByRole('button', {
          name: tr('console:bind.rebindLabel', { seat: 1, url: movedSite }),
        }),
      ).toBeVisible();
      await shopper.getByRole('button', { name: tr('plans:buyOrUpgrade') }).click();
      const picker = shopper.getByRole('dialog', { name: tr('plans:buyOrUpgrade') });
      await expect(picker.getByRole('article', { name: 'Basic' })).toContainText(
        tr('plans:card.currentPlan'),
      );
      await picker.getByLabel(tr('plans:picker.promoCode')).fill(promoCode.toLowerCase());
      await picker
        .getByRole('article', { name: 'Pro' })
        .getByRole('button', { name: tr('plans:card.scanToUpgrade') })
        .click();
      // Fully discounted: activated at once, no QR code to scan, and nothing said to be paid.
      await expect(toast(shopper, tr('plans:activatedFree'))).toBeVisible();
      await expect(picker).toBeHidden();
      await expect(
        shopper.getByRole('dialog', { name: tr('plans:card.scanToUpgrade') }),
      ).toHaveCount(0);
      await expect(shopper.getByRole('heading', { name: seatsOf('Pro') })).toBeVisible();
      await expect(shopper.getByText(seatCount(1, 5))).toBeVisible();
      await expect(
        shopper.getByRole('button', { name: tr('console:bind.bindLabel', { seat: 2 }) }),
      ).toBeVisible();

      await shopper.goto('/orders');
      await expect(
        shopper.getByRole('list', { name: tr('orders:list') }).getByRole('listitem'),
      ).toHaveCount(2);
      const upgrade = shopper.getByRole('listitem', { name: product('Pro') });
      await expect(upgrade).toContainText(tr('orders:status.paid'));
      await expect(upgrade).toContainText('¥0.00');

      await shopper.goto('/profile');
      await expect(shopper.getByText('Cleo C. Customer', { exact: true })).toBeVisible();
    } finally {
      await context.close();
    }

    // The code has now been used up.
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(`^${promoCode} `) })).toContainText(
      '1/1',
    );
  });

  let questionText = '';
  await test.step('adds a question to the quiz bank and edits it', async () => {
    await openAdminPage(page, 'quiz');
    await expect(page).toHaveURL(/\/admin\/quiz$/);
    await expect(
      page.getByRole('heading', { level: 1, name: tr('adminQuiz:title') }),
    ).toBeVisible();
    await page.getByRole('button', { name: tr('adminQuiz:add') }).click();
    const add = page.getByRole('dialog', { name: tr('adminQuiz:add') });
    await add.getByRole('combobox', { name: tr('adminQuiz:form.category') }).fill(category);
    questionText = `升级到 Pro 后，已绑定的座位**怎样**？ ${run}`;
    await add
      .getByRole('textbox', { name: startsWith('adminQuiz:form.question') })
      .fill(questionText);
    await add
      .getByRole('textbox', { name: startsWith('adminQuiz:form.options') })
      .fill('保留原来的域名\n全部解绑\n需要重新购买');
    await add
      .getByRole('textbox', { name: startsWith('adminQuiz:form.explanation') })
      .fill('升级只**增加**座位。');
    await expect(add.getByLabel(tr('adminQuiz:form.questionPreview')).locator('strong')).toHaveText(
      '怎样',
    );
    await add.getByRole('button', { name: tr('adminQuiz:form.save') }).click();
    // The bank's page re-renders every question's Markdown: slow on a busy machine, slower still in Chinese
    // where the browser looks for fonts with the glyphs.
    await expect(toast(page, tr('adminQuiz:toast.created'))).toBeVisible({ timeout: 15_000 });
    await expect(add).toBeHidden();

    await page
      .getByLabel(tr('adminQuiz:category'), { exact: true })
      .selectOption({ label: category });
    await expect(
      page.getByText(tr('adminQuiz:count', { count: 1 }), { exact: true }),
    ).toBeVisible();
    const row = page.getByRole('article').filter({ hasText: run });
    await expect(row.locator('strong', { hasText: '怎样' })).toBeVisible();
    await expect(row.locator('[data-correct]')).toHaveText(/保留原来的域名/);
    await expect(row.getByText(tr('adminQuiz:row.notEnabled'))).toHaveCount(0);

    // The edit form opens with the saved values; the question is reworded and switched off.
    await row.getByRole('button', { name: tr('adminQuiz:row.edit') }).click();
    const edit = page.getByRole('dialog', { name: tr('adminQuiz:edit') });
    const question = edit.getByRole('textbox', { name: startsWith('adminQuiz:form.question') });
    await expect(question).toHaveValue(questionText);
    await expect(
      edit.getByRole('textbox', { name: startsWith('adminQuiz:form.options') }),
    ).toHaveValue('保留原来的域名\n全部解绑\n需要重新购买');
    questionText = `升级到 Pro 后，已绑定的座位会**保留**吗？ ${run}`;
    await question.fill(questionText);
    await edit.getByRole('checkbox', { name: tr('adminQuiz:form.enabled') }).uncheck();
    await edit.getByRole('button', { name: tr('adminQuiz:form.save') }).click();
    await expect(toast(page, tr('adminQuiz:toast.updated'))).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row.locator('strong', { hasText: '保留' })).toBeVisible();
    await expect(row).not.toContainText('怎样');
    await expect(row.getByText(tr('adminQuiz:row.notEnabled'), { exact: true })).toBeVisible();
    await expect(
      page.getByText(tr('adminQuiz:count', { count: 1 }), { exact: true }),
    ).toBeVisible();
  });

  await test.step('reads every one of these changes in the audit log, newest first', async () => {
    await openAdminPage(page, 'audit');
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(
      page.getByRole('heading', { level: 1, name: tr('adminAudit:title') }),
    ).toBeVisible();
    await page
      .getByRole('searchbox', { name: tr('adminAudit:filters.actor'), exact: true })
      .fill(E2E_ADMIN);
    const log = page.getByRole('table', { name: tr('adminAudit:table') });
    const entries = log.getByRole('row').filter({ has: page.getByRole('cell') });
    // Newest first: the question edit, its creation, the two saves of the code, the move, the batch
    // (each action by its label, each entry as its sentence: the adminAudit catalogue).
    const field = (key: string) => tr(`adminAudit:fields.${key}`);
    const expected: [string, string | RegExp][] = [
      [
        tr('adminAudit:actions.quiz.update'),
        `${field('isActive')} ${tr('adminAudit:values.yes')} → ${tr('adminAudit:values.no')}`,
      ],
      [tr('adminAudit:actions.quiz.create'), run],
      [tr('adminAudit:actions.discount.save'), promoCode],
      [tr('adminAudit:actions.discount.save'), promoCode],
      [
        tr('adminAudit:actions.license.domain'),
        tr('adminAudit:sentences.license.moved', {
          seat: tr('adminAudit:ref.seat', { seat: 1, email: customer.email }),
          from: site,
          to: movedSite,
        }),
      ],
      [tr('adminAudit:actions.vip.batch'), tr('adminAudit:target.addresses', { count: 4 })],
    ];
    for (const [i, [action, detail]] of expected.entries()) {
      await expect(entries.nth(i)).toContainText(action);
      await expect(entries.nth(i)).toContainText(detail);
      await expect(entries.nth(i)).toContainText(E2E_ADMIN);
    }
    await expect(entries.nth(2)).toContainText(`${field('discountAmount')} ¥500.00 → ¥1000.00`);

    // The action filter narrows the list to one kind.
    await page
      .getByLabel(tr('adminAudit:filters.action'), { exact: true })
      .selectOption('license.domain');
    await expect(entries.first()).toContainText(movedSite);
    await expect(entries.filter({ hasText: tr('adminAudit:actions.vip.batch') })).toHaveCount(0);
  });

  await test.step('signs out', async () => {
    await signOut(page);
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Faudit$/);
  });
});
