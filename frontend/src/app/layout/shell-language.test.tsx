import { TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LANGUAGE_COOKIE, languageFromCookie } from '../../lib/i18n';
import { sessionQueryKey } from '../../lib/session';
import { jsonResponse, mockFetch } from '../../test/fetch';
import { renderIn } from '../../test/i18n';
import { createTestQueryClient, render } from '../../test/render';
import { makeSession } from '../../test/session';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { RouteError } from './RouteError';

function signedOut() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, null);
  return queryClient;
}

const navNames = () =>
  within(screen.getByRole('navigation', { name: /main|主导航/ }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the shell in both languages', () => {
  it('speaks English in en: nav items, login link, footer, and <html lang="en">', async () => {
    await renderIn(
      'en',
      <>
        <AppHeader />
        <AppFooter />
      </>,
      { queryClient: signedOut() },
    );
    expect(document.documentElement.lang).toBe('en');
    expect(navNames()).toEqual(['home', 'docs', 'pricing', 'console']);
    expect(screen.getByRole('link', { name: 'login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('navigation', { name: 'footer' })).toHaveTextContent('verify token');
    // The switch names the other language in itself.
    expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('lang', 'zh-CN');
  });

  it('speaks Chinese in zh-CN, with <html lang="zh-CN">', async () => {
    await renderIn(
      'zh-CN',
      <>
        <AppHeader />
        <AppFooter />
      </>,
      { queryClient: signedOut() },
    );
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(navNames()).toEqual(['首页', '文档', '价格', '控制台']);
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('navigation', { name: '页脚导航' })).toHaveTextContent('验证令牌');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  });

  it('names the user menu in the active language', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, makeSession());
    mockFetch(() => jsonResponse({ licenses: [] }));
    await renderIn('zh-CN', <AppHeader />, { queryClient });
    expect(await screen.findByRole('button', { name: '用户菜单' })).toBeInTheDocument();
  });

  it('shows the error screen in both languages', async () => {
    const first = await renderIn('zh-CN', <RouteError />);
    expect(screen.getByRole('heading', { name: '出错了' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument();
    first.unmount();
    await renderIn('en', <RouteError />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});

describe('the language switch', () => {
  it('switches in place: the texts change, <html lang> follows, the cookie keeps the choice, typed input stays', async () => {
    const { user } = render(
      <>
        <AppHeader />
        <TextInput label="note" />
      </>,
      { queryClient: signedOut() },
    );
    await user.type(screen.getByRole('textbox', { name: 'note' }), 'half-typed');
    expect(navNames()).toEqual(['home', 'docs', 'pricing', 'console']);

    await user.click(screen.getByRole('button', { name: '中文' }));

    await waitFor(() => expect(navNames()).toEqual(['首页', '文档', '价格', '控制台']));
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(languageFromCookie(document.cookie)).toBe('zh-CN');
    expect(screen.getByRole('textbox', { name: 'note' })).toHaveValue('half-typed');

    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(navNames()).toEqual(['home', 'docs', 'pricing', 'console']));
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=en`);
    expect(document.documentElement.lang).toBe('en');
  });

  it('offers both languages on the profile page, the active one pressed', async () => {
    const { user } = render(<LanguageSwitch variant="full" label="Language" />);
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(group).getByRole('button', { name: '中文' }));
    await waitFor(() =>
      expect(within(group).getByRole('button', { name: '中文' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
