import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api/client';
import type { Roles, Session } from './api/types';
import { appConfig, type AppConfig } from './config';
import { queryClient as appQueryClient } from './query-client';

export type { Roles, Session, SessionUser } from './api/types';

/**
 * The auth client (docs/product.md#data Session, §4 session refresh): the session query and the calls under
 * /api/auth. Every call that changes who is signed in, or what the user looks like, refreshes the session.
 */
export const AUTH_PREFIX = '/api/auth';
export const sessionQueryKey = ['session'] as const;

export const NO_ROLES: Roles = { isAdmin: false, isQuizManager: false };

/** The signed-in user, or null without a session. */
export function getSession(signal?: AbortSignal): Promise<Session | null> {
  return api.GET(`${AUTH_PREFIX}/get-session`, { signal });
}

/** Exponential backoff from 1 s, capped at 30 s. */
export const sessionRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => getSession(signal),
  gcTime: 5 * 60_000,
  retry: 3,
  retryDelay: sessionRetryDelay,
  // A signed-out visitor is not an error; a failing session call is handled by the guards.
  meta: { silent: true },
});

/**
 * The session's first answer, asked for as the app starts (main.tsx), while the first page's code loads.
 * A page the server sent without a session cookie (lib/config.ts `sessionCookie: false`) is a signed-out
 * visitor's: the answer is null without asking (the server could say nothing else), and fresh like any
 * other answer until a sign-in refreshes it. One request less on every public page's first load.
 */
export function startSession(
  client: QueryClient,
  config: Pick<AppConfig, 'sessionCookie'> = appConfig,
): void {
  if (config.sessionCookie === false) client.setQueryData<Session | null>(sessionQueryKey, null);
  else void client.prefetchQuery(sessionQueryOptions);
}

export interface UseSessionResult {
  /** The session, or null when signed out (also while pending). */
  data: Session | null;
  error: Error | null;
  isPending: boolean;
  isRefetching: boolean;
  refetch: () => Promise<unknown>;
}

export function useSession(): UseSessionResult {
  const query = useQuery(sessionQueryOptions);
  return {
    data: query.data ?? null,
    error: query.error,
    isPending: query.isPending,
    isRefetching: query.isRefetching,
    refetch: query.refetch,
  };
}

/** Refreshes the session after an auth call (docs/product.md#states). */
export async function refreshSession(client: QueryClient = appQueryClient) {
  await client.invalidateQueries({ queryKey: sessionQueryKey });
}

/** Forgets everything cached for the previous user, then reloads the (now empty) session. */
async function resetForSignedOut(client: QueryClient) {
  await client.cancelQueries();
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  client.setQueryData(sessionQueryKey, null);
  await refreshSession(client);
}

/** Only same-origin paths (a single leading slash) are accepted as return targets. */
export function safeRedirect(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return fallback;
  return value;
}

/** Starts Google sign-in; the browser leaves for the identity provider when the answer says so. */
export async function signIn(
  callbackURL = '/dashboard',
  options: { loginHint?: string; client?: QueryClient; navigate?: (url: string) => void } = {},
) {
  const {
    loginHint,
    client = appQueryClient,
    navigate = (url) => window.location.assign(url),
  } = options;
  const answer = await api.POST(`${AUTH_PREFIX}/sign-in/social`, {
    body: {
      provider: 'google',
      callbackURL: safeRedirect(callbackURL),
      ...(loginHint ? { loginHint } : {}),
    },
  });
  if (answer.url && answer.redirect) {
    navigate(answer.url);
  } else {
    await refreshSession(client);
  }
  return answer;
}

export async function signOut(client: QueryClient = appQueryClient): Promise<void> {
  try {
    await api.POST(`${AUTH_PREFIX}/sign-out`);
  } finally {
    await resetForSignedOut(client);
  }
}

export async function updateUser(
  patch: { name?: string; image?: string | null; language?: 'zh-CN' | 'en' },
  client: QueryClient = appQueryClient,
) {
  const answer = await api.POST(`${AUTH_PREFIX}/update-user`, { body: patch });
  await refreshSession(client);
  return answer;
}

export async function revokeOtherSessions(client: QueryClient = appQueryClient): Promise<void> {
  await api.POST(`${AUTH_PREFIX}/revoke-other-sessions`);
  await refreshSession(client);
}

/** Deletes the account once its e-mail is typed (docs/rules.md, "The customer's account"); signed out after. */
export async function deleteAccount(
  confirmation: string,
  client: QueryClient = appQueryClient,
): Promise<void> {
  await api.POST('/api/account/delete', { body: { confirmation } });
  await resetForSignedOut(client);
}
