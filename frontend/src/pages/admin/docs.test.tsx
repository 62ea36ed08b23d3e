import { render as rtlRender } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Link,
  Route,
  Routes,
  UNSAFE_createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  useLocation,
} from 'react-router-dom';
import { LANGUAGES, type Language } from '@seatkeeper/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { guardHistory } from '../../lib/navigation-guard';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, status, type ApiAnswer, type ApiRoutes } from '../../test/api';
import { renderIn, resetTestLanguage, setTestLanguage, tr } from '../../test/i18n';
import { act, Providers, render, screen, waitFor, within } from '../../test/render';
import AdminDocsPage from './docs';

/** The admin docs API as the server answers it, over an in-memory table; `routes` answer otherwise. */
function serve(routes: ApiRoutes = {}) {
  const stored: Record<string, string> = {
    'introduction/zh-CN': '# 介绍\n\n可视化编辑器插件',
    'introduction/en': '',
  };
  const section = (
    slug: string,
    lang: Language,
    updatedBy: string | null,
  ): ApiAnswer<'GET /api/admin/docs/{slug}/{lang}'> => {
    const markdown = stored[`${slug}/${lang}`] ?? '';
    return {
      slug,
      group: 'quick-start',
      lang,
      markdown,
      hasContent: markdown.trim() !== '',
      updatedAt: '2026-11-30T08:19:00.000Z',
      updatedBy,
    };
  };
  /** The path's language, one of ours (the server refuses any other). */
  const language = (lang: string) => LANGUAGES.find((l) => l === lang);
  const notFound = () => status(404, { statusCode: 404, message: 'Not Found' });
  const fetch = mockApi({
    'GET /api/admin/docs/{slug}/{lang}': ({ params }) => {
      const lang = language(params.lang);
      return lang ? section(params.slug, lang, null) : notFound();
    },
    'PUT /api/admin/docs/{slug}/{lang}': ({ params, body }) => {
      const lang = language(params.lang);
      if (!lang) return notFound();
      stored[`${params.slug}/${lang}`] = body.markdown;
      return { section: section(params.slug, lang, 'admin@example.com') };
    },
    ...routes,
  });
  return { ...fetch, stored };
}

async function setup(language?: 'en' | 'zh-CN', routes?: ApiRoutes) {
  const fetch = serve(routes);
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
    expect(calls[0]!.path).toBe('/api/admin/docs/introduction/zh-CN');
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
    expect(put.path).toBe('/api/admin/docs/introduction/en');
    expect(stored['introduction/en']).toContain('## Welcome');
    expect(await screen.findByText(/by admin@example.com/)).toBeInTheDocument();
  }, 30_000);

  it('picks another section from the list', async () => {
    const { user, calls } = await setup();
    await editor();
    await user.click(screen.getByLabelText('Section', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Token authentication' }));
    await waitFor(() =>
      expect(calls.map((c) => c.path)).toContain('/api/admin/docs/token-auth/zh-CN'),
    );
  });

  it('shows the server refusal beside the text', async () => {
    const { user } = await setup(undefined, {
      'PUT /api/admin/docs/{slug}/{lang}': () =>
        status(400, {
          statusCode: 400,
          error: 'markdown must be shorter than or equal to 100000 characters',
          message: 'markdown must be shorter than or equal to 100000 characters',
          code: 'VALIDATION_FAILED',
        }),
    });
    await user.type(await editor(), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('markdown must be shorter than or equal to 100000 characters'),
    ).toBeInTheDocument();
  });

  it('says so when the section cannot be loaded', async () => {
    await setup(undefined, {
      'GET /api/admin/docs/{slug}/{lang}': () =>
        status(500, {
          statusCode: 500,
          error: 'Internal server error',
          message: 'Internal server error',
        }),
    });
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

/**
 * The app's router on a guarded in-memory history (the app's is the browser's: app/GuardedRouter.tsx),
 * the editor at /admin/docs beside a link elsewhere; other paths show where the navigation went.
 */
async function setupGuarded(language: 'en' | 'zh-CN') {
  await setTestLanguage(language);
  const fetch = serve();
  const history = guardHistory(
    UNSAFE_createMemoryHistory({ initialEntries: ['/admin', '/admin/docs'], v5Compat: true }),
  );
  const Where = () => <p data-testid="where">{useLocation().pathname}</p>;
  rtlRender(
    <Providers queryClient={createQueryClient()}>
      <HistoryRouter history={history}>
        <Routes>
          <Route
            path="/admin/docs"
            element={
              <>
                <Link to="/admin/orders">elsewhere</Link>
                <AdminDocsPage />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </HistoryRouter>
    </Providers>,
  );
  const t = (key: string) => tr(language, `admin-docs:${key}`);
  return { ...fetch, history, user: userEvent.setup(), t };
}

describe('admin docs: unsaved changes (issue 29 item 8)', () => {
  afterEach(resetTestLanguage);

  it.each(['en', 'zh-CN'] as const)(
    'asks before switching section (%s): stay keeps the draft, leave discards it',
    async (language) => {
      const { user, t, calls } = await setupGuarded(language);
      await user.type(await editor(), ' draft');
      const section = screen.getByLabelText(tr(language, 'admin-docs:section'), {
        selector: 'input',
      });
      const pick = async () => {
        await user.click(section);
        await user.click(
          await screen.findByRole('option', { name: tr(language, 'docs:sections.token-auth') }),
        );
      };
      await pick();
      let dialog = await screen.findByRole('dialog', { name: t('leave.title') });
      expect(dialog).toHaveTextContent(t('leave.text'));
      await user.click(within(dialog).getByRole('button', { name: t('leave.stay') }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await editor()).toHaveValue('# 介绍\n\n可视化编辑器插件 draft');
      expect(section).toHaveValue(tr(language, 'docs:sections.introduction'));
      expect(calls.some((c) => c.url.includes('token-auth'))).toBe(false);

      await pick();
      dialog = await screen.findByRole('dialog', { name: t('leave.title') });
      await user.click(within(dialog).getByRole('button', { name: t('leave.leave') }));
      await waitFor(() => expect(calls.some((c) => c.url.includes('token-auth'))).toBe(true));
      await waitFor(async () => expect(await editor()).toHaveValue(''));
      expect(screen.queryByText(t('unsaved'))).not.toBeInTheDocument();
    },
    30_000,
  );

  it.each(['en', 'zh-CN'] as const)(
    'asks before an in-app navigation and the back button (%s)',
    async (language) => {
      const { user, t, history } = await setupGuarded(language);
      await user.type(await editor(), ' draft');
      await user.click(screen.getByRole('link', { name: 'elsewhere' }));
      let dialog = await screen.findByRole('dialog', { name: t('leave.title') });
      await user.click(within(dialog).getByRole('button', { name: t('leave.stay') }));
      expect(screen.queryByTestId('where')).not.toBeInTheDocument();
      expect(await editor()).toHaveValue('# 介绍\n\n可视化编辑器插件 draft');

      // Back: held, the page stays until "leave".
      act(() => history.go(-1));
      await screen.findByRole('dialog', { name: t('leave.title') });
      expect(screen.queryByTestId('where')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: t('leave.stay') }));
      await user.click(screen.getByRole('link', { name: 'elsewhere' }));
      dialog = await screen.findByRole('dialog', { name: t('leave.title') });
      await user.click(within(dialog).getByRole('button', { name: t('leave.leave') }));
      expect(await screen.findByTestId('where')).toHaveTextContent('/admin/orders');
    },
    30_000,
  );

  it('makes the browser ask before unloading only while there are unsaved changes', async () => {
    const { user } = await setupGuarded('en');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await editor();
    expect(unload()).toBe(false);
    await user.type(await editor(), '!');
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(unload()).toBe(false);
  }, 30_000);
});
