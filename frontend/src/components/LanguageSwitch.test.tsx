import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import { mockApi, type ApiRoutes } from '../test/api';
import { createTestQueryClient, render } from '../test/render';
import { makeSession } from '../test/session';
import { LanguageSwitch } from './LanguageSwitch';

const session = makeSession();

/** The account's side of the switch: saving the language answers the updated user. */
const routes: ApiRoutes = {
  'POST /api/auth/update-user': () => ({ status: true, user: session.user }),
};

describe('the language switch remembers the choice on the account', () => {
  it('signed in: the switch also saves the language for e-mails (update-user)', async () => {
    const { calls } = mockApi(routes);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, session);
    const { user } = render(<LanguageSwitch variant="full" label="Language" />, { queryClient });
    const group = screen.getByRole('group', { name: 'Language' });
    await user.click(within(group).getByRole('button', { name: '中文' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/auth/update-user')?.body).toEqual({
        language: 'zh-CN',
      }),
    );
    await user.click(within(group).getByRole('button', { name: 'English' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.route === 'POST /api/auth/update-user').map((c) => c.body),
      ).toEqual([{ language: 'zh-CN' }, { language: 'en' }]),
    );
  });

  it('signed out: only the cookie', async () => {
    const { calls } = mockApi(routes);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, null);
    const { user } = render(<LanguageSwitch />, { queryClient });
    await user.click(screen.getByRole('button', { name: '中文' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(calls.filter((c) => c.path === '/api/auth/update-user')).toEqual([]);
  });
});
