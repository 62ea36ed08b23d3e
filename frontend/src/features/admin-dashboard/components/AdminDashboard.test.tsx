import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch';
import { renderIn, tr } from '../../../test/i18n';
import type { Dashboard, DashboardFigures } from '../api/dashboard';
import { AdminDashboard } from './AdminDashboard';

const figures = (over: Partial<DashboardFigures> = {}): DashboardFigures => ({
  revenue: 0,
  orders: 0,
  payingCustomers: 0,
  signUps: 0,
  seatsSold: 0,
  seatsBound: 0,
  refunds: 0,
  refundAmount: 0,
  ...over,
});

const days = (n: number, revenue = 0) =>
  Array.from({ length: n }, (_, i) => ({
    date: `2026-0${i < 30 ? 1 : 2}-${String((i % 28) + 1).padStart(2, '0')}`,
    revenue,
    orders: revenue ? 1 : 0,
  }));

function makeDashboard(sold: boolean): Dashboard {
  const current = sold
    ? figures({
        revenue: 169900,
        orders: 3,
        payingCustomers: 2,
        signUps: 5,
        seatsSold: 7,
        refunds: 1,
        refundAmount: 69900,
      })
    : figures({ signUps: 1 });
  const previous = sold ? figures({ revenue: 100000, orders: 3, refunds: 0 }) : figures();
  const period = (key: 'today' | 'last7' | 'last30' | 'all') => ({
    key,
    from: key === 'all' ? null : '2026-01-01T16:00:00.000Z',
    to: '2026-01-31T16:00:00.000Z',
    current,
    previous: key === 'all' ? null : previous,
    previousFrom: null,
    previousTo: null,
    fromDay: { today: '2026-01-31', last7: '2026-01-25', last30: '2026-01-02', all: null }[key],
    toDay: '2026-01-31',
    orderMoney: sold
      ? {
          today: { paidTotal: 69900, refundedTotal: 0, netTotal: 69900 },
          last7: { paidTotal: 239800, refundedTotal: 69900, netTotal: 169900 },
          last30: { paidTotal: 509700, refundedTotal: 169900, netTotal: 339800 },
          all: { paidTotal: 1009700, refundedTotal: 169900, netTotal: 839800 },
        }[key]
      : { paidTotal: 0, refundedTotal: 0, netTotal: 0 },
  });
  const slices = sold
    ? [
        { key: 'alipay', orders: 2, revenue: 169900 },
        { key: 'wechat', orders: 1, revenue: 69900 },
      ]
    : [];
  return {
    timeZone: 'Asia/Shanghai',
    today: '2026-01-31',
    generatedAt: '2026-01-31T04:00:00.000Z',
    periods: [period('today'), period('last7'), period('last30'), period('all')],
    revenueByDay: { last30: days(30, sold ? 5000 : 0), last90: days(90, sold ? 5000 : 0) },
    ordersByPlan: {
      last30: sold ? [{ key: 'pro', orders: 3, revenue: 509700 }] : [],
      allTime: sold ? [{ key: 'pro', orders: 3, revenue: 509700 }] : [],
    },
    paymentMethods: { last30: slices, allTime: slices },
  };
}

const card = (name: string) => screen.getByRole('group', { name });

describe.each(['en', 'zh-CN'] as const)('AdminDashboard (%s)', (language) => {
  const t = (key: string, values?: Record<string, unknown>) => tr(language, key, values);

  it('shows the figures of the last 30 days beside the previous 30 days, in yuan', async () => {
    const { calls } = mockFetch(() => jsonResponse(makeDashboard(true)));
    await renderIn(language, <AdminDashboard />);
    expect(
      await screen.findByRole('group', { name: t('adminDashboard:figures.revenue') }),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/admin/dashboard', method: 'GET' });
    const revenue = card(t('adminDashboard:figures.revenue'));
    expect(within(revenue).getByText('¥1699.00')).toBeInTheDocument();
    expect(within(revenue).getByText('+69.9%')).toBeInTheDocument();
    expect(
      within(revenue).getByText(t('adminDashboard:previous.last30', { value: '¥1000.00' })),
    ).toBeInTheDocument();
    expect(within(card(t('adminDashboard:figures.orders'))).getByText('3')).toBeInTheDocument();
    expect(
      within(card(t('adminDashboard:figures.refundAmount'))).getByText('¥699.00'),
    ).toBeInTheDocument();
    // A previous period of zero: the trend in words, not a percentage.
    expect(
      within(card(t('adminDashboard:figures.signUps'))).getByText(t('adminDashboard:trend.up')),
    ).toBeInTheDocument();
    expect(screen.queryByText(t('adminDashboard:empty.title'))).not.toBeInTheDocument();
    // The charts' chunk: the payment method legend with shares and yuan.
    // The chunk is a dynamic import (recharts): give it longer than findBy's 1 s on a busy machine.
    const methods = await screen.findByRole(
      'region',
      { name: t('adminDashboard:charts.byMethod') },
      { timeout: 10_000 },
    );
    expect(within(methods).getByText(t('adminDashboard:methods.alipay'))).toBeInTheDocument();
    expect(
      within(methods).getByText(
        t('adminDashboard:charts.sliceLine', { count: 2, percent: 66.7, amount: '¥1699.00' }),
      ),
    ).toBeInTheDocument();
  });

  it('shows the period’s orders money, paid, refunded and net, linked to the orders page on its days', async () => {
    mockFetch(() => jsonResponse(makeDashboard(true)));
    const { user } = await renderIn(language, <AdminDashboard />);
    const money = await screen.findByRole('region', { name: t('adminDashboard:orderMoney.title') });
    const figure = (key: string) =>
      within(money).getByRole('group', { name: t(`adminDashboard:orderMoney.${key}`) });
    expect(within(figure('paid')).getByText('¥5097.00')).toBeInTheDocument();
    expect(within(figure('refunded')).getByText('¥1699.00')).toBeInTheDocument();
    expect(within(figure('net')).getByText('¥3398.00')).toBeInTheDocument();
    expect(within(money).getByText(t('adminDashboard:orderMoney.hint'))).toBeInTheDocument();
    expect(
      within(money).getByRole('link', { name: t('adminDashboard:orderMoney.view') }),
    ).toHaveAttribute('href', '/admin/orders?from=2026-01-02&to=2026-01-31');
    // Another period: its own figures and days; all time has no first day.
    await user.click(screen.getAllByRole('radio', { name: t('adminDashboard:period.today') })[0]!);
    expect(within(figure('paid')).getByText('¥699.00')).toBeInTheDocument();
    expect(within(figure('refunded')).getByText('¥0.00')).toBeInTheDocument();
    await user.click(screen.getAllByRole('radio', { name: t('adminDashboard:period.all') })[0]!);
    expect(within(figure('net')).getByText('¥8398.00')).toBeInTheDocument();
    expect(
      within(money).getByRole('link', { name: t('adminDashboard:orderMoney.view') }),
    ).toHaveAttribute('href', '/admin/orders?to=2026-01-31');
  }, 20_000);

  it('switches to all time, which has no previous period', async () => {
    mockFetch(() => jsonResponse(makeDashboard(true)));
    const { user } = await renderIn(language, <AdminDashboard />);
    await screen.findByRole('group', { name: t('adminDashboard:figures.revenue') });
    await user.click(screen.getAllByRole('radio', { name: t('adminDashboard:period.all') })[0]!);
    const revenue = card(t('adminDashboard:figures.revenue'));
    expect(within(revenue).queryByText('+69.9%')).not.toBeInTheDocument();
  });

  it('says so when nothing was sold yet, with empty charts', async () => {
    mockFetch(() => jsonResponse(makeDashboard(false)));
    await renderIn(language, <AdminDashboard />);
    expect(await screen.findByText(t('adminDashboard:empty.title'))).toBeInTheDocument();
    expect(
      await screen.findByText(t('adminDashboard:charts.noRevenue'), undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(t('adminDashboard:charts.noOrders'))).toHaveLength(2);
  });

  it('shows skeletons while loading, then an error with a retry', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? jsonResponse(
            { statusCode: 500, error: 'Internal server error', message: 'Internal server error' },
            500,
          )
        : jsonResponse(makeDashboard(true)),
    );
    const { user } = await renderIn(language, <AdminDashboard />);
    expect(screen.getByLabelText(t('adminDashboard:loading'))).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      t('adminDashboard:loadFailed', { error: '' }).trim().slice(0, 8),
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: t('adminDashboard:retry') }));
    expect(
      await screen.findByRole('group', { name: t('adminDashboard:figures.revenue') }),
    ).toBeInTheDocument();
  });
});
