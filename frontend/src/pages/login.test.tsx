import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import { mockApi, status, type ApiRoutes } from '../test/api';
import { createTestQueryClient, render, screen, waitFor } from '../test/render';
import { renderIn, tr } from '../test/i18n';
import { makeSession } from '../test/session';
import LoginPage, { loginErrorKey, loginErrorReasonKey } from './login';

/** The server of a Google sign-in: the providers, the sign-in (no redirect here), the session it refreshes. */
const SIGN_IN: ApiRoutes = {
  'GET /api/auth/providers': () => ({
    google: { id: 'google', name: 'Google', development: true },
  }),
  'POST /api/auth/sign-in/social': () => ({ url: '/x', redirect: false }),
  'GET /api/auth/get-session': () => null,
};

function setup(route: string, signedIn = false) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, signedIn ? makeSession() : null);
  return render(<LoginPage />, { route, path: '/login', queryClient });
}

describe('loginErrorKey', () => {
  it('maps the error parameter to the spec texts', () => {
    expect(loginErrorKey(null)).toBeNull();
    expect(tr('en', `login:${loginErrorKey('OAuthCallbackError')}`)).toBe(
      'authentication failed, please retry',
    );
    expect(tr('en', `login:${loginErrorKey('Whatever')}`)).toBe('an error occurred during login');
  });
});

describe('LoginPage', () => {
  it('offers only the Google button', () => {
    setup('/login');
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /sign in with Google/i })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('explains an OAuth callback failure', () => {
    setup('/login?error=OAuthCallbackError');
    expect(screen.getByRole('alert')).toHaveTextContent('authentication failed, please retry');
  });

  it('explains any other error', () => {
    setup('/login?error=AccessDenied');
    expect(screen.getByRole('alert')).toHaveTextContent('an error occurred during login');
  });

  it('says why when the provider has not verified the e-mail (no account is made from it), in both languages', async () => {
    const alert = () => screen.getByRole('alert');
    const first = setup('/login?error=EmailNotVerified');
    expect(alert()).toHaveTextContent('an error occurred during login');
    expect(alert()).toHaveTextContent(
      'Google has not verified this e-mail address, so no account was made with it.',
    );
    first.unmount();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, null);
    await renderIn('zh-CN', <LoginPage />, {
      route: '/login?error=EmailNotVerified',
      path: '/login',
      queryClient,
    });
    expect(alert()).toHaveTextContent('登录过程中发生错误');
    expect(alert()).toHaveTextContent('Google 尚未验证这个邮箱地址，因此没有用它创建账号。');
    // Other errors carry no reason.
    expect(loginErrorReasonKey('AccessDenied')).toBeNull();
  });

  it('signs in with the redirect target as callback', async () => {
    const { calls } = mockApi(SIGN_IN);
    const { user } = setup('/login?redirect=/orders');
    await user.click(screen.getByRole('button', { name: /sign in with Google/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      provider: 'google',
      callbackURL: '/orders',
    });
  });

  it('uses /dashboard when the redirect is missing or not a local path', async () => {
    const { calls } = mockApi(SIGN_IN);
    const { user } = setup('/login?redirect=https://evil.example/');
    await user.click(screen.getByRole('button', { name: /sign in with Google/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      callbackURL: '/dashboard',
    });
  });

  it('says Google credentials are missing when the server offers no sign-in here, and disables the button', async () => {
    const { calls } = mockApi({ 'GET /api/auth/providers': () => ({}) });
    setup('/login');
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Google credentials are missing: sign-in is not available on this server\.$/,
    );
    expect(screen.getByRole('button', { name: /sign in with Google/i })).toBeDisabled();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/auth/providers']);
  });

  it('keeps the button usable with Google, the development provider, or an unknown answer', async () => {
    const answers: ApiRoutes[] = [
      {
        'GET /api/auth/providers': () => ({
          google: { id: 'google', name: 'Google', development: false },
        }),
      },
      {
        'GET /api/auth/providers': () => status(500, { statusCode: 500, error: 'x', message: 'x' }),
      },
    ];
    for (const routes of answers) {
      const { calls } = mockApi(routes);
      const { unmount } = setup('/login');
      await waitFor(() => expect(calls.length).toBeGreaterThan(0));
      await act(() => new Promise((r) => setTimeout(r, 20)));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /sign in with Google/i })).toBeEnabled();
      unmount();
    }
  });

  it('sends a signed-in visitor straight to the redirect target', () => {
    setup('/login?redirect=/quiz', true);
    expect(screen.getByTestId('location')).toHaveTextContent('/quiz');
  });

  it('speaks Chinese in zh-CN, the error parameter included', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, null);
    await renderIn('zh-CN', <LoginPage />, {
      route: '/login?error=OAuthCallbackError',
      path: '/login',
      queryClient,
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('登录');
    expect(screen.getByRole('alert')).toHaveTextContent('认证失败，请重试');
    expect(screen.getByRole('button', { name: '使用 Google 登录' })).toBeInTheDocument();
    expect(document.title).toBe(`${tr('zh-CN', 'login:title')} - seatkeeper`);
  });
});
