import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, mockFetch, type FetchCall } from '../../test/fetch';
import { renderIn, resetTestLanguage } from '../../test/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import AdminDocsPage from './docs';

/** The admin docs API as the server answers it, over an in-memory table. */
function serve(answer: (call: FetchCall) => Response | undefined = () => undefined) {
  const stored: Record<string, string> = {
    'introduction/zh-CN': '# 介绍\n\n可视化编辑器插件',
    'introduction/en': '',
  };
  const fetch = mockFetch((call) => {
    const custom = answer(call);
    if (custom) return custom;
    const url = new URL(call.url, 'http://localhost');
    const match = /^\/api\/admin\/docs\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!match) return jsonResponse({ statusCode: 404, message: 'Not Found' }, 404);
    const key = `${match[1]}/${match[2]}`;
    if (call.method === 'PUT') stored[key] = (call.body as { markdown: string }).markdown;
    const markdown = stored[key] ?? '';
    const section = {
      slug: match[1],
      group: 'quick-start',
      lang: match[2],
      markdown,
      hasContent: markdown.trim() !== '',
      updatedAt: '2026-11-30T08:19:00.000Z',
      updatedBy: call.method === 'PUT' ? 'admin@example.com' : null,
    };
    return jsonResponse(call.method === 'PUT' ? { section } : section);
  });
  return { ...fetch, stored };
}

async function setup(
  language?: 'en' | 'zh-CN',
  answer?: (call: FetchCall) => Response | undefined,
) {
  const fetch = serve(answer);
  const options = { queryClient: createQueryClient() };
  const rendered = language
    ? await renderIn(language, <AdminDocsPage />, options)
    : render(<AdminDocsPage />, options);
  return { ...rendered, ...fetch };
}

const editor = () => screen.findByRole('textbox', { name: /Markdown/ });
const preview = (name: string | RegExp) => screen.getByLabelText(name);

describe('admin docs', () => {
  afterEach(resetTestLanguage);

  it('loads the introduction in Chinese, with the safe preview beside it', async () => {
    const { calls } = await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Docs' })).toBeInTheDocument();
    expect(await editor()).toHaveValue('# 介绍\n\n可视化编辑器插件');
    expect(within(preview('Preview')).getByRole('heading', { name: '介绍' })).toBeInTheDocument();
    expect(new URL(calls[0]!.url, 'http://x').pathname).toBe('/api/admin/docs/introduction/zh-CN');
    expect(screen.getByText('The original text, not edited yet')).toBeInTheDocument();
  });

  it('switches to English: the placeholder in the preview while empty; edits, previews safely and saves with a toast', async () => {
    const { user, calls, stored } = await setup();
    await editor();
    await user.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(async () => expect(await editor()).toHaveValue(''));
    expect(within(preview('Preview')).getByText('content is being written')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(
      await editor(),
      '## Welcome{enter}[bad](javascript:alert(1)) <script>x</script>',
    );
    const shown = preview('Preview');
    expect(within(shown).getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(shown.querySelector('script')).toBeNull();
    expect(within(shown).queryByRole('link')).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Docs section saved')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(new URL(put.url, 'http://x').pathname).toBe('/api/admin/docs/introduction/en');
    expect(stored['introduction/en']).toContain('## Welcome');
    expect(await screen.findByText(/by admin@example.com/)).toBeInTheDocument();
  }, 30_000);

  it('picks another section from the list', async () => {
    const { user, calls } = await setup();
    await editor();
    await user.click(screen.getByLabelText('Section', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Token authentication' }));
    await waitFor(() =>
      expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toContain(
        '/api/admin/docs/token-auth/zh-CN',
      ),
    );
  });

  it('shows the server refusal beside the text', async () => {
    const { user } = await setup(undefined, (call) =>
      call.method === 'PUT'
        ? jsonResponse(
            {
              statusCode: 400,
              error: 'markdown must be shorter than or equal to 100000 characters',
              message: 'markdown must be shorter than or equal to 100000 characters',
              code: 'VALIDATION_FAILED',
            },
            400,
          )
        : undefined,
    );
    await user.type(await editor(), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('markdown must be shorter than or equal to 100000 characters'),
    ).toBeInTheDocument();
  });

  it('says so when the section cannot be loaded', async () => {
    await setup(undefined, () =>
      jsonResponse(
        { statusCode: 500, error: 'Internal server error', message: 'Internal server error' },
        500,
      ),
    );
    expect(await screen.findByText('Could not load this section')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('reads in Chinese', async () => {
    await setup('zh-CN');
    expect(screen.getByRole('heading', { level: 1, name: '文档' })).toBeInTheDocument();
    await editor();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();
    expect(screen.getByText('初始内容，尚未编辑')).toBeInTheDocument();
    expect(screen.getByLabelText('章节', { selector: 'input' })).toHaveValue('介绍');
  });
});
