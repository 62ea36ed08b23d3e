import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminQuizQuestion, QuizCategory } from '../../features/quiz/api/types';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, status, type ApiAnswer, type ApiRoutes } from '../../test/api';
import { setTestLanguage } from '../../test/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import QuizAdminPage from './quiz';

// Mantine's autosizing Textarea listens to document.fonts, which jsdom lacks.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
});

const QUESTIONS = '/api/quiz/admin/questions';

function makeQuestion(n: number, overrides: Partial<AdminQuizQuestion> = {}): AdminQuizQuestion {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    question: `第 ${n} 题：**区块**是什么？`,
    questionEn: '',
    explanation: `解析 ${n}：见[文档](https://example.com/docs/${n})。`,
    explanationEn: '',
    categorySlug: 'editor',
    categoryLabel: '编辑器',
    categoryLabelEn: '',
    isActive: true,
    options: [
      { id: `o${n}-b`, text: `错误 ${n}`, textEn: '', originOrder: 1, isCorrect: false },
      { id: `o${n}-a`, text: `正确 ${n}`, textEn: '', originOrder: 0, isCorrect: true },
    ],
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

const categories: QuizCategory[] = [
  { slug: 'editor', label: '编辑器', labelEn: 'Editor' },
  { slug: 'theme', label: '主题', labelEn: 'Theme' },
];

/** The quiz admin API as the server answers it; `routes` answer otherwise. */
function setup(list: AdminQuizQuestion[] = [makeQuestion(1)], routes: ApiRoutes = {}) {
  const created: ApiAnswer<'POST /api/quiz/admin/questions'> = { question: makeQuestion(999) };
  const fetch = mockApi({
    'GET /api/quiz/admin/questions': ({ query }) => {
      const category = query.get('category');
      return { questions: list.filter((q) => !category || q.categorySlug === category) };
    },
    'GET /api/quiz/admin/categories': () => ({ categories }),
    'POST /api/quiz/admin/questions': () => status(201, created),
    'PUT /api/quiz/admin/questions/{id}': () => ({ question: makeQuestion(1) }),
    'DELETE /api/quiz/admin/questions/{id}': () => ({ success: true }),
    ...routes,
  });
  return { ...render(<QuizAdminPage />, { queryClient: createQueryClient() }), ...fetch };
}

/** Both lists fail to load. */
const loadsFail: ApiRoutes = {
  'GET /api/quiz/admin/questions': () =>
    status(500, { statusCode: 500, message: 'Internal server error' }),
  'GET /api/quiz/admin/categories': () =>
    status(500, { statusCode: 500, message: 'Internal server error' }),
};

/** The delete is refused: the question is gone. */
const deleteFails: ApiRoutes = {
  'DELETE /api/quiz/admin/questions/{id}': () =>
    status(404, { statusCode: 404, message: 'Question not found' }),
};

const rows = () => screen.queryAllByRole('article');
/** Types into a form control at once (paste), so long texts do not slow the test down. */
async function fill(user: ReturnType<typeof setup>['user'], label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

const toast = (text: string) =>
  screen.findByText(text, { selector: '.mantine-Notification-root *' });
const dialog = () => screen.getByRole('dialog');
/** The form control labelled `label` (not the preview or the suggestions list that share the word). */
const field = (label: string) => {
  const control = within(dialog())
    .getAllByLabelText(new RegExp(`^${label}`))
    .find((el) => el.tagName === 'INPUT' || el.tagName === 'TEXTAREA');
  if (!control) throw new Error(`no form control labelled ${label}`);
  return control;
};

describe('QuizAdminPage list', { timeout: 15_000 }, () => {
  it('shows each question rendered, its options with the correct one highlighted, category, badge and explanation', async () => {
    setup([makeQuestion(1), makeQuestion(2, { isActive: false, categoryLabel: '主题' })]);
    expect(await screen.findByText('2 questions')).toBeInTheDocument();
    const [first, second] = rows();
    expect(within(first!).getByText('区块').tagName).toBe('STRONG');
    expect(within(first!).getByText('编辑器')).toBeInTheDocument();
    expect(within(first!).queryByText('not enabled')).toBeNull();
    const options = within(within(first!).getByRole('list', { name: 'options' })).getAllByRole(
      'listitem',
    );
    // The correct option first, marked; the others plain.
    expect(options.map((o) => o.textContent)).toEqual(['正确 1 ✓', '错误 1']);
    expect(options[0]).toHaveAttribute('data-correct', 'true');
    expect(options[1]).not.toHaveAttribute('data-correct');
    expect(within(first!).getByLabelText('correct answer')).toBeInTheDocument();
    const link = within(first!).getByRole('link', { name: '文档' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(second!).getByText('not enabled')).toBeInTheDocument();
    expect(within(second!).getByText('主题')).toBeInTheDocument();
    for (const row of [first!, second!]) {
      expect(within(row).getByRole('button', { name: 'edit' })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'delete' })).toBeInTheDocument();
    }
  });

  it('pages 30 questions at a time', async () => {
    const list = Array.from({ length: 65 }, (_, i) => makeQuestion(i + 1));
    const { user } = setup(list);
    expect(await screen.findByText('65 questions')).toBeInTheDocument();
    expect(rows()).toHaveLength(30);
    const nav = screen.getByRole('navigation', { name: 'question pages' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    await user.click(within(nav).getByRole('button', { name: 'page 3' }));
    expect(rows()).toHaveLength(5);
    expect(within(rows()[0]!).getByText(/第 61 题/)).toBeInTheDocument();
  });

  it('filters by category on the server', async () => {
    const { user, calls } = setup([
      makeQuestion(1),
      makeQuestion(2, { categorySlug: 'theme', categoryLabel: '主题' }),
    ]);
    await screen.findByText('2 questions');
    const select = screen.getByLabelText('category');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['all categories', '编辑器', '主题']);
    await user.selectOptions(select, 'theme');
    expect(await screen.findByText('1 question')).toBeInTheDocument();
    expect(calls.some((c) => c.url === `${QUESTIONS}?category=theme`)).toBe(true);
    expect(rows()).toHaveLength(1);
  });

  it("shows 'Failed to fetch questions' and 'Failed to fetch categories'", async () => {
    setup([], loadsFail);
    await waitFor(() =>
      expect(screen.getAllByText('Failed to fetch questions').length).toBeGreaterThan(0),
    );
    expect(screen.getAllByText('Failed to fetch categories').length).toBeGreaterThan(0);
    expect(screen.queryByText('Internal server error')).toBeNull();
  });

  it('reads in Chinese in zh-CN: title, count, filter, badge, buttons and load failures', async () => {
    await setTestLanguage('zh-CN');
    setup([makeQuestion(1), makeQuestion(2, { isActive: false, categoryLabel: '主题' })]);
    expect(screen.getByRole('heading', { level: 1, name: '题库管理' })).toBeInTheDocument();
    expect(await screen.findByText('2 道题')).toBeInTheDocument();
    const [first, second] = rows();
    expect(within(second!).getByText('未启用')).toBeInTheDocument();
    expect(within(first!).getByRole('list', { name: '选项' })).toBeInTheDocument();
    expect(within(first!).getByLabelText('正确答案')).toBeInTheDocument();
    expect(within(first!).getByText('解析')).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: '编辑' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加题目' })).toBeInTheDocument();
    expect(within(screen.getByLabelText('分类')).getAllByRole('option')[0]).toHaveTextContent(
      '全部分类',
    );
  });

  it('shows the load failures in Chinese in zh-CN', async () => {
    await setTestLanguage('zh-CN');
    setup([], loadsFail);
    await waitFor(() => expect(screen.getAllByText('获取题目失败').length).toBeGreaterThan(0));
    expect(screen.getAllByText('获取分类失败').length).toBeGreaterThan(0);
  });
});

describe(
  'QuizAdminPage form (zh-CN: the spec writes its texts in Chinese)',
  { timeout: 15_000 },
  () => {
    beforeEach(() => setTestLanguage('zh-CN'));

    it('checks the question, the 2-4 options and the explanation with the spec texts', async () => {
      const { user, calls } = setup();
      await screen.findByText('1 道题');
      await user.click(screen.getByRole('button', { name: '添加题目' }));
      expect(within(dialog()).getByText('添加题目')).toBeInTheDocument();
      expect(within(dialog()).getByText(/第一行为正确答案/)).toBeInTheDocument();
      await user.click(within(dialog()).getByRole('button', { name: '保存' }));
      expect(await within(dialog()).findByText('题目内容不能为空')).toBeInTheDocument();
      expect(
        within(dialog()).getByText('选项数量必须在2-4个之间（当前有 0 个）'),
      ).toBeInTheDocument();
      expect(within(dialog()).getByText('解析不能为空')).toBeInTheDocument();

      await fill(user, '选项', 'A\n\nB\nC\nD\nE');
      await user.click(within(dialog()).getByRole('button', { name: '保存' }));
      expect(
        await within(dialog()).findByText('选项数量必须在2-4个之间（当前有 5 个）'),
      ).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    });

    it('previews Markdown live and creates a question in a new category', async () => {
      const { user, calls } = setup();
      await screen.findByText('1 道题');
      await user.click(screen.getByRole('button', { name: '添加题目' }));
      await fill(user, '分类', '部署');
      await fill(user, '题目', '哪个是 **正确** 的？');
      expect(within(screen.getByLabelText('题目预览')).getByText('正确').tagName).toBe('STRONG');
      await fill(user, '选项', '对\n\n  错  \n');
      await fill(user, '解析', '因为 _这样_');
      expect(within(screen.getByLabelText('解析预览')).getByText('这样').tagName).toBe('EM');
      await user.click(field('启用'));
      await user.click(within(dialog()).getByRole('button', { name: '保存' }));

      expect(await toast('题目已创建')).toBeInTheDocument();
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.url).toBe(QUESTIONS);
      expect(post?.body).toEqual({
        question: '哪个是 **正确** 的？',
        questionEn: '',
        explanation: '因为 _这样_',
        explanationEn: '',
        categoryLabel: '部署',
        categoryLabelEn: null,
        options: [
          { text: '对', textEn: '' },
          { text: '错', textEn: '' },
        ],
        isActive: false,
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The list and categories are fetched again.
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'GET' && c.url === QUESTIONS)).toHaveLength(2),
      );
    });

    it('sends a blank category as null (the default category)', async () => {
      const { user, calls } = setup();
      await screen.findByText('1 道题');
      await user.click(screen.getByRole('button', { name: '添加题目' }));
      await fill(user, '题目', 'Q');
      await fill(user, '选项', 'A\nB');
      await fill(user, '解析', 'E');
      await user.click(within(dialog()).getByRole('button', { name: '保存' }));
      await toast('题目已创建');
      expect(
        (calls.find((c) => c.method === 'POST')?.body as { categoryLabel: unknown }).categoryLabel,
      ).toBeNull();
    });

    it('edits a question loaded into the form', async () => {
      const { user, calls } = setup([makeQuestion(1, { isActive: false })]);
      await screen.findByText('1 道题');
      await user.click(within(rows()[0]!).getByRole('button', { name: '编辑' }));
      expect(within(dialog()).getByText('编辑题目')).toBeInTheDocument();
      expect(field('分类')).toHaveValue('编辑器');
      expect(field('选项')).toHaveValue('正确 1\n错误 1');
      expect(field('启用')).not.toBeChecked();
      await user.clear(field('解析'));
      await fill(user, '解析', '新的解析');
      await user.click(within(dialog()).getByRole('button', { name: '保存' }));
      expect(await toast('题目已更新')).toBeInTheDocument();
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.url).toBe(`${QUESTIONS}/${makeQuestion(1).id}`);
      expect(put?.body).toEqual({
        question: '第 1 题：**区块**是什么？',
        questionEn: '',
        explanation: '新的解析',
        explanationEn: '',
        categoryLabel: '编辑器',
        categoryLabelEn: null,
        options: [
          { text: '正确 1', textEn: '' },
          { text: '错误 1', textEn: '' },
        ],
        isActive: false,
      });
    });

    it("shows '操作失败' with the server's text, or '请求失败' without one", async () => {
      let body: unknown = { statusCode: 400, message: '解析不能为空' };
      const { user } = setup([makeQuestion(1)], {
        'PUT /api/quiz/admin/questions/{id}': () => status(400, body),
      });
      await screen.findByText('1 道题');
      await user.click(within(rows()[0]!).getByRole('button', { name: '编辑' }));
      await user.click(within(dialog()).getByRole('button', { name: '保存' }));
      expect(await toast('操作失败')).toBeInTheDocument();
      expect(await toast('解析不能为空')).toBeInTheDocument();
      // The form stays open for another try.
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      body = undefined;
      await user.click(within(dialog()).getByRole('button', { name: '保存' }));
      expect(await toast('请求失败')).toBeInTheDocument();
    });
  },
);

describe('QuizAdminPage delete (zh-CN)', { timeout: 15_000 }, () => {
  beforeEach(() => setTestLanguage('zh-CN'));

  it('asks for confirmation, then deletes', async () => {
    const { user, calls } = setup();
    await screen.findByText('1 道题');
    await user.click(within(rows()[0]!).getByRole('button', { name: '删除' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(within(rows()[0]!).getByRole('button', { name: '删除' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确认删除' }),
    );
    expect(await toast('题目已删除')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      `${QUESTIONS}/${makeQuestion(1).id}`,
    );
  });

  it("shows '删除失败' when the delete fails", async () => {
    const { user } = setup([makeQuestion(1)], deleteFails);
    await screen.findByText('1 道题');
    await user.click(within(rows()[0]!).getByRole('button', { name: '删除' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确认删除' }),
    );
    expect(await toast('删除失败')).toBeInTheDocument();
    expect(await toast('Question not found')).toBeInTheDocument();
  });
});

describe('QuizAdminPage in English', { timeout: 15_000 }, () => {
  it('words the form checks in English', async () => {
    const { user } = setup();
    await screen.findByText('1 question');
    await user.click(screen.getByRole('button', { name: 'add question' }));
    expect(within(dialog()).getByText(/the first line is the correct answer/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'save' }));
    expect(
      await within(dialog()).findByText('Question content cannot be empty'),
    ).toBeInTheDocument();
    expect(
      within(dialog()).getByText('There must be 2-4 options (currently 0)'),
    ).toBeInTheDocument();
    expect(within(dialog()).getByText('Explanation cannot be empty')).toBeInTheDocument();
  });

  it("toasts 'Question created', and 'Delete failed' with the server's text", async () => {
    const { user } = setup([makeQuestion(1)], deleteFails);
    await screen.findByText('1 question');
    await user.click(screen.getByRole('button', { name: 'add question' }));
    await fill(user, 'question', 'Q');
    await fill(user, 'options', 'A\nB');
    await fill(user, 'explanation', 'E');
    await user.click(within(dialog()).getByRole('button', { name: 'save' }));
    expect(await toast('Question created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(rows()[0]!).getByRole('button', { name: 'delete' }));
    expect(within(dialog()).getByText(/Players will no longer see it/)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'confirm delete' }));
    expect(await toast('Delete failed')).toBeInTheDocument();
    expect(await toast('Question not found')).toBeInTheDocument();
  });
});
