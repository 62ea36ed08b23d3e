import { act, render as rtlRender, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { DOC_GROUPS } from '../features/docs/sections';
import { sessionQueryKey } from '../lib/session';
import { setTestLanguage, tr } from '../test/i18n';
import { createTestQueryClient, Providers } from '../test/render';

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
  beforeEach(() => setTestLanguage('zh-CN'));

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
    expect(screen.getByRole('article')).toHaveTextContent('可视化编辑器插件');
  });

  it('shows the placeholder for a section without content', async () => {
    openDocs('/docs/editor-basics');
    expect(await title()).toHaveTextContent('编辑器基础');
    expect(screen.getByRole('article')).toHaveTextContent(PLACEHOLDER_TEXT);
    expect(tr('en', 'docs:placeholder')).toBe('content is being written');
  });

  it('opens a section from a deep link', async () => {
    openDocs('/docs/configuration');
    expect(await title()).toHaveTextContent('配置');
    const article = screen.getByRole('article');
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
    expect(screen.getByRole('article')).toHaveTextContent('API Key');
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
    expect(screen.getByRole('article')).toHaveTextContent(PLACEHOLDER_TEXT);

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
  it("shows the sidebar, titles and the spec's placeholder in English", async () => {
    openDocs('/docs/editor-basics');
    expect(await title()).toHaveTextContent('Editor basics');
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
