import { afterEach, describe, expect, it, vi } from 'vitest';
import ProfilePage from './profile';
import { sessionQueryKey } from '../lib/session';
import { jsonResponse, mockFetch, type FetchCall } from '../test/fetch';
import { renderIn } from '../test/i18n';
import { createTestQueryClient, render, screen, waitFor, within } from '../test/render';
import { makeSession } from '../test/session';

const EMAIL = 'alice@example.com';
const HERE = {
  id: 'here',
  device: { browser: 'Safari', os: 'iPhone' },
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSeenAt: '2026-03-04T10:00:00.000Z',
  expiresAt: '2026-04-03T10:00:00.000Z',
  current: true,
};
const THERE = {
  ...HERE,
  id: 'there',
  device: { browser: 'Chrome', os: 'Windows' },
  lastSeenAt: '2026-03-02T08:30:00.000Z',
  current: false,
};
const UNKNOWN = { ...THERE, id: 'unknown', device: { browser: null, os: null } };

/** The server, as far as the profile page talks to it. */
function server(
  options: {
    sessions?: (typeof HERE | typeof UNKNOWN)[];
    delete?: (call: FetchCall) => Response;
  } = {},
) {
  let sessions = options.sessions ?? [HERE, THERE];
  let deleted = false;
  return mockFetch((call) => {
    if (call.url.endsWith('/api/account/sessions')) return jsonResponse({ sessions });
    if (call.url.endsWith('/api/auth/revoke-other-sessions')) {
      sessions = sessions.filter((s) => s.current);
      return jsonResponse({ status: true });
    }
    if (call.url.endsWith('/api/account/delete')) {
      if (options.delete) return options.delete(call);
      deleted = true;
      return jsonResponse({ success: true });
    }
    if (call.url.endsWith('/api/account/export'))
      return new Response('{"format":"seatkeeper-account-export"}', {
        headers: {
          'Content-Type': 'application/json',
          'Content-Disposition': 'attachment; filename="seatkeeper-account-2026-03-04.json"',
        },
      });
    if (call.url.endsWith('get-session'))
      return jsonResponse(deleted ? null : makeSession({ user: { email: EMAIL } }));
    return jsonResponse({ success: true });
  });
}

function setup() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, makeSession({ user: { email: EMAIL } }));
  return render(<ProfilePage />, { route: '/profile', path: '/profile', queryClient });
}

afterEach(() => vi.unstubAllGlobals());

describe('the profile page: sessions, my data, deleting the account', () => {
  it('lists the signed-in devices, this one marked, and signs out everywhere else', async () => {
    const { calls } = server();
    const { user } = setup();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Safari on iPhone');
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Active now');
    expect(items[1]).toHaveTextContent('Chrome on Windows');
    expect(items[1]).toHaveTextContent(/Last active March 2, 2026/);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Every other device was signed out')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByText('No other device is signed in.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/revoke-other-sessions'))).toEqual([
      expect.objectContaining({ method: 'POST' }),
    ]);
  });

  it('names a device it cannot tell', async () => {
    server({ sessions: [HERE, UNKNOWN] });
    setup();
    expect(await screen.findByText('Unknown browser on unknown system')).toBeInTheDocument();
  });

  it('downloads my data as the file the server names', async () => {
    const created = vi.fn(() => 'blob:export');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const { calls } = server();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(
      await screen.findByText('Your data was downloaded (seatkeeper-account-2026-03-04.json)'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/api/account/export') && c.method === 'GET')).toBe(
      true,
    );
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('deletes the account only once the e-mail is typed, then goes home', async () => {
    const { calls } = server();
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    expect(confirm).toBeDisabled();
    const input = within(dialog).getByRole('textbox', {
      name: 'Type your e-mail address to confirm',
    });
    await user.type(input, 'alice@example');
    expect(confirm).toBeDisabled();
    await user.type(input, '.COM');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.find((c) => c.url.endsWith('/api/account/delete'))).toMatchObject({
      method: 'POST',
      body: { confirmation: 'alice@example.COM' },
    });
    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument();
  });

  it('shows a refusal in the dialog and keeps it open (a refund in flight)', async () => {
    server({
      delete: () =>
        jsonResponse(
          {
            statusCode: 409,
            error: 'x',
            message: 'x',
            code: 'ACCOUNT_REFUND_IN_FLIGHT',
          },
          409,
        ),
    });
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), EMAIL);
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A refund of one of your orders is in progress: the account can be deleted once it is settled',
    );
    // Still on the page (the probe shows only for another path), the dialog open.
    expect(screen.queryByTestId('location')).toBeNull();
    expect(dialog).toBeInTheDocument();
  });

  it('returns the focus to the button that opened the dialog when cancelled', async () => {
    server();
    const { user } = setup();
    const opener = screen.getByRole('button', { name: 'Delete my account' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('speaks Chinese in zh-CN', async () => {
    server();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(sessionQueryKey, makeSession({ user: { email: EMAIL } }));
    const { user } = await renderIn('zh-CN', <ProfilePage />, {
      route: '/profile',
      path: '/profile',
      queryClient,
    });
    expect(await screen.findByText('iPhone 上的 Safari')).toBeInTheDocument();
    expect(screen.getByText('当前设备')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '已登录的设备' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '退出其他所有设备' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载我的数据' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '注销账号' }));
    const dialog = await screen.findByRole('dialog', { name: '确定注销账号？' });
    expect(
      within(dialog).getByRole('textbox', { name: '输入您的邮箱地址以确认' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '永久注销我的账号' })).toBeDisabled();
  });
});
