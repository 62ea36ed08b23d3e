import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Release, ReleaseList } from '../../features/admin-releases/api/get-releases';
import { i18n } from '../../lib/i18n';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, status, type ApiRoutes } from '../../test/api';
import { renderIn, resetTestLanguage, tr } from '../../test/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import { jsonAnswer, mockXhr, type XhrHandler } from '../../test/xhr';
import AdminReleasesPage from './releases';

const MB = 1024 * 1024;

const release = (extra: Partial<Release>): Release => ({
  id: 'r-1',
  kind: 'plugins',
  slug: 'visual-editor',
  name: 'Visual Editor',
  version: '1.0.0',
  changelog: '',
  requires: '6.0',
  tested: '6.7',
  requiresPhp: '7.4',
  fileName: 'visual-editor-1.0.0.zip',
  size: 14_592,
  sha256: 'ab12cd34ef56'.padEnd(64, '0'),
  current: false,
  source: 'seed',
  uploadedBy: null,
  createdAt: '2026-11-01T08:19:00.000Z',
  ...extra,
});

/**
 * The releases API over an in-memory table, as the server answers it (contract: docs/wordpress.md).
 * `routes` answer in its place; they are given the table's list to fall back on.
 */
function serve({
  routes = () => ({}),
  upload,
  empty = false,
}: {
  routes?: (server: { list: () => ReleaseList }) => ApiRoutes;
  upload?: XhrHandler;
  empty?: boolean;
} = {}) {
  let releases: Release[] = empty
    ? []
    : [
        release({
          id: 've-110',
          version: '1.1.0',
          changelog: '## Faster editing\n\n- blocks load in half the time',
          fileName: 'visual-editor-1.1.0.zip',
          size: 2.5 * MB,
          sha256: 'f00dfeedbeef'.padEnd(64, '1'),
          current: true,
          source: 'upload',
          uploadedBy: 'admin@example.com',
          createdAt: '2026-11-20T08:19:00.000Z',
        }),
        // A seeded changelog is its manifest's Markdown (releases/*/manifest.json, `changelog`).
        release({
          id: 've-100',
          changelog: '#### 1.0.0\n\n- First version: the activation code page',
        }),
        release({
          id: 'mt-100',
          kind: 'themes',
          slug: 'minimal-theme',
          name: 'Minimal theme',
          tested: '',
          fileName: 'minimal-theme-1.0.0.zip',
          current: true,
        }),
      ];
  const list = (): ReleaseList => {
    const products = [
      ['plugins', 'visual-editor', 'Visual Editor'],
      ['themes', 'minimal-theme', 'Minimal theme'],
    ]
      .filter(() => !empty)
      .map(([kind, slug, name]) => {
        const history = releases
          .filter((r) => r.kind === kind && r.slug === slug)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        return {
          kind: kind as Release['kind'],
          slug: slug!,
          name: name!,
          current: history.find((r) => r.current) ?? null,
          releases: history,
        };
      });
    return { maxBytes: 10 * MB, products };
  };
  const makeCurrent = (id: string) => {
    const target = releases.find((r) => r.id === id)!;
    releases = releases.map((r) =>
      r.kind === target.kind && r.slug === target.slug ? { ...r, current: r.id === id } : r,
    );
    return releases.find((r) => r.id === id)!;
  };
  const fetch = mockApi({
    'GET /api/admin/releases': () => list(),
    'POST /api/admin/releases/{id}/current': ({ params }) => makeCurrent(params.id!),
    ...routes({ list }),
  });
  const xhr = mockXhr(async (call, report) => {
    const custom = upload ? await upload(call, report) : undefined;
    if (custom) return custom;
    const form = call.body as FormData;
    const file = form.get('file') as File;
    const added = release({
      id: 've-new',
      version: String(form.get('version')),
      changelog: String(form.get('changelog')),
      requires: String(form.get('requires')),
      tested: String(form.get('tested')),
      requiresPhp: String(form.get('requiresPhp')),
      fileName: file.name,
      size: file.size,
      source: 'upload',
      uploadedBy: 'admin@example.com',
      createdAt: '2026-11-26T08:19:00.000Z',
    });
    releases.push(added);
    return jsonAnswer(makeCurrent('ve-new'), 201);
  });
  return { ...fetch, xhrCalls: xhr.calls };
}

async function setup(language?: 'en' | 'zh-CN', options: Parameters<typeof serve>[0] = {}) {
  const server = serve(options);
  const ui = <AdminReleasesPage />;
  const renderOptions = { queryClient: createQueryClient() };
  const rendered = language
    ? await renderIn(language, ui, renderOptions)
    : render(ui, renderOptions);
  // The file chooser's accept list is the browser's hint; the form must refuse other files itself.
  return { ...rendered, ...server, files: userEvent.setup({ applyAccept: false }) };
}

const section = (name: string) => screen.findByRole('region', { name });
const historyRows = async (name: string) =>
  within(await screen.findByRole('table', { name: new RegExp(name) }))
    .getAllByRole('row')
    .slice(1);
const zip = (name = 'visual-editor-1.2.0.zip', size = 4096) =>
  new File([new Uint8Array(size)], name, { type: 'application/zip' });
/** Mantine's file input is a button; the real <input type=file> sits beside it. */
const fileInput = (form: HTMLElement) =>
  form.querySelector<HTMLInputElement>('input[type="file"]')!;
/** The server's text for a code, as the errors catalogue words it when it has the code. */
const serverText = (language: 'en' | 'zh-CN', code: string, message: string) =>
  i18n.exists(`errors:${code}`, { lng: language })
    ? tr(language, `errors:${code}`, { message })
    : message;

async function openUpload(user: ReturnType<typeof userEvent.setup>, product = 'Visual Editor') {
  const product_ = await section(product);
  await user.click(within(product_).getByRole('button', { name: 'Upload a new version' }));
  return screen.findByRole('form', { name: `New version of ${product}` });
}

describe('admin releases', () => {
  afterEach(resetTestLanguage);

  it('shows each product: the current release prominent, its changelog rendered, the history newest first', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Visual Editor' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Minimal theme' })).toBeVisible();
    expect(screen.getByText('Zip files up to 10 MB.')).toBeInTheDocument();

    const current = await section('Current release of Visual Editor');
    expect(within(current).getByTestId('current-version')).toHaveTextContent('1.1.0');
    expect(current).toHaveTextContent(/uploaded November 20, 2026 at .+ by admin@example\.com/);
    expect(current).toHaveTextContent('2.5 MB');
    expect(current).toHaveTextContent('Requires WordPress6.0');
    expect(current).toHaveTextContent('Tested up to6.7');
    expect(current).toHaveTextContent('Requires PHP7.4');
    expect(within(current).getByRole('heading', { name: 'Faster editing' })).toBeInTheDocument();
    expect(within(current).getByText('blocks load in half the time')).toBeInTheDocument();

    const theme = await section('Current release of Minimal theme');
    expect(theme).toHaveTextContent(/seeded from releases\/ on November 1, 2026/);
    expect(theme).toHaveTextContent('No changelog for this version.');
    expect(theme).toHaveTextContent('Tested up tonot given');

    const [newest, oldest] = await historyRows('Versions of Visual Editor');
    expect(newest).toHaveTextContent('1.1.0');
    expect(newest).toHaveTextContent('admin@example.com');
    expect(within(newest!).getByText('current')).toBeInTheDocument();
    expect(within(newest!).queryByRole('button', { name: /current/ })).toBeNull();
    expect(oldest).toHaveTextContent('1.0.0');
    expect(oldest).toHaveTextContent('November 1, 2026');
    expect(oldest).toHaveTextContent('seeded from releases/');
    expect(oldest).toHaveTextContent('14.3 kB');
    const sha = within(oldest!).getByText('ab12cd34ef56');
    expect(sha).toHaveAttribute('title', 'ab12cd34ef56'.padEnd(64, '0'));
    expect(
      within(oldest!).getByRole('button', { name: 'copy the SHA-256 of 1.0.0' }),
    ).toBeEnabled();
    expect(within(oldest!).getByRole('button', { name: 'Make 1.0.0 current' })).toBeEnabled();
  }, 30_000);

  it('rolls back after a confirmation naming both versions; the list refreshes', async () => {
    const { user, calls } = await setup();
    const [, oldest] = await historyRows('Versions of Visual Editor');
    await user.click(within(oldest!).getByRole('button', { name: 'Make 1.0.0 current' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll Visual Editor back to 1.0.0?' });
    expect(within(dialog).getByTestId('move-offer')).toHaveTextContent(
      'Sites will be offered 1.0.0 instead of 1.1.0.',
    );
    expect(dialog).toHaveTextContent('This is a rollback');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back to 1.0.0' }));

    expect(await screen.findByText('Visual Editor 1.0.0 is now current')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(new URL(post.url, 'http://x').pathname).toBe('/api/admin/releases/ve-100/current');
    await waitFor(async () =>
      expect(
        within(await section('Current release of Visual Editor')).getByTestId('current-version'),
      ).toHaveTextContent('1.0.0'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const current = await section('Current release of Visual Editor');
    expect(within(current).getByRole('heading', { name: '1.0.0' })).toBeInTheDocument();
    expect(within(current).getByRole('listitem')).toHaveTextContent(
      'First version: the activation code page',
    );
    const [newest] = await historyRows('Versions of Visual Editor');
    expect(within(newest!).getByRole('button', { name: 'Make 1.1.0 current' })).toBeEnabled();
  }, 30_000);

  it('shows the refusal of a move in the confirmation', async () => {
    const { user } = await setup(undefined, {
      routes: () => ({
        'POST /api/admin/releases/{id}/current': () =>
          status(404, {
            statusCode: 404,
            error: 'Release not found',
            message: 'Release not found',
            code: 'RELEASE_NOT_FOUND',
          }),
      }),
    });
    const [, oldest] = await historyRows('Versions of Visual Editor');
    await user.click(within(oldest!).getByRole('button', { name: 'Make 1.0.0 current' }));
    await user.click(await screen.findByRole('button', { name: 'Roll back to 1.0.0' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      serverText('en', 'RELEASE_NOT_FOUND', 'Release not found'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  }, 30_000);

  it('says so when there are no products yet', async () => {
    await setup(undefined, { empty: true });
    expect(await screen.findByText(/No products yet/)).toBeInTheDocument();
  }, 30_000);

  it('says so when the list cannot be loaded, and retries', async () => {
    let fail = true;
    const { user } = await setup(undefined, {
      routes: ({ list }) => ({
        'GET /api/admin/releases': () =>
          fail
            ? status(500, {
                statusCode: 500,
                error: 'Internal server error',
                message: 'Internal server error',
              })
            : list(),
      }),
    });
    expect(await screen.findByText('Could not load the releases')).toBeInTheDocument();
    expect(screen.getByText('Internal server error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Visual Editor' })).toBeVisible();
  }, 30_000);

  it('checks the form before sending: zip name, size limit in MB, versions', async () => {
    const { user, files, xhrCalls } = await setup();
    const form = await openUpload(user);
    // Prefilled from the current release.
    expect(within(form).getByRole('textbox', { name: /Requires WordPress/ })).toHaveValue('6.0');
    expect(within(form).getByRole('textbox', { name: /Tested up to/ })).toHaveValue('6.7');
    expect(within(form).getByRole('textbox', { name: /Requires PHP/ })).toHaveValue('7.4');
    expect(within(form).getByText(/Current: 1\.1\.0/)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(within(form).getByText('Choose the zip file of this version')).toBeInTheDocument();
    expect(within(form).getByText('Enter the version')).toBeInTheDocument();

    await files.upload(fileInput(form), new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(form).findByText('notes.txt is not a .zip file')).toBeInTheDocument();
    await files.upload(fileInput(form), zip('huge.zip', 12.5 * MB));
    expect(
      await within(form).findByText('The file is 12.5 MB; the limit is 10 MB'),
    ).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /Version/ }), 'v1.2');
    const tested = within(form).getByRole('textbox', { name: /Tested up to/ });
    await user.clear(tested);
    await user.type(tested, 'latest');
    const php = within(form).getByRole('textbox', { name: /Requires PHP/ });
    await user.clear(php);
    await user.type(php, '8');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(
      within(form).getByText('Enter a version like 1.2.3 or 1.2.3-beta.1 (at most 32 characters)'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Enter a WordPress version like 6.0 or 6.7.1'),
    ).toBeInTheDocument();
    expect(within(form).getByText('Enter a PHP version like 7.4')).toBeInTheDocument();
    expect(xhrCalls).toHaveLength(0);
  }, 30_000);

  it('uploads with real progress, previews the changelog, and the new version becomes current', async () => {
    let finish!: () => void;
    const answered = new Promise<void>((resolve) => (finish = resolve));
    const { user, files, xhrCalls } = await setup(undefined, {
      upload: async (_call, report) => {
        report(1024, 4096);
        await answered;
        report(4096, 4096);
        return undefined as never;
      },
    });
    const form = await openUpload(user);
    await files.upload(fileInput(form), zip());
    await user.type(within(form).getByRole('textbox', { name: /Version/ }), '1.2.0');
    await user.type(
      within(form).getByRole('textbox', { name: /Changelog/ }),
      '## Undo history{enter}[x](javascript:alert(1))',
    );
    const preview = within(form).getByLabelText('Changelog preview');
    expect(within(preview).getByRole('heading', { name: 'Undo history' })).toBeInTheDocument();
    expect(within(preview).queryByRole('link')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Upload' }));

    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText(/Uploading… 25% \(1 kB of 4 kB\)/)).toBeInTheDocument();
    finish();

    expect(
      await screen.findByText('Visual Editor 1.2.0 uploaded; it is now current'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () =>
      expect(
        within(await section('Current release of Visual Editor')).getByTestId('current-version'),
      ).toHaveTextContent('1.2.0'),
    );

    const [call] = xhrCalls;
    expect(call!.method).toBe('POST');
    expect(call!.url).toBe('/api/admin/releases');
    expect(call!.withCredentials).toBe(true);
    expect(call!.headers.accept).toBe('application/json');
    const sent = call!.body as FormData;
    expect([...sent.keys()]).toEqual([
      'kind',
      'slug',
      'version',
      'changelog',
      'requires',
      'tested',
      'requiresPhp',
      'file',
    ]);
    expect(sent.get('kind')).toBe('plugins');
    expect(sent.get('slug')).toBe('visual-editor');
    expect(sent.get('version')).toBe('1.2.0');
    expect(sent.get('requires')).toBe('6.0');
    expect((sent.get('file') as File).name).toBe('visual-editor-1.2.0.zip');
  }, 30_000);

  it('shows the server refusal in its words and keeps what was typed', async () => {
    const message = "The zip's main file says Version: 1.1.9, the form says 1.2.0";
    const { user, files, xhrCalls } = await setup(undefined, {
      upload: () =>
        jsonAnswer(
          {
            statusCode: 400,
            error: message,
            message,
            code: 'RELEASE_VERSION_MISMATCH',
            zipVersion: '1.1.9',
            formVersion: '1.2.0',
          },
          400,
        ),
    });
    const form = await openUpload(user);
    await files.upload(fileInput(form), zip());
    await user.type(within(form).getByRole('textbox', { name: /Version/ }), '1.2.0');
    await user.type(within(form).getByRole('textbox', { name: /Changelog/ }), '- notes');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));

    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(form).getByRole('textbox', { name: /Version/ })).toHaveValue('1.2.0');
    expect(within(form).getByRole('textbox', { name: /Changelog/ })).toHaveValue('- notes');
    expect(form).toHaveTextContent('visual-editor-1.2.0.zip');
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Sent again as it stands.
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(xhrCalls).toHaveLength(2));
  }, 30_000);

  it.each([
    [
      'en',
      { code: 'RELEASE_VERSION_MISMATCH', zipVersion: '1.1.0', formVersion: '1.2.0' },
      "The zip's main file says Version: 1.1.0, the form says 1.2.0",
    ],
    [
      'zh-CN',
      { code: 'RELEASE_VERSION_MISMATCH', zipVersion: '1.1.0', formVersion: '1.2.0' },
      'zip 主文件的 Version: 为 1.1.0，与填写的版本号 1.2.0 不一致',
    ],
    [
      'en',
      { code: 'RELEASE_VERSION_HEADER_MISSING', formVersion: '1.2.0' },
      "The zip's main file has no Version: header, the form says 1.2.0",
    ],
    [
      'zh-CN',
      { code: 'RELEASE_VERSION_HEADER_MISSING', formVersion: '1.2.0' },
      'zip 主文件没有 Version: 头，填写的版本号为 1.2.0',
    ],
    [
      'zh-CN',
      { code: 'RELEASE_TOO_LARGE', maxBytes: 50 * MB, maxMb: 50, statusCode: 413 },
      '文件超过上传上限 50 MB',
    ],
  ] as const)(
    'words the refusal as one sentence in the admin’s language (%s, %j)',
    async (language, fields, sentence) => {
      // The server's own text is English; the screen shows the catalogue's, with the values it carries.
      const message = 'Server English that must not show in Chinese';
      const { user, files } = await setup(language === 'zh-CN' ? 'zh-CN' : undefined, {
        upload: () => jsonAnswer({ statusCode: 400, error: message, message, ...fields }, 400),
      });
      const upload = language === 'zh-CN' ? '上传新版本' : 'Upload a new version';
      await user.click(
        within(await section('Visual Editor')).getByRole('button', { name: upload }),
      );
      const form = await screen.findByRole('form', {
        name: language === 'zh-CN' ? 'Visual Editor 的新版本' : 'New version of Visual Editor',
      });
      await files.upload(fileInput(form), zip());
      await user.type(
        within(form).getByRole('textbox', { name: language === 'zh-CN' ? /版本号/ : /Version/ }),
        '1.2.0',
      );
      await user.click(
        within(form).getByRole('button', { name: language === 'zh-CN' ? '上传' : 'Upload' }),
      );
      const alert = await within(form).findByRole('alert');
      // The alert's title, then the one sentence: nothing of the server's English inside.
      expect(alert.textContent!.endsWith(sentence)).toBe(true);
      expect(alert).not.toHaveTextContent(message);
    },
    30_000,
  );

  it('says when the upload got no answer', async () => {
    const { user, files } = await setup(undefined, { upload: () => 'network-error' });
    const form = await openUpload(user);
    await files.upload(fileInput(form), zip());
    await user.type(within(form).getByRole('textbox', { name: /Version/ }), '1.2.0');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Request failed');
  }, 30_000);

  it('reads in Chinese: the page, the dates, the checks and the refusal', async () => {
    const message = 'Version 1.1.0 of visual-editor already exists';
    const { user, files } = await setup('zh-CN', {
      upload: () =>
        jsonAnswer(
          { statusCode: 409, error: message, message, code: 'RELEASE_VERSION_EXISTS' },
          409,
        ),
    });
    expect(screen.getByRole('heading', { level: 1, name: '版本发布' })).toBeInTheDocument();
    const current = await section('Visual Editor 的当前版本');
    expect(current).toHaveTextContent(/admin@example\.com 于 2026年11月20日 .+ 上传/);
    expect(current).toHaveTextContent('最低 WordPress 版本6.0');
    const [, oldest] = await historyRows('Visual Editor 的版本');
    expect(oldest).toHaveTextContent('2026年11月1日');
    expect(oldest).toHaveTextContent('从 releases/ 导入');
    expect(oldest).toHaveTextContent('14.3 kB');

    await user.click(within(oldest!).getByRole('button', { name: '将 1.0.0 设为当前' }));
    const dialog = await screen.findByRole('dialog', { name: '将 Visual Editor 回滚到 1.0.0？' });
    expect(dialog).toHaveTextContent('站点将获得 1.0.0，而不是 1.1.0。');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));

    await user.click(
      within(await section('Visual Editor')).getByRole('button', { name: '上传新版本' }),
    );
    const form = await screen.findByRole('form', { name: 'Visual Editor 的新版本' });
    await files.upload(fileInput(form), new File(['x'], 'build.rar'));
    expect(await within(form).findByText('build.rar 不是 .zip 文件')).toBeInTheDocument();
    await files.upload(fileInput(form), zip('visual-editor.zip'));
    await user.type(within(form).getByRole('textbox', { name: /版本号/ }), '1.1.0');
    await user.click(within(form).getByRole('button', { name: '上传' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      serverText('zh-CN', 'RELEASE_VERSION_EXISTS', message),
    );
  }, 30_000);
});
