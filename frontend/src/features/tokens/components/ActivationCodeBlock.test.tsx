import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch';
import { setTestLanguage } from '../../../test/i18n';
import { createTestQueryClient, render, screen, waitFor } from '../../../test/render';
import { tokenQueryKey, type TokenResponse } from '../api/get-token';
import { ActivationCodeBlock } from './ActivationCodeBlock';

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

function setup(token: TokenResponse | null = tokenAnswer(CODE_A)) {
  const queryClient = createTestQueryClient();
  if (token) queryClient.setQueryData(tokenQueryKey, token);
  return render(<ActivationCodeBlock />, { queryClient });
}

const code = () => screen.getByLabelText('activation code', { selector: 'pre' });
const regenerateButton = () => screen.getByRole('button', { name: /regenerate/ });

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
    await user.click(screen.getByRole('button', { name: '重新生成' }));
    expect(await screen.findByText('再次点击以确认重新生成激活码')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确认重新生成' })).toBeInTheDocument();
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

describe('ActivationCodeBlock regenerate confirmation', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('regenerates on a second click within 3 seconds', async () => {
    const { calls } = mockFetch(() => jsonResponse(tokenAnswer(CODE_B), 200));
    setup();
    fireEvent.click(regenerateButton());
    expect(
      await screen.findByText('click again to confirm regenerating the activation code'),
    ).toBeInTheDocument();
    expect(regenerateButton()).toHaveTextContent('confirm regenerate');
    expect(calls).toHaveLength(0);

    act(() => vi.advanceTimersByTime(2900));
    fireEvent.click(regenerateButton());
    await waitFor(() => expect(code()).toHaveTextContent('beef...cafe'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/apitokens/token/regenerate', method: 'POST' });
    await waitFor(() => expect(regenerateButton()).toHaveTextContent(/^regenerate$/));
  });

  it('re-arms after 3 seconds instead of regenerating', async () => {
    const { calls } = mockFetch(() => jsonResponse(tokenAnswer(CODE_B), 201));
    setup();
    fireEvent.click(regenerateButton());
    expect(regenerateButton()).toHaveTextContent('confirm regenerate');

    act(() => vi.advanceTimersByTime(3000));
    expect(regenerateButton()).toHaveTextContent(/^regenerate$/);

    // The click after the window arms again; nothing is sent.
    fireEvent.click(regenerateButton());
    expect(regenerateButton()).toHaveTextContent('confirm regenerate');
    expect(calls).toHaveLength(0);
    expect(code()).toHaveTextContent('abcd...wxyz');

    // ...and a second click within the new window regenerates (201: created).
    fireEvent.click(regenerateButton());
    await waitFor(() => expect(code()).toHaveTextContent('beef...cafe'));
    expect(calls).toHaveLength(1);
  });

  it("toasts 'Failed to regenerate token' and keeps the old code on failure", async () => {
    mockFetch(() => jsonResponse({ statusCode: 500, message: 'Internal server error' }, 500));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(tokenQueryKey, tokenAnswer(CODE_A));
    // The app's global error handler shows mutation failures; here the mutation cache has none.
    const { notifications } = await import('@mantine/notifications');
    const show = vi.spyOn(notifications, 'show');
    render(<ActivationCodeBlock />, { queryClient });
    fireEvent.click(regenerateButton());
    fireEvent.click(regenerateButton());
    await waitFor(() => expect(regenerateButton()).toHaveTextContent(/^regenerate$/));
    expect(code()).toHaveTextContent('abcd...wxyz');
    // The failure is the app's global handler's to toast, as 'Failed to regenerate token'.
    const [failed] = queryClient.getMutationCache().getAll();
    expect(failed?.state.status).toBe('error');
    expect(failed?.meta?.errorText).toBe('Failed to regenerate token');
    expect(show).toHaveBeenCalledTimes(1); // only the 'click again' toast
  });
});
