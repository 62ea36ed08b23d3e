import { afterEach, describe, expect, it } from 'vitest';
import type { AdminPlan } from '../../features/admin-plans/api/admin-plans';
import { createQueryClient } from '../../lib/query-client';
import { mockApi, raw, status, type ApiRoutes } from '../../test/api';
import { renderIn, resetTestLanguage } from '../../test/i18n';
import { render, screen, waitFor, within } from '../../test/render';
import AdminPlansPage from './plans';

const plan = (tier: AdminPlan['tier'], extra: Partial<AdminPlan>): AdminPlan => ({
  tier,
  names: { 'zh-CN': tier, en: tier },
  descriptions: { 'zh-CN': '', en: '' },
  priceCents: 69900,
  badge: null,
  badgeEndsAt: null,
  badgeActive: false,
  shown: true,
  sortOrder: 1,
  seatCount: 1,
  buyable: true,
  updatedAt: '2026-05-01T00:00:00.000Z',
  ...extra,
});
const PLANS: AdminPlan[] = [
  plan('basic', {
    names: { 'zh-CN': '基础版', en: 'Basic' },
    descriptions: { 'zh-CN': '个人站点的入门之选', en: 'The starter choice for a personal site' },
  }),
  plan('vip', {
    names: { 'zh-CN': 'VIP', en: 'VIP' },
    priceCents: 100000,
    buyable: false,
    sortOrder: 2,
  }),
  plan('pro', {
    names: { 'zh-CN': 'Pro', en: 'Pro' },
    priceCents: 169900,
    shown: false,
    sortOrder: 3,
  }),
  plan('ultra', {
    names: { 'zh-CN': 'Max', en: 'Max' },
    priceCents: 998000,
    badge: { 'zh-CN': '限时优惠', en: 'LIMITED OFFER' },
    badgeActive: true,
    sortOrder: 4,
  }),
];

async function setup(language?: 'en' | 'zh-CN', routes: ApiRoutes = {}) {
  const fetch = mockApi({
    'GET /api/admin/plans': () => ({ plans: PLANS }),
    'PUT /api/admin/plans/{tier}': () => ({ plan: PLANS[0] }),
    ...routes,
  });
  const ui = <AdminPlansPage />;
  const options = { queryClient: createQueryClient() };
  const rendered = language ? await renderIn(language, ui, options) : render(ui, options);
  return { ...rendered, ...fetch };
}

const rows = async () =>
  within(await screen.findByRole('table', { name: /plans|套餐/ }))
    .getAllByRole('row')
    .slice(1);

describe('admin plans', () => {
  afterEach(resetTestLanguage);

  it('lists the plans with price in yuan, badge, shown/hidden and the vip note', async () => {
    await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Plans and prices' })).toBeInTheDocument();
    const [basic, vip, pro, ultra] = await rows();
    expect(basic).toHaveTextContent('Basic');
    expect(basic).toHaveTextContent('¥699.00');
    expect(vip).toHaveTextContent('never on sale (whitelist)');
    expect(pro).toHaveTextContent('hidden');
    expect(ultra).toHaveTextContent('LIMITED OFFER');
    expect(ultra).toHaveTextContent('¥9980.00');
  });

  it('edits a price in yuan, confirms old → new, and sends cents with the texts', async () => {
    const { user, calls } = await setup();
    const [basic] = await rows();
    await user.click(within(basic).getByRole('button', { name: 'edit Basic' }));
    const price = await screen.findByLabelText(/price \(yuan\)/);
    await user.clear(price);
    await user.type(price, '599.5');
    await user.clear(screen.getByLabelText(/name \(English\)/));
    await user.type(screen.getByLabelText(/name \(English\)/), 'Starter');
    await user.type(screen.getByLabelText('badge (English)'), 'NEW');
    await user.click(screen.getByRole('button', { name: 'review' }));
    expect(await screen.findByTestId('price-change')).toHaveTextContent('price ¥699.00 → ¥599.50');
    // Every changed field, not only the price (issue 29 item 10); unchanged ones are not listed.
    const changes = within(screen.getByRole('list', { name: 'Save Basic?' }));
    expect(changes.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'price ¥699.00 → ¥599.50',
      'name (English): Basic → Starter',
      'badge (English): none → NEW',
    ]);
    await user.click(screen.getByRole('button', { name: 'save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(new URL(put.url, 'http://x').pathname).toBe('/api/admin/plans/basic');
    expect(put.body).toEqual({
      priceCents: 59950,
      nameZh: '基础版',
      nameEn: 'Starter',
      descriptionZh: '个人站点的入门之选',
      descriptionEn: 'The starter choice for a personal site',
      badgeZh: null,
      badgeEn: 'NEW',
      badgeEndsAt: null,
      shown: true,
      sortOrder: 1,
    });
  }, 30_000);

  it('lists a badge-only change in Chinese, the price stated as unchanged', async () => {
    const { user } = await setup('zh-CN');
    const [basic] = await rows();
    await user.click(within(basic).getByRole('button', { name: '编辑 基础版' }));
    await user.type(await screen.findByLabelText('角标（中文）'), '新品');
    await user.click(screen.getByRole('switch', { name: '在套餐页显示' }));
    await user.click(screen.getByRole('button', { name: '确认修改' }));
    const changes = within(await screen.findByRole('list', { name: '保存 基础版？' }));
    expect(changes.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '价格不变（¥699.00）',
      '角标（中文）：无 → 新品',
      '在套餐页显示：显示 → 隐藏',
    ]);
  }, 30_000);

  it('refuses a price of zero in the form, and shows the server refusal in the confirmation', async () => {
    const { user } = await setup(undefined, {
      'PUT /api/admin/plans/{tier}': () =>
        status(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'this plan is not on sale now',
          code: 'PLAN_HIDDEN',
        }),
    });
    const [basic] = await rows();
    await user.click(within(basic).getByRole('button', { name: 'edit Basic' }));
    const price = await screen.findByLabelText(/price \(yuan\)/);
    await user.clear(price);
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'review' }));
    expect(
      await screen.findByText('enter a price from 0.01 to 1000000.00 yuan'),
    ).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '10');
    await user.click(screen.getByRole('button', { name: 'review' }));
    await user.click(await screen.findByRole('button', { name: 'save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('this plan is not on sale now');
  }, 30_000);

  it('reads in Chinese', async () => {
    await setup('zh-CN');
    expect(
      await screen.findByRole('heading', { level: 1, name: '套餐与价格' }),
    ).toBeInTheDocument();
    const [basic, vip] = await rows();
    expect(basic).toHaveTextContent('基础版');
    expect(basic).toHaveTextContent('个人站点的入门之选');
    expect(vip).toHaveTextContent('不对外销售（白名单）');
    expect(within(basic).getByRole('button', { name: '编辑 基础版' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    await setup(undefined, {
      'GET /api/admin/plans': () => raw(() => new Response(null, { status: 502 })),
    });
    expect(await screen.findByText('Request failed')).toBeInTheDocument();
  });
});
