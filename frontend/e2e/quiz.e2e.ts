import { expect, test, type Browser } from '@playwright/test';
import { giveSeats, requireDatabase } from './support/db';
import { signIn, toast } from './support/journey';

// The quiz end to end: a quiz manager (the e2e admin) adds two questions in a new category on
// /admin/quiz; a customer without a plan is told one is needed, gets a Basic seat, then takes the quiz
// in that category through to the results and restarts.

interface NewQuestion {
  question: string;
  options: string[];
  explanation: string;
}

const suffix = Date.now().toString(36);
const category = `部署 ${suffix}`;
const deploy: NewQuestion = {
  question: `升级插件前**首先**要做什么？参见[升级指南](https://example.com/upgrade) ${suffix}`,
  options: ['备份数据库', '直接覆盖文件', '删除旧版本'],
  explanation: '先**备份**，再升级。',
};
const theme: NewQuestion = {
  question: `主题基于哪个 CSS 框架？ ${suffix}`,
  options: ['Tailwind CSS v4', 'Bootstrap'],
  explanation: '主题使用 `Tailwind CSS v4`。',
};

/** The quiz manager adds the two questions through the modal form. */
async function addQuestions(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, '/admin/quiz', 'admin@e2e.test', 'Ada Admin');
    // The quiz manager's messages are the spec's Chinese texts: this part runs in zh-CN (the lang cookie).
    await context.addCookies([{ name: 'lang', value: 'zh-CN', url: page.url() }]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '题库管理' })).toBeVisible();
    await expect(page.getByText(/^\d+ 道题$/)).toBeVisible();

    for (const q of [deploy, theme]) {
      await page.getByRole('button', { name: '添加题目' }).click();
      const dialog = page.getByRole('dialog', { name: '添加题目' });
      await expect(dialog).toBeVisible();
      // An empty save shows the form's own messages and sends nothing.
      if (q === deploy) {
        await dialog.getByRole('button', { name: '保存' }).click();
        await expect(dialog.getByText('题目内容不能为空')).toBeVisible();
        await expect(dialog.getByText('选项数量必须在2-4个之间（当前有 0 个）')).toBeVisible();
        await expect(dialog.getByText('解析不能为空')).toBeVisible();
      }
      await dialog.getByRole('combobox', { name: '分类' }).fill(category);
      await dialog.getByRole('textbox', { name: /^题目/ }).fill(q.question);
      await expect(dialog.getByLabel('题目预览')).not.toContainText('暂无可预览的内容');
      await dialog.getByRole('textbox', { name: /^选项/ }).fill(`${q.options.join('\n\n')}\n`);
      await dialog.getByRole('textbox', { name: /^解析/ }).fill(q.explanation);
      if (q === deploy) {
        await expect(dialog.getByLabel('题目预览').locator('strong')).toHaveText('首先');
        await expect(dialog.getByLabel('解析预览').locator('strong')).toHaveText('备份');
      }
      await dialog.getByRole('button', { name: '保存' }).click();
      // The form closes only on success; the first question's toast may still be showing.
      await expect(toast(page, '题目已创建').first()).toBeVisible();
      await expect(dialog).toBeHidden();
    }

    // The new category is offered as a filter and holds the two questions, rendered.
    await page.getByLabel('分类').selectOption({ label: category });
    await expect(page.getByText('2 道题', { exact: true })).toBeVisible();
    const row = page.getByRole('article').filter({ hasText: '升级插件前' });
    await expect(row.locator('strong', { hasText: '首先' })).toBeVisible();
    await expect(row.getByRole('link', { name: '升级指南' })).toHaveAttribute('target', '_blank');
    await expect(row.getByText(category, { exact: true })).toBeVisible();
    await expect(row.locator('[data-correct]')).toHaveText(/备份数据库/);
  } finally {
    await context.close();
  }
}

test('a quiz manager adds questions in a new category; a licence holder takes that quiz', async ({
  browser,
  page,
}) => {
  requireDatabase();
  test.setTimeout(90_000);
  await addQuestions(browser);

  // A signed-in customer without a plan is told one is needed.
  const email = `quiz.taker.${suffix}@example.com`;
  await signIn(page, '/quiz', email, 'Quiz Taker');
  await expect(page.getByText('a valid plan is needed to access the quiz')).toBeVisible();

  // With a Basic seat the start screen offers the new category.
  await giveSeats(email, 'basic', 1);
  await page.reload();
  await page.getByLabel('category').selectOption({ label: category });
  await expect(page.getByText('2 questions', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'start quiz' }).click();

  // Two questions in random order: the deploy one answered right, the theme one wrong.
  for (let n = 1; n <= 2; n++) {
    const card = page.getByRole('article', { name: `question ${n} of 2` });
    await expect(card).toBeVisible();
    await expect(card.getByRole('timer', { name: 'time on this question' })).toHaveText(
      /^\d{2}:\d{2}$/,
    );
    const isDeploy = (await card.textContent())!.includes('升级插件前');
    const submit = card.getByRole('button', { name: 'submit' });
    await expect(submit).toBeDisabled();
    await card.getByRole('radio', { name: isDeploy ? '备份数据库' : 'Bootstrap' }).check();
    await submit.click();
    for (const radio of await card.getByRole('radio').all()) await expect(radio).toBeDisabled();
    if (isDeploy) {
      await expect(card.getByText('correct', { exact: true })).toBeVisible();
      await expect(card.locator('strong', { hasText: '备份' })).toBeVisible();
      const link = card.getByRole('link', { name: '升级指南' });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    } else {
      await expect(card.getByText('incorrect', { exact: true })).toBeVisible();
      await expect(card.getByText('correct answer: Tailwind CSS v4')).toBeVisible();
    }
    await card.getByRole('button', { name: n === 2 ? 'view answers' : 'next' }).click();
  }

  // Results: masked e-mail, accuracy with one decimal, counts and total time.
  await expect(page.getByRole('heading', { level: 1, name: 'results' })).toBeVisible();
  await expect(page.getByText(`qu***@example.com`)).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'accuracy' })).toContainText('50.0%');
  await expect(page.getByRole('group', { name: 'answered' })).toContainText('2');
  await expect(page.getByRole('group', { name: 'correct' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'wrong' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'total time' })).toContainText(/\d+ min \d+ s/);

  // The answers were kept in local storage under one key.
  const stored = await page.evaluate(() => localStorage.getItem('seatkeeper.quiz.answers'));
  expect(Object.keys(JSON.parse(stored ?? '{}'))).toHaveLength(2);

  // Restart returns to the start screen.
  await page.getByRole('button', { name: 'restart' }).click();
  await expect(page.getByRole('button', { name: 'start quiz' })).toBeVisible();
});
