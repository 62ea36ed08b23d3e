import { act, render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { DOC_GROUPS } from '../lib/doc-sections';
import { sessionQueryKey } from '../lib/session';
import { mockApi, status } from '../test/api';
import { setTestLanguage, tr } from '../test/i18n';
import { createTestQueryClient, Providers } from '../test/render';

/** What the docs API holds in these tests (the real text is seeded into the database by the backend). */
const STORED: Record<string, Partial<Record<'zh-CN' | 'en', string>>> = {
  introduction: { 'zh-CN': '本插件是一款**可视化编辑器插件**。' },
  installation: { 'zh-CN': '上传插件并启用。' },
  configuration: {
    'zh-CN':
      '请求头 `Authorization: Bearer <激活码>`，调用 `/api/licenses/check`，未绑定时返回 `DOMAIN_NOT_BOUND`。',
  },
  'ai-assist': { 'zh-CN': '填写 API Key。' },
  'token-auth': { 'zh-CN': '令牌说明', en: 'Send `Authorization: Bearer YOUR_ACTIVATION_CODE`.' },
};

/** GET /api/docs-sections/{slug}?lang= as the server answers it: empty Markdown for a section being written. */
function serveDocs(
  answer?: (slug: string, lang: 'zh-CN' | 'en') => ReturnType<typeof status> | undefined,
) {
  return mockApi({
    'GET /api/docs-sections/{slug}': ({ params, query }) => {
      const slug = params.slug ?? '';
      const lang = query.get('lang') === 'en' ? 'en' : 'zh-CN';
      const custom = answer?.(slug, lang);
      if (custom) return custom;
      const markdown = STORED[slug]?.[lang] ?? '';
      return {
        slug,
        group: 'quick-start',
        lang,
        markdown,
        hasContent: markdown.trim() !== '',
        updatedAt: '2026-11-30T00:00:00.000Z',
      };
    },
  });
}

/** The spec's placeholder (docs/product.md#screens), and its Chinese. */
const PLACEHOLDER_TEXT = '内容正在编写中';

/** The real app routes (so /docs/:section is tested as the router defines it), signed out. */
function openDocs(path: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, null);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  rtlRender(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { router, user: userEvent.setup() };
}

const sidebar = () => screen.getByRole('navigation', { name: '文档目录' });
const title = () => screen.findByRole('heading', { level: 1 });

/** The docs' own text is Chinese (its English comes with the seller-edited docs): tested in zh-CN. */
describe('DocsPage in zh-CN', () => {
  beforeEach(() => {
    setTestLanguage('zh-CN');
    serveDocs();
  });

  it('reads the section from the API in the active language', async () => {
    const { calls } = serveDocs();
    openDocs('/docs/introduction');
    expect(await screen.findByText('可视化编辑器插件')).toBeVisible();
    expect(calls.map((c) => c.url)).toEqual([
      expect.stringMatching(/\/api\/docs-sections\/introduction\?lang=zh-CN$/),
    ]);
  });

  it('says it is loading, then shows an error with a retry when the API fails', async () => {
    let fail = true;
    serveDocs(() =>
      fail
        ? status(500, {
            statusCode: 500,
            error: 'Internal server error',
            message: 'Internal server error',
          })
        : undefined,
    );
    const { user } = openDocs('/docs/introduction');
    expect(await screen.findByRole('status')).toHaveTextContent('加载中');
    expect(await screen.findByText('本章节加载失败')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('可视化编辑器插件')).toBeVisible();
  });

  it('renders the four groups of the sidebar with their sections', async () => {
    openDocs('/docs');
    await title();
    const nav = sidebar();
    for (const [index, group] of DOC_GROUPS.entries()) {
      const name = ['快速开始', '编辑器', '主题', 'API 文档'][index]!;
      const list = within(nav).getByRole('list', { name });
      expect(within(list).getAllByRole('link')).toHaveLength(group.sections.length);
    }
    expect(DOC_GROUPS.flatMap((g) => g.sections.map((s) => s.slug))).toEqual([
      'introduction',
      'installation',
      'configuration',
      'editor-basics',
      'html-editing',
      'dynamic-templates',
      'ai-assist',
      'theme-features',
      'customization',
      'performance',
      'token-auth',
      'api-endpoints',
      'error-handling',
    ]);
  });

  it('shows the introduction by default', async () => {
    openDocs('/docs');
    expect(await title()).toHaveTextContent('介绍');
    expect(within(sidebar()).getByRole('link', { name: '介绍' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByText('可视化编辑器插件')).toBeVisible();
  });

  it('shows the placeholder for a section without content', async () => {
    openDocs('/docs/editor-basics');
    expect(await title()).toHaveTextContent('编辑器基础');
    expect(await screen.findByText(PLACEHOLDER_TEXT)).toBeVisible();
    expect(tr('en', 'docs:placeholder')).toBe('content is being written');
  });

  it('opens a section from a deep link', async () => {
    openDocs('/docs/configuration');
    expect(await title()).toHaveTextContent('配置');
    const article = screen.getByRole('article');
    await waitFor(() => expect(article).toHaveTextContent('DOMAIN_NOT_BOUND'));
    expect(article).toHaveTextContent('Authorization: Bearer <激活码>');
    expect(article).toHaveTextContent('/api/licenses/check');
    expect(article).toHaveTextContent('DOMAIN_NOT_BOUND');
    expect(within(sidebar()).getByRole('link', { name: '配置' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('has real content for installation and ai-assist', async () => {
    openDocs('/docs/ai-assist');
    expect(await title()).toHaveTextContent('AI 辅助');
    await waitFor(() => expect(screen.getByRole('article')).toHaveTextContent('API Key'));
    expect(screen.getByRole('article')).not.toHaveTextContent(PLACEHOLDER_TEXT);
  });

  it('changes the URL when a sidebar item is clicked, and goes back with history', async () => {
    const { router, user } = openDocs('/docs');
    await title();
    await user.click(within(sidebar()).getByRole('link', { name: '安装' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/docs/installation'));
    expect(await title()).toHaveTextContent('安装');

    await user.click(within(sidebar()).getByRole('link', { name: '性能' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/docs/performance'));
    expect(await screen.findByText(PLACEHOLDER_TEXT)).toBeVisible();

    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('安装'),
    );
    expect(router.state.location.pathname).toBe('/docs/installation');
  });

  it('says so for an unknown section and links back to the introduction', async () => {
    openDocs('/docs/no-such-section');
    expect(await title()).toHaveTextContent('未找到该文档');
    expect(screen.getByRole('link', { name: '返回「介绍」' })).toHaveAttribute(
      'href',
      '/docs/introduction',
    );
  });
});

describe('DocsPage in en', () => {
  beforeEach(() => serveDocs());

  it('shows the English Markdown, and the placeholder where only Chinese is written', async () => {
    const { calls } = serveDocs();
    openDocs('/docs/token-auth');
    expect(await title()).toHaveTextContent('Token authentication');
    expect(await screen.findByText('Authorization: Bearer YOUR_ACTIVATION_CODE')).toBeVisible();
    expect(calls[0]!.url).toMatch(/\/api\/docs-sections\/token-auth\?lang=en$/);
  });

  it('shows the placeholder for the introduction, not yet written in English', async () => {
    openDocs('/docs/introduction');
    expect(await screen.findByText('content is being written')).toBeVisible();
  });

  it("shows the sidebar, titles and the spec's placeholder in English", async () => {
    openDocs('/docs/editor-basics');
    expect(await title()).toHaveTextContent('Editor basics');
    await screen.findByText('content is being written');
    const nav = screen.getByRole('navigation', { name: 'Docs contents' });
    expect(within(nav).getByRole('list', { name: 'Quick start' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Token authentication' })).toHaveAttribute(
      'href',
      '/docs/token-auth',
    );
    expect(screen.getByRole('article')).toHaveTextContent('content is being written');
    await waitFor(() => expect(document.title).toBe('Editor basics · Docs - seatkeeper'));
  });

  it('says so for an unknown section in English', async () => {
    openDocs('/docs/no-such-section');
    expect(await title()).toHaveTextContent('Document not found');
    expect(screen.getByRole('link', { name: 'Back to “Introduction”' })).toHaveAttribute(
      'href',
      '/docs/introduction',
    );
  });
});
