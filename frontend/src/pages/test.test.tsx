import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CODE } from '../features/ai-generate/components/GenerationTester';
import type { GenerationStatusResponse } from '../features/ai-generate/api/get-generation-status';
import { DEFAULT_AI_API_URL } from '../lib/ai-provider';
import { jsonResponse, mockFetch, type FetchCall } from '../test/fetch';
import { setTestLanguage, tr } from '../test/i18n';
import { render, screen, waitFor } from '../test/render';
import TestPage from './test';

/** The form's default prompt, in `en` (the catalogues are in once the tests run). */
const defaultPrompt = () => tr('en', 'ai:generate.defaultPrompt');

const running: GenerationStatusResponse = { status: 'running', result: null, error: null };
const pending: GenerationStatusResponse = { status: 'pending', result: null, error: null };

/** The status answers, one per poll (the last one repeats); a function answers anything else. */
function setup(statuses: (GenerationStatusResponse | (() => Response))[], start?: () => Response) {
  let polls = 0;
  /** The (fake) clock at each status call. */
  const pollTimes: number[] = [];
  const fetch = mockFetch(({ method, url }: FetchCall) => {
    if (method === 'POST' && url === '/api/ai/generate')
      return start ? start() : jsonResponse({ workflowId: 'wf-1' });
    if (method === 'GET' && url === '/api/ai/generate/wf-1/status') {
      pollTimes.push(Date.now());
      const next = statuses[Math.min(polls++, statuses.length - 1)]!;
      return typeof next === 'function' ? next() : jsonResponse(next);
    }
    return jsonResponse({ statusCode: 404, message: 'Not Found' }, 404);
  });
  const result = render(<TestPage />);
  const statusCalls = () => fetch.calls.filter((c) => c.url.endsWith('/status')).length;
  return { ...result, ...fetch, statusCalls, pollTimes };
}

async function send(user: ReturnType<typeof setup>['user'], key = 'sk-test-1', button = 'send') {
  await user.type(screen.getByLabelText(/^API Key/), key);
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
  it('starts idle with the default prompt, code snippet and API URL', () => {
    setup([running]);
    expect(
      screen.getByRole('heading', { level: 1, name: 'AI Generation Test' }),
    ).toBeInTheDocument();
    expect(screen.getByText('developer test page for AI generation')).toBeInTheDocument();
    expect(screen.getByLabelText(/^user prompt/)).toHaveValue(defaultPrompt());
    expect(screen.getByLabelText(/^code snippet/)).toHaveValue(DEFAULT_CODE);
    expect(screen.getByRole('button', { name: 'show or hide the API Key' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^API URL/)).toHaveValue(DEFAULT_AI_API_URL);
    expect(screen.getByRole('button', { name: 'send' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks for the API Key before sending', async () => {
    const { user, calls } = setup([running]);
    await user.click(screen.getByRole('button', { name: 'send' }));
    expect(screen.getByText('please enter API Key')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
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
    await user.clear(screen.getByLabelText(/^model/));
    await user.type(screen.getByLabelText(/^model/), 'dev-chat');
    await send(user);

    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: {
        config: { api_key: 'sk-test-1', base_url: DEFAULT_AI_API_URL, model: 'dev-chat' },
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
      () => jsonResponse({ statusCode: 500, message: 'Internal server error' }, 500),
      () => jsonResponse({ statusCode: 500, message: 'Internal server error' }, 500),
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
      jsonResponse(
        { statusCode: 401, error: 'User not authenticated', message: 'User not authenticated' },
        401,
      ),
    );
    await send(user);
    expect(await screen.findByText('Request failed: 401')).toBeInTheDocument();
    expect(screen.getByText('User not authenticated')).toBeInTheDocument();
    expect(statusCalls()).toBe(0);
  });

  it.each([
    [403, 'An active licence is required to use the AI features'],
    [429, 'Too many requests, please retry later'],
  ])("shows the server's reason under 'Request failed: %i'", async (status, text) => {
    const { user, statusCalls } = setup([running], () =>
      jsonResponse({ statusCode: status, error: text, message: text }, status),
    );
    await send(user);
    expect(await screen.findByText(`Request failed: ${status}`)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(statusCalls()).toBe(0);
  });

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
      jsonResponse(
        { statusCode: 401, error: 'User not authenticated', message: 'User not authenticated' },
        401,
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'AI 生成测试' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^用户提示词/)).toHaveValue(
      tr('zh-CN', 'ai:generate.defaultPrompt'),
    );
    expect(screen.getByLabelText(/^代码片段/)).toHaveValue(DEFAULT_CODE);
    // The key field's eye button too (Mantine names it in English unless told).
    expect(screen.getByRole('button', { name: '显示或隐藏 API Key' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^模型/));
    await user.click(screen.getByRole('button', { name: '发送' }));
    expect(screen.getByText('请输入 API Key')).toBeInTheDocument();
    expect(screen.getByText('请输入模型 ID')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^模型/), 'dev-chat');
    await send(user, 'sk-1', '发送');
    expect(await screen.findByText('请求失败：401')).toBeInTheDocument();
  });

  it('shows the workflow and the timeout in Chinese', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup([running, { status: 'timed_out', result: null, error: null }]);
    await send(user, 'sk-1', '发送');
    expect(await screen.findByRole('status', { name: '正在生成' })).toHaveTextContent(
      '正在生成... 工作流 wf-1',
    );
    expect(await screen.findByText('请求超时，请重试', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
