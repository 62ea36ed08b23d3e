import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch';
import { makeSession } from '../test/session';
import {
  safeRedirect,
  sessionQueryKey,
  sessionRetryDelay,
  signIn,
  signOut,
  startSession,
  updateUser,
} from './session';

describe('safeRedirect', () => {
  it('accepts same-origin paths only', () => {
    expect(safeRedirect('/orders?page=2')).toBe('/orders?page=2');
    expect(safeRedirect('/')).toBe('/');
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('')).toBe('/dashboard');
    expect(safeRedirect('https://evil.example')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect('dashboard')).toBe('/dashboard');
  });
});

describe('startSession', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });

  it('takes a page sent without a session cookie as signed out, without asking', async () => {
    const { calls } = mockFetch(() => jsonResponse(makeSession()));
    const queryClient = client();
    startSession(queryClient, { sessionCookie: false });
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    // Fresh: a page reading the session now asks nothing either.
    expect(
      await queryClient.fetchQuery({ queryKey: sessionQueryKey, staleTime: 60_000 }),
    ).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toHaveLength(0);
  });

  it('asks the server with a session cookie, or when the page did not say', async () => {
    for (const sessionCookie of [true, undefined]) {
      const { calls } = mockFetch(() => jsonResponse(makeSession()));
      const queryClient = client();
      startSession(queryClient, { sessionCookie });
      await vi.waitFor(() =>
        expect(queryClient.getQueryData(sessionQueryKey)).toEqual(makeSession()),
      );
      expect(calls.map((c) => c.url)).toEqual(['/api/auth/get-session']);
    }
  });
});

describe('sessionRetryDelay', () => {
  it('backs off exponentially from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(sessionRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

describe('signIn', () => {
  it('asks for Google with the callback URL and follows url + redirect', async () => {
    const { calls } = mockFetch(() =>
      jsonResponse({ url: 'https://accounts.example/auth?x=1', redirect: true }),
    );
    const navigate = vi.fn();
    await signIn('/quiz', { navigate, client: new QueryClient() });
    expect(calls[0]).toMatchObject({
      url: '/api/auth/sign-in/social',
      method: 'POST',
      body: { provider: 'google', callbackURL: '/quiz' },
    });
    expect(navigate).toHaveBeenCalledWith('https://accounts.example/auth?x=1');
  });

  it('does not navigate without redirect, and never sends an outside callback', async () => {
    const { calls } = mockFetch(() => jsonResponse({ url: 'https://x', redirect: false }));
    const navigate = vi.fn();
    await signIn('//evil.example', { navigate, client: new QueryClient() });
    expect(calls[0]!.body).toMatchObject({ callbackURL: '/dashboard' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('session refresh', () => {
  it('signs out, forgets cached user data and reloads the session', async () => {
    const client = new QueryClient();
    client.setQueryData(sessionQueryKey, makeSession());
    client.setQueryData(['licenses'], [{ id: 'l1' }]);
    const { calls } = mockFetch(() => jsonResponse({ success: true }));
    await signOut(client);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/sign-out']);
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
    expect(client.getQueryData(['licenses'])).toBeUndefined();
  });

  it('invalidates the session after update-user', async () => {
    const client = new QueryClient();
    client.setQueryData(sessionQueryKey, makeSession());
    mockFetch(() => jsonResponse({ status: true }));
    await updateUser({ name: 'Bob' }, client);
    expect(client.getQueryState(sessionQueryKey)?.isInvalidated).toBe(true);
  });
});
