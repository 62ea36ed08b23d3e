import { describe, expect, it } from 'vitest';
import type { Order } from '../features/orders/api/get-orders';
import { createQueryClient } from '../lib/query-client';
import { mockApi, status, type ApiRoutes } from '../test/api';
import { mockFetch } from '../test/fetch';
import { setTestLanguage, tr } from '../test/i18n';
import { render, screen, within } from '../test/render';
import OrdersPage from './orders';

function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'o-1',
    orderId: 'SK20261125000001',
    productName: 'Pro 套餐',
    status: 'paid',
    amount: 169900,
    listPrice: 169900,
    discountAmount: 0,
    currency: 'CNY',
    subscriptionTier: 'pro',
    upgradedFromTier: null,
    seatCount: 5,
    createdAt: new Date(2026, 10, 25, 10, 30).toISOString(),
    paidAt: new Date(2026, 10, 26, 9, 0).toISOString(),
    paymentMethod: 'sandbox',
    needsRefund: false,
    refundStatus: null,
    refundedAt: null,
    refundId: null,
    refundError: null,
    endReason: null,
    ...overrides,
  };
}

/** The app's own query client, so failures toast through its global handler. */
const setup = () => render(<OrdersPage />, { queryClient: createQueryClient() });

/**
 * The server with these orders. GET /api/plans (the seller's plan names, asked once the orders are shown)
 * gets an empty plan list: the tiers' own names stand in, as they always did here (it used to get the
 * orders' answer, which names no plan).
 */
const serve = (orders: Order[], routes: ApiRoutes = {}) =>
  mockApi({
    'GET /api/orders': () => ({ orders }),
    'GET /api/plans': () => ({ plans: [] }),
    ...routes,
  });

describe('OrdersPage', () => {
  it("is titled Orders and shows 'Loading orders...' while loading", () => {
    mockFetch(() => new Promise<Response>(() => {}));
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Loading orders...')).toBeInTheDocument();
  });

  it("shows 'No orders yet' without orders", async () => {
    serve([]);
    setup();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it("shows the page error and toasts 'Failed to fetch orders' when the call fails", async () => {
    let fail = true;
    const { calls } = serve([], {
      'GET /api/orders': () =>
        fail ? status(500, { statusCode: 500, message: 'Internal server error' }) : { orders: [] },
    });
    const { user } = setup();
    expect(await screen.findByText('Failed to load orders. Please try again.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch orders')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/orders', method: 'GET' });
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('lists each order with its status badge, amount, dates and payment method', async () => {
    serve([
      makeOrder(),
      makeOrder({
        id: 'o-2',
        orderId: 'SK2',
        productName: 'Basic 套餐',
        subscriptionTier: 'basic',
        status: 'pending',
        amount: 59900,
        paidAt: null,
        paymentMethod: null,
      }),
      makeOrder({ id: 'o-3', orderId: 'SK3', status: 'failed', paidAt: null }),
      makeOrder({ id: 'o-4', orderId: 'SK4', status: 'cancelled', paidAt: null }),
      makeOrder({ id: 'o-5', orderId: 'SK5', status: 'expired', paidAt: null, amount: 1 }),
    ]);
    setup();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(5);

    const [paid, pending, failed, cancelled, expired] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // The product by the plan's name in English, not the stored Chinese 'Pro 套餐'.
    expect(within(paid).getByText('Pro plan')).toBeInTheDocument();
    expect(paid).toHaveAccessibleName('Pro plan');
    expect(paid).not.toHaveTextContent('套餐');
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(paid).toHaveTextContent('¥1699.00');
    expect(paid).toHaveTextContent('Created: November 25, 2026');
    expect(paid).toHaveTextContent('Paid: November 26, 2026');
    expect(paid).toHaveTextContent('Payment method: Sandbox');
    expect(paid).toHaveTextContent('SK20261125000001');

    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Basic plan')).toBeInTheDocument();
    expect(pending).toHaveTextContent('¥599.00');
    expect(pending).not.toHaveTextContent('Paid:');
    expect(pending).not.toHaveTextContent('Payment method');

    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(expired).toHaveTextContent('¥0.01');
  });

  it('speaks Chinese in zh-CN: title, states, status badges (已退款), labels, dates, method names', async () => {
    await setTestLanguage('zh-CN');
    mockFetch(() => new Promise<Response>(() => {}));
    const loading = setup();
    expect(screen.getByRole('heading', { level: 1, name: '订单' })).toBeInTheDocument();
    expect(screen.getByText('正在加载订单...')).toBeInTheDocument();
    loading.unmount();

    serve([makeOrder({ status: 'refunded' }), makeOrder({ id: 'o-2', status: 'pending' })]);
    setup();
    const [refunded, pending] = (await screen.findAllByRole('listitem')) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(refunded).getByText('已退款')).toBeInTheDocument();
    // In Chinese, the product as the order stored it.
    expect(within(refunded).getByText('Pro 套餐')).toBeInTheDocument();
    expect(refunded).toHaveTextContent('创建时间：2026年11月25日');
    expect(refunded).toHaveTextContent('支付方式：沙箱');
    expect(within(pending).getByText('待支付')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '订单列表' })).toBeInTheDocument();
  });

  it("names the product by the seller's plan name in the language (GET /api/plans)", async () => {
    const { calls } = serve([makeOrder()], {
      'GET /api/plans': () => ({
        currentTier: null,
        plans: [{ key: 'pro', names: { 'zh-CN': '专业版', en: 'Professional' } }],
      }),
    });
    setup();
    const [item] = await screen.findAllByRole('listitem');
    expect(await within(item!).findByText('Professional plan')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/orders', '/api/plans']);
    await setTestLanguage('zh-CN');
    // Chinese keeps what the order stored (the name when it was sold).
    expect(within(item!).getByText('Pro 套餐')).toBeInTheDocument();
  });

  it("links each order number to the order's receipt", async () => {
    serve([makeOrder(), makeOrder({ id: 'o-2', orderId: 'SK 2/x' })]);
    const { user } = render(<OrdersPage />, {
      route: '/orders',
      path: '/orders',
      queryClient: createQueryClient(),
    });
    const link = await screen.findByRole('link', { name: 'Receipt of order SK20261125000001' });
    expect(link).toHaveTextContent('SK20261125000001');
    expect(link).toHaveAttribute('href', '/orders/SK20261125000001');
    expect(screen.getByRole('link', { name: 'Receipt of order SK 2/x' })).toHaveAttribute(
      'href',
      '/orders/SK%202%2Fx',
    );
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/orders/SK20261125000001');
  });

  it.each(['en', 'zh-CN'] as const)(
    'says why an order ended in the reader’s language (%s), never the stored code',
    async (language) => {
      await setTestLanguage(language);
      serve([
        makeOrder({
          id: 'o-2',
          orderId: 'SK20261125000002',
          status: 'cancelled',
          paidAt: null,
          paymentMethod: null,
          endReason: { code: 'replaced_by_order', orderId: 'SK20261125000003', detail: null },
        }),
        makeOrder({
          id: 'o-3',
          orderId: 'SK20261125000004',
          status: 'cancelled',
          paidAt: null,
          paymentMethod: null,
          endReason: { code: 'cancelled_by_customer', orderId: null, detail: null },
        }),
      ]);
      setup();
      const list = await screen.findByRole('list', { name: tr(language, 'orders:list') });
      const [replaced, cancelled] = within(list).getAllByRole('listitem');
      expect(replaced).toHaveTextContent(
        tr(language, 'orders:endReason.replaced_by_order', { orderId: 'SK20261125000003' }),
      );
      expect(cancelled).toHaveTextContent(tr(language, 'orders:endReason.cancelled_by_customer'));
      expect(list.textContent).not.toMatch(/replaced_by_order|cancelled_by_customer/);
      if (language === 'zh-CN') expect(list.textContent).not.toMatch(/replaced|cancelled by/i);
    },
  );
});
