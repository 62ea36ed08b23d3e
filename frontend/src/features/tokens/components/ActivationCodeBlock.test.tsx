import { act, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch';
import { setTestLanguage } from '../../../test/i18n';
import { createTestQueryClient, render, screen, waitFor } from '../../../test/render';
import { makeLicense, makeLicenseList } from '../../../test/licenses';
import { tokenQueryKey, type TokenResponse } from '../api/get-token';
import { ActivationCodeBlock } from './ActivationCodeBlock';
import { licensesQueryKey } from '../../../lib/api/query-keys';

const CODE_A = `abcd${'0'.repeat(56)}wxyz`;
const CODE_B = `beef${'1'.repeat(56)}cafe`;

const tokenAnswer = (plainToken: string, lastUsedAt: string | null = null): TokenResponse => ({
  userToken: {
    id: 'tok-1',
    userId: 'user-1',
    lastUsedAt,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastRegeneratedAt: null,
  },
  plainToken,
  hasToken: true,
});

function setup(token: TokenResponse | null = tokenAnswer(CODE_A), sites: (string | null)[] = []) {
  const queryClient = createTestQueryClient();
  if (token) queryClient.setQueryData(tokenQueryKey, token);
  queryClient.setQueryData(
    licensesQueryKey,
    makeLicenseList(sites.map((websiteUrl, i) => makeLicense({ seatIndex: i + 1, websiteUrl }))),
  );
  return render(<ActivationCodeBlock />, { queryClient });
}

const code = () => screen.getByLabelText('activation code', { selector: 'pre' });

describe('ActivationCodeBlock in Chinese', () => {
  it('says what the docs say: 「显示」「复制」「重新生成」', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup(tokenAnswer(CODE_A, new Date(2026, 10, 25, 12).toISOString()));
    expect(screen.getByRole('heading', { name: '激活码' })).toBeInTheDocument();
    expect(screen.getByLabelText('激活码', { selector: 'pre' })).toHaveTextContent('abcd...wxyz');
    expect(screen.getByText('最近使用：2026年11月25日')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '显示' }));
    expect(screen.getByLabelText('激活码', { selector: 'pre' })).toHaveTextContent(CODE_A);
    expect(screen.getByRole('button', { name: '隐藏' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '复制' }));
    expect(await screen.findByText('激活码已复制')).toBeInTheDocument();
  });

  it('shows the loading text in Chinese', async () => {
    await setTestLanguage('zh-CN');
    mockFetch(() => new Promise<Response>(() => {}));
    setup(null);
    expect(screen.getByText('正在加载激活码...')).toBeInTheDocument();
  });
});

describe('ActivationCodeBlock', () => {
  it('shows a loading text while there is no token', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    setup(null);
    expect(screen.getByText('loading activation code...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'copy' })).not.toBeInTheDocument();
  });

  it('masks the code as first 4 ... last 4 and shows or hides it', async () => {
    const { user } = setup();
    expect(code()).toHaveTextContent(/^abcd\.\.\.wxyz$/);
    await user.click(screen.getByRole('button', { name: 'show' }));
    expect(code()).toHaveTextContent(CODE_A);
    await user.click(screen.getByRole('button', { name: 'hide' }));
    expect(code()).toHaveTextContent('abcd...wxyz');
  });

  it('copies the code', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'copy' }));
    expect(await screen.findByText('activation code copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(CODE_A);
  });

  it('shows the last-used date in US English when there is one', () => {
    setup(tokenAnswer(CODE_A, new Date(2026, 10, 25, 12).toISOString()));
    expect(screen.getByText('last used: November 25, 2026')).toBeInTheDocument();
  });

  it('leaves the last-used line out when the code was never used', () => {
    setup();
    expect(screen.queryByText(/last used/)).not.toBeInTheDocument();
  });

  it("shows 'error loading data' when the code cannot be fetched", async () => {
    mockFetch(() => jsonResponse({ statusCode: 500, message: 'Internal server error' }, 500));
    setup(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'error loading data: Failed to fetch user token',
    );
  });
});

const regenerateButton = () => screen.getByRole('button', { name: /^regenerate$/ });
const dialog = () => screen.findByRole('dialog');

describe('ActivationCodeBlock regenerate dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names the bound sites that stop working, and cancelling sends nothing and gives focus back', async () => {
    const { calls } = mockFetch(() => jsonResponse(tokenAnswer(CODE_B), 200));
    setup(tokenAnswer(CODE_A), ['https://shop.example', null, 'https://blog.example']);
    const opener = regenerateButton();
    opener.focus();
    fireEvent.click(opener);
    const modal = await dialog();
    expect(
      within(modal).getByRole('heading', { name: 'regenerate the activation code?' }),
    ).toBeInTheDocument();
    expect(modal).toHaveTextContent(
      '2 bound sites use this code and will stop working until you paste the new code into their plugin and theme settings:',
    );
    const sites = within(modal).getByRole('list', { name: 'bound sites' });
    expect(
      within(sites)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['https://shop.example', 'https://blog.example']);
    fireEvent.click(within(modal).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(regenerateButton()).toHaveFocus();
    expect(calls).toHaveLength(0);
    expect(code()).toHaveTextContent('abcd...wxyz');
  });

  it('counts one site in the singular, and says so when no site is bound', async () => {
    mockFetch(() => jsonResponse(tokenAnswer(CODE_B), 200));
    const { unmount } = setup(tokenAnswer(CODE_A), ['https://shop.example']);
    fireEvent.click(regenerateButton());
    expect(await dialog()).toHaveTextContent(
      '1 bound site uses this code and will stop working until you paste the new code into its plugin and theme settings:',
    );
    unmount();
    setup(tokenAnswer(CODE_A), [null]);
    fireEvent.click(regenerateButton());
    const modal = await dialog();
    expect(modal).toHaveTextContent('No site is bound to your seats yet');
    expect(within(modal).queryByRole('list')).not.toBeInTheDocument();
  });

  it('regenerates on a second click within 3 seconds, then shows the new code to copy and what to do next', async () => {
    const { calls } = mockFetch(() => jsonResponse(tokenAnswer(CODE_B), 200));
    setup(tokenAnswer(CODE_A), ['https://shop.example']);
    fireEvent.click(regenerateButton());
    const modal = await dialog();
    fireEvent.click(within(modal).getByRole('button', { name: 'regenerate' }));
    expect(
      await screen.findByText('click again to confirm regenerating the activation code'),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    act(() => vi.advanceTimersByTime(2900));
    fireEvent.click(within(modal).getByRole('button', { name: 'confirm regenerate' }));

    expect(
      await within(modal).findByLabelText('new activation code', { selector: 'pre' }),
    ).toHaveTextContent(CODE_B);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/apitokens/token/regenerate', method: 'POST' });
    expect(modal).toHaveTextContent(
      'Next: paste the new code into the plugin and theme settings of your 1 bound site and save:',
    );
    expect(within(modal).getByRole('listitem')).toHaveTextContent('https://shop.example');
    const copyNew = within(modal).getByRole('button', { name: 'copy new code' });
    await waitFor(() => expect(copyNew).toHaveFocus());
    fireEvent.click(copyNew);
    expect(await screen.findByText('activation code copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(CODE_B);

    fireEvent.click(within(modal).getByRole('button', { name: 'done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(regenerateButton()).toHaveFocus();
    expect(code()).toHaveTextContent('beef...cafe');
  });

  it('asks again after 3 seconds instead of regenerating', async () => {
    const { calls } = mockFetch(() => jsonResponse(tokenAnswer(CODE_B), 201));
    setup();
    fireEvent.click(regenerateButton());
    const modal = await dialog();
    fireEvent.click(within(modal).getByRole('button', { name: 'regenerate' }));
    expect(within(modal).getByRole('button', { name: 'confirm regenerate' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3000));
    // The click after the window arms again; nothing is sent.
    fireEvent.click(within(modal).getByRole('button', { name: 'regenerate' }));
    expect(calls).toHaveLength(0);
    fireEvent.click(within(modal).getByRole('button', { name: 'confirm regenerate' }));
    expect(
      await within(modal).findByLabelText('new activation code', { selector: 'pre' }),
    ).toHaveTextContent(CODE_B);
    expect(calls).toHaveLength(1);
  });

  it("leaves 'Failed to regenerate token' to the global handler and keeps the old code on failure", async () => {
    mockFetch(() => jsonResponse({ statusCode: 500, message: 'Internal server error' }, 500));
    const { queryClient } = setup();
    fireEvent.click(regenerateButton());
    const modal = await dialog();
    fireEvent.click(within(modal).getByRole('button', { name: 'regenerate' }));
    fireEvent.click(within(modal).getByRole('button', { name: 'confirm regenerate' }));
    await waitFor(() =>
      expect(within(modal).getByRole('button', { name: 'regenerate' })).toBeInTheDocument(),
    );
    const [failed] = queryClient.getMutationCache().getAll();
    expect(failed?.state.status).toBe('error');
    expect(failed?.meta?.errorText).toBe('Failed to regenerate token');
    expect(within(modal).queryByLabelText('new activation code')).not.toBeInTheDocument();
    expect(code()).toHaveTextContent('abcd...wxyz');
  });

  it('speaks Chinese: the warning counts the sites and the new code comes with the next step', async () => {
    await setTestLanguage('zh-CN');
    mockFetch(() => jsonResponse(tokenAnswer(CODE_B), 200));
    setup(tokenAnswer(CODE_A), ['https://shop.example', 'https://blog.example']);
    fireEvent.click(screen.getByRole('button', { name: '重新生成' }));
    const modal = await dialog();
    expect(within(modal).getByRole('heading', { name: '重新生成激活码？' })).toBeInTheDocument();
    expect(modal).toHaveTextContent(
      '2 个已绑定的站点正在使用此激活码，在你把新激活码填入其插件和主题设置之前，这些站点将无法正常工作：',
    );
    expect(within(modal).getByRole('list', { name: '已绑定的站点' })).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: '重新生成' }));
    expect(await screen.findByText('再次点击以确认重新生成激活码')).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: '确认重新生成' }));
    expect(
      await within(modal).findByLabelText('新的激活码', { selector: 'pre' }),
    ).toHaveTextContent(CODE_B);
    expect(modal).toHaveTextContent(
      '下一步：在以下 2 个站点的插件和主题设置中填入新激活码并保存：',
    );
    expect(within(modal).getByRole('button', { name: '复制新激活码' })).toBeInTheDocument();
    fireEvent.click(within(modal).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '重新生成' })).toHaveFocus();
  });
});
