import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import { mockApi, status } from '../test/api';
import { createTestQueryClient, render, screen, waitFor } from '../test/render';
import { renderIn } from '../test/i18n';
import { makeSession } from '../test/session';
import ProfilePage from './profile';

function setup(session: ReturnType<typeof makeSession> | null) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, session);
  return render(<ProfilePage />, { route: '/profile', path: '/profile', queryClient });
}

describe('ProfilePage', () => {
  it('asks signed-out visitors to sign in', () => {
    setup(null);
    expect(screen.getByText('Please sign in to view your profile.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('shows the user, the verified note and the account id', () => {
    setup(makeSession({ user: { id: 'acc-42', name: 'alice', email: 'alice@example.com' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('alice')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('Email verified')).toBeInTheDocument();
    expect(screen.getByText('acc-42')).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Danger Zone' })).toBeInTheDocument();
  });

  it('leaves out the verified note when the e-mail is not verified', () => {
    setup(makeSession({ user: { emailVerified: false } }));
    expect(screen.queryByText('Email verified')).not.toBeInTheDocument();
  });

  it('signs out and goes home', async () => {
    const { calls } = mockApi({
      'POST /api/auth/sign-out': () => ({ success: true }),
      'GET /api/auth/get-session': () => null,
      // The profile's ways in and sessions, which this test does not read: they used to get the sign-out's
      // { success: true } (no list, so both sections failed); they fail the same way with a 404.
      'GET /api/auth/ways-in': () => status(404, { statusCode: 404, message: 'Not Found' }),
      'GET /api/account/sessions': () => status(404, { statusCode: 404, message: 'Not Found' }),
    });
    const { user } = setup(makeSession());
    // The signed-out prompt must never show on the way out.
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/auth/sign-out')).toMatchObject({ method: 'POST' }),
    );
    observer.disconnect();
    expect(seen.some((text) => text.includes('Please sign in to view your profile.'))).toBe(false);
  });

  it('speaks Chinese in zh-CN and offers the language switch', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, makeSession());
    await renderIn('zh-CN', <ProfilePage />, { route: '/profile', path: '/profile', queryClient });
    expect(screen.getByRole('heading', { level: 1, name: '个人资料' })).toBeInTheDocument();
    expect(screen.getByText('邮箱已验证')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: '语言' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');
  });
});
