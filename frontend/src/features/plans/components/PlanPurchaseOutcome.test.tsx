import type { Language } from '@seatkeeper/domain';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, status, type ApiRoutes } from '../../../test/api';
import { setTestLanguage } from '../../../test/i18n';
import { makeLicenseList } from '../../../test/licenses';
import { makePlans } from '../../../test/plans';
import { createTestQueryClient, render, screen, waitFor, within } from '../../../test/render';
import { PlanPurchaseButton } from './PlanPurchaseButton';
import { licensesQueryKey } from '../../../lib/api/query-keys';

vi.mock('qrcode.react', () => ({
  QRCodeCanvas: ({ value, ...props }: { value: string; 'aria-label'?: string }) => (
    <div role="img" aria-label={props['aria-label']} data-value={value} />
  ),
}));

const ORDER = 'SK20261125000001';
const pending = {
  orderId: ORDER,
  status: 'pending',
  qrImage: `http://localhost/sandbox-pay/${ORDER}`,
  productName: 'Basic 套餐',
  amount: 69900,
  expiresIn: 1800,
  upgradePricing: null,
} as const;

/** The texts each language shows (the catalogues' words, checked here as the customer reads them). */
const TEXTS = {
  en: {
    buy: 'buy or upgrade plan',
    scanToPay: 'scan to pay',
    cancel: 'cancel',
    retry: 'retry',
    loadError: /^error loading data: /,
    cancelled: `order ${ORDER} cancelled, nothing was charged`,
    expired: `the QR code expired: order ${ORDER} cancelled, nothing was charged`,
    paid: 'payment succeeded, plan activated',
    receipt: 'view the receipt',
  },
  'zh-CN': {
    buy: '购买或升级套餐',
    scanToPay: '扫码支付',
    cancel: '取消',
    retry: '重试',
    loadError: /^加载数据出错：/,
    cancelled: `订单 ${ORDER} 已取消，未扣款`,
    expired: `二维码已过期：订单 ${ORDER} 已取消，未扣款`,
    paid: '支付成功，套餐已激活',
    receipt: '查看收据',
  },
} as const;

function setup(routes: ApiRoutes = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    licensesQueryKey,
    makeLicenseList([], { tier: null, planName: null, seatTotal: 0 }),
  );
  const fetch = mockApi({
    'GET /api/plans': () => makePlans(null),
    'POST /api/payments/create': () => pending,
    'POST /api/payments/{orderId}/cancel': () => ({ status: 'cancelled' }),
    'GET /api/orders/by-order-id/{orderId}': () => ({
      order: { orderId: ORDER, status: 'pending' },
    }),
    // Not found, as these tests have always answered them: no gateway list, no licences refetched.
    'GET /api/payments/methods': () => status(404, { statusCode: 404, message: 'Not Found' }),
    'GET /api/apitokens/licenses': () => status(404, { statusCode: 404, message: 'Not Found' }),
    ...routes,
  });
  return {
    ...render(<PlanPurchaseButton currentTier={null} isVip={false} />, {
      queryClient,
      route: '/dashboard',
      path: '/dashboard',
    }),
    ...fetch,
  };
}

async function openPayment(user: ReturnType<typeof setup>['user'], t: (typeof TEXTS)[Language]) {
  await user.click(await screen.findByRole('button', { name: t.buy }));
  const picker = await screen.findByRole('dialog', { name: t.buy });
  const basic = within(picker).getByRole('article', { name: 'Basic' });
  await user.click(within(basic).getByRole('button', { name: t.scanToPay }));
  return screen.findByRole('dialog', { name: t.scanToPay });
}

describe.each(['en', 'zh-CN'] as const)('buying from the console (%s)', (language) => {
  const t = TEXTS[language];

  it('shows a failed plans request with retry instead of hiding the buy button', async () => {
    await setTestLanguage(language);
    let fail = true;
    const { user, calls } = setup({
      'GET /api/plans': () =>
        fail ? status(500, { statusCode: 500, message: 'Internal server error' }) : makePlans(null),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.loadError);
    expect(screen.queryByRole('button', { name: t.buy })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByRole('button', { name: t.buy })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.retry })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/plans')).toHaveLength(2);
  });

  it('confirms a cancelled order and gives the focus back to the buy button', async () => {
    await setTestLanguage(language);
    const { user, calls } = setup();
    const payment = await openPayment(user, t);
    await user.click(within(payment).getByRole('button', { name: t.cancel }));

    await waitFor(() => expect(payment).not.toBeInTheDocument());
    // Said once the server has cancelled it.
    expect(await screen.findByText(t.cancelled)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === `/api/payments/${ORDER}/cancel`)).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: t.buy })).toHaveFocus());
  });

  it('says an order the server expired first was cancelled without charge (its cancel is refused)', async () => {
    await setTestLanguage(language);
    let closed = false;
    const { user } = setup({
      'POST /api/payments/{orderId}/cancel': () => {
        closed = true;
        return status(409, {
          statusCode: 409,
          message: 'Order cannot be cancelled',
          code: 'ORDER_NOT_CANCELLABLE',
        });
      },
      'GET /api/orders/by-order-id/{orderId}': () => ({
        order: { orderId: ORDER, status: closed ? 'expired' : 'pending' },
      }),
    });
    const payment = await openPayment(user, t);
    await user.click(within(payment).getByRole('button', { name: t.cancel }));
    expect(await screen.findByText(t.expired)).toBeInTheDocument();
  });

  it('links the receipt from the success toast and gives the focus back after paying', async () => {
    await setTestLanguage(language);
    let paid = false;
    const { user } = setup({
      'GET /api/orders/by-order-id/{orderId}': () => ({
        order: { orderId: ORDER, status: paid ? 'paid' : 'pending' },
      }),
    });
    const payment = await openPayment(user, t);
    paid = true;
    // Back from the payment app: the status is fetched at once.
    window.dispatchEvent(new Event('focus'));

    const toastText = await screen.findByText(t.paid);
    await waitFor(() => expect(payment).not.toBeInTheDocument());
    const link = screen.getByRole('link', { name: t.receipt });
    expect(link).toHaveAttribute('href', `/orders/${ORDER}`);
    expect(toastText).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: t.buy })).toHaveFocus());

    // The link opens the receipt inside the app and closes the toast.
    await user.click(link);
    expect(await screen.findByTestId('location')).toHaveTextContent(`/orders/${ORDER}`);
    await waitFor(() => expect(screen.queryByText(t.paid)).not.toBeInTheDocument());
  });
});
