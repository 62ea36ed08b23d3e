import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/react';
import type { License } from '../../../lib/api/licenses';
import { mockApi, raw, status } from '../../../test/api';
import { setTestLanguage } from '../../../test/i18n';
import { makeLicense, makeLicenseList } from '../../../test/licenses';
import { createTestQueryClient, render, screen, waitFor } from '../../../test/render';
import type { CurrentRelease } from '../api/get-release';
import { DownloadsBlock } from './DownloadsBlock';
import { licensesQueryKey } from '../../../lib/api/query-keys';

const release = (kind: 'plugins' | 'themes', slug: string, version: string): CurrentRelease => ({
  kind,
  slug,
  name: slug,
  version,
  changelog: `#### ${version}\n\n- **Faster** saves <script>alert(1)</script>`,
  releasedAt: '2026-11-01T00:00:00.000Z',
  requires: '6.0',
  tested: '6.7',
  requiresPhp: '7.4',
});

const ZIP = new Uint8Array([0x50, 0x4b, 3, 4]);

const RELEASES: Record<string, CurrentRelease> = {
  'plugins/visual-editor': release('plugins', 'visual-editor', '1.2.0'),
  'themes/minimal-theme': release('themes', 'minimal-theme', '1.0.3'),
};

/** The server: the two releases, and the downloads as `download` answers them. */
function server(download: () => ReturnType<typeof raw> = () => raw(() => zipResponse())) {
  return mockApi({
    'GET /api/wp-updates/{kind}/{product}/release': ({ params }) =>
      RELEASES[`${params.kind}/${params.product}`] ??
      status(404, { statusCode: 404, message: 'Not Found' }),
    'GET /api/wp-updates/{kind}/download/{product}': download,
  });
}

/** A download refused: no active licence. */
const REFUSED = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'An active licence is required to download',
  code: 'DOWNLOAD_LICENSE_REQUIRED',
};

const zipResponse = (name = 'visual-editor-1.2.0.zip') =>
  new Response(ZIP, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });

function setup(licenses: License[]) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(licensesQueryKey, makeLicenseList(licenses));
  return render(
    // The page puts the plans feature's purchase button here (pages/dashboard.tsx).
    <DownloadsBlock purchase={<button type="button">buy a plan</button>} />,
    { queryClient },
  );
}

/** What the page handed the browser to save: the anchor clicked, with its file name and blob. */
let saved: { name: string; href: string }[];
beforeEach(() => {
  saved = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:zip', revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const active = () => makeLicense({ seatIndex: 1 });
const revoked = () =>
  makeLicense({ seatIndex: 1, status: 'revoked', revokedAt: '2026-11-02T00:00:00.000Z' });
const expired = () =>
  makeLicense({
    seatIndex: 1,
    status: 'expired',
    licenseType: 'yearly',
    expiresAt: '2026-01-01T00:00:00.000Z',
  });

describe('DownloadsBlock', () => {
  it('shows each product with its current version and, on request, its changelog rendered inert', async () => {
    server();
    const { user } = setup([active()]);
    expect(await screen.findByText('version 1.2.0')).toBeInTheDocument();
    expect(await screen.findByText('version 1.0.3')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: "what's new in 1.2.0" });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const changelog = screen.getByRole('region', {
      name: 'changelog of visual editor plugin 1.2.0',
    });
    expect(await within(changelog).findByRole('heading', { name: '1.2.0' })).toBeInTheDocument();
    expect(within(changelog).getByText('Faster')).toContainHTML('strong');
    expect(changelog.innerHTML).not.toContain('<script');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('downloads through fetch and saves the answer under the server file name', async () => {
    const { calls } = server();
    const { user } = setup([active()]);
    await user.click(await screen.findByRole('link', { name: 'download plugin' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'visual-editor-1.2.0.zip', href: 'blob:zip' }]),
    );
    expect(calls.map((c) => c.url)).toContain('/api/wp-updates/plugins/download/visual-editor');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a refused download's reason in the page and saves nothing", async () => {
    server(() => status(403, REFUSED));
    const { user } = setup([active()]);
    await user.click(await screen.findByRole('link', { name: 'download theme' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('download failed');
    expect(alert).toHaveTextContent('An active licence is required to download');
    expect(saved).toEqual([]);
  });

  it('asks a customer without a seat to buy a plan instead of offering downloads', async () => {
    server();
    setup([]);
    expect(await screen.findByText('downloads come with a plan')).toBeInTheDocument();
    expect(
      screen.getByText(
        "You don't hold an active seat yet. Buy a plan to download the plugin and the theme.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'buy a plan' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'download plugin' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'download theme' })).not.toBeInTheDocument();
    // The products and their versions are still shown.
    expect(await screen.findByText('version 1.2.0')).toBeInTheDocument();
  });

  it('says the seats were revoked after a refund, and that an expired licence closes downloads', async () => {
    server();
    const { unmount } = setup([revoked()]);
    expect(await screen.findByText('your seats were revoked')).toBeInTheDocument();
    expect(screen.getByText(/Your order was refunded or revoked/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'buy a plan' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'download plugin' })).not.toBeInTheDocument();
    unmount();
    setup([expired(), revoked()]);
    expect(await screen.findByText('your licence has expired')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'download plugin' })).not.toBeInTheDocument();
  });

  it('says so when the version cannot be read, and still offers the download', async () => {
    mockApi({
      'GET /api/wp-updates/{kind}/{product}/release': () =>
        status(500, { statusCode: 500, message: 'Internal server error' }),
    });
    setup([active()]);
    await waitFor(() =>
      expect(screen.getAllByText('version information is unavailable')).toHaveLength(2),
    );
    expect(screen.getByRole('link', { name: 'download plugin' })).toBeInTheDocument();
  });
});

describe('DownloadsBlock in Chinese', () => {
  it('shows the version, the changelog and a refusal in Chinese', async () => {
    await setTestLanguage('zh-CN');
    server(() => status(403, REFUSED));
    const { user } = setup([active()]);
    expect(await screen.findByText('版本 1.2.0')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '1.2.0 更新内容' }));
    expect(
      await within(
        screen.getByRole('region', { name: '可视化编辑器插件 1.2.0 更新日志' }),
      ).findByRole('heading', { name: '1.2.0' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '下载插件' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('下载失败');
    expect(alert).toHaveTextContent('下载需要有效的授权');
    expect(saved).toEqual([]);
  });

  it('asks a customer without a seat to buy, in Chinese', async () => {
    await setTestLanguage('zh-CN');
    server();
    setup([]);
    expect(await screen.findByText('购买套餐后即可下载')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '下载插件' })).not.toBeInTheDocument();
  });
});
