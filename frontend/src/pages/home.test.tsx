import { describe, expect, it } from 'vitest';
import { EDITOR_FEATURES, STEPS, THEME_FEATURES } from '../features/home/content';
import { render, screen, within } from '../test/render';
import HomePage from './home';

function section(name: RegExp | string) {
  return screen.getByRole('region', { name });
}

describe('HomePage', () => {
  it('opens with the hero: one h1 about the minimalist toolchain and the two ways in', () => {
    render(<HomePage />);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1).toHaveTextContent('为内容管理系统打造的极简工具链');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: '开始使用' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: '查看文档' })).toHaveAttribute('href', '/docs');
  });

  it('lists the five core features of the editor plugin', () => {
    render(<HomePage />);
    const editor = section('编辑器插件核心功能');
    const cards = within(editor).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    expect(EDITOR_FEATURES.map((f) => f.title)).toEqual([
      '纯 HTML 编辑，实时预览',
      '不依赖任何 CSS 框架',
      '动态模板系统',
      'AI 编辑助手',
      '快速替换图片',
    ]);
    for (const feature of EDITOR_FEATURES) {
      expect(within(editor).getByRole('heading', { level: 3, name: feature.title })).toBeVisible();
    }
  });

  it('lists the five theme features, Tailwind CSS v4 among them', () => {
    render(<HomePage />);
    const theme = section('极简主题特性');
    expect(within(theme).getAllByRole('listitem')).toHaveLength(5);
    for (const feature of THEME_FEATURES) {
      expect(within(theme).getByRole('heading', { level: 3, name: feature.title })).toBeVisible();
    }
    expect(within(theme).getByRole('heading', { name: 'Tailwind CSS v4' })).toBeVisible();
  });

  it('shows three scores of 100: performance, accessibility, best practices', () => {
    render(<HomePage />);
    const scores = within(section('性能满分')).getAllByRole('listitem');
    expect(scores).toHaveLength(3);
    expect(scores.map((s) => within(s).getByText('100'))).toHaveLength(3);
    expect(scores[0]).toHaveTextContent('性能');
    expect(scores[1]).toHaveTextContent('无障碍');
    expect(scores[2]).toHaveTextContent('最佳实践');
  });

  it('explains the four steps in order', () => {
    render(<HomePage />);
    const steps = section('四步开始使用');
    const list = within(steps).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(
      STEPS.map((s) => s.title),
    );
    expect(items[0]).toHaveTextContent('注册免费账号');
    expect(items[1]).toHaveTextContent('在控制台生成激活码');
    expect(items[2]).toHaveTextContent('下载并安装插件与主题');
    expect(items[3]).toHaveTextContent('配置激活码');
  });

  it('closes with a call to action to the console', () => {
    render(<HomePage />);
    const closing = section('准备好让建站变得更简单了吗？');
    expect(within(closing).getByRole('link', { name: '进入控制台' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('navigates to the console from the hero button', async () => {
    const { user } = render(<HomePage />, { route: '/', path: '/' });
    await user.click(screen.getByRole('link', { name: '开始使用' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });
});
