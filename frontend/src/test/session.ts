import type { Session } from '../lib/session';

export function makeSession(
  overrides: { user?: Partial<Session['user']>; roles?: Partial<Session['roles']> } = {},
): Session {
  return {
    user: {
      id: 'user-1',
      name: 'Alice',
      email: 'alice@example.com',
      image: null,
      emailVerified: true,
      ...overrides.user,
    },
    session: { id: 'session-1', userId: 'user-1', expiresAt: null },
    roles: { isAdmin: false, isQuizManager: false, ...overrides.roles },
  };
}
