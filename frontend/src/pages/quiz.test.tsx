import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUIZ_ANSWERS_KEY } from '../features/quiz/answer-store';
import type { QuizQuestion } from '../features/quiz/api/types';
import { reloadPage } from '../features/quiz/reload';
import { shuffleQuiz } from '../features/quiz/shuffle';
import { sessionQueryKey } from '../lib/session';
import { mockApi, status, type ApiRoutes } from '../test/api';
import { setTestLanguage } from '../test/i18n';
import { act, createTestQueryClient, render, screen, waitFor, within } from '../test/render';
import { makeSession } from '../test/session';
import QuizPage from './quiz';

vi.mock('../features/quiz/reload', () => ({ reloadPage: vi.fn() }));
// The shuffle is unit-tested; here it keeps the order so the test can follow the questions.
vi.mock('../features/quiz/shuffle', () => ({
  shuffleQuiz: vi.fn((questions: QuizQuestion[]) => questions.map((q) => ({ ...q }))),
}));

const editorQuestion: QuizQuestion = {
  id: 'q-editor',
  question: '保存页面的**快捷键**是？',
  options: [
    { id: 'e1', text: 'Ctrl+S', isCorrect: true },
    { id: 'e2', text: 'Ctrl+Q', isCorrect: false },
    { id: 'e3', text: 'Ctrl+Z', isCorrect: false },
  ],
  explanation: '编辑器用 `Ctrl+S` 保存。',
  categoryLabel: '编辑器',
  categorySlug: 'editor',
};
const themeQuestion: QuizQuestion = {
  id: 'q-theme',
  question: '主题基于哪个 CSS 框架？',
  options: [
    { id: 't1', text: 'Tailwind CSS v4', isCorrect: true },
    { id: 't2', text: 'Bootstrap', isCorrect: false },
  ],
  explanation: '主题使用 Tailwind CSS v4。',
  categoryLabel: '主题',
  categorySlug: 'theme',
};

/** The server of a customer with a plan: both questions, or the ones of the category the call names. */
const QUIZ: ApiRoutes = {
  'GET /api/quiz/questions': ({ query }) => {
    const category = query.get('category');
    return {
      questions: [editorQuestion, themeQuestion].filter(
        (q) => !category || q.categorySlug === category,
      ),
    };
  },
};

function setup(routes: ApiRoutes = {}) {
  const fetch = mockApi({ ...QUIZ, ...routes });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, makeSession({ user: { email: 'alice@example.com' } }));
  return { ...render(<QuizPage />, { queryClient }), ...fetch };
}

const startButton = () => screen.findByRole('button', { name: 'start quiz' });
const submitButton = () => screen.getByRole('button', { name: 'submit' });
const stat = (label: string) => within(screen.getByRole('group', { name: label }));

describe('QuizPage', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('offers all questions or one of the categories present in them', async () => {
    setup();
    await startButton();
    const select = screen.getByLabelText('category');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['all categories', '编辑器', '主题']);
    expect(screen.getByText('2 questions')).toBeInTheDocument();
  });

  it('runs a quiz: one question at a time, locked answers, then results and restart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    localStorage.setItem(
      QUIZ_ANSWERS_KEY,
      JSON.stringify({
        stale: { selectedOptionId: 'x', isCorrect: true, timeSpent: 999, timestamp: 1 },
      }),
    );
    const { user, calls } = setup();
    await user.click(await startButton());

    // Starting cleared the old answers and loaded the questions.
    await screen.findByRole('article', { name: 'question 1 of 2' });
    expect(localStorage.getItem(QUIZ_ANSWERS_KEY)).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/quiz/questions'))).toHaveLength(2);
    expect(shuffleQuiz).toHaveBeenCalledTimes(1);

    // Question 1: Markdown, a timer counting up as mm:ss, submit disabled until a choice.
    expect(screen.getByText('快捷键').tagName).toBe('STRONG');
    expect(screen.getByRole('timer', { name: 'time on this question' })).toHaveTextContent('00:00');
    vi.setSystemTime(new Date('2026-11-25T10:01:05Z'));
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('01:05'));
    expect(submitButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Ctrl+Q' }));
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());

    // Answered: options locked, wrong with the correct answer, the explanation, 'next'.
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Ctrl+Q' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Ctrl+S' }));
    expect(screen.getByRole('radio', { name: 'Ctrl+Q' })).toBeChecked();
    expect(screen.getByText('incorrect')).toBeInTheDocument();
    expect(screen.getByText('correct answer: Ctrl+S')).toBeInTheDocument();
    expect(screen.getByText('Ctrl+S', { selector: 'code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'submit' })).toBeNull();
    // The timer stopped at the answer.
    vi.setSystemTime(new Date('2026-11-25T10:02:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('timer')).toHaveTextContent('01:05');
    expect(JSON.parse(localStorage.getItem(QUIZ_ANSWERS_KEY)!)).toEqual({
      'q-editor': {
        selectedOptionId: 'e2',
        isCorrect: false,
        timeSpent: 65,
        timestamp: Date.parse('2026-11-25T10:01:05Z') / 1000,
      },
    });
    await user.click(screen.getByRole('button', { name: 'next' }));

    // Question 2, the last: right answer, and the button reads 'view answers'.
    await screen.findByRole('article', { name: 'question 2 of 2' });
    expect(screen.getByRole('timer')).toHaveTextContent('00:00');
    vi.setSystemTime(new Date('2026-11-25T10:02:10Z'));
    await user.click(screen.getByRole('radio', { name: 'Tailwind CSS v4' }));
    await user.click(submitButton());
    expect(screen.getByText('correct')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'view answers' }));

    // Results: masked e-mail, accuracy with one decimal, counts and total time.
    expect(await screen.findByRole('heading', { name: 'results' })).toBeInTheDocument();
    expect(screen.getByText('al***@example.com')).toBeInTheDocument();
    expect(screen.queryByText('alice@example.com')).toBeNull();
    expect(stat('accuracy').getByText('50.0%')).toBeInTheDocument();
    expect(stat('answered').getByText('2')).toBeInTheDocument();
    expect(stat('correct').getByText('1')).toBeInTheDocument();
    expect(stat('wrong').getByText('1')).toBeInTheDocument();
    expect(stat('total time').getByText('1 min 15 s')).toBeInTheDocument();

    // Restart goes back to the start screen.
    await user.click(screen.getByRole('button', { name: 'restart' }));
    expect(await startButton()).toBeInTheDocument();
  });

  it('runs in Chinese in zh-CN: start screen, question, answer, results', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup();
    await screen.findByRole('button', { name: '开始答题' });
    expect(screen.getByRole('heading', { level: 1, name: '答题' })).toBeInTheDocument();
    expect(screen.getByText('2 道题')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('分类'), 'theme');
    expect(await screen.findByText('1 道题')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '开始答题' }));

    const card = await screen.findByRole('article', { name: '第 1 题，共 1 题' });
    expect(within(card).getByText('第 1 / 1 题')).toBeInTheDocument();
    expect(within(card).getByRole('timer', { name: '本题用时' })).toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: 'Bootstrap' }));
    await user.click(within(card).getByRole('button', { name: '提交' }));
    expect(within(card).getByText('回答错误')).toBeInTheDocument();
    expect(within(card).getByText('正确答案：Tailwind CSS v4')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: '解析' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: '查看答案' }));

    expect(await screen.findByRole('heading', { level: 1, name: '答题结果' })).toBeInTheDocument();
    expect(stat('正确率').getByText('0.0%')).toBeInTheDocument();
    expect(stat('答错').getByText('1')).toBeInTheDocument();
    expect(stat('总用时').getByText(/^\d+ 分 \d+ 秒$|^\d+分\d+秒$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重新开始' })).toBeInTheDocument();
  });

  it('starts over in the new language when the language is switched mid-quiz (no mixed screen)', async () => {
    const { user, calls } = setup();
    await user.click(await startButton());
    await screen.findByRole('article', { name: /^question 1 of 2$/i });
    await act(() => setTestLanguage('zh-CN'));
    expect(await screen.findByRole('button', { name: '开始答题' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '开始答题' }));
    await screen.findByRole('article', { name: '第 1 题，共 2 题' });
    expect(calls.at(-1)!.url).toContain('lang=zh-CN');
  });

  it.each([
    ['en', 'a valid plan is needed to access the quiz'],
    ['zh-CN', '需要有效的套餐才能答题'],
  ] as const)('words the plan refusal in %s', async (language, text) => {
    await setTestLanguage(language);
    setup({
      'GET /api/quiz/questions': () =>
        status(403, { statusCode: 403, message: 'Failed to fetch questions' }),
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('plays one category: the call names it and only its questions come', async () => {
    const { user, calls } = setup();
    await user.selectOptions(await screen.findByLabelText('category'), 'theme');
    expect(screen.getByText('1 question')).toBeInTheDocument();
    await user.click(await startButton());
    await screen.findByRole('article', { name: 'question 1 of 1' });
    expect(calls.at(-1)?.url).toBe('/api/quiz/questions?category=theme&lang=en');
    expect(screen.getByText('主题基于哪个 CSS 框架？')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Tailwind CSS v4' }));
    await user.click(submitButton());
    expect(screen.getByRole('button', { name: 'view answers' })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Which CSS framework is the theme built on?', 'Theme'],
    ['zh-CN', '主题基于哪个 CSS 框架？', '主题'],
  ] as const)(
    'asks for the questions in the interface language (%s) and shows them in it',
    async (language, question, category) => {
      await setTestLanguage(language);
      const english: QuizQuestion = {
        ...themeQuestion,
        question: 'Which CSS framework is the theme built on?',
        explanation: 'The theme uses Tailwind CSS v4.',
        categoryLabel: 'Theme',
      };
      // The server answers in the language the call names (backend/test/quiz-bilingual.integration-spec.ts).
      const { user, calls } = setup({
        'GET /api/quiz/questions': ({ query }) => ({
          questions: [query.get('lang') === 'en' ? english : themeQuestion],
        }),
      });
      const select = await screen.findByRole('combobox');
      expect(within(select).getAllByRole('option').at(-1)).toHaveTextContent(category);
      await user.click(screen.getAllByRole('button').at(-1)!);
      expect(await screen.findByText(question)).toBeInTheDocument();
      expect(calls.every((c) => c.url.endsWith(`lang=${language}`))).toBe(true);
    },
  );

  it("shows 'no questions in this category' with a way back", async () => {
    const { user } = setup({
      'GET /api/quiz/questions': ({ query }) => ({
        questions: query.get('category') ? [] : [editorQuestion, themeQuestion],
      }),
    });
    await user.selectOptions(await screen.findByLabelText('category'), 'editor');
    await user.click(await startButton());
    expect(await screen.findByText('no questions in this category')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(await startButton()).toBeInTheDocument();
  });

  it('says a valid plan is needed when the questions call is refused', async () => {
    setup({
      'GET /api/quiz/questions': () =>
        status(403, {
          statusCode: 403,
          error: 'a valid plan is needed to access the quiz',
          message: 'a valid plan is needed to access the quiz',
        }),
    });
    expect(
      await screen.findByText('a valid plan is needed to access the quiz'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'start quiz' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'retry' })).toBeNull();
  });

  it("shows 'load failed' and reloads the page on retry for any other failure", async () => {
    const { user } = setup({
      'GET /api/quiz/questions': () => status(500, { statusCode: 500, message: 'boom' }),
    });
    expect(await screen.findByText('load failed')).toBeInTheDocument();
    expect(screen.queryByText('boom')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows the load error when the questions fail while starting', async () => {
    let calls = 0;
    const { user } = setup({
      'GET /api/quiz/questions': () =>
        ++calls === 1
          ? { questions: [editorQuestion] }
          : status(403, { statusCode: 403, message: 'a valid plan is needed to access the quiz' }),
    });
    await user.click(await startButton());
    expect(
      await screen.findByText('a valid plan is needed to access the quiz'),
    ).toBeInTheDocument();
  });
});
