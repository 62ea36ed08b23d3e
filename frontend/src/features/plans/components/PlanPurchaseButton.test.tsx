import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type FetchCall } from '../../../test/fetch';
import { makeLicense, makeLicenseList } from '../../../test/licenses';
import { makePlans } from '../../../test/plans';
import { createTestQueryClient, render, screen, waitFor, within } from '../../../test/render';
import { licensesQueryKey, type LicenseList, type Tier } from '../../licenses/api/get-licenses';
import { plansQueryKey, type PlansResponse } from '../api/get-plans';
import { PlanPurchaseButton } from './PlanPurchaseButton';

vi.mock('qrcode.react', () => ({
  QRCodeCanvas: ({ value, ...props }: { value: string; 'aria-label'?: string }) => (
    <div role="img" aria-label={props['aria-label']} data-value={value} />
  ),
}));

type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

const pending = {
  orderId: 'SK20261125000001',
  status: 'pending',
  qrImage: 'http://localhost/sandbox-pay/SK20261125000001',
  productName: 'Pro 套餐',
  amount: 169900,
  expiresIn: 1800,
  upgradePricing: null,
};

function setup({
  plans = makePlans(null),
  licenses = makeLicenseList([], { tier: null, planName: null, seatTotal: 0 }),
  isVip = false,
  handler,
}: {
  plans?: PlansResponse;
  licenses?: LicenseList;
  isVip?: boolean;
  handler?: Handler;
} = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(licensesQueryKey, licenses);
  const fetch = mockFetch((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    if (call.url === '/api/plans') return jsonResponse(plans);
    if (call.url === '/api/apitokens/licenses') return jsonResponse(licenses);
    if (call.url === '/api/payments/create') return jsonResponse(pending);
    if (call.url.startsWith('/api/orders/by-order-id/'))
      return jsonResponse({ order: { orderId: pending.orderId, status: 'pending' } });
    return jsonResponse({ statusCode: 404, message: 'Not Found' }, 404);
  });
  const tier: Tier | null = plans.currentTier;
  return {
    ...render(<PlanPurchaseButton currentTier={tier} isVip={isVip} />, { queryClient }),
    ...fetch,
  };
}

async function openPicker(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('button', { name: 'buy or upgrade plan' }));
  return screen.findByRole('dialog', { name: 'buy or upgrade plan' });
}

const card = (name: string) => screen.getByRole('article', { name });
const cardNames = () =>
  screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('the buy or upgrade plan button', () => {
  it('shows when the plan list has something to buy', async () => {
    setup({ plans: makePlans('pro') });
    expect(await screen.findByRole('button', { name: 'buy or upgrade plan' })).toBeInTheDocument();
  });

  it('stays hidden when nothing can be bought', async () => {
    const { queryClient } = setup({ plans: makePlans('ultra') });
    await waitFor(() => expect(queryClient.getQueryData(plansQueryKey)).toBeDefined());
    expect(screen.queryByRole('button', { name: 'buy or upgrade plan' })).not.toBeInTheDocument();
  });
});

describe('the plan picker', () => {
  it('shows a new customer each public plan with price, seats, tagline and a scan to pay button', async () => {
    const { user } = setup();
    await openPicker(user);
    expect(cardNames()).toEqual(['Basic', 'Pro', 'Max']);

    const basic = card('Basic');
    expect(basic).toHaveTextContent('个人站点的入门之选');
    expect(basic).toHaveTextContent('¥699');
    expect(basic).not.toHaveTextContent('¥699.00');
    expect(basic).toHaveTextContent('1 seat');
    expect(within(basic).getByRole('button', { name: 'scan to pay' })).toBeEnabled();

    expect(card('Pro')).toHaveTextContent('¥1699');
    expect(card('Pro')).toHaveTextContent('5 seats');

    const max = card('Max');
    expect(max).toHaveTextContent('¥9980');
    expect(max).toHaveTextContent('up to 100 seats');
    expect(within(max).getByText('limited offer')).toBeInTheDocument();
    expect(screen.queryByText('current plan')).not.toBeInTheDocument();
    expect(screen.getByLabelText('promo code')).toHaveValue('');
  });

  it('marks the current plan, lower plans as included and offers upgrades', async () => {
    const { user } = setup({ plans: makePlans('pro') });
    await openPicker(user);
    const pro = card('Pro');
    expect(within(pro).getByText('current plan')).toBeInTheDocument();
    expect(pro).toHaveTextContent('already owned');
    expect(within(pro).queryByRole('button')).not.toBeInTheDocument();

    expect(card('Basic')).toHaveTextContent('already included in current higher plan');
    const max = card('Max');
    expect(within(max).getByRole('button', { name: 'scan to upgrade' })).toBeInTheDocument();
    expect(max).toHaveTextContent('upgrade price ¥8281');
  });

  it("says 'not available now' for a public plan that cannot be bought", async () => {
    const plans = makePlans(null);
    plans.plans = plans.plans.map((p) =>
      p.key === 'pro' ? { ...p, state: 'unavailable', purchasable: false, upgradePrice: null } : p,
    );
    const { user } = setup({ plans });
    await openPicker(user);
    expect(card('Pro')).toHaveTextContent('not available now');
    expect(within(card('Pro')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('hides the VIP card from customers without VIP', async () => {
    const { user } = setup({
      plans: makePlans('basic'),
      licenses: makeLicenseList([makeLicense({ tier: 'basic', purchaseTier: 'basic' })]),
    });
    await openPicker(user);
    expect(cardNames()).toEqual(['Basic', 'Pro', 'Max']);
    expect(
      screen.queryByText('VIP plan is open only to the whitelist and is granted automatically'),
    ).not.toBeInTheDocument();
  });

  it('shows the VIP card to holders of an active vip licence', async () => {
    const { user } = setup({
      plans: makePlans('vip'),
      licenses: makeLicenseList([makeLicense({ tier: 'vip', purchaseTier: 'vip' })], {
        tier: 'vip',
      }),
    });
    await openPicker(user);
    expect(cardNames()).toEqual(['Basic', 'VIP', 'Pro', 'Max']);
    const vip = card('VIP');
    expect(vip).toHaveTextContent(
      'VIP plan is open only to the whitelist and is granted automatically',
    );
    expect(within(vip).getByText('current plan')).toBeInTheDocument();
    expect(within(vip).queryByRole('button')).not.toBeInTheDocument();
  });

  it('also shows it when the dashboard says the user is VIP, but not for an expired vip licence alone', async () => {
    const expired = makeLicenseList([
      makeLicense({ tier: 'vip', purchaseTier: 'vip', status: 'expired' }),
    ]);
    const first = setup({ plans: makePlans(null), licenses: expired });
    await openPicker(first.user);
    expect(screen.queryByRole('article', { name: 'VIP' })).not.toBeInTheDocument();
    first.unmount();

    const second = setup({ plans: makePlans(null), licenses: expired, isVip: true });
    await openPicker(second.user);
    expect(card('VIP')).toHaveTextContent(
      'VIP plan is open only to the whitelist and is granted automatically',
    );
  });

  it('sends the promo code trimmed, and opens the payment modal for a pending order', async () => {
    const { user, calls } = setup();
    await openPicker(user);
    await user.type(screen.getByLabelText('promo code'), '  SAVE100  ');
    await user.click(within(card('Pro')).getByRole('button', { name: 'scan to pay' }));

    const payment = await screen.findByRole('dialog', { name: 'scan to pay' });
    const create = calls.find((c) => c.url === '/api/payments/create');
    expect(create).toMatchObject({
      method: 'POST',
      body: { subscriptionTier: 'pro', discountCode: 'SAVE100', paymentMethod: 'qrcode' },
    });
    expect(within(payment).getByRole('img', { name: 'payment QR code' })).toHaveAttribute(
      'data-value',
      pending.qrImage,
    );
    expect(payment).toHaveTextContent('Pro 套餐');
    expect(payment).toHaveTextContent('¥1699.00');
    expect(payment).toHaveTextContent(pending.orderId);
    expect(screen.queryByRole('dialog', { name: 'buy or upgrade plan' })).not.toBeInTheDocument();
  });

  it('leaves out a blank promo code', async () => {
    const { user, calls } = setup();
    await openPicker(user);
    await user.type(screen.getByLabelText('promo code'), '   ');
    await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
    await screen.findByRole('dialog', { name: 'scan to pay' });
    const create = calls.find((c) => c.url === '/api/payments/create')!;
    expect(create.body).toEqual({ subscriptionTier: 'basic', paymentMethod: 'qrcode' });
    expect(create.body).not.toHaveProperty('discountCode');
  });

  it("toasts the server's refusal and keeps the picker open", async () => {
    const { user } = setup({
      handler: ({ url }) =>
        url === '/api/payments/create'
          ? jsonResponse(
              {
                statusCode: 400,
                error: 'Discount code has expired',
                message: 'Discount code has expired',
              },
              400,
            )
          : undefined,
    });
    await openPicker(user);
    await user.type(screen.getByLabelText('promo code'), 'OLD');
    await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
    expect(await screen.findByText('Discount code has expired')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'buy or upgrade plan' })).toBeInTheDocument();
    expect(screen.getByLabelText('promo code')).toHaveValue('OLD');
  });

  it("toasts 'failed to create order' when the server gives no message", async () => {
    const { user } = setup({
      handler: ({ url }) =>
        url === '/api/payments/create'
          ? new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })
          : undefined,
    });
    await openPicker(user);
    await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
    expect(await screen.findByText('failed to create order')).toBeInTheDocument();
  });

  it("toasts 'unknown order response' for an answer it cannot read", async () => {
    const { user } = setup({
      handler: ({ url }) =>
        url === '/api/payments/create'
          ? jsonResponse({ orderId: 'x', status: 'weird' })
          : undefined,
    });
    await openPicker(user);
    await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
    expect(await screen.findByText('unknown order response')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'scan to pay' })).not.toBeInTheDocument();
  });

  it('activates at once when the order comes back paid, refreshing the seats and plans', async () => {
    const { user, calls } = setup({
      handler: ({ url }) =>
        url === '/api/payments/create'
          ? jsonResponse({ ...pending, status: 'paid', qrImage: null, amount: 0 })
          : undefined,
    });
    await openPicker(user);
    const count = (url: string) => calls.filter((c) => c.url === url).length;
    const plansBefore = count('/api/plans');
    const licensesBefore = count('/api/apitokens/licenses');
    await user.type(screen.getByLabelText('promo code'), 'FREE');
    await user.click(within(card('Pro')).getByRole('button', { name: 'scan to pay' }));
    expect(await screen.findByText('payment succeeded, plan activated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(count('/api/plans')).toBeGreaterThan(plansBefore));
    await waitFor(() => expect(count('/api/apitokens/licenses')).toBeGreaterThan(licensesBefore));
  });
});
