import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CODE } from '../features/ai-generate/components/GenerationTester';
import type { GenerationStatusResponse } from '../features/ai-generate/api/get-generation-status';
import type { License } from '../lib/api/licenses';
import { sessionQueryKey } from '../lib/session';
import { mockApi, status, type ApiRoutes } from '../test/api';
import { setTestLanguage, tr } from '../test/i18n';
import { makeLicense, makeLicenseList } from '../test/licenses';
import { createTestQueryClient, render, screen, waitFor, within } from '../test/render';
import { makeSession } from '../test/session';
import TestPage from './test';

/** A seat with saved AI settings (the key only masked: the page never sees it). */
const configured = (seatIndex: number, websiteUrl: string | null = null): License =>
  makeLicense({
    seatIndex,
    websiteUrl,
    aiConfigStatus: {
      configured: true,
      lastUpdated: '2026-01-02T12:00:00.000Z',
      maskedApiKey: 'sk-l****cdef',
      baseUrl: 'https://ai.example.com/v1',
    },
  });
/** Seat 1 has no settings, seat 2 has (so "the first configured seat" is not simply the first seat). */
const ONE_CONFIGURED = [makeLicense({ seatIndex: 1 }), configured(2, 'https://shop.example.com')];

/** The form's default prompt, in `en` (the catalogues are in once the tests run). */
const defaultPrompt = () => tr('en', 'ai:generate.defaultPrompt');

const running: GenerationStatusResponse = { status: 'running', result: null, error: null };
const pending: GenerationStatusResponse = { status: 'pending', result: null, error: null };

/**
 * The status answers, one per poll (the last one repeats); a function answers anything else. `start`
 * answers the generation request (else workflow wf-1 starts). The visitor is signed in with `seats`
 * (null: signed out, and the seats are not asked for).
 */
function setup(
  statuses: (GenerationStatusResponse | (() => ReturnType<typeof status>))[],
  start?: ApiRoutes['POST /api/ai/generate'],
  seats: License[] | null = ONE_CONFIGURED,
) {
  let polls = 0;
  /** The (fake) clock at each status call. */
  const pollTimes: number[] = [];
  const fetch = mockApi({
    'POST /api/ai/generate': start ?? (() => ({ workflowId: 'wf-1' })),
    'GET /api/ai/generate/{id}/status': () => {
      pollTimes.push(Date.now());
      const next = statuses[Math.min(polls++, statuses.length - 1)]!;
      return typeof next === 'function' ? next() : next;
    },
    ...(seats && { 'GET /api/apitokens/licenses': () => makeLicenseList(seats) }),
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionQueryKey, seats ? makeSession() : null);
  const result = render(<TestPage />, { queryClient });
  const statusCalls = () => fetch.calls.filter((c) => c.url.endsWith('/status')).length;
  return { ...result, ...fetch, statusCalls, pollTimes };
}

/** Sends with the defaults, once the saved settings are known. */
async function send(user: ReturnType<typeof setup>['user'], button = 'send') {
  await screen.findByRole('note');
  await user.click(screen.getByRole('button', { name: button }));
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/test page', () => {
  it('starts idle with two inputs with defaults and a send button: no URL, key or model to fill', async () => {
    setup([running]);
    expect(
      screen.getByRole('heading', { level: 1, name: 'AI Generation Test' }),
    ).toBeInTheDocument();
    expect(screen.getByText('developer test page for AI generation')).toBeInTheDocument();
    expect(screen.getByLabelText(/^user prompt/)).toHaveValue(defaultPrompt());
    expect(screen.getByLabelText(/^code snippet/)).toHaveValue(DEFAULT_CODE);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'using the saved AI settings of seat #2 · shop.example.com',
    );
    expect(screen.queryByLabelText(/^API URL/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^API Key/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^model/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'use other settings' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'send' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends with the first configured seat when there are several, or the one picked', async () => {
    const seats = [
      makeLicense({ seatIndex: 1 }),
      configured(2),
      configured(3, 'https://c.example'),
    ];
    const { user, calls } = setup(
      [{ status: 'completed', result: { content: 'ok' }, error: null }],
      undefined,
      seats,
    );
    const picker = await screen.findByRole('combobox', { name: /^saved AI settings/ });
    expect(picker).toHaveValue('lic-2');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['seat #2', 'seat #3 · c.example']);
    await user.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await user.selectOptions(picker, 'lic-3');
    await screen.findByLabelText('generated content');
    await user.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        licenseId: 'lic-2',
        request: { user_prompt: defaultPrompt(), selected_code: DEFAULT_CODE, stream: false },
      },
      {
        licenseId: 'lic-3',
        request: { user_prompt: defaultPrompt(), selected_code: DEFAULT_CODE, stream: false },
      },
    ]);
  });

  it(
    'keeps the provider fields behind "use other settings", asked for only then',
    { timeout: 20_000 },
    async () => {
      const { user, calls } = setup([running]);
      await user.click(await screen.findByRole('checkbox', { name: 'use other settings' }));
      expect(screen.getByLabelText(/^API URL/)).toHaveValue('');
      expect(screen.getByLabelText(/^API URL/)).toHaveAttribute(
        'placeholder',
        'e.g. https://api.openai.com/v1',
      );
      expect(screen.getByRole('button', { name: 'show or hide the API Key' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'send' }));
      expect(screen.getByText('please enter API Key')).toBeInTheDocument();
      expect(screen.getByText('please enter API URL')).toBeInTheDocument();
      expect(screen.getByText('please enter a model ID')).toBeInTheDocument();
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
      await user.type(screen.getByLabelText(/^API URL/), 'http://127.0.0.1:9/v1');
      await user.type(screen.getByLabelText(/^API Key/), 'sk-test-1');
      await user.type(screen.getByLabelText(/^model/), 'dev-chat');
      await user.click(screen.getByRole('button', { name: 'send' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
        config: { api_key: 'sk-test-1', base_url: 'http://127.0.0.1:9/v1', model: 'dev-chat' },
        request: { user_prompt: defaultPrompt(), selected_code: DEFAULT_CODE, stream: false },
      });
    },
  );

  it('says so when no seat has saved settings, or when signed out, and sends nothing', async () => {
    const { user, calls } = setup([running], undefined, [makeLicense({ seatIndex: 1 })]);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'none of your seats has saved AI settings yet: set them up in the console, or use other settings',
    );
    expect(screen.getByRole('link', { name: 'console' })).toHaveAttribute('href', '/dashboard');
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'no saved AI settings to use: set them up in the console, or use other settings',
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('offers signing in to a signed-out visitor', async () => {
    const { calls } = setup([running], undefined, null);
    expect(await screen.findByRole('note')).toHaveTextContent(
      'sign in to use the AI settings saved in your console, or use other settings',
    );
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Ftest',
    );
    expect(calls.filter((c) => c.url === '/api/apitokens/licenses')).toHaveLength(0);
  });

  it('shows the workflow id while running, polls every 3 seconds and shows the content', async () => {
    const { user, calls, statusCalls, pollTimes } = setup([
      pending,
      running,
      {
        status: 'completed',
        result: { content: '<section>\n  <p>hi</p>\n</section>' },
        error: null,
      },
    ]);
    await send(user);

    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      method: 'POST',
      body: {
        licenseId: 'lic-2',
        request: { user_prompt: defaultPrompt(), selected_code: DEFAULT_CODE, stream: false },
      },
    });
    const spinner = await screen.findByRole('status', { name: 'generating' });
    expect(spinner).toHaveTextContent('wf-1');
    await waitFor(() => expect(statusCalls()).toBe(1));
    expect(screen.getByRole('button', { name: 'send' })).toBeDisabled();

    await advance(3_000);
    await waitFor(() => expect(statusCalls()).toBe(2));
    expect(screen.getByRole('status', { name: 'generating' })).toBeInTheDocument();

    await advance(3_000);
    const content = await screen.findByLabelText('generated content');
    expect(content.tagName).toBe('PRE');
    expect(content).toHaveTextContent('<section> <p>hi</p> </section>');
    expect(screen.queryByRole('status', { name: 'generating' })).not.toBeInTheDocument();

    await advance(10_000); // finished: no more polling
    expect(statusCalls()).toBe(3);
    // Every 3 seconds of the (fake) clock, whatever real time the test took.
    const gaps = pollTimes.slice(1).map((t, i) => t - pollTimes[i]!);
    for (const gap of gaps) expect(Math.abs(gap - 3_000)).toBeLessThan(50);
    expect(screen.getByRole('button', { name: 'send' })).toBeEnabled();
  });

  it("shows a failed workflow's error", async () => {
    const { user } = setup([
      running,
      { status: 'failed', result: null, error: 'Incorrect API key provided' },
    ]);
    await send(user);
    await screen.findByRole('status', { name: 'generating' });
    await advance(3_000);
    expect(await screen.findByText('Incorrect API key provided')).toBeInTheDocument();
  });

  it("shows 'generation failed' when a failed workflow gives no error", async () => {
    const { user } = setup([{ status: 'failed', result: null, error: null }]);
    await send(user);
    expect(await screen.findByText('generation failed')).toBeInTheDocument();
  });

  it('logs polling errors and keeps polling', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, statusCalls } = setup([
      () => status(500, { statusCode: 500, message: 'Internal server error' }),
      () => status(500, { statusCode: 500, message: 'Internal server error' }),
      { status: 'completed', result: { content: 'done' }, error: null },
    ]);
    await send(user);
    await waitFor(() => expect(statusCalls()).toBeGreaterThanOrEqual(1));
    await advance(3_000);
    expect(screen.getByRole('status', { name: 'generating' })).toBeInTheDocument();
    await advance(3_000);
    expect(await screen.findByLabelText('generated content')).toHaveTextContent('done');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('gives up after 600 seconds and stops polling', async () => {
    const { user, statusCalls } = setup([running]);
    await send(user);
    await screen.findByRole('status', { name: 'generating' });
    await advance(597_000);
    expect(screen.getByRole('status', { name: 'generating' })).toBeInTheDocument();
    expect(screen.queryByText('request timed out, please retry')).not.toBeInTheDocument();

    await advance(3_000);
    expect(await screen.findByText('request timed out, please retry')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'generating' })).not.toBeInTheDocument();
    const polled = statusCalls();
    expect(polled).toBeGreaterThanOrEqual(199);
    expect(polled).toBeLessThanOrEqual(201);
    await advance(30_000);
    expect(statusCalls()).toBe(polled);
    expect(screen.getByRole('button', { name: 'send' })).toBeEnabled();
  });

  it("says 'request timed out, please retry' when the server timed the workflow out", async () => {
    const { user } = setup([
      { status: 'timed_out', result: null, error: 'request timed out, please retry' },
    ]);
    await send(user);
    expect(await screen.findByText('request timed out, please retry')).toBeInTheDocument();
  });

  it("shows 'Request failed: {status}' when the request is refused", async () => {
    const { user, statusCalls } = setup([running], () =>
      status(401, {
        statusCode: 401,
        error: 'User not authenticated',
        message: 'User not authenticated',
      }),
    );
    await send(user);
    expect(await screen.findByText('Request failed: 401')).toBeInTheDocument();
    expect(screen.getByText('User not authenticated')).toBeInTheDocument();
    expect(statusCalls()).toBe(0);
  });

  it.each([
    [403, 'An active licence is required to use the AI features'],
    [429, 'Too many requests, please retry later'],
  ])("shows the server's reason under 'Request failed: %i'", async (code, text) => {
    const { user, statusCalls } = setup([running], () =>
      status(code, { statusCode: code, error: text, message: text }),
    );
    await send(user);
    expect(await screen.findByText(`Request failed: ${code}`)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(statusCalls()).toBe(0);
  });

  it.each([
    [
      'en',
      'Request failed: 429',
      'Too many AI generations are waiting for this account (at most 5): wait for one to finish, then retry',
    ],
    ['zh-CN', '请求失败：429', '此账号等待中的 AI 生成过多（最多 5 个）：请等其中一个完成后再试'],
  ] as const)(
    'says in %s that too many generations of the account are waiting (AI_QUEUE_FULL)',
    async (language, heading, text) => {
      await setTestLanguage(language);
      const server =
        'Too many AI generations are waiting for this account: wait for one to finish, then retry';
      const { user, statusCalls } = setup([running], () =>
        status(429, {
          statusCode: 429,
          code: 'AI_QUEUE_FULL',
          error: server,
          message: server,
          limit: 5,
          retryAfter: 5,
        }),
      );
      await send(user, language === 'en' ? 'send' : '发送');
      expect(await screen.findByText(heading)).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(statusCalls()).toBe(0);
    },
  );

  it('runs again after a result', async () => {
    const { user, calls } = setup([
      { status: 'completed', result: { content: 'first' }, error: null },
    ]);
    await send(user);
    expect(await screen.findByLabelText('generated content')).toHaveTextContent('first');
    await user.click(screen.getByRole('button', { name: 'send' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(await screen.findByLabelText('generated content')).toHaveTextContent('first');
  });

  it('is in Chinese when the interface is Chinese, the default prompt too', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup([running], () =>
      status(400, {
        statusCode: 400,
        code: 'AI_LICENSE_NOT_CONFIGURED',
        error: 'This seat has no saved AI settings: configure them in the console first',
        message: 'This seat has no saved AI settings: configure them in the console first',
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'AI 生成测试' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^用户提示词/)).toHaveValue(
      tr('zh-CN', 'ai:generate.defaultPrompt'),
    );
    expect(screen.getByLabelText(/^代码片段/)).toHaveValue(DEFAULT_CODE);
    expect(await screen.findByRole('note')).toHaveTextContent(
      '将使用 座位 #2 · shop.example.com 保存的 AI 设置',
    );
    await send(user, '发送');
    expect(await screen.findByText('请求失败：400')).toBeInTheDocument();
    expect(screen.getByText('此座位还没有保存的 AI 设置：请先在控制台中配置')).toBeInTheDocument();
    // The other settings, and the key field's eye button (Mantine names it in English unless told).
    await user.click(screen.getByRole('checkbox', { name: '使用其他设置' }));
    expect(screen.getByRole('button', { name: '显示或隐藏 API Key' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^API URL/)).toHaveAttribute(
      'placeholder',
      '例如 https://api.openai.com/v1',
    );
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(screen.getByText('请输入 API Key')).toBeInTheDocument();
    expect(screen.getByText('请输入模型 ID')).toBeInTheDocument();
  });

  it('says in Chinese when no seat has saved settings', async () => {
    await setTestLanguage('zh-CN');
    setup([running], undefined, []);
    expect(await screen.findByRole('note')).toHaveTextContent(
      '你的座位还没有保存 AI 设置：请先在控制台中设置，或使用其他设置',
    );
    expect(screen.getByRole('link', { name: '控制台' })).toBeInTheDocument();
  });

  it('shows the workflow and the timeout in Chinese', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup([running, { status: 'timed_out', result: null, error: null }]);
    await send(user, '发送');
    expect(await screen.findByRole('status', { name: '正在生成' })).toHaveTextContent(
      '正在生成... 工作流 wf-1',
    );
    expect(await screen.findByText('请求超时，请重试', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
