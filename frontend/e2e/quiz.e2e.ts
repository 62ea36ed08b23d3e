import { expect, test, type Browser } from '@playwright/test';
import { giveSeats, requireDatabase } from './support/db';
import { escapeRegExp, tr } from './support/i18n';
import { signIn, toast } from './support/journey';

// The quiz end to end: a quiz manager (the e2e admin) adds two questions in a new category on
// /admin/quiz; a customer without a plan is told one is needed, gets a Basic seat, then takes the quiz
// in that category through to the results and restarts. The questions are data (Chinese in both runs);
// the interface speaks the run's language.

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

/** A field's label with its marks after it (the required asterisk): /^question/. */
const label = (key: string) => new RegExp(`^${escapeRegExp(tr(key))}`);

/** The quiz manager adds the two questions through the modal form. */
async function addQuestions(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signIn(page, '/admin/quiz', 'admin@e2e.test', 'Ada Admin');
    // The quiz manager's messages are the spec's Chinese texts in zh-CN, their translation in en.
    await expect(
      page.getByRole('heading', { level: 1, name: tr('adminQuiz:title') }),
    ).toBeVisible();
    const anyCount = escapeRegExp(tr('adminQuiz:count', { count: 7 })).replace('7', '\\d+');
    await expect(page.getByText(new RegExp(`^${anyCount}$`))).toBeVisible();

    for (const q of [deploy, theme]) {
      await page.getByRole('button', { name: tr('adminQuiz:add') }).click();
      const dialog = page.getByRole('dialog', { name: tr('adminQuiz:add') });
      await expect(dialog).toBeVisible();
      // An empty save shows the form's own messages and sends nothing.
      if (q === deploy) {
        await dialog.getByRole('button', { name: tr('adminQuiz:form.save') }).click();
        await expect(dialog.getByText(tr('adminQuiz:validation.questionRequired'))).toBeVisible();
        await expect(
          dialog.getByText(tr('adminQuiz:validation.optionCount', { n: 0 })),
        ).toBeVisible();
        await expect(
          dialog.getByText(tr('adminQuiz:validation.explanationRequired')),
        ).toBeVisible();
      }
      await dialog.getByRole('combobox', { name: tr('adminQuiz:form.category') }).fill(category);
      await dialog
        .getByRole('textbox', { name: label('adminQuiz:form.question') })
        .fill(q.question);
      await expect(dialog.getByLabel(tr('adminQuiz:form.questionPreview'))).not.toContainText(
        tr('adminQuiz:form.nothingToPreview'),
      );
      await dialog
        .getByRole('textbox', { name: label('adminQuiz:form.options') })
        .fill(`${q.options.join('\n\n')}\n`);
      await dialog
        .getByRole('textbox', { name: label('adminQuiz:form.explanation') })
        .fill(q.explanation);
      if (q === deploy) {
        await expect(
          dialog.getByLabel(tr('adminQuiz:form.questionPreview')).locator('strong'),
        ).toHaveText('首先');
        await expect(
          dialog.getByLabel(tr('adminQuiz:form.explanationPreview')).locator('strong'),
        ).toHaveText('备份');
      }
      await dialog.getByRole('button', { name: tr('adminQuiz:form.save') }).click();
      // The form closes only on success; the first question's toast may still be showing. The toast
      // comes after the server's answer, which a busy machine can take seconds to give.
      await expect(toast(page, tr('adminQuiz:toast.created')).first()).toBeVisible({
        timeout: 15_000,
      });
      await expect(dialog).toBeHidden();
    }

    // The new category is offered as a filter and holds the two questions, rendered.
    await page.getByLabel(tr('adminQuiz:category')).selectOption({ label: category });
    await expect(
      page.getByText(tr('adminQuiz:count', { count: 2 }), { exact: true }),
    ).toBeVisible();
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
  test.setTimeout(120_000);
  await addQuestions(browser);

  // A signed-in customer without a plan is told one is needed.
  const email = `quiz.taker.${suffix}@example.com`;
  await signIn(page, '/quiz', email, 'Quiz Taker');
  await expect(page.getByText(tr('quiz:planNeeded'))).toBeVisible();

  // With a Basic seat the start screen offers the new category.
  await giveSeats(email, 'basic', 1);
  await page.reload();
  await page.getByLabel(tr('quiz:category')).selectOption({ label: category });
  await expect(page.getByText(tr('quiz:count', { count: 2 }), { exact: true })).toBeVisible();
  await page.getByRole('button', { name: tr('quiz:start') }).click();

  // Two questions in random order: the deploy one answered right, the theme one wrong.
  for (let n = 1; n <= 2; n++) {
    const card = page.getByRole('article', {
      name: tr('quiz:question.label', { position: n, total: 2 }),
    });
    await expect(card).toBeVisible();
    await expect(card.getByRole('timer', { name: tr('quiz:question.timer') })).toHaveText(
      /^\d{2}:\d{2}$/,
    );
    const isDeploy = (await card.textContent())!.includes('升级插件前');
    const submit = card.getByRole('button', { name: tr('quiz:question.submit') });
    await expect(submit).toBeDisabled();
    await card.getByRole('radio', { name: isDeploy ? '备份数据库' : 'Bootstrap' }).check();
    await submit.click();
    for (const radio of await card.getByRole('radio').all()) await expect(radio).toBeDisabled();
    if (isDeploy) {
      await expect(card.getByText(tr('quiz:question.correct'), { exact: true })).toBeVisible();
      await expect(card.locator('strong', { hasText: '备份' })).toBeVisible();
      const link = card.getByRole('link', { name: '升级指南' });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    } else {
      await expect(card.getByText(tr('quiz:question.incorrect'), { exact: true })).toBeVisible();
      await expect(
        card.getByText(tr('quiz:question.correctAnswer', { answer: 'Tailwind CSS v4' })),
      ).toBeVisible();
    }
    await card
      .getByRole('button', {
        name: tr(n === 2 ? 'quiz:question.viewAnswers' : 'quiz:question.next'),
      })
      .click();
  }

  // Results: masked e-mail, accuracy with one decimal, counts and total time.
  await expect(
    page.getByRole('heading', { level: 1, name: tr('quiz:results.title') }),
  ).toBeVisible();
  await expect(page.getByText(`qu***@example.com`)).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByRole('group', { name: tr('quiz:results.accuracy') })).toContainText(
    '50.0%',
  );
  await expect(page.getByRole('group', { name: tr('quiz:results.answered') })).toContainText('2');
  await expect(page.getByRole('group', { name: tr('quiz:results.correct') })).toContainText('1');
  await expect(page.getByRole('group', { name: tr('quiz:results.wrong') })).toContainText('1');
  await expect(page.getByRole('group', { name: tr('quiz:results.totalTime') })).toContainText(
    new RegExp(
      escapeRegExp(tr('common:format.minutesSeconds', { minutes: 111, seconds: 222 }))
        .replace('111', '\\d+')
        .replace('222', '\\d+'),
    ),
  );

  // The answers were kept in local storage under one key.
  const stored = await page.evaluate(() => localStorage.getItem('seatkeeper.quiz.answers'));
  expect(Object.keys(JSON.parse(stored ?? '{}'))).toHaveLength(2);

  // Restart returns to the start screen.
  await page.getByRole('button', { name: tr('quiz:results.restart') }).click();
  await expect(page.getByRole('button', { name: tr('quiz:start') })).toBeVisible();
});
