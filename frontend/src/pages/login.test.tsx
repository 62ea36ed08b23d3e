import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import { jsonResponse, mockFetch } from '../test/fetch';
import { createTestQueryClient, render, screen, waitFor } from '../test/render';
import { makeSession } from '../test/session';
import LoginPage, { loginErrorText } from './login';

function setup(route: string, signedIn = false) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, signedIn ? makeSession() : null);
  return render(<LoginPage />, { route, path: '/login', queryClient });
}

describe('loginErrorText', () => {
  it('maps the error parameter', () => {
    expect(loginErrorText(null)).toBeNull();
    expect(loginErrorText('OAuthCallbackError')).toBe('authentication failed, please retry');
    expect(loginErrorText('Whatever')).toBe('an error occurred during login');
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

  it('signs in with the redirect target as callback', async () => {
    const { calls } = mockFetch(({ url }) =>
      jsonResponse(url.endsWith('get-session') ? null : { url: '/x', redirect: false }),
    );
    const { user } = setup('/login?redirect=/orders');
    await user.click(screen.getByRole('button', { name: /sign in with Google/i }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]!.body).toEqual({ provider: 'google', callbackURL: '/orders' });
  });

  it('uses /dashboard when the redirect is missing or not a local path', async () => {
    const { calls } = mockFetch(({ url }) =>
      jsonResponse(url.endsWith('get-session') ? null : { url: '/x', redirect: false }),
    );
    const { user } = setup('/login?redirect=https://evil.example/');
    await user.click(screen.getByRole('button', { name: /sign in with Google/i }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]!.body).toMatchObject({ callbackURL: '/dashboard' });
  });

  it('sends a signed-in visitor straight to the redirect target', () => {
    setup('/login?redirect=/quiz', true);
    expect(screen.getByTestId('location')).toHaveTextContent('/quiz');
  });
});
