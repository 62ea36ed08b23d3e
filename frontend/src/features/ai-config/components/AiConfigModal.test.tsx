import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AI_SAVED_OK as SAVED_OK,
  AI_SEAT as LIC,
  NO_AI_CONFIG as EMPTY,
} from '../../../test/ai-config';
import {
  mockApi,
  status,
  type ApiAnswer,
  type ApiRecordedCall,
  type ApiRoutes,
} from '../../../test/api';
import { setTestLanguage } from '../../../test/i18n';
import { makeLicense } from '../../../test/licenses';
import { render, screen, waitFor, within } from '../../../test/render';
import type { License } from '../../../lib/api/licenses';
import type { AiConfig } from '../api/get-ai-config';
import { AiSettingsButton } from './AiSettingsButton';

const SAVED: AiConfig = {
  baseUrl: 'https://ai.example.com/v1',
  maskedApiKey: 'sk-l****cdef',
  lastUpdated: new Date(2026, 10, 25, 23, 30).toISOString(),
  model: 'gpt-4o-mini',
};

const SAVE = 'PUT /api/apitokens/licenses/{id}/ai-config';
const REVEAL = 'POST /api/apitokens/licenses/{id}/ai-config/reveal';

const notFound = () => status(404, { statusCode: 404, message: 'Not Found' });

/** The seat's AI settings as the server keeps them (another seat's: not found); `routes` answer otherwise. */
function setup({
  config = EMPTY,
  license = LIC,
  routes,
}: { config?: AiConfig; license?: License; routes?: ApiRoutes } = {}) {
  const fetch = mockApi({
    'GET /api/apitokens/licenses/{id}/ai-config': ({ params }) =>
      params.id === license.id ? config : notFound(),
    [SAVE]: ({ params }) => (params.id === license.id ? SAVED_OK : notFound()),
    ...routes,
  });
  const result = render(<AiSettingsButton license={license} />);
  return { ...result, ...fetch };
}

async function openModal(user: ReturnType<typeof setup>['user']) {
  await user.click(screen.getByRole('button', { name: 'AI settings for seat #1' }));
  const dialog = await screen.findByRole('dialog', { name: 'AI settings for seat #1' });
  await within(dialog).findByRole('button', { name: 'test and save' });
  return dialog;
}

/** A provider's address, typed in (the field starts empty). */
const URL = 'https://ai.example.com/v1';

/** A form with a URL and a key typed in, sent. */
async function fillAndSend(
  user: ReturnType<typeof setup>['user'],
  dialog: HTMLElement,
  key = 'sk-abc',
) {
  await user.type(field(dialog, /^API URL/), URL);
  await user.type(field(dialog, /^API Key/), key);
  await user.click(within(dialog).getByRole('button', { name: /^(test and save|测试并保存)$/ }));
}

/** 'test and save' refused: a model is needed (no text of the server's: the app's own is shown). */
const NEEDS_MODEL = { statusCode: 400, code: 'needs_model', triedModels: [], suggestions: ['m-1'] };
/** A reveal refused: nothing saved to show. */
const NO_KEY = { statusCode: 404, message: 'No API key configured' };

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);
const puts = (calls: ApiRecordedCall[]) => calls.filter((c) => c.method === 'PUT');

afterEach(() => {
  vi.useRealTimers();
});

describe('AI config modal', () => {
  it('opens titled with the seat number and shows the saved configuration', async () => {
    const { user } = setup({ config: SAVED });
    const dialog = await openModal(user);
    expect(within(dialog).getByText('sk-l****cdef')).toBeInTheDocument();
    expect(
      within(dialog).getByText('last updated: November 25, 2026 at 11:30 PM'),
    ).toBeInTheDocument();
    expect(field(dialog, /^API URL/)).toHaveValue('https://ai.example.com/v1');
    expect(field(dialog, /^test model ID/)).toHaveValue('gpt-4o-mini');
    expect(field(dialog, /^API Key/)).toHaveValue('');
    expect(field(dialog, /^API Key/)).toHaveAttribute('type', 'password');
  });

  it('starts with an empty API URL and an example when nothing is saved (no third-party gateway)', async () => {
    const { user } = setup();
    const dialog = await openModal(user);
    expect(field(dialog, /^API URL/)).toHaveValue('');
    expect(field(dialog, /^API URL/)).toHaveAttribute(
      'placeholder',
      'e.g. https://api.openai.com/v1',
    );
    expect(within(dialog).queryByText(/^saved API Key/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'reveal API Key' })).toBeDisabled();
  });

  it('asks for the API Key and the API URL before calling the server', async () => {
    const { user, calls } = setup();
    const dialog = await openModal(user);
    await user.click(within(dialog).getByRole('button', { name: 'test and save' }));
    expect(within(dialog).getByText('please enter API Key')).toBeInTheDocument();
    expect(within(dialog).getByText('please enter API URL')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
  });

  it('saves with Ctrl + Enter, toasts and closes', async () => {
    const { user, calls } = setup();
    const dialog = await openModal(user);
    await user.type(field(dialog, /^API URL/), URL);
    await user.type(field(dialog, /^API Key/), ' sk-e2e-1234567890 ');
    await user.type(field(dialog, /^test model ID/), 'dev-chat');
    await user.keyboard('{Control>}{Enter}{/Control}');

    expect(await screen.findByText('verified, configuration saved')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]!.body).toEqual({
      apiKey: 'sk-e2e-1234567890',
      baseUrl: URL,
      model: 'dev-chat',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves with Cmd + Enter from anywhere in the modal, leaving out an empty model', async () => {
    const { user, calls } = setup();
    const dialog = await openModal(user);
    await user.type(field(dialog, /^API URL/), URL);
    await user.type(field(dialog, /^API Key/), 'sk-abc');
    // From a button too: the shortcut saves, it does not press the focused button.
    within(dialog).getByRole('button', { name: 'cancel' }).focus();
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(await screen.findByText('verified, configuration saved')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]!.body).toEqual({ apiKey: 'sk-abc', baseUrl: URL });
  });

  it('closes on Escape and on cancel without saving', async () => {
    const { user, calls } = setup();
    let dialog = await openModal(user);
    await user.type(field(dialog, /^API Key/), 'sk-abc');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus is back on the button that opened it (also the first time, when the modal was loaded).
    expect(screen.getByRole('button', { name: 'AI settings for seat #1' })).toHaveFocus();

    dialog = await openModal(user);
    expect(field(dialog, /^API Key/)).toHaveValue(''); // a fresh form on every opening
    await user.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(calls)).toHaveLength(0);
  });

  it('shows a loading button while the server tests the provider', async () => {
    let answer: (saved: ApiAnswer<typeof SAVE>) => void = () => {};
    const { user } = setup({
      routes: {
        [SAVE]: () => new Promise<ApiAnswer<typeof SAVE>>((resolve) => (answer = resolve)),
      },
    });
    const dialog = await openModal(user);
    await user.type(field(dialog, /^API URL/), URL);
    await user.type(field(dialog, /^API Key/), 'sk-abc');
    await user.click(within(dialog).getByRole('button', { name: 'test and save' }));
    const button = within(dialog).getByRole('button', { name: 'test and save' });
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    expect(within(dialog).getByText(/testing the connection/)).toBeInTheDocument();
    await act(async () => answer(SAVED_OK));
    expect(await screen.findByText('verified, configuration saved')).toBeInTheDocument();
  });

  it('lists the tried models and the suggestions when a model is needed; a suggestion fills the model', async () => {
    const { user, calls } = setup({
      routes: {
        [SAVE]: () =>
          status(400, {
            statusCode: 400,
            message: 'please provide an available model ID and retry',
            error: 'please provide an available model ID and retry',
            code: 'needs_model',
            triedModels: [
              { model: 'gpt-4o-mini', error: 'The model `gpt-4o-mini` does not exist' },
              {
                model: 'gpt-4o',
                error: 'HTTP 404: {"error":{"message":"no such model: gpt-4o"}}',
              },
            ],
            suggestions: ['dev-chat', 'dev-chat-mini'],
          }),
      },
    });
    const dialog = await openModal(user);
    await user.type(field(dialog, /^API URL/), URL);
    await user.type(field(dialog, /^API Key/), 'sk-abc');
    await user.click(within(dialog).getByRole('button', { name: 'test and save' }));

    expect(
      await within(dialog).findByText('please provide an available model ID and retry'),
    ).toBeInTheDocument();
    const tried = within(dialog).getByRole('list', { name: 'tried models' });
    expect(
      within(tried)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'gpt-4o-mini: The model `gpt-4o-mini` does not exist',
      'gpt-4o: no such model: gpt-4o',
    ]);
    const suggested = within(dialog).getByRole('group', { name: 'suggested models' });
    await user.click(within(suggested).getByRole('button', { name: 'dev-chat-mini' }));
    expect(field(dialog, /^test model ID/)).toHaveValue('dev-chat-mini');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'test and save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]!.body).toMatchObject({ model: 'dev-chat-mini' });
  });

  it('uses the default needs_model text when the server gives none', async () => {
    const { user } = setup({
      routes: { [SAVE]: () => status(400, NEEDS_MODEL) },
    });
    const dialog = await openModal(user);
    await user.type(field(dialog, /^API URL/), URL);
    await user.type(field(dialog, /^API Key/), 'sk-abc{Enter}');
    expect(
      await within(dialog).findByText('please provide an available model ID and retry'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'm-1' })).toBeInTheDocument();
  });

  it("shows the provider's message for other failures and keeps the form", async () => {
    const { user } = setup({
      routes: {
        [SAVE]: () =>
          status(400, {
            statusCode: 400,
            message: 'Incorrect API key provided: sk-***abcd.',
            error: 'Incorrect API key provided: sk-***abcd.',
          }),
      },
    });
    const dialog = await openModal(user);
    await user.type(field(dialog, /^API URL/), URL);
    await user.type(field(dialog, /^API Key/), 'sk-bad-abcd');
    await user.click(within(dialog).getByRole('button', { name: 'test and save' }));
    expect(
      await within(dialog).findByText('Incorrect API key provided: sk-***abcd.'),
    ).toBeInTheDocument();
    expect(field(dialog, /^API Key/)).toHaveValue('sk-bad-abcd');
    expect(screen.queryByText('verified, configuration saved')).not.toBeInTheDocument();
  });

  it.each([
    [403, 'An active licence is required to use the AI features'],
    [429, 'Too many tests of the AI configuration, please retry in a minute'],
  ])("shows the server's message when 'test and save' is refused with %i", async (code, text) => {
    const { user } = setup({
      routes: { [SAVE]: () => status(code, { statusCode: code, error: text, message: text }) },
    });
    const dialog = await openModal(user);
    await user.type(field(dialog, /^API URL/), URL);
    await user.type(field(dialog, /^API Key/), 'sk-abc');
    await user.click(within(dialog).getByRole('button', { name: 'test and save' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(field(dialog, /^API Key/)).toHaveValue('sk-abc');
  });

  it("says 'Failed to update AI config' when the server cannot be reached", async () => {
    const { user } = setup({
      routes: {
        [SAVE]: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    const dialog = await openModal(user);
    await user.type(field(dialog, /^API URL/), URL);
    await user.type(field(dialog, /^API Key/), 'sk-abc');
    await user.click(within(dialog).getByRole('button', { name: 'test and save' }));
    expect(await within(dialog).findByText('Failed to update AI config')).toBeInTheDocument();
  });
});

describe('what failed, said once (docs/product.md#ai-provider-errors)', () => {
  const refusal = (code: string, text: string, extra: object = {}): ApiRoutes => ({
    [SAVE]: () => status(400, { statusCode: 400, code, message: text, error: text, ...extra }),
  });

  it.each([
    [
      'AI_NOT_OPENAI_COMPATIBLE',
      'The API URL answered, but not as an OpenAI-compatible API: check the address (it usually ends in /v1)',
    ],
    [
      'AI_ENDPOINT_UNREACHABLE',
      'The API URL could not be reached: check the address and that the service is running',
    ],
    ['AI_KEY_REFUSED', 'The AI provider refused the API Key: check the key and retry'],
  ])('%s: one line, no raw provider answer', async (code, text) => {
    const { user } = setup({
      routes: refusal(code, text, {
        providerMessage: 'HTTP 404: Cannot POST /v1/chat/completions',
      }),
    });
    const dialog = await openModal(user);
    await fillAndSend(user, dialog);
    const alert = await within(dialog).findByLabelText('save failed');
    expect(alert).toHaveTextContent(text);
    expect(within(dialog).queryByText(/Cannot POST/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'tried models' })).not.toBeInTheDocument();
    expect(field(dialog, /^API Key/)).toHaveValue('sk-abc');
  });

  it('says why no model answered once, and one failure shared by several models once', async () => {
    const cannot = 'HTTP 404: Cannot POST /v1/chat/completions';
    const { user } = setup({
      routes: refusal('needs_model', 'please provide an available model ID and retry', {
        reason: 'AI_MODEL_UNKNOWN',
        triedModels: [
          { model: 'gpt-4o-mini', error: cannot, code: 'AI_MODEL_UNKNOWN' },
          { model: 'gpt-4o', error: cannot, code: 'AI_MODEL_UNKNOWN' },
          { model: 'deepseek-chat', error: 'The model `deepseek-chat` does not exist' },
        ],
        suggestions: ['dev-chat'],
      }),
    });
    const dialog = await openModal(user);
    await fillAndSend(user, dialog);
    expect(
      await within(dialog).findByText(
        'The AI provider does not know this model: pick one it offers',
      ),
    ).toBeInTheDocument();
    const tried = within(dialog).getByRole('list', { name: 'tried models' });
    expect(
      within(tried)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `gpt-4o-mini, gpt-4o: ${cannot}`,
      'deepseek-chat: The model `deepseek-chat` does not exist',
    ]);
  });

  it('says it in Chinese when the interface is Chinese', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup({
      routes: refusal(
        'AI_NOT_OPENAI_COMPATIBLE',
        'The API URL answered, but not as an OpenAI-compatible API: check the address (it usually ends in /v1)',
      ),
    });
    await user.click(screen.getByRole('button', { name: '座位 #1 的 AI 设置' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: '测试并保存' });
    expect(field(dialog, /^API URL/)).toHaveAttribute(
      'placeholder',
      '例如 https://api.openai.com/v1',
    );
    await fillAndSend(user, dialog);
    expect(
      await within(dialog).findByText(
        '该 API URL 有响应，但不是 OpenAI 兼容的接口：请检查地址（通常以 /v1 结尾）',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/OpenAI-compatible/)).not.toBeInTheDocument();
  });
});

describe('revealing the saved API Key', () => {
  const revealing = (plainApiKey = 'sk-live-1234abcdef'): ApiRoutes => ({
    [REVEAL]: ({ params }) => (params.id === LIC.id ? { plainApiKey } : notFound()),
  });

  it('fetches the saved key into the field and hides it again after 2.5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, calls } = setup({ config: SAVED, routes: revealing() });
    const dialog = await openModal(user);
    const input = field(dialog, /^API Key/);
    await user.click(within(dialog).getByRole('button', { name: 'reveal API Key' }));

    await waitFor(() => expect(input).toHaveValue('sk-live-1234abcdef'));
    expect(input).toHaveAttribute('type', 'text');
    expect(calls.filter((c) => c.url.endsWith('/reveal'))).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'hide API Key' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1_500));
    expect(input).toHaveAttribute('type', 'text');
    act(() => vi.advanceTimersByTime(1_100));
    expect(input).toHaveAttribute('type', 'password');
    // The key stays in the field (masked), ready to be saved again; revealing again needs no call.
    expect(input).toHaveValue('sk-live-1234abcdef');
    await user.click(within(dialog).getByRole('button', { name: 'reveal API Key' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(calls.filter((c) => c.url.endsWith('/reveal'))).toHaveLength(1);
  });

  it('hides the key on a click outside the field', async () => {
    const { user } = setup({ config: SAVED, routes: revealing() });
    const dialog = await openModal(user);
    const input = field(dialog, /^API Key/);
    await user.click(within(dialog).getByRole('button', { name: 'reveal API Key' }));
    await waitFor(() => expect(input).toHaveAttribute('type', 'text'));
    // A click inside the field keeps it shown.
    await user.click(input);
    expect(input).toHaveAttribute('type', 'text');
    await user.click(field(dialog, /^API URL/));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows a typed key without asking the server', async () => {
    const { user, calls } = setup();
    const dialog = await openModal(user);
    const input = field(dialog, /^API Key/);
    await user.type(input, 'sk-typed');
    await user.click(within(dialog).getByRole('button', { name: 'reveal API Key' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(within(dialog).getByRole('button', { name: 'hide API Key' }));
    expect(input).toHaveAttribute('type', 'password');
    expect(calls.filter((c) => c.url.endsWith('/reveal'))).toHaveLength(0);
  });

  it("toasts 'failed to get API Key' when the key cannot be read", async () => {
    const { user } = setup({
      config: SAVED,
      routes: { [REVEAL]: () => status(404, NO_KEY) },
    });
    const dialog = await openModal(user);
    await user.click(within(dialog).getByRole('button', { name: 'reveal API Key' }));
    expect(await screen.findByText('failed to get API Key')).toBeInTheDocument();
    expect(field(dialog, /^API Key/)).toHaveValue('');
    expect(field(dialog, /^API Key/)).toHaveAttribute('type', 'password');
  });
});

describe('the seat table settings column', () => {
  it('offers no settings for an expired seat', () => {
    // A seat without settings asks the server nothing.
    mockApi({});
    render(
      <AiSettingsButton
        license={makeLicense({
          seatIndex: 1,
          status: 'expired',
          licenseType: 'yearly',
          expiresAt: '2020-01-01T00:00:00.000Z',
        })}
      />,
    );
    expect(screen.getByRole('button', { name: 'AI settings for seat #1' })).toBeDisabled();
  });
});

describe('in Chinese', () => {
  it('words the modal, its required fields, its saved configuration and the toast in Chinese', async () => {
    await setTestLanguage('zh-CN');
    const { user, calls } = setup({ config: SAVED });
    // The docs (ai-assist.md) say: the 「设置」 button of the seat's row, the 显示 button of the key.
    await user.click(screen.getByRole('button', { name: '座位 #1 的 AI 设置' }));
    const dialog = await screen.findByRole('dialog', { name: '座位 #1 的 AI 设置' });
    await within(dialog).findByRole('button', { name: '测试并保存' });
    expect(within(dialog).getByText('已保存的 API Key：')).toBeInTheDocument();
    expect(within(dialog).getByText('最后更新：2026年11月25日 23:30')).toBeInTheDocument();
    expect(field(dialog, /^测试模型 ID/)).toHaveValue('gpt-4o-mini');
    expect(within(dialog).getByRole('button', { name: '显示 API Key' })).toHaveTextContent('显示');

    await user.clear(field(dialog, /^API URL/));
    await user.click(within(dialog).getByRole('button', { name: '测试并保存' }));
    expect(within(dialog).getByText('请输入 API Key')).toBeInTheDocument();
    expect(within(dialog).getByText('请输入 API URL')).toBeInTheDocument();
    await user.type(field(dialog, /^API URL/), 'ai.example.com');
    await user.click(within(dialog).getByRole('button', { name: '测试并保存' }));
    expect(within(dialog).getByText('API URL 必须以 http:// 或 https:// 开头')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await user.clear(field(dialog, /^API URL/));
    await user.type(field(dialog, /^API URL/), 'https://ai.example.com/v1');
    await user.type(field(dialog, /^API Key/), 'sk-abc');
    await user.click(within(dialog).getByRole('button', { name: '测试并保存' }));
    expect(await screen.findByText('验证通过，配置已保存')).toBeInTheDocument();
  });

  it('shows the needs_model help and a failed reveal in Chinese', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup({
      config: SAVED,
      routes: {
        [REVEAL]: () => status(404, NO_KEY),
        [SAVE]: () => status(400, NEEDS_MODEL),
      },
    });
    await user.click(screen.getByRole('button', { name: '座位 #1 的 AI 设置' }));
    const dialog = await screen.findByRole('dialog', { name: '座位 #1 的 AI 设置' });
    await within(dialog).findByRole('button', { name: '测试并保存' });
    await user.click(within(dialog).getByRole('button', { name: '显示 API Key' }));
    expect(await screen.findByText('获取 API Key 失败')).toBeInTheDocument();
    await user.type(field(dialog, /^API Key/), 'sk-abc{Enter}');
    expect(await within(dialog).findByText('请提供一个可用的模型 ID 后重试')).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: '推荐模型' })).toBeInTheDocument();
  });
});
