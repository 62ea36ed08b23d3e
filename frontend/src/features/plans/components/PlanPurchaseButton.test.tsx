import type { Tier } from '@seatkeeper/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, raw, status, type ApiRecordedCall, type ApiRoutes } from '../../../test/api';
import { jsonResponse } from '../../../test/fetch';
import { makeLicense, makeLicenseList } from '../../../test/licenses';
import { makePlans } from '../../../test/plans';
import { createTestQueryClient, render, screen, waitFor, within } from '../../../test/render';
import type { LicenseList } from '../../../lib/api/licenses';
import type { PlansResponse } from '../../../lib/api/plans';
import { METHODS, narrowScreen } from '../../../test/payments';
import type { PaymentMethod } from '../api/get-payment-methods';
import { PHONE_QUERY } from '../use-phone';
import { PlanPurchaseButton } from './PlanPurchaseButton';
import { licensesQueryKey, plansQueryKey } from '../../../lib/api/query-keys';

vi.mock('qrcode.react', () => ({
  QRCodeCanvas: ({ value, ...props }: { value: string; 'aria-label'?: string }) => (
    <div role="img" aria-label={props['aria-label']} data-value={value} />
  ),
}));

const pending = {
  orderId: 'SK20261125000001',
  status: 'pending',
  qrImage: 'http://localhost/sandbox-pay/SK20261125000001',
  productName: 'Pro 套餐',
  amount: 169900,
  expiresIn: 1800,
  upgradePricing: null,
} as const;

function setup({
  plans = makePlans(null),
  licenses = makeLicenseList([], { tier: null, planName: null, seatTotal: 0 }),
  isVip = false,
  methods,
  routes,
}: {
  plans?: PlansResponse;
  licenses?: LicenseList;
  isVip?: boolean;
  /** GET /api/payments/methods' answer; without it, that call fails (404). */
  methods?: PaymentMethod[];
  routes?: ApiRoutes;
} = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(licensesQueryKey, licenses);
  const fetch = mockApi({
    'GET /api/plans': () => plans,
    'GET /api/payments/methods': () =>
      methods ? { methods } : status(404, { statusCode: 404, message: 'Not Found' }),
    'GET /api/apitokens/licenses': () => licenses,
    'POST /api/payments/create': () => pending,
    'GET /api/orders/by-order-id/{orderId}': () => ({
      order: { orderId: pending.orderId, status: 'pending' },
    }),
    ...routes,
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
    // The seller's texts from the API, in the interface's language.
    expect(basic).toHaveTextContent('The starter choice for a personal site');
    expect(basic).toHaveTextContent('¥699');
    expect(basic).not.toHaveTextContent('¥699.00');
    expect(basic).toHaveTextContent('1 seat');
    expect(within(basic).getByRole('button', { name: 'scan to pay' })).toBeEnabled();

    expect(card('Pro')).toHaveTextContent('¥1699');
    expect(card('Pro')).toHaveTextContent('5 seats');

    const max = card('Max');
    expect(max).toHaveTextContent('¥9980');
    expect(max).toHaveTextContent('up to 100 seats');
    expect(within(max).getByText('LIMITED OFFER')).toBeInTheDocument();
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
    expect(payment).toHaveTextContent('Pro plan');
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
      routes: {
        'POST /api/payments/create': () =>
          status(400, {
            statusCode: 400,
            error: 'Discount code has expired',
            message: 'Discount code has expired',
          }),
      },
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
      routes: {
        'POST /api/payments/create': () =>
          raw(
            () =>
              new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
          ),
      },
    });
    await openPicker(user);
    await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
    expect(await screen.findByText('failed to create order')).toBeInTheDocument();
  });

  it("toasts 'unknown order response' for an answer it cannot read", async () => {
    const { user } = setup({
      routes: {
        // Not what the schema allows, on purpose.
        'POST /api/payments/create': () =>
          raw(() => jsonResponse({ orderId: 'x', status: 'weird' })),
      },
    });
    await openPicker(user);
    await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
    expect(await screen.findByText('unknown order response')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'scan to pay' })).not.toBeInTheDocument();
  });

  it('activates at once when the order comes back paid, refreshing the seats and plans', async () => {
    const { user, calls } = setup({
      routes: {
        'POST /api/payments/create': () => ({
          ...pending,
          status: 'paid',
          qrImage: null,
          amount: 0,
        }),
      },
    });
    await openPicker(user);
    const count = (url: string) => calls.filter((c) => c.url === url).length;
    const plansBefore = count('/api/plans');
    const licensesBefore = count('/api/apitokens/licenses');
    await user.type(screen.getByLabelText('promo code'), 'FREE');
    await user.click(within(card('Pro')).getByRole('button', { name: 'scan to pay' }));
    // ¥0: nothing was paid, so the toast does not say so (PlanFreePath.test.tsx).
    expect(await screen.findByText('got it free, plan activated')).toBeInTheDocument();
    expect(screen.queryByText('payment succeeded, plan activated')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(count('/api/plans')).toBeGreaterThan(plansBefore));
    await waitFor(() => expect(count('/api/apitokens/licenses')).toBeGreaterThan(licensesBefore));
  });
});

const creates = (calls: ApiRecordedCall[]) => calls.filter((c) => c.url === '/api/payments/create');

describe('the payment method', () => {
  it('is chosen in the picker among the enabled methods, and sent with the order', async () => {
    const { user, calls } = setup({ methods: [METHODS.alipay, METHODS.wechat, METHODS.sandbox] });
    await openPicker(user);
    const group = await screen.findByRole('radiogroup', { name: 'pay with' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Alipay',
      'WeChat Pay',
      'Sandbox',
    ]);
    // The first enabled method is chosen at first.
    expect(radios[0]).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'WeChat Pay' }));
    expect(within(group).getByRole('radio', { name: 'WeChat Pay' })).toBeChecked();
    await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
    await screen.findByRole('dialog', { name: 'scan to pay' });
    expect(creates(calls)[0].body).toEqual({ subscriptionTier: 'basic', paymentMethod: 'wechat' });
  });

  it('is moved through with the arrow keys', async () => {
    const { user } = setup({ methods: [METHODS.alipay, METHODS.wechat] });
    await openPicker(user);
    const alipay = await screen.findByRole('radio', { name: 'Alipay' });
    alipay.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'WeChat Pay' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'WeChat Pay' })).toHaveFocus();
  });

  it('is not offered when only one method is enabled (the order says qrcode)', async () => {
    const { user, calls, queryClient } = setup({ methods: [METHODS.alipay] });
    await openPicker(user);
    await waitFor(() => expect(queryClient.getQueryData(['payments', 'methods'])).toBeDefined());
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
    await screen.findByRole('dialog', { name: 'scan to pay' });
    expect(creates(calls)[0].body).toEqual({ subscriptionTier: 'basic', paymentMethod: 'qrcode' });
  });

  it('can be switched in the QR modal: a new order for the new method replaces the shown one', async () => {
    let created = 0;
    const { user, calls } = setup({
      methods: [METHODS.sandbox, METHODS.wechat],
      routes: {
        'POST /api/payments/create': ({ body }) => {
          created += 1;
          const method = body.paymentMethod;
          return raw(() =>
            jsonResponse({
              ...pending,
              orderId: `SK2026112500000${created}`,
              paymentMethod: method,
              qrImage: method === 'wechat' ? 'weixin://wxpay/bizpayurl?pr=abc' : pending.qrImage,
              mobileUrl: null,
            }),
          );
        },
      },
    });
    await openPicker(user);
    await user.type(screen.getByLabelText('promo code'), 'SAVE100');
    await user.click(within(card('Pro')).getByRole('button', { name: 'scan to pay' }));
    const modal = await screen.findByRole('dialog', { name: 'scan to pay' });
    expect(modal).toHaveTextContent('SK20261125000001');
    expect(modal).toHaveTextContent(
      "Scan with your phone's camera to open the sandbox payment page",
    );

    await user.click(within(modal).getByRole('radio', { name: 'WeChat Pay' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('SK20261125000002'));
    const switched = screen.getByRole('dialog', { name: 'scan to pay' });
    expect(switched).toHaveTextContent('Scan with WeChat (Scan QR Code)');
    expect(within(switched).getByRole('img', { name: 'payment QR code' })).toHaveAttribute(
      'data-value',
      'weixin://wxpay/bizpayurl?pr=abc',
    );
    expect(within(switched).getByRole('radio', { name: 'WeChat Pay' })).toBeChecked();
    expect(creates(calls).map((c) => c.body)).toEqual([
      { subscriptionTier: 'pro', paymentMethod: 'sandbox', discountCode: 'SAVE100' },
      { subscriptionTier: 'pro', paymentMethod: 'wechat', discountCode: 'SAVE100' },
    ]);
    // The replaced order is closed by the server, not cancelled from here.
    expect(calls.filter((c) => c.url.endsWith('/cancel'))).toHaveLength(0);
  });
});

describe('paying on a phone', () => {
  it('asks for the link that opens the payment app on a narrow screen', async () => {
    const restore = narrowScreen(PHONE_QUERY);
    try {
      const { user, calls } = setup();
      await openPicker(user);
      await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
      await screen.findByRole('dialog', { name: 'scan to pay' });
      expect(creates(calls)[0].body).toEqual({
        subscriptionTier: 'basic',
        paymentMethod: 'qrcode',
        mobile: true,
      });
    } finally {
      restore();
    }
  });

  it('asks for it with a mobile user agent on a wide screen too', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    );
    try {
      const { user, calls } = setup();
      await openPicker(user);
      await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
      await screen.findByRole('dialog', { name: 'scan to pay' });
      expect(creates(calls)[0].body).toMatchObject({ mobile: true });
    } finally {
      vi.restoreAllMocks();
    }
  });
});

const quoteFor = (answers: Partial<Record<Tier, object>>, refusal: object): ApiRoutes => ({
  'POST /api/payments/quote': ({ body }) => {
    const answer = answers[body.subscriptionTier];
    return answer ? raw(() => jsonResponse(answer)) : status(400, refusal);
  },
});
const WRONG_TIER = {
  statusCode: 400,
  error: 'Discount code does not apply to this plan',
  message: 'Discount code does not apply to this plan',
  code: 'DISCOUNT_WRONG_TIER',
};
const quote = (tier: Tier, targetPrice: number, originalPrice: number, discountAmount: number) => ({
  subscriptionTier: tier,
  fromTier: originalPrice ? 'basic' : null,
  targetPrice,
  originalPrice,
  discountAmount,
  discountCode: 'SAVE100',
  amount: targetPrice - originalPrice - discountAmount,
});
const quotes = (calls: ApiRecordedCall[]) => calls.filter((c) => c.url === '/api/payments/quote');

describe('applying a promo code in the picker', () => {
  it('quotes each plan the customer can buy and shows its price after the code', async () => {
    const { user, calls } = setup({
      routes: quoteFor({ basic: quote('basic', 69900, 0, 10000) }, WRONG_TIER),
    });
    await openPicker(user);
    expect(screen.getByRole('button', { name: 'apply' })).toBeDisabled();
    await user.type(screen.getByLabelText('promo code'), ' save100 ');
    await user.click(screen.getByRole('button', { name: 'apply' }));

    await waitFor(() => expect(card('Basic')).toHaveTextContent('amount due ¥599'));
    expect(quotes(calls).map((c) => c.body)).toEqual([
      { subscriptionTier: 'basic', discountCode: 'save100' },
      { subscriptionTier: 'pro', discountCode: 'save100' },
      { subscriptionTier: 'ultra', discountCode: 'save100' },
    ]);
    const basic = card('Basic');
    expect(basic.querySelector('del')).toHaveTextContent('list price ¥699');
    expect(basic).toHaveTextContent('promo code SAVE100 -¥100');
    expect(basic).not.toHaveTextContent('deduction for the current plan');
    // The code is for Basic: the other cards keep their price and say so.
    expect(card('Pro')).toHaveTextContent('¥1699');
    expect(card('Pro')).toHaveTextContent('Discount code does not apply to this plan');
    expect(screen.getByLabelText('promo code')).not.toHaveAttribute('aria-invalid', 'true');
    // Nothing was ordered, and no toast.
    expect(creates(calls)).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows an upgrade's deduction for the current plan", async () => {
    const { user } = setup({
      plans: makePlans('basic'),
      licenses: makeLicenseList([makeLicense({ tier: 'basic', purchaseTier: 'basic' })]),
      routes: quoteFor({ pro: quote('pro', 169900, 69900, 10000) }, WRONG_TIER),
    });
    await openPicker(user);
    await user.type(screen.getByLabelText('promo code'), 'SAVE100{Enter}');
    await waitFor(() => expect(card('Pro')).toHaveTextContent('amount due ¥900'));
    const pro = card('Pro');
    expect(pro).toHaveTextContent('list price ¥1699');
    expect(pro).toHaveTextContent('deduction for the current plan -¥699');
    expect(pro).toHaveTextContent('promo code SAVE100 -¥100');
    expect(pro).not.toHaveTextContent('upgrade price');
    // Only the plans that can be bought were quoted: Basic is owned.
    expect(card('Basic')).not.toHaveTextContent('Discount code');
  });

  it('shows an invalid code’s error beside the field, and clears it when the code changes', async () => {
    const { user, calls } = setup({
      routes: quoteFor(
        {},
        {
          statusCode: 400,
          error: 'Discount code not found',
          message: 'Discount code not found',
          code: 'DISCOUNT_CODE_UNKNOWN',
        },
      ),
    });
    await openPicker(user);
    const field = screen.getByLabelText('promo code');
    await user.type(field, 'NOPE');
    await user.click(screen.getByRole('button', { name: 'apply' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('Discount code not found');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(card('Basic')).not.toHaveTextContent('Discount code not found');
    expect(creates(calls)).toHaveLength(0);

    await user.type(field, 'X');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Discount code not found')).not.toBeInTheDocument();
  });

  it('names the telling refusal when no plan takes the code (expired on its own plan)', async () => {
    const { user } = setup({
      routes: {
        'POST /api/payments/quote': ({ body }) => {
          if (body.subscriptionTier !== 'pro') return status(400, WRONG_TIER);
          return status(400, {
            statusCode: 400,
            error: 'Discount code has expired',
            message: 'Discount code has expired',
            code: 'DISCOUNT_EXPIRED',
          });
        },
      },
    });
    await openPicker(user);
    await user.type(screen.getByLabelText('promo code'), 'OLD{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText('promo code')).toHaveAccessibleDescription(
        'Discount code has expired',
      ),
    );
  });

  it('drops the prices when the code is edited, and orders with the applied code', async () => {
    const { user, calls } = setup({
      routes: quoteFor({ basic: quote('basic', 69900, 0, 10000) }, WRONG_TIER),
    });
    await openPicker(user);
    const field = screen.getByLabelText('promo code');
    await user.type(field, 'SAVE10');
    await user.click(screen.getByRole('button', { name: 'apply' }));
    await waitFor(() => expect(card('Basic')).toHaveTextContent('amount due ¥599'));
    await user.type(field, '0');
    expect(card('Basic')).not.toHaveTextContent('amount due');
    expect(card('Pro')).not.toHaveTextContent('does not apply');

    await user.click(screen.getByRole('button', { name: 'apply' }));
    await waitFor(() => expect(card('Basic')).toHaveTextContent('amount due ¥599'));
    await user.click(within(card('Basic')).getByRole('button', { name: 'scan to pay' }));
    await screen.findByRole('dialog', { name: 'scan to pay' });
    expect(creates(calls)[0].body).toEqual({
      subscriptionTier: 'basic',
      paymentMethod: 'qrcode',
      discountCode: 'SAVE100',
    });
  });
});
