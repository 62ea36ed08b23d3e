import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { decodeQr, escapeRegExp, signIn, signOut, toast } from './support/journey';

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
const QUIZ_CATEGORY = '极简主题';
const sampleQuestions = [
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
    options: ['通过 WordPress 的自动更新，下载链接经过签名且短期有效', '必须手动到控制台下载覆盖'],
    explanation: '持有授权的站点可通过更新检查获得新版本，下载地址是短期有效的签名链接。',
  },
];
/** The customer answers this one wrong, the others right. */
const missed = sampleQuestions[1];

const openMenuItem = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'user menu' }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
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
    await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
    const avatar = page.getByRole('button', { name: 'user menu' });
    await expect(avatar).toHaveText('C');
    await expect(page.getByText('no licences available')).toBeVisible();
  });

  await test.step('reads, copies and verifies the activation code', async () => {
    const code = page.locator('pre[aria-label="activation code"]');
    await expect(code).toHaveText(/^[0-9a-f]{4}\.\.\.[0-9a-f]{4}$/);
    const masked = (await code.textContent())!.trim();
    await page.getByRole('button', { name: 'show' }).click();
    await expect(code).toHaveText(/^[0-9a-f]{64}$/);
    const token = (await code.textContent())!.trim();
    expect(masked).toBe(`${token.slice(0, 4)}...${token.slice(-4)}`);
    await page.getByRole('button', { name: 'hide' }).click();
    await expect(code).toHaveText(masked);

    await page.getByRole('button', { name: 'copy' }).click();
    await expect(toast(page, 'activation code copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // What the plugin will do with it: the verification page accepts the copied code.
    await page.goto('/verify');
    await page.getByLabel('API Token').fill(token);
    await page.getByRole('button', { name: 'Verify Token' }).click();
    await expect(page.getByText('Valid Token')).toBeVisible();
    await expect(toast(page, 'Token is valid!')).toBeVisible();
  });

  await test.step('has no orders before buying', async () => {
    await openMenuItem(page, 'orders');
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByText('No orders yet')).toBeVisible();
  });

  let orderNumber = '';
  await test.step('buys the Basic plan by scanning the QR code and paying on the sandbox page', async () => {
    await openMenuItem(page, 'console');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'buy or upgrade plan' }).click();
    const picker = page.getByRole('dialog', { name: 'buy or upgrade plan' });
    const basic = picker.getByRole('article', { name: 'Basic' });
    await expect(basic).toContainText('¥699');
    await expect(basic).toContainText('1 seat');
    await picker.getByRole('radio', { name: 'Sandbox' }).click();
    await basic.getByRole('button', { name: 'scan to pay' }).click();

    const payment = page.getByRole('dialog', { name: 'scan to pay' });
    await expect(payment).toContainText('Basic 套餐');
    await expect(payment).toContainText('¥699.00');
    await expect(payment.getByRole('timer', { name: 'time left' })).toHaveText(
      /^(30:00|29:[0-5]\d)$/,
    );
    orderNumber = (await payment.getByText(/^SK/).textContent())?.trim() ?? '';
    expect(orderNumber).not.toBe('');

    const url = await decodeQr(payment.getByRole('img', { name: 'payment QR code' }));
    expect(url).toMatch(/\/sandbox-pay\/[^/]+$/);
    const phone = await page.context().newPage();
    try {
      await phone.goto(url);
      await expect(phone.getByText('Basic 套餐')).toBeVisible();
      await phone.getByRole('button', { name: 'pay ¥699.00' }).click();
      await expect(phone.getByText('Payment complete')).toBeVisible();
    } finally {
      await phone.close();
    }

    // The console's poll (every 3 seconds) sees the payment.
    await expect(toast(page, 'payment succeeded, plan activated')).toBeVisible({ timeout: 15_000 });
    await expect(payment).toBeHidden();
  });

  await test.step('sees the seat appear', async () => {
    await expect(
      page.getByRole('heading', { name: 'lifetime licence seats (Basic)' }),
    ).toBeVisible();
    await expect(page.getByText('bound 0 / 1 seats')).toBeVisible();
    await expect(page.getByText('click to bind your site')).toBeVisible();
    await expect(page.getByRole('button', { name: /^bind a domain to seat #/ })).toHaveCount(1);
  });

  await test.step('binds the seat to a domain', async () => {
    await page.getByRole('button', { name: 'bind a domain to seat #1' }).click();
    const input = page.getByLabel('website URL for seat #1');
    // Without the protocol the console asks for a full URL and sends nothing.
    await input.fill(`cleo-${run}.example`);
    await input.press('Enter');
    await expect(
      toast(page, 'please enter full URL (including http:// or https://)'),
    ).toBeVisible();
    // The path and the www prefix are dropped.
    await input.fill(`${site.replace('https://', 'https://www.')}/shop?ref=1`);
    await input.press('Enter');
    await expect(toast(page, 'bound')).toBeVisible();
    await expect(page.getByRole('button', { name: `rebind seat #1: ${site}` })).toBeVisible();
    await expect(page.getByText('bound 1 / 1 seats')).toBeVisible();
    await expect(page.getByText('seats used up, upgrade the plan')).toBeVisible();
    await expect(page.getByRole('button', { name: /^bind a domain to seat #/ })).toHaveCount(0);
  });

  await test.step('configures the AI provider of the seat', async () => {
    const row = page.getByRole('row').filter({ hasText: '#1' });
    await row.getByRole('button', { name: 'AI settings for seat #1' }).click();
    const dialog = page.getByRole('dialog', { name: 'AI settings for seat #1' });
    const apiUrl = dialog.getByLabel(/^API URL/);
    await expect(apiUrl).toHaveValue('https://api.openai-proxy.org/v1');

    await apiUrl.fill('');
    await dialog.getByRole('button', { name: 'test and save' }).click();
    await expect(dialog.getByText('please enter API Key')).toBeVisible();
    await expect(dialog.getByText('please enter API URL')).toBeVisible();

    await apiUrl.fill(devAi);
    await dialog.getByLabel(/^API Key/).fill(aiKey);
    await dialog.getByLabel(/^test model ID/).fill('dev-chat');
    await dialog.getByRole('button', { name: 'test and save' }).click();
    await expect(toast(page, 'verified, configuration saved')).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(devAi);
    await expect(row).toContainText('sk-c****wxyz');
    await expect(row).not.toContainText(aiKey);
  });

  await test.step('downloads the plugin and the theme', async () => {
    for (const [label, file] of [
      ['download plugin', /^visual-editor-[\d.]+\.zip$/],
      ['download theme', /^minimal-theme-[\d.]+\.zip$/],
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
    await page.getByRole('button', { name: 'user menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'orders' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'quiz', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/quiz');
    await expect(page.getByRole('heading', { level: 1, name: 'Quiz' })).toBeVisible();
    await page.getByLabel('category').selectOption({ label: QUIZ_CATEGORY });
    const total = sampleQuestions.length;
    await expect(page.getByText(`${total} questions`, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'start quiz' }).click();

    for (let n = 1; n <= total; n++) {
      const card = page.getByRole('article', { name: `question ${n} of ${total}` });
      await expect(card).toBeVisible();
      await expect(card.getByText(QUIZ_CATEGORY, { exact: true })).toBeVisible();
      const text = (await card.textContent()) ?? '';
      const sample = sampleQuestions.find((q) => text.includes(q.question));
      expect(sample, `question ${n} is one of the sample questions`).toBeDefined();
      const answerRight = sample !== missed;
      const submit = card.getByRole('button', { name: 'submit' });
      await expect(submit).toBeDisabled();
      await card
        .getByRole('radio', { name: sample!.options[answerRight ? 0 : 1], exact: true })
        .check();
      await submit.click();
      for (const radio of await card.getByRole('radio').all()) await expect(radio).toBeDisabled();
      if (answerRight) {
        await expect(card.getByText('correct', { exact: true })).toBeVisible();
      } else {
        await expect(card.getByText('incorrect', { exact: true })).toBeVisible();
        await expect(card.getByText(`correct answer: ${sample!.options[0]}`)).toBeVisible();
      }
      await expect(card.getByText(sample!.explanation)).toBeVisible();
      await card.getByRole('button', { name: n === total ? 'view answers' : 'next' }).click();
    }

    await expect(page.getByRole('heading', { level: 1, name: 'results' })).toBeVisible();
    await expect(page.getByText('cl***@example.com')).toBeVisible();
    await expect(page.getByText(customer.email)).toHaveCount(0);
    const right = total - 1;
    const accuracy = `${((right / total) * 100).toFixed(1)}%`;
    await expect(page.getByRole('group', { name: 'accuracy' })).toContainText(accuracy);
    await expect(page.getByRole('group', { name: 'answered' })).toContainText(String(total));
    await expect(page.getByRole('group', { name: 'correct' })).toContainText(String(right));
    await expect(page.getByRole('group', { name: 'wrong' })).toContainText('1');
    await expect(page.getByRole('group', { name: 'total time' })).toContainText(/\d+ min \d+ s/);
  });

  await test.step('reads the paid order', async () => {
    await openMenuItem(page, 'orders');
    await expect(page).toHaveURL(/\/orders$/);
    const orders = page.getByRole('list', { name: 'orders' }).getByRole('listitem');
    await expect(orders).toHaveCount(1);
    const paid = page.getByRole('listitem', { name: 'Basic 套餐' });
    await expect(paid).toContainText('Paid');
    await expect(paid).toContainText('¥699.00');
    await expect(paid).toContainText(`Order number: ${orderNumber}`);
    await expect(paid).toContainText(/Created: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(paid).toContainText(/Paid: [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(paid).toContainText('Payment method: Sandbox');
  });

  await test.step('views the profile and signs out from it', async () => {
    await openMenuItem(page, 'profile');
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText(customer.name, { exact: true })).toBeVisible();
    await expect(main.getByText(customer.email, { exact: true })).toBeVisible();
    await expect(main.getByText('Email verified')).toBeVisible();
    await expect(main.getByText(/^Account ID: [0-9a-f-]{36}$/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Danger Zone' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'A minimalist toolchain for your content management system',
    );
    await expect(page.getByRole('banner').getByRole('link', { name: 'login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'user menu' })).toHaveCount(0);
  });

  await test.step('is asked to sign in again for the console, the orders and the profile', async () => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await expect(page.getByRole('button', { name: 'sign in with Google' })).toBeVisible();
    await page.goto('/orders');
    await expect(page).toHaveURL(/\/login\?redirect=%2Forders$/);
    await page.goto('/profile');
    await expect(page.getByText('Please sign in to view your profile.')).toBeVisible();
  });
});

test('the admin: VIP batch, subscription overview, discount codes, quiz bank, audit log', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);

  await test.step('signs in as the admin and sees the admin entries of the menu', async () => {
    await signIn(page, '/admin/vip-emails', E2E_ADMIN, 'Ada Admin');
    await expect(page.getByRole('heading', { level: 1, name: 'VIP management' })).toBeVisible();
    await page.getByRole('button', { name: 'user menu' }).click();
    const menu = page.getByRole('menu');
    for (const name of [
      'VIP management',
      'subscription management',
      'quiz management',
      'audit log',
    ])
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  await test.step('adds a class of students to the VIP list in one batch', async () => {
    await page.getByRole('tab', { name: 'batch add' }).click();
    // Newlines, commas and semicolons separate; the admin's own address is already listed.
    await page
      .getByLabel(/^e-mails/)
      .fill(`${students[0]}, ${students[1]}\n${students[2]};${E2E_ADMIN}`);
    await expect(page.getByText('4 addresses recognised')).toBeVisible();
    await page.getByRole('button', { name: 'add all' }).click();
    await expect(
      toast(page, 'Submitted 4 e-mails: 3 added, 1 already listed, 0 with format errors'),
    ).toBeVisible();

    await page.getByRole('tab', { name: 'VIP list' }).click();
    await page.getByRole('searchbox', { name: 'search' }).fill(`.${run}@class.example`);
    await expect(page.getByTestId('vip-counts')).toHaveText(/^found 3 \/ \d+$/);
    for (const student of students) {
      const row = page.getByRole('row', { name: new RegExp(`^${escapeRegExp(student)}`) });
      await expect(row).toContainText(E2E_ADMIN);
      await expect(row).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
      await expect(row.getByRole('button', { name: 'delete', exact: true })).toBeVisible();
    }
  });

  await test.step('finds the customer on the subscription overview and moves the seat', async () => {
    await openMenuItem(page, 'subscription management');
    await expect(page).toHaveURL(/\/admin\/subscriptions$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'subscription management' }),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'search' }).fill(customer.email);
    const card = page.getByRole('article', { name: customer.email });
    await expect(card).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(card).toContainText(customer.name);
    await expect(card).toContainText('Basic');
    await expect(card).toContainText('seats 1/1');
    await expect(card.getByRole('link', { name: site })).toHaveAttribute('href', site);

    await card.getByRole('button', { name: 'edit the domain of seat #1' }).click();
    const input = card.getByLabel('website URL for seat #1');
    await expect(input).toHaveValue(site);
    await input.fill(`${movedSite}/`);
    await input.press('Enter');
    await expect(toast(page, 'domain updated')).toBeVisible();
    await expect(card.getByRole('link', { name: movedSite })).toBeVisible();
    await expect(card.getByRole('link', { name: site, exact: true })).toHaveCount(0);
    // The admin's move costs the customer none of the binding changes.
    await expect(card.getByRole('row', { name: /#1/ })).toContainText(/2$/);

    // The domain search follows the move: the old domain finds nobody, the new one the customer.
    await page.getByRole('searchbox', { name: 'search' }).fill(`cleo-${run}.example`);
    await expect(page.getByText('no matching users')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'search' }).fill(`cleo-shop-${run}`);
    await expect(page.getByRole('article', { name: customer.email })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
  });

  await test.step('creates a discount code for Pro and corrects its amount', async () => {
    await page.getByRole('link', { name: 'discount codes' }).click();
    await expect(page).toHaveURL(/\/admin\/subscriptions\/discounts$/);
    await expect(page.getByRole('heading', { level: 1, name: 'discount codes' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'new discount' })).toBeVisible();
    await page.getByLabel('tier').selectOption('pro');
    await page.getByLabel(/^code/).fill(promoCode);
    await page.getByLabel(/^reduction amount/).fill('500');
    await page.getByLabel(/^usage limit/).fill('1');
    await page.getByRole('button', { name: 'save' }).click();
    await expect(toast(page, 'Discount saved')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(`^${promoCode} `) });
    await expect(row).toContainText('Pro');
    await expect(row).toContainText('¥500.00');
    await expect(row).toContainText('long-term valid');
    await expect(row).toContainText('0/1');

    // Editing loads the code into the form; the whole upgrade is now covered.
    await row.getByRole('button', { name: 'edit' }).click();
    await expect(page.getByRole('heading', { name: `edit discount ${promoCode}` })).toBeVisible();
    await expect(page.getByLabel(/^code/)).toHaveValue(promoCode);
    await expect(page.getByLabel('tier')).toHaveValue('pro');
    await expect(page.getByLabel(/^reduction amount/)).toHaveValue('500');
    await page.getByLabel(/^reduction amount/).fill('1000');
    await page.getByRole('button', { name: 'save' }).click();
    await expect(toast(page, 'Discount saved').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'new discount' })).toBeVisible();
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
        shopper.getByRole('button', { name: `rebind seat #1: ${movedSite}` }),
      ).toBeVisible();
      await shopper.getByRole('button', { name: 'buy or upgrade plan' }).click();
      const picker = shopper.getByRole('dialog', { name: 'buy or upgrade plan' });
      await expect(picker.getByRole('article', { name: 'Basic' })).toContainText('current plan');
      await picker.getByLabel('promo code').fill(promoCode.toLowerCase());
      await picker
        .getByRole('article', { name: 'Pro' })
        .getByRole('button', { name: 'scan to upgrade' })
        .click();
      // Fully discounted: activated at once, no QR code to scan.
      await expect(toast(shopper, 'payment succeeded, plan activated')).toBeVisible();
      await expect(picker).toBeHidden();
      await expect(shopper.getByRole('dialog', { name: 'scan to upgrade' })).toHaveCount(0);
      await expect(
        shopper.getByRole('heading', { name: 'lifetime licence seats (Pro)' }),
      ).toBeVisible();
      await expect(shopper.getByText('bound 1 / 5 seats')).toBeVisible();
      await expect(shopper.getByRole('button', { name: 'bind a domain to seat #2' })).toBeVisible();

      await shopper.goto('/orders');
      await expect(shopper.getByRole('list', { name: 'orders' }).getByRole('listitem')).toHaveCount(
        2,
      );
      const upgrade = shopper.getByRole('listitem', { name: 'Pro 套餐' });
      await expect(upgrade).toContainText('Paid');
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
    await openMenuItem(page, 'quiz management');
    await expect(page).toHaveURL(/\/admin\/quiz$/);
    await expect(page.getByRole('heading', { level: 1, name: 'quiz management' })).toBeVisible();
    await page.getByRole('button', { name: 'add question' }).click();
    const add = page.getByRole('dialog', { name: 'add question' });
    await add.getByRole('combobox', { name: 'category' }).fill(category);
    questionText = `升级到 Pro 后，已绑定的座位**怎样**？ ${run}`;
    await add.getByRole('textbox', { name: /^question/ }).fill(questionText);
    await add
      .getByRole('textbox', { name: /^options/ })
      .fill('保留原来的域名\n全部解绑\n需要重新购买');
    await add.getByRole('textbox', { name: /^explanation/ }).fill('升级只**增加**座位。');
    await expect(add.getByLabel('question preview').locator('strong')).toHaveText('怎样');
    await add.getByRole('button', { name: 'save' }).click();
    await expect(toast(page, 'Question created')).toBeVisible();
    await expect(add).toBeHidden();

    await page.getByLabel('category').selectOption({ label: category });
    await expect(page.getByText('1 question', { exact: true })).toBeVisible();
    const row = page.getByRole('article').filter({ hasText: run });
    await expect(row.locator('strong', { hasText: '怎样' })).toBeVisible();
    await expect(row.locator('[data-correct]')).toHaveText(/保留原来的域名/);
    await expect(row.getByText('not enabled')).toHaveCount(0);

    // The edit form opens with the saved values; the question is reworded and switched off.
    await row.getByRole('button', { name: 'edit' }).click();
    const edit = page.getByRole('dialog', { name: 'edit question' });
    const question = edit.getByRole('textbox', { name: /^question/ });
    await expect(question).toHaveValue(questionText);
    await expect(edit.getByRole('textbox', { name: /^options/ })).toHaveValue(
      '保留原来的域名\n全部解绑\n需要重新购买',
    );
    questionText = `升级到 Pro 后，已绑定的座位会**保留**吗？ ${run}`;
    await question.fill(questionText);
    await edit.getByRole('checkbox', { name: 'enabled' }).uncheck();
    await edit.getByRole('button', { name: 'save' }).click();
    await expect(toast(page, 'Question updated')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row.locator('strong', { hasText: '保留' })).toBeVisible();
    await expect(row).not.toContainText('怎样');
    await expect(row.getByText('not enabled', { exact: true })).toBeVisible();
    await expect(page.getByText('1 question', { exact: true })).toBeVisible();
  });

  await test.step('reads every one of these changes in the audit log, newest first', async () => {
    await openMenuItem(page, 'audit log');
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'actor' }).fill(E2E_ADMIN);
    const log = page.getByRole('table', { name: 'audit log' });
    const entries = log.getByRole('row').filter({ has: page.getByRole('cell') });
    // Newest first: the question edit, its creation, the two saves of the code, the move, the batch
    // (each action by its label in the adminAudit catalogue).
    const expected: [string, string | RegExp][] = [
      ['quiz question edited', 'isActive true → false'],
      ['quiz question added', run],
      ['discount code saved', promoCode],
      ['discount code saved', promoCode],
      ["seat's website changed", `${site} → ${movedSite}`],
      ['VIP addresses added in bulk', '4 addresses'],
    ];
    for (const [i, [action, detail]] of expected.entries()) {
      await expect(entries.nth(i)).toContainText(action);
      await expect(entries.nth(i)).toContainText(detail);
      await expect(entries.nth(i)).toContainText(E2E_ADMIN);
    }
    await expect(entries.nth(2)).toContainText('discountAmount ¥500.00 → ¥1000.00');
    await expect(entries.nth(4)).toContainText('(seat 1)');

    // The action filter narrows the list to one kind.
    await page.getByLabel('action').selectOption('license.domain');
    await expect(entries.first()).toContainText(`${site} → ${movedSite}`);
    await expect(entries.filter({ hasText: 'VIP addresses added in bulk' })).toHaveCount(0);
  });

  await test.step('signs out', async () => {
    await signOut(page);
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Faudit$/);
  });
});
