import { describe, expect, it } from 'vitest';
import { EDITOR_FEATURES, SCORES, STEPS, THEME_FEATURES } from '../features/home/content';
import { i18n } from '../lib/i18n';
import { renderIn, tr } from '../test/i18n';
import { render, screen, within } from '../test/render';
import HomePage from './home';

function section(name: RegExp | string) {
  return screen.getByRole('region', { name });
}

/** The Chinese marketing text is the spec's (docs/product.md#screens /home): asserted in zh-CN. */
describe('HomePage in zh-CN', () => {
  it('opens with the hero: one h1 about the minimalist toolchain and the ways in', async () => {
    await renderIn('zh-CN', <HomePage />);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent('为内容管理系统打造的极简工具链');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: '开始使用' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: '查看文档' })).toHaveAttribute('href', '/docs');
    expect(
      within(section('为内容管理系统打造的极简工具链')).getByRole('link', { name: '查看价格' }),
    ).toHaveAttribute('href', '/pricing');
  });

  it('lists the five core features of the editor plugin', async () => {
    await renderIn('zh-CN', <HomePage />);
    const editor = section('编辑器插件核心功能');
    expect(within(editor).getAllByRole('listitem')).toHaveLength(5);
    expect(
      within(editor)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      '纯 HTML 编辑，实时预览',
      '不依赖任何 CSS 框架',
      '动态模板系统',
      'AI 编辑助手',
      '快速替换图片',
    ]);
  });

  it('lists the five theme features, Tailwind CSS v4 among them', async () => {
    await renderIn('zh-CN', <HomePage />);
    const theme = section('极简主题特性');
    expect(within(theme).getAllByRole('listitem')).toHaveLength(5);
    expect(
      within(theme)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['极简设计', 'Tailwind CSS v4', '响应式布局', '自动更新', '极致性能']);
  });

  it("shows three scores of 100: performance, accessibility, best practices (with Lighthouse's names)", async () => {
    await renderIn('zh-CN', <HomePage />);
    const scores = within(section('性能满分')).getAllByRole('listitem');
    expect(scores).toHaveLength(3);
    expect(scores.map((s) => within(s).getByText('100'))).toHaveLength(3);
    expect(scores[0]).toHaveTextContent('性能');
    expect(scores[1]).toHaveTextContent('无障碍');
    expect(scores[2]).toHaveTextContent('最佳实践');
    expect(within(scores[2]!).getByText('Best Practices')).toHaveAttribute('lang', 'en');
  });

  it('explains the four steps in order', async () => {
    await renderIn('zh-CN', <HomePage />);
    const list = within(section('四步开始使用')).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      '注册免费账号',
      '在控制台生成激活码',
      '下载并安装插件与主题',
      '配置激活码',
    ]);
  });

  it('closes with a call to action to the console and the prices', async () => {
    await renderIn('zh-CN', <HomePage />);
    const closing = section('准备好让建站变得更简单了吗？');
    expect(within(closing).getByRole('link', { name: '进入控制台' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(closing).getByRole('link', { name: '查看价格' })).toHaveAttribute(
      'href',
      '/pricing',
    );
  });
});

describe('HomePage in en', () => {
  it('shows the same page in English, with no Chinese left', async () => {
    const { container } = await renderIn('en', <HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'A minimalist toolchain for your content management system',
    );
    expect(screen.getByRole('link', { name: 'Start using' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'View docs' })).toHaveAttribute('href', '/docs');
    const scores = within(section('Perfect performance scores')).getAllByRole('listitem');
    // Lighthouse's name is not repeated under an English label.
    expect(within(scores[2]!).getAllByText('Best Practices')).toHaveLength(1);
    expect(container.textContent).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('navigates to the pricing page from the closing call to action', async () => {
    const { user } = render(<HomePage />, { route: '/', path: '/' });
    const closing = section('Ready to make building sites simpler?');
    await user.click(within(closing).getByRole('link', { name: 'See pricing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing');
  });

  it('has every card text the page names, in both languages', () => {
    const keys = [
      ...EDITOR_FEATURES.flatMap((f) => [`editor.${f.key}.title`, `editor.${f.key}.description`]),
      ...THEME_FEATURES.flatMap((f) => [`theme.${f.key}.title`, `theme.${f.key}.description`]),
      ...STEPS.flatMap((s) => [`steps.${s}.title`, `steps.${s}.description`]),
      ...SCORES.map((s) => `performance.${s.key}`),
    ];
    for (const language of ['en', 'zh-CN'] as const)
      for (const key of keys) {
        expect(i18n.exists(`home:${key}`, { lng: language }), `${language} ${key}`).toBe(true);
        expect(tr(language, `home:${key}`)).not.toBe('');
      }
  });
});
