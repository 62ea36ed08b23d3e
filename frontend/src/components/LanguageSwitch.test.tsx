import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey } from '../lib/session';
import { jsonResponse, mockFetch } from '../test/fetch';
import { createTestQueryClient, render } from '../test/render';
import { makeSession } from '../test/session';
import { LanguageSwitch } from './LanguageSwitch';

describe('the language switch remembers the choice on the account', () => {
  it('signed in: the switch also saves the language for e-mails (update-user)', async () => {
    const session = makeSession();
    const { calls } = mockFetch((call) =>
      call.url.includes('/update-user')
        ? jsonResponse({ status: true, user: session.user })
        : jsonResponse(session),
    );
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, session);
    const { user } = render(<LanguageSwitch variant="full" label="Language" />, { queryClient });
    const group = screen.getByRole('group', { name: 'Language' });
    await user.click(within(group).getByRole('button', { name: '中文' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api/auth/update-user'))?.body).toEqual({
        language: 'zh-CN',
      }),
    );
    await user.click(within(group).getByRole('button', { name: 'English' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/update-user')).map((c) => c.body)).toEqual([
        { language: 'zh-CN' },
        { language: 'en' },
      ]),
    );
  });

  it('signed out: only the cookie', async () => {
    const { calls } = mockFetch(() => jsonResponse(null));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, null);
    const { user } = render(<LanguageSwitch />, { queryClient });
    await user.click(screen.getByRole('button', { name: '中文' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(calls.filter((c) => c.url.includes('/update-user'))).toEqual([]);
  });
});
