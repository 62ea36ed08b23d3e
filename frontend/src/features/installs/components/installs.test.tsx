import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api';
import { renderIn, tr } from '../../../test/i18n';
import type { InstallSite, InstallsDashboard } from '../api/installs';
import { CustomerSites } from './CustomerSites';
import { InstallsOverview } from './InstallsOverview';
import { SeatCheckIns } from './SeatCheckIns';

const site = (host: string, over: Partial<InstallSite> = {}): InstallSite => ({
  kind: 'plugins',
  product: 'visual-editor',
  host,
  firstSeenAt: '2026-11-01T08:00:00.000Z',
  lastSeenAt: '2026-11-20T08:00:00.000Z',
  productVersion: '1.2.0',
  wpVersion: '6.5.2',
  phpVersion: '8.2.12',
  locale: 'zh_CN',
  userId: null,
  licenseId: null,
  ...over,
});

const dashboard: InstallsDashboard = {
  enabled: true,
  stoppedAfterDays: 30,
  products: [
    {
      kind: 'plugins',
      product: 'visual-editor',
      active7: 12,
      active30: 20,
      stopped: 3,
      total: 23,
      versions: [
        { value: '1.2.0', active7: 10, active30: 15 },
        { value: null, active7: 2, active30: 5 },
      ],
      wordpress: [{ value: '6.5', active7: 12, active30: 20 }],
      php: [],
    },
  ],
  stopped: [site('gone.example', { lastSeenAt: '2026-09-01T08:00:00.000Z' })],
};

describe.each(['en', 'zh-CN'] as const)('install insights (%s)', (language) => {
  const t = (key: string, values?: Record<string, unknown>) => tr(language, key, values);

  it('shows active and stopped sites per product, by version, with the stopped list', async () => {
    const { calls } = mockApi({ 'GET /api/admin/installs': () => dashboard });
    await renderIn(language, <InstallsOverview />);
    const region = await screen.findByRole('region', { name: t('installs:dashboard.title') });
    expect(calls[0]).toMatchObject({ url: '/api/admin/installs', method: 'GET' });
    expect(await within(region).findByText(t('installs:dashboard.active7'))).toBeInTheDocument();
    expect(within(region).getByText('12')).toBeInTheDocument();
    expect(within(region).getByText('23')).toBeInTheDocument();
    expect(
      within(region).getByText(t('installs:dashboard.stopped', { count: 30 })),
    ).toBeInTheDocument();
    const versions = await screen.findByRole(
      'region',
      { name: t('installs:charts.versions') },
      { timeout: 10_000 },
    );
    expect(
      within(versions).getByText(
        t('installs:charts.line', { version: t('installs:unknown'), count: 5, week: 2 }),
      ),
    ).toBeInTheDocument();
    const php = screen.getByRole('region', { name: t('installs:charts.php') });
    expect(within(php).getByText(t('installs:charts.none'))).toBeInTheDocument();
    expect(screen.getAllByText('gone.example').length).toBeGreaterThan(0);
  });

  it("lists a customer's sites, or says there are none", async () => {
    mockApi({
      'GET /api/admin/installs/customers/{userId}': ({ params }) => ({
        sites: params.userId.includes('empty') ? [] : [site('a.example'), site('b.example')],
      }),
    });
    await renderIn(language, <CustomerSites userId="u1" />);
    expect(await screen.findByText(t('installs:customer.count', { count: 2 }))).toBeInTheDocument();
    expect(screen.getAllByText('a.example').length).toBeGreaterThan(0);
    expect(screen.getAllByText('6.5.2').length).toBeGreaterThan(0);
  });

  it("shows the console's check-ins only once a site has checked in", async () => {
    mockApi({
      'GET /api/installs/mine': () => ({ sites: [site('mine.example', { phpVersion: null })] }),
    });
    await renderIn(language, <SeatCheckIns />);
    expect(
      await screen.findByRole('heading', { name: t('installs:console.title') }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(t('installs:unknown')).length).toBeGreaterThan(0);
  });
});
