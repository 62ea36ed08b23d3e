import type { Tier } from '@seatkeeper/domain';
import { describe, expect, it } from 'vitest';
import type { PlansResponse } from '../lib/api/plans';
import { sessionQueryKey } from '../lib/session';
import { mockApi, status, type ApiRoutes } from '../test/api';
import { renderIn } from '../test/i18n';
import { makePlans } from '../test/plans';
import { createTestQueryClient, render, screen, waitFor, within } from '../test/render';
import { makeSession } from '../test/session';
import PricingPage from './pricing';

const ENGLISH: Record<Tier, [string, string]> = {
  basic: ['Basic', 'For a personal site'],
  vip: ['VIP', 'For course students'],
  pro: ['Pro', 'For studios and teams'],
  ultra: ['Max', 'For agencies, seats grow on demand'],
};

/** GET /api/plans as the server answers it, both languages' names included. */
function plansAnswer(current: Tier | null = null): PlansResponse {
  const answer = makePlans(current);
  return {
    ...answer,
    plans: answer.plans.map((plan, index) => ({
      ...plan,
      names: { 'zh-CN': plan.name, en: ENGLISH[plan.key][0] },
      descriptions: { 'zh-CN': plan.description, en: ENGLISH[plan.key][1] },
      badge: plan.key === 'ultra' ? { 'zh-CN': '限时优惠', en: 'LIMITED OFFER' } : null,
      badgeEndsAt: null,
      shown: true,
      sortOrder: index,
    })),
  };
}

/** The page with the network answering: the session (none, or a customer) and the plans. */
function serve(plans: NonNullable<ApiRoutes['GET /api/plans']>, signedIn = false) {
  const client = createTestQueryClient();
  client.setQueryData(sessionQueryKey, signedIn ? makeSession() : null);
  const fetched = mockApi({ 'GET /api/plans': plans });
  return { client, fetched };
}

const cardOf = (name: string) => screen.getByRole('listitem', { name });

describe('PricingPage in en', () => {
  it('shows the plans on sale with prices and what each includes; Buy signs a visitor in first', async () => {
    const { client, fetched } = serve(() => plansAnswer());
    await renderIn('en', <PricingPage />, { queryClient: client });

    expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    const plans = await screen.findByRole('list', { name: 'plans' });
    const cards = within(plans).getAllByRole('listitem', { name: /.+/ });
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Basic',
      'Pro',
      'Max',
    ]);
    expect(fetched.calls.map((c) => c.url)).toEqual([expect.stringMatching(/\/api\/plans$/)]);

    const pro = cardOf('Pro');
    expect(pro).toHaveTextContent('¥1699');
    expect(pro).toHaveTextContent('lifetime');
    expect(pro).toHaveTextContent('For studios and teams');
    expect(pro).toHaveTextContent('5 seats: one website each');
    expect(pro).toHaveTextContent('Each seat can move to another domain 2 times');
    expect(pro).toHaveTextContent('AI assistant settings per seat');
    expect(pro).toHaveTextContent('Plugin and theme updates');
    expect(within(pro).getByRole('link', { name: 'Buy Pro' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fdashboard%3Fbuy%3Dpro',
    );
    expect(cardOf('Basic')).toHaveTextContent('1 seat: one website');
    const max = cardOf('Max');
    expect(max).toHaveTextContent('¥9980');
    expect(max).toHaveTextContent('LIMITED OFFER');
    expect(max).toHaveTextContent(
      'Starts with 10 seats and adds 10 more whenever fewer than 2 are free, up to 100 seats',
    );

    const vip = screen.getByRole('region', { name: 'Taking the site-building course?' });
    expect(vip).toHaveTextContent('get the VIP plan free: 2 lifetime seats');
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(
      within(faq)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Do staging and development sites need a seat?',
      'What does lifetime mean?',
      'Can I get a refund?',
    ]);
    expect(faq).toHaveTextContent('localhost, 127.0.0.1');
  });

  it('tells a signed-in customer where each plan stands, and Buy goes straight to the console', async () => {
    const { client } = serve(() => plansAnswer('pro'), true);
    await renderIn('en', <PricingPage />, { queryClient: client });

    const pro = await screen.findByRole('listitem', { name: /^Pro/ });
    expect(pro).toHaveTextContent('your plan');
    expect(pro).toHaveTextContent('You already have this plan');
    expect(within(pro).queryByRole('link')).toBeNull();
    expect(cardOf('Basic')).toHaveTextContent('Included in your current plan');
    const max = cardOf('Max');
    expect(max).toHaveTextContent('Upgrade for ¥8281 (the difference to your plan)');
    expect(within(max).getByRole('link', { name: 'Upgrade to Max' })).toHaveAttribute(
      'href',
      '/dashboard?buy=ultra',
    );
  });

  it('shows a loader, then the error with a retry that loads the plans', async () => {
    let fail = true;
    let answer: (reply: ReturnType<typeof status>) => void = () => undefined;
    const { client } = serve(() =>
      fail
        ? new Promise<ReturnType<typeof status>>((resolve) => (answer = resolve))
        : plansAnswer(),
    );
    const { user } = await renderIn('en', <PricingPage />, { queryClient: client });
    expect(screen.getByRole('status')).toHaveTextContent('Loading plans');

    answer(status(500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('error loading data');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByRole('link', { name: 'Buy Pro' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when no plan is on sale', async () => {
    const none = plansAnswer();
    none.plans = none.plans.map((plan) => ({ ...plan, isPublic: false }));
    const { client } = serve(() => none);
    await renderIn('en', <PricingPage />, { queryClient: client });
    expect(await screen.findByText(/No plans are on sale right now/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Buy/ })).toBeNull();
  });
});

describe('PricingPage in zh-CN', () => {
  it('shows the plans, notes and questions in Chinese, with the Chinese plan names', async () => {
    const { client } = serve(() => plansAnswer());
    const { container } = await renderIn('zh-CN', <PricingPage />, { queryClient: client });

    expect(screen.getByRole('heading', { level: 1, name: '价格' })).toBeVisible();
    const pro = await screen.findByRole('listitem', { name: 'Pro' });
    expect(pro).toHaveTextContent('工作室与多站点团队');
    expect(pro).toHaveTextContent('永久');
    expect(pro).toHaveTextContent('5 个座位，每个绑定一个网站');
    expect(pro).toHaveTextContent('每个座位可更换 2 次绑定域名');
    expect(within(pro).getByRole('link', { name: '购买 Pro' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fdashboard%3Fbuy%3Dpro',
    );
    expect(cardOf('Max')).toHaveTextContent('限时优惠');
    expect(cardOf('Max')).toHaveTextContent('起始 10 个座位，空闲座位少于 2 个时自动增加 10 个');
    expect(screen.getByRole('region', { name: '参加了建站课程？' })).toHaveTextContent(
      '2 个永久座位',
    );
    expect(screen.getByRole('heading', { name: '可以退款吗？' })).toBeVisible();
    // No English left but the plan names, AI and the host names.
    const page = container.cloneNode(true) as HTMLElement;
    page.querySelectorAll('style').forEach((style) => style.remove());
    const text = (page.textContent ?? '').replace(
      /Basic|Pro|Max|VIP|AI|\.?localhost|\.local|\.test/g,
      '',
    );
    expect(text).not.toMatch(/[A-Za-z]{2,}/);
  });

  it('renders in the language it is switched to', async () => {
    const { client } = serve(() => plansAnswer());
    render(<PricingPage />, { queryClient: client });
    expect(await screen.findByRole('link', { name: 'Buy Pro' })).toBeVisible();
    await renderIn('zh-CN', <></>);
    await waitFor(() => expect(screen.getByRole('link', { name: '购买 Pro' })).toBeVisible());
  });
});
