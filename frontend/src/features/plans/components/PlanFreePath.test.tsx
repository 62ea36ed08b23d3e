import type { Tier } from '@seatkeeper/domain';
import { describe, expect, it, vi } from 'vitest';
import {
  mockApi,
  status,
  type ApiAnswer,
  type ApiRecordedCall,
  type Sketch,
} from '../../../test/api';
import { setTestLanguage } from '../../../test/i18n';
import { makeLicense, makeLicenseList } from '../../../test/licenses';
import { makePlans } from '../../../test/plans';
import { createTestQueryClient, render, screen, waitFor, within } from '../../../test/render';
import type { LicenseList } from '../../../lib/api/licenses';
import type { PlansResponse } from '../../../lib/api/plans';
import { PlanPurchaseButton } from './PlanPurchaseButton';
// Loaded up front: the button loads the picker on first use, which a loaded machine takes seconds over.
import './PlanPurchaseFlow';
import { licensesQueryKey } from '../../../lib/api/query-keys';

// Several dialogs and quotes per test, on a machine the other suites share.
vi.setConfig({ testTimeout: 15_000 });

// A code that covers a plan's whole price (issue 29, docs/payments.md): the card offers 'get it free'
// instead of 'scan to pay', the order is paid at once, and the customer is told the plan is theirs for
// free: no QR code, no 'payment succeeded' for a payment nobody made.

vi.mock('qrcode.react', () => ({
  QRCodeCanvas: ({ value, ...props }: { value: string; 'aria-label'?: string }) => (
    <div role="img" aria-label={props['aria-label']} data-value={value} />
  ),
}));

const NOT_VALID = {
  statusCode: 400,
  error: 'Discount code not valid for this plan',
  message: 'Discount code not valid for this plan',
  code: 'DISCOUNT_CODE_NOT_VALID',
};

type Quote = Sketch<ApiAnswer<'POST /api/payments/quote'>>;

const quote = (
  tier: Tier,
  targetPrice: number,
  originalPrice: number,
  discountAmount: number,
): Quote => ({
  subscriptionTier: tier,
  fromTier: originalPrice ? 'basic' : null,
  targetPrice,
  originalPrice,
  discountAmount,
  discountCode: 'GIFT',
  amount: Math.max(0, targetPrice - originalPrice - discountAmount),
});

const paidFree = (tier: Tier): ApiAnswer<'POST /api/payments/create'> => ({
  orderId: 'SK20261128000009',
  status: 'paid',
  qrImage: null,
  productName: `${tier} 套餐`,
  amount: 0,
  expiresIn: 1800,
  upgradePricing: null,
  mobileUrl: null,
  // No gateway took it: the server records it under `free` and answers null.
  paymentMethod: null,
});

function setup({
  plans = makePlans(null),
  licenses = makeLicenseList([], { tier: null, planName: null, seatTotal: 0 }),
  quotes,
}: {
  plans?: PlansResponse;
  licenses?: LicenseList;
  quotes: Partial<Record<Tier, Quote>>;
}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(licensesQueryKey, licenses);
  const fetch = mockApi({
    'GET /api/plans': () => plans,
    'GET /api/apitokens/licenses': () => licenses,
    'POST /api/payments/quote': ({ body }) =>
      quotes[body.subscriptionTier] ?? status(400, NOT_VALID),
    'POST /api/payments/create': ({ body }) => paidFree(body.subscriptionTier),
    // Not found, as these tests have always answered it: no gateway list, so the picker offers no choice
    // of method and the order says qrcode.
    'GET /api/payments/methods': () => status(404, { statusCode: 404, message: 'Not Found' }),
  });
  return {
    ...render(<PlanPurchaseButton currentTier={plans.currentTier} isVip={false} />, {
      queryClient,
    }),
    ...fetch,
  };
}

const card = (name: string) => screen.getByRole('article', { name });
const creates = (calls: ApiRecordedCall[]) => calls.filter((c) => c.url === '/api/payments/create');

describe.each([
  {
    language: 'en' as const,
    buy: 'buy or upgrade plan',
    promo: 'promo code',
    apply: 'apply',
    free: 'get it free',
    upgradeFree: 'upgrade for free',
    scan: 'scan to pay',
    scanUpgrade: 'scan to upgrade',
    done: 'got it free, plan activated',
    paid: 'payment succeeded, plan activated',
  },
  {
    language: 'zh-CN' as const,
    buy: '购买或升级套餐',
    promo: '优惠码',
    apply: '使用',
    free: '免费领取',
    upgradeFree: '免费升级',
    scan: '扫码支付',
    scanUpgrade: '扫码升级',
    done: '已免费领取，套餐已激活',
    paid: '支付成功，套餐已激活',
  },
])('a code that covers the whole price ($language)', (texts) => {
  it("offers 'get it free' on the plan it covers, and activates it at once with no QR code", async () => {
    await setTestLanguage(texts.language);
    const { user, calls } = setup({
      quotes: { basic: quote('basic', 69900, 0, 99999900), pro: quote('pro', 169900, 0, 20000) },
    });
    await user.click(await screen.findByRole('button', { name: texts.buy }));
    await screen.findByRole('dialog', { name: texts.buy });
    await user.type(screen.getByLabelText(texts.promo), 'GIFT');
    await user.click(screen.getByRole('button', { name: texts.apply }));

    // Basic costs nothing with it: 'get it free'; Pro still costs something: 'scan to pay'.
    const basicFree = await within(card('Basic')).findByRole('button', { name: texts.free });
    expect(within(card('Basic')).queryByRole('button', { name: texts.scan })).toBeNull();
    expect(within(card('Pro')).getByRole('button', { name: texts.scan })).toBeInTheDocument();
    expect(within(card('Max')).getByRole('button', { name: texts.scan })).toBeInTheDocument();

    await user.click(basicFree);
    expect(await screen.findByText(texts.done)).toBeInTheDocument();
    expect(creates(calls).map((c) => c.body)).toEqual([
      { subscriptionTier: 'basic', paymentMethod: 'qrcode', discountCode: 'GIFT' },
    ]);
    // No payment dialog, no QR code, no 'payment succeeded'.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText(texts.paid)).not.toBeInTheDocument();
  });

  it("says 'upgrade for free' when the code covers an upgrade's price", async () => {
    await setTestLanguage(texts.language);
    const { user } = setup({
      plans: makePlans('basic'),
      licenses: makeLicenseList([makeLicense({ tier: 'basic', purchaseTier: 'basic' })]),
      quotes: { pro: quote('pro', 169900, 69900, 100000) },
    });
    await user.click(await screen.findByRole('button', { name: texts.buy }));
    await screen.findByRole('dialog', { name: texts.buy });
    await user.type(screen.getByLabelText(texts.promo), 'GIFT{Enter}');
    await waitFor(() =>
      expect(
        within(card('Pro')).getByRole('button', { name: texts.upgradeFree }),
      ).toBeInTheDocument(),
    );
    expect(
      within(card('Max')).getByRole('button', { name: texts.scanUpgrade }),
    ).toBeInTheDocument();
  });

  it('tells a free order apart even when the code was not applied first', async () => {
    await setTestLanguage(texts.language);
    const { user } = setup({ quotes: {} });
    await user.click(await screen.findByRole('button', { name: texts.buy }));
    await screen.findByRole('dialog', { name: texts.buy });
    await user.type(screen.getByLabelText(texts.promo), 'GIFT');
    await user.click(within(card('Basic')).getByRole('button', { name: texts.scan }));
    expect(await screen.findByText(texts.done)).toBeInTheDocument();
    expect(screen.queryByText(texts.paid)).not.toBeInTheDocument();
  });
});
