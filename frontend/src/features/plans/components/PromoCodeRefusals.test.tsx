import { describe, expect, it, vi } from 'vitest';
import { mockApi, status, type ApiRoutes } from '../../../test/api';
import { setTestLanguage } from '../../../test/i18n';
import { makeLicenseList } from '../../../test/licenses';
import { makePlans } from '../../../test/plans';
import { createTestQueryClient, render, screen, waitFor, within } from '../../../test/render';
import { PlanPurchaseButton } from './PlanPurchaseButton';
// Loaded up front: the button loads the picker on first use, which a loaded machine takes seconds over.
import './PlanPurchaseFlow';
import { licensesQueryKey } from '../../../lib/api/query-keys';

// Several dialogs and quotes per test, on a machine the other suites share.
vi.setConfig({ testTimeout: 15_000 });

// The quote's refusals as the customer reads them (issue 29, docs/payments.md "Limits"): an unknown code
// and a code for another plan get the one answer 'not valid for this plan' (the server words both so);
// too many tries (429, Retry-After) says how long to wait, in the customer's language.

const NOT_VALID = {
  statusCode: 400,
  error: 'Discount code does not apply to this plan',
  message: 'Discount code does not apply to this plan',
  code: 'DISCOUNT_WRONG_TIER',
};
const RATE_LIMITED = {
  statusCode: 429,
  error: 'Too many attempts; retry in a minute',
  message: 'Too many attempts; retry in a minute',
  code: 'PAYMENT_RATE_LIMITED',
  retryAfter: 42,
};

function setup(quote: NonNullable<ApiRoutes['POST /api/payments/quote']>) {
  const queryClient = createTestQueryClient();
  const licenses = makeLicenseList([], { tier: null, planName: null, seatTotal: 0 });
  queryClient.setQueryData(licensesQueryKey, licenses);
  const plans = makePlans(null);
  const fetch = mockApi({
    'GET /api/plans': () => plans,
    'GET /api/apitokens/licenses': () => licenses,
    'POST /api/payments/quote': quote,
    // Not found, as these tests have always answered it: no gateway list, so no payment method choice.
    'GET /api/payments/methods': () => status(404, { statusCode: 404, message: 'Not Found' }),
  });
  return {
    ...render(<PlanPurchaseButton currentTier={null} isVip={false} />, { queryClient }),
    ...fetch,
  };
}

describe.each([
  {
    language: 'en' as const,
    buy: 'buy or upgrade plan',
    promo: 'promo code',
    apply: 'apply',
    notValid: 'Discount code does not apply to this plan',
    wait: 'Too many promo code tries: try again in 42 seconds',
  },
  {
    language: 'zh-CN' as const,
    buy: '购买或升级套餐',
    promo: '优惠码',
    apply: '使用',
    notValid: '优惠码不适用于此套餐',
    wait: '优惠码尝试过于频繁，请 42 秒后重试',
  },
])('the promo code refusals ($language)', (texts) => {
  it("gives an unknown code the one answer 'not valid for this plan'", async () => {
    await setTestLanguage(texts.language);
    const { user } = setup(() => status(400, NOT_VALID));
    await user.click(await screen.findByRole('button', { name: texts.buy }));
    await screen.findByRole('dialog', { name: texts.buy });
    const field = screen.getByLabelText(texts.promo);
    await user.type(field, 'GUESS1');
    await user.click(screen.getByRole('button', { name: texts.apply }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(texts.notValid));
  });

  it('says how long to wait after too many tries, and shows no prices meanwhile', async () => {
    await setTestLanguage(texts.language);
    const { user } = setup(({ body }) =>
      body.subscriptionTier === 'basic'
        ? {
            subscriptionTier: 'basic',
            fromTier: null,
            targetPrice: 69900,
            originalPrice: 0,
            discountAmount: 10000,
            discountCode: 'SAVE',
            amount: 59900,
            free: false,
          }
        : status(429, RATE_LIMITED),
    );
    await user.click(await screen.findByRole('button', { name: texts.buy }));
    await screen.findByRole('dialog', { name: texts.buy });
    const field = screen.getByLabelText(texts.promo);
    await user.type(field, 'SAVE');
    await user.click(screen.getByRole('button', { name: texts.apply }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(texts.wait));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByRole('article', { name: 'Basic' })).queryByText('¥599')).toBeNull();
  });
});
