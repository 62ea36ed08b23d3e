import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import type { Order } from '../../../lib/api/types';
// The helper `status` is httpStatus here: two tests name the element they find `status`.
import {
  mockApi,
  raw,
  status as httpStatus,
  type ApiRecordedCall,
  type ApiRoutes,
  type Sketch,
} from '../../../test/api';
import { setTestLanguage, tr } from '../../../test/i18n';
import { act, render, screen, waitFor, within } from '../../../test/render';
import {
  adminOrdersQueryKey,
  type AdminOrder,
  type AdminOrderDetailAnswer,
  type RefundChainOrder,
} from '../api/admin-orders';
import { AdminOrders } from './AdminOrders';

const LIST = 'GET /api/admin/orders';
const REFUND = 'POST /api/admin/orders/{orderId}/refund';
const REFUND_CHAIN = 'POST /api/admin/orders/{orderId}/refund-chain';
const CUSTOMER = '0b8f8a62-9d7e-4a43-9a59-3f0b8a1a2b3c';

const newPurchase: AdminOrder = {
  orderId: '20260301100000AAAA',
  customerId: CUSTOMER,
  customerEmail: 'buyer@shop.example',
  tier: 'pro',
  upgradedFromTier: null,
  amount: 159900,
  currency: 'CNY',
  status: 'paid',
  refundStatus: null,
  paymentGateway: 'alipay',
  tradeNo: '2026030122001',
  needsRefund: false,
  needsRefundReason: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  paidAt: '2026-03-01T10:01:00.000Z',
  refundedAt: null,
};
const flagged: AdminOrder = {
  ...newPurchase,
  orderId: '20260302100000BBBB',
  upgradedFromTier: 'basic',
  amount: 100000,
  paymentGateway: 'wechat',
  tradeNo: '4200001',
  needsRefund: true,
  needsRefundReason: 'the customer already owns Pro',
  createdAt: '2026-03-02T10:00:00.000Z',
};
const upgrade: AdminOrder = {
  ...newPurchase,
  orderId: '20260303100000CCCC',
  upgradedFromTier: 'basic',
  amount: 100000,
  createdAt: '2026-03-03T10:00:00.000Z',
};

/** A later upgrade (Pro → Max) priced against newPurchase: refunding newPurchase takes it first. */
const laterUpgrade: AdminOrder = {
  ...newPurchase,
  orderId: '20260305100000DDDD',
  tier: 'ultra',
  upgradedFromTier: 'pro',
  amount: 830000,
  paymentGateway: 'wechat',
  createdAt: '2026-03-05T10:00:00.000Z',
};

/** An order as a refund chain lists it. */
const link = (o: AdminOrder): RefundChainOrder => ({
  orderId: o.orderId,
  tier: o.tier,
  amount: o.amount,
  status: o.status,
  refundStatus: o.refundStatus,
  paymentGateway: o.paymentGateway,
});

/** An order as a refund answers it (the fields the screen reads). */
const refundedOrder = (
  o: AdminOrder,
  status: 'paid' | 'refunded',
  refundStatus: Order['refundStatus'] = 'succeeded',
): Sketch<Order> => ({
  id: `id-${o.orderId}`,
  orderId: o.orderId,
  productName: 'Plan',
  status,
  amount: o.amount,
  listPrice: o.amount,
  discountAmount: 0,
  currency: 'CNY',
  subscriptionTier: o.tier,
  upgradedFromTier: o.upgradedFromTier,
  seatCount: 5,
  createdAt: o.createdAt,
  paidAt: o.paidAt,
  paymentMethod: o.paymentGateway,
  needsRefund: false,
  refundStatus,
});

function detailOf(order: AdminOrder): AdminOrderDetailAnswer {
  return {
    order: {
      ...order,
      productName: 'Pro 套餐',
      seatCount: 5,
      listPrice: 169900,
      deduction: 169900 - order.amount - 10000,
      discountCode: 'SPRING',
      discountAmount: 10000,
      paymentMethod: order.paymentGateway,
      failureReason: null,
      endReason: null,
      cancelledAt: null,
      refundNo: null,
      refundId: null,
      refundError: null,
      refundRequestedAt: null,
      refundRequestedBy: null,
    },
    audit: [
      {
        id: 'a1',
        actor: 'gateway:alipay',
        action: 'order.paid',
        target: order.orderId,
        before: { status: 'pending' },
        after: { status: 'paid', amount: order.amount },
        createdAt: '2026-03-01T10:01:00.000Z',
      },
    ],
  };
}

/** The admin orders API as the server answers it, over the three orders above. */
function setup(
  options: {
    route?: string;
    queryClient?: QueryClient;
    /** The single refund's answer; without it, a refund is an unexpected call. */
    refund?: ApiRoutes[typeof REFUND];
    /** What a refund of the order takes, latest first (default: the order alone). */
    chain?: (orderId: string) => RefundChainOrder[] | undefined;
    /** The chain refund's answer; without it, a chain refund is an unexpected call. */
    refundChain?: ApiRoutes[typeof REFUND_CHAIN];
    /** The list's answer (the needs-refund count's too), instead of the three orders. */
    list?: ApiRoutes[typeof LIST];
    detail?: (orderId: string) => AdminOrderDetailAnswer | undefined;
  } = {},
) {
  const known = (orderId: string) =>
    [newPurchase, flagged, upgrade].find((o) => o.orderId === orderId)!;
  const fetch = mockApi({
    [LIST]:
      options.list ??
      (({ query: p }) => {
        const items = [upgrade, flagged, newPurchase].filter(
          (o) => p.get('needsRefund') !== 'true' || o.needsRefund,
        );
        const net = items.reduce((s, o) => s + o.amount, 0);
        return {
          items: p.get('pageSize') === '1' ? items.slice(0, 1) : items,
          pagination: { page: Number(p.get('page') ?? 1), pageSize: 20, total: items.length },
          // The money of every filtered order (all pages): a ¥1000 refund among them.
          amountTotal: net,
          paidTotal: net + 100000,
          refundedTotal: 100000,
          netTotal: net,
        };
      }),
    'GET /api/admin/orders/{orderId}': ({ params: { orderId } }) =>
      options.detail?.(orderId) ?? detailOf(known(orderId)),
    'GET /api/admin/orders/{orderId}/refund-chain': ({ params: { orderId } }) => ({
      orders: options.chain?.(orderId) ?? [link(known(orderId))],
    }),
    // Not found, as these tests have always answered it: the drawer names the plans by the tiers' own
    // names (lib/plan-names.ts), not the seller's.
    'GET /api/plans': () => httpStatus(404, { statusCode: 404, message: 'Not Found' }),
    ...(options.refund && { [REFUND]: options.refund }),
    ...(options.refundChain && { [REFUND_CHAIN]: options.refundChain }),
  });
  const result = render(<AdminOrders />, {
    queryClient: options.queryClient ?? createQueryClient(),
    route: options.route ?? '/admin/orders',
    path: '/admin/orders',
  });
  return { ...result, ...fetch };
}

const listCalls = (calls: ApiRecordedCall[]) =>
  calls
    .filter((c) => c.route === LIST)
    .map((c) => c.query)
    .filter((p) => p.get('pageSize') !== '1');
const lastList = (calls: ApiRecordedCall[]) => listCalls(calls).at(-1)!;
const chainRefunds = (calls: ApiRecordedCall[]) => calls.filter((c) => c.route === REFUND_CHAIN);

/** The refund confirmation, once it knows what the refund takes (it asks for the chain as it opens). */
async function confirmation(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() =>
    expect(within(dialog).queryByText(i18n.t('adminOrders:refund.checking'))).toBeNull(),
  );
  return dialog;
}

describe('admin orders list', () => {
  it('lists the orders with the filtered money (paid, refunded, net) in yuan and the needs-refund count', async () => {
    const { calls } = setup();
    const table = await screen.findByRole('table', { name: 'orders' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('20260303100000CCCC');
    expect(rows[1]).toHaveTextContent('buyer@shop.example');
    expect(rows[1]).toHaveTextContent('Pro (from Basic)');
    expect(rows[1]).toHaveTextContent('¥1000.00');
    expect(rows[1]).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('Alipay');
    expect(rows[2]).toHaveTextContent('needs refund');
    expect(rows[2]).toHaveTextContent('WeChat Pay');
    const totals = screen.getByRole('group', { name: 'filtered totals' });
    expect(within(totals).getByText('paid ¥4599.00')).toBeInTheDocument();
    expect(within(totals).getByText('refunded ¥1000.00')).toBeInTheDocument();
    expect(within(totals).getByText('net ¥3599.00')).toBeInTheDocument();
    expect(await screen.findByLabelText('1 order needs a refund')).toHaveTextContent('1');
    expect(lastList(calls).get('sort')).toBe('time_desc');
    expect(lastList(calls).get('pageSize')).toBe('20');
    // Only the flagged row has the one-click refund.
    expect(within(rows[2]).getByRole('button', { name: /Refund order/ })).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: /Refund order/ })).toBeNull();
  });

  it('sends the search, filters, dates and sort to the server', async () => {
    const { user, calls } = setup();
    await screen.findByRole('table', { name: 'orders' });
    await user.type(screen.getByLabelText('search'), 'buyer@shop');
    await waitFor(() => expect(lastList(calls).get('q')).toBe('buyer@shop'));
    await user.selectOptions(screen.getByLabelText('status'), 'paid');
    await user.selectOptions(screen.getByLabelText('method'), 'wechat');
    await user.selectOptions(screen.getByLabelText('plan'), 'pro');
    await user.selectOptions(screen.getByLabelText('sort'), 'amount_desc');
    await user.type(screen.getByLabelText('from'), '2026-03-01');
    await user.type(screen.getByLabelText('to'), '2026-03-31');
    await waitFor(() => expect(lastList(calls).get('to')).not.toBeNull());
    const q = lastList(calls);
    expect(q.get('status')).toBe('paid');
    expect(q.get('paymentMethod')).toBe('wechat');
    expect(q.get('tier')).toBe('pro');
    expect(q.get('sort')).toBe('amount_desc');
    expect(q.get('page')).toBe('1');
    // The days as they are: the server reads them in the seller's time zone, as the dashboard does.
    expect(q.get('from')).toBe('2026-03-01');
    expect(q.get('to')).toBe('2026-03-31');
    expect(screen.getByText('Orders created on these days', { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /needs refund/ }));
    await waitFor(() => expect(lastList(calls).get('needsRefund')).toBe('true'));
  }, 30_000);

  it("links the CSV export to the list's current search, filters and sort, every page", async () => {
    const { user, calls } = setup({ route: `/admin/orders?userId=${CUSTOMER}` });
    await screen.findByRole('table', { name: 'orders' });
    const exportHref = () =>
      new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!, 'http://x');
    expect(exportHref().pathname).toBe('/api/admin/orders/export.csv');
    expect([...exportHref().searchParams]).toEqual([
      ['userId', CUSTOMER],
      ['sort', 'time_desc'],
    ]);
    await user.type(screen.getByLabelText('search'), 'buyer@shop');
    await user.selectOptions(screen.getByLabelText('status'), 'refunded');
    await user.selectOptions(screen.getByLabelText('method'), 'alipay');
    await user.selectOptions(screen.getByLabelText('plan'), 'ultra');
    await user.selectOptions(screen.getByLabelText('sort'), 'amount_asc');
    await user.type(screen.getByLabelText('from'), '2026-03-01');
    await user.type(screen.getByLabelText('to'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: /needs refund/ }));
    await waitFor(() => expect(exportHref().searchParams.get('q')).toBe('buyer@shop'));
    await waitFor(() => expect(lastList(calls).get('needsRefund')).toBe('true'));
    const list = lastList(calls);
    const href = exportHref().searchParams;
    // The same query the list sent, without its paging.
    for (const key of ['q', 'status', 'paymentMethod', 'tier', 'userId', 'from', 'to', 'sort'])
      expect([key, href.get(key)]).toEqual([key, list.get(key)]);
    expect(href.get('needsRefund')).toBe('true');
    expect(href.get('status')).toBe('refunded');
    expect(href.get('page')).toBeNull();
    expect(href.get('pageSize')).toBeNull();
  }, 30_000);

  it("presets the dashboard period's days from the URL (its link to these orders)", async () => {
    const { calls } = setup({ route: '/admin/orders?from=2026-01-02&to=2026-01-31' });
    await screen.findByRole('table', { name: 'orders' });
    expect(lastList(calls).get('from')).toBe('2026-01-02');
    expect(lastList(calls).get('to')).toBe('2026-01-31');
    expect(screen.getByLabelText('from')).toHaveValue('2026-01-02');
    expect(screen.getByLabelText('to')).toHaveValue('2026-01-31');
  });

  it("presets one customer's needs-refund orders from the URL", async () => {
    const { calls } = setup({ route: `/admin/orders?userId=${CUSTOMER}&needsRefund=true` });
    const table = await screen.findByRole('table', { name: 'orders' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(lastList(calls).get('userId')).toBe(CUSTOMER);
    expect(lastList(calls).get('needsRefund')).toBe('true');
    expect(screen.getByRole('button', { name: /needs refund/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows the empty and error states', async () => {
    setup({
      list: () => ({
        items: [],
        pagination: { page: 1, pageSize: 20, total: 0 },
        amountTotal: 0,
        paidTotal: 0,
        refundedTotal: 0,
        netTotal: 0,
      }),
    });
    expect(await screen.findByText('no orders')).toBeInTheDocument();
  });

  it('shows the server refusal of the list', async () => {
    setup({ list: () => raw(() => new Response(null, { status: 502 })) });
    expect(
      await screen.findByText('Request failed', { selector: 'p[role="alert"]' }),
    ).toBeInTheDocument();
  });
});

/** A cancelled order replaced by another, paid before by a VIP grant, with its trail in stored form. */
const replaced: AdminOrder = {
  ...newPurchase,
  orderId: '20260306100000EEEE',
  status: 'cancelled',
  paymentGateway: 'internal',
  tradeNo: null,
  paidAt: null,
  refundStatus: 'failed',
};
const replacedDetail = (): AdminOrderDetailAnswer => {
  const d = detailOf(replaced);
  return {
    order: {
      ...d.order,
      paymentMethod: 'vip-grant',
      failureReason: 'replaced_by_order:20260307100000FFFF',
      endReason: { code: 'replaced_by_order', orderId: '20260307100000FFFF', detail: null },
      cancelledAt: '2026-03-06T10:05:00.000Z',
    },
    audit: [
      {
        ...d.audit[0]!,
        id: 'a2',
        actor: `user:${CUSTOMER}`,
        action: 'order.cancelled',
        before: { status: 'pending' },
        after: { status: 'cancelled', reason: 'replaced_by_order:20260307100000FFFF' },
      },
      {
        ...d.audit[0]!,
        id: 'a3',
        actor: 'system',
        action: 'order.expired',
        // An entry written before the codes keeps its English sentence.
        before: { status: 'pending', refundStatus: 'requested' },
        after: { status: 'expired', refundStatus: 'failed', reason: 'QR code expired' },
      },
    ],
  };
};

describe.each(['en', 'zh-CN'] as const)('the order drawer in %s', (language) => {
  it('says statuses, ways of paying and why the order ended in the admin’s language', async () => {
    await setTestLanguage(language);
    const t = (key: string, values?: Record<string, unknown>) => tr(language, key, values);
    const { user } = setup({
      list: () => ({
        items: [replaced],
        pagination: { page: 1, pageSize: 20, total: 1 },
        amountTotal: 0,
        paidTotal: 0,
        refundedTotal: 0,
        netTotal: 0,
      }),
      detail: (orderId) => (orderId === replaced.orderId ? replacedDetail() : undefined),
    });
    await user.click(await screen.findByRole('button', { name: replaced.orderId }));
    const drawer = await screen.findByRole('dialog', {
      name: t('adminOrders:detail.title', { orderId: replaced.orderId }),
    });
    const gateway = await within(drawer).findByRole('table', {
      name: t('adminOrders:detail.gateway'),
    });
    expect(gateway).toHaveTextContent(
      t('adminOrders:endReason.replaced_by_order', { orderId: '20260307100000FFFF' }),
    );
    expect(gateway).toHaveTextContent(t('adminOrders:method.vip-grant'));
    const trail = within(drawer).getByRole('table', { name: t('adminOrders:detail.auditLabel') });
    expect(trail).toHaveTextContent(
      `${t('adminOrders:status.pending')} → ${t('adminOrders:status.cancelled')}`,
    );
    expect(trail).toHaveTextContent(t('adminOrders:endReason.qr_expired'));
    expect(trail).toHaveTextContent(
      `${t('adminOrders:refundStatus.requested')} → ${t('adminOrders:refundStatus.failed')}`,
    );
    const text = drawer.textContent!;
    if (language === 'zh-CN') {
      // No English status word, code or stored sentence anywhere in the Chinese drawer.
      expect(text).not.toMatch(
        /\b(pending|paid|cancelled|expired|failed|refunded|requested|succeeded|replaced|vip-grant|internal|status|reason|refundStatus)\b/i,
      );
      expect(text).not.toContain('QR code expired');
    } else {
      expect(text).not.toMatch(/[\u4e00-\u9fff]/);
      expect(text).not.toMatch(/replaced_by_order|vip-grant|refundStatus/);
    }
  }, 30_000);
});

describe('order detail and refund', () => {
  it('opens an order: breakdown, customer, gateway fields and audit trail', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: '20260301100000AAAA' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order 20260301100000AAAA' });
    const breakdown = await within(drawer).findByRole('table', { name: 'Breakdown' });
    // The product by the plan's English name, not the stored 'Pro 套餐'.
    expect(breakdown).toHaveTextContent('PlanPro plan (Pro, 5 seats)');
    expect(breakdown).not.toHaveTextContent('套餐');
    expect(breakdown).toHaveTextContent('List price¥1699.00');
    expect(breakdown).toHaveTextContent('Discount-¥100.00 (SPRING)');
    expect(breakdown).toHaveTextContent('Amount¥1599.00');
    expect(within(drawer).getByRole('table', { name: 'Customer' })).toHaveTextContent(
      'buyer@shop.example',
    );
    expect(within(drawer).getByRole('link', { name: 'buyer@shop.example' })).toHaveAttribute(
      'href',
      `/admin/customers/${CUSTOMER}`,
    );
    expect(within(drawer).getByRole('table', { name: 'Gateway' })).toHaveTextContent(
      'Trade number2026030122001',
    );
    // The audit trail as the audit log words it: the action's label, the gateway by name.
    const trail = within(drawer).getByRole('table', { name: 'audit trail' });
    expect(trail).toHaveTextContent('order paid');
    expect(trail).toHaveTextContent('payment gateway (Alipay)');
    expect(within(trail).getByText('order paid').closest('[title="order.paid"]')).not.toBeNull();
    expect(within(drawer).getByRole('button', { name: /Refund order/ })).toBeInTheDocument();
  });

  it('speaks Chinese in zh-CN: the list, the drawer and the refund confirmation', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup();
    const table = await screen.findByRole('table', { name: '订单列表' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('客户');
    expect(rows[1]).toHaveTextContent('Pro （从 Basic 升级）');
    expect(rows[1]).toHaveTextContent('已支付');
    expect(rows[1]).toHaveTextContent('支付宝');
    expect(rows[2]).toHaveTextContent('待退款');
    expect(rows[2]).toHaveTextContent('微信支付');
    const totals = screen.getByRole('group', { name: '筛选合计' });
    expect(within(totals).getByText('已收 ¥4599.00')).toBeInTheDocument();
    expect(within(totals).getByText('已退 ¥1000.00')).toBeInTheDocument();
    expect(within(totals).getByText('净额 ¥3599.00')).toBeInTheDocument();
    expect(screen.getByLabelText('状态')).toHaveTextContent('已退款');
    expect(screen.getByRole('link', { name: '导出 CSV' })).toHaveAttribute(
      'href',
      '/api/admin/orders/export.csv?sort=time_desc',
    );
    await user.click(screen.getByRole('button', { name: '20260301100000AAAA' }));
    const drawer = await screen.findByRole('dialog', { name: '订单 20260301100000AAAA' });
    const breakdown = await within(drawer).findByRole('table', { name: '明细' });
    expect(breakdown).toHaveTextContent('Pro 套餐（Pro，5 个座位）');
    expect(breakdown).toHaveTextContent('原价¥1699.00');
    const trail = within(drawer).getByRole('table', {
      name: tr('zh-CN', 'adminOrders:detail.auditLabel'),
    });
    expect(trail).toHaveTextContent('订单已支付');
    expect(trail).toHaveTextContent('支付网关（支付宝）');
    await user.click(
      within(drawer).getByRole('button', { name: '为订单 20260301100000AAAA 退款' }),
    );
    const confirm = await confirmation('确定为订单 20260301100000AAAA 退款？');
    expect(confirm).toHaveTextContent('¥1599.00 将通过原支付渠道退回给 buyer@shop.example。');
    expect(confirm).toHaveTextContent('新购：客户将失去 Pro；其 5 个座位将被收回');
    expect(within(confirm).getByRole('button', { name: '退款 ¥1599.00' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: '取消' })).toBeInTheDocument();
  });

  it('confirms once with the amount and what a new purchase loses, then refunds and refreshes', async () => {
    let refunded = false;
    const { user, calls } = setup({
      refund: () => {
        refunded = true;
        return { order: refundedOrder(newPurchase, 'refunded') };
      },
    });
    await user.click(await screen.findByRole('button', { name: '20260301100000AAAA' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order 20260301100000AAAA' });
    await user.click(await within(drawer).findByRole('button', { name: /Refund order/ }));
    const confirm = await confirmation('Refund order 20260301100000AAAA?');
    expect(confirm).toHaveTextContent(
      '¥1599.00 goes back to buyer@shop.example through the gateway that took the payment.',
    );
    expect(confirm).toHaveTextContent(
      'New purchase: the customer loses Pro; its seats (5) are revoked',
    );
    const before = listCalls(calls).length;
    await user.click(within(confirm).getByRole('button', { name: 'Refund ¥1599.00' }));
    await waitFor(() => expect(refunded).toBe(true));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'POST')!.url).toContain(
      '/api/admin/orders/20260301100000AAAA/refund',
    );
    expect(await screen.findByText(/Order 20260301100000AAAA refunded/)).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('says the refund is done even when the drawer drops its refund button before the answer comes', async () => {
    let refunded = false;
    let answer: (refund: Sketch<{ order: Order }>) => void = () => undefined;
    const after: AdminOrder = { ...newPurchase, status: 'refunded', refundStatus: 'succeeded' };
    const queryClient = createQueryClient();
    const { user } = setup({
      queryClient,
      // The answer waits: meanwhile the lists refresh (another tab, a refocus) and show it refunded.
      refund: () => {
        refunded = true;
        return new Promise<Sketch<{ order: Order }>>((resolve) => (answer = resolve));
      },
      detail: (id) => (refunded && id === newPurchase.orderId ? detailOf(after) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: '20260301100000AAAA' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order 20260301100000AAAA' });
    await user.click(await within(drawer).findByRole('button', { name: /Refund order/ }));
    const confirm = await confirmation('Refund order 20260301100000AAAA?');
    await user.click(within(confirm).getByRole('button', { name: 'Refund ¥1599.00' }));
    await waitFor(() => expect(refunded).toBe(true));
    await act(() => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }));
    await waitFor(() =>
      expect(within(drawer).queryByRole('button', { name: /Refund order/ })).toBeNull(),
    );
    answer({ order: refundedOrder(after, 'refunded') });
    expect(await screen.findByText(/Order 20260301100000AAAA refunded/)).toBeInTheDocument();
  });

  it("says an upgrade goes back to the old plan, and shows the gateway's refusal", async () => {
    const { user } = setup({
      refund: () =>
        httpStatus(502, {
          statusCode: 502,
          error: 'The payment gateway refused the refund',
          message: 'The payment gateway refused the refund',
          code: 'REFUND_FAILED',
        }),
    });
    const table = await screen.findByRole('table', { name: 'orders' });
    const row = within(table).getAllByRole('row')[2];
    await user.click(within(row).getByRole('button', { name: /Refund order/ }));
    const confirm = await confirmation('Refund order 20260302100000BBBB?');
    expect(confirm).toHaveTextContent('¥1000.00 goes back to buyer@shop.example');
    expect(confirm).toHaveTextContent('This order granted nothing, so no seat changes');
    await user.click(within(confirm).getByRole('button', { name: 'Refund ¥1000.00' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'The payment gateway refused the refund',
    );
    // The drawer did not open from the row's button.
    expect(screen.queryByRole('dialog', { name: /^Order / })).toBeNull();
  });

  it('words an upgrade refund as going back to the old plan', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: '20260303100000CCCC' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order 20260303100000CCCC' });
    await user.click(await within(drawer).findByRole('button', { name: /Refund order/ }));
    const confirm = await confirmation('Refund order 20260303100000CCCC?');
    expect(confirm).toHaveTextContent(
      'Upgrade: the customer goes back to Basic; seats beyond its 1 are revoked',
    );
  });
});

describe('refunds along an upgrade chain', () => {
  const chainOfNewPurchase = (orderId: string) =>
    orderId === newPurchase.orderId ? [link(laterUpgrade), link(newPurchase)] : undefined;

  async function openRefund(user: ReturnType<typeof setup>['user'], title: string) {
    await user.click(await screen.findByRole('button', { name: '20260301100000AAAA' }));
    const drawer = await screen.findByRole('dialog', { name: /20260301100000AAAA$/ });
    await user.click(
      await within(drawer).findByRole('button', {
        name: i18n.t('adminOrders:refund.buttonLabel', { orderId: newPurchase.orderId }),
      }),
    );
    return confirmation(title);
  }

  it('says an order with a later upgrade cannot be refunded alone, lists the chain and refunds it', async () => {
    let refunded: string | null = null;
    const { user, calls } = setup({
      chain: chainOfNewPurchase,
      refundChain: ({ call }) => {
        refunded = call.url;
        return {
          orders: [refundedOrder(laterUpgrade, 'refunded'), refundedOrder(newPurchase, 'refunded')],
          remaining: [],
        };
      },
    });
    const confirm = await openRefund(user, 'Refund order 20260301100000AAAA?');
    expect(confirm).toHaveTextContent(
      'Order 20260301100000AAAA cannot be refunded alone: later upgrades were priced against it. Refunding it takes these 2 orders, latest first:',
    );
    const table = within(confirm).getByRole('table', { name: 'orders to refund, latest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    // Latest first, each with its plan, gateway and amount; the order itself last; then the total.
    expect(rows[1]).toHaveTextContent('20260305100000DDDDMaxWeChat Pay¥8300.00');
    expect(rows[2]).toHaveTextContent('20260301100000AAAA (this order)ProAlipay¥1599.00');
    expect(rows[3]).toHaveTextContent('Total¥9899.00');
    expect(confirm).toHaveTextContent(
      '¥9899.00 in all goes back to buyer@shop.example, each order through the gateway that took it.',
    );
    expect(confirm).toHaveTextContent(
      'New purchase and its upgrades: the customer loses Max; every seat these orders gave is revoked',
    );
    // The chain's refund instead of the single one.
    expect(within(confirm).queryByRole('button', { name: 'Refund ¥1599.00' })).toBeNull();
    const before = listCalls(calls).length;
    await user.click(within(confirm).getByRole('button', { name: 'Refund the chain (¥9899.00)' }));
    await waitFor(() =>
      expect(refunded).toContain('/api/admin/orders/20260301100000AAAA/refund-chain'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(await screen.findByText('2 orders refunded (¥9899.00)')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Refund order 20260301100000AAAA?' })).toBeNull(),
    );
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('turns to the chain when a single refund is refused for a later upgrade (a race)', async () => {
    let upgraded = false;
    const { user, calls } = setup({
      chain: (orderId) => (upgraded ? chainOfNewPurchase(orderId) : undefined),
      refund: () => {
        upgraded = true;
        return httpStatus(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'A later upgrade was priced against this order: refund it first',
          code: 'REFUND_LATER_UPGRADE_FIRST',
          refundFirst: laterUpgrade.orderId,
          chain: [laterUpgrade.orderId, newPurchase.orderId],
        });
      },
    });
    const confirm = await openRefund(user, 'Refund order 20260301100000AAAA?');
    expect(confirm).toHaveTextContent('New purchase: the customer loses Pro');
    await user.click(within(confirm).getByRole('button', { name: 'Refund ¥1599.00' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Order 20260305100000DDDD, a later upgrade priced against this order, has to be refunded first: refund the whole chain instead.',
    );
    expect(
      await within(confirm).findByRole('table', { name: 'orders to refund, latest first' }),
    ).toHaveTextContent('20260305100000DDDD');
    expect(within(confirm).queryByRole('button', { name: 'Refund ¥1599.00' })).toBeNull();
    expect(
      within(confirm).getByRole('button', { name: 'Refund the chain (¥9899.00)' }),
    ).toBeInTheDocument();
    expect(chainRefunds(calls)).toHaveLength(0);
  });

  it("shows the gateway's refusal naming the order, and the orders left when a refund is pending", async () => {
    let answer = 0;
    const { user, calls } = setup({
      chain: chainOfNewPurchase,
      refundChain: () =>
        ++answer === 1
          ? httpStatus(502, {
              statusCode: 502,
              error: 'The payment gateway refused the refund',
              message: 'The payment gateway refused the refund',
              code: 'REFUND_FAILED',
              orderId: laterUpgrade.orderId,
              refundError: 'SYSTEMERROR',
            })
          : {
              orders: [refundedOrder(laterUpgrade, 'paid', 'pending')],
              remaining: [newPurchase.orderId],
            },
    });
    const confirm = await openRefund(user, 'Refund order 20260301100000AAAA?');
    const refund = within(confirm).getByRole('button', { name: 'Refund the chain (¥9899.00)' });
    await user.click(refund);
    const alert = await within(confirm).findByRole('alert');
    expect(alert).toHaveTextContent('The payment gateway refused the refund');
    expect(alert).toHaveTextContent(
      'The chain stopped at order 20260305100000DDDD: the orders before it are refunded.',
    );
    await waitFor(() => expect(refund).toBeEnabled());
    await user.click(refund);
    const status = await within(confirm).findByRole('status');
    expect(status).toHaveTextContent(
      'The refund of order 20260305100000DDDD is pending at the gateway, so the chain stopped there.',
    );
    expect(status).toHaveTextContent('Once it settles, 1 order is still to refund:');
    expect(within(status).getByRole('list', { name: 'orders still to refund' })).toHaveTextContent(
      '20260301100000AAAA',
    );
    expect(within(confirm).queryByRole('alert')).toBeNull();
    expect(chainRefunds(calls)).toHaveLength(2);
    await user.click(within(confirm).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Refund order 20260301100000AAAA?' })).toBeNull(),
    );
  });

  it('words the chain in Chinese in zh-CN', async () => {
    await setTestLanguage('zh-CN');
    const { user } = setup({
      chain: chainOfNewPurchase,
      refundChain: () => ({
        orders: [refundedOrder(laterUpgrade, 'paid', 'pending')],
        remaining: [newPurchase.orderId],
      }),
    });
    const confirm = await openRefund(user, '确定为订单 20260301100000AAAA 退款？');
    expect(confirm).toHaveTextContent(
      '订单 20260301100000AAAA 不能单独退款：之后的升级订单以它抵扣计价。为它退款需要按从新到旧的顺序为以下 2 个订单退款：',
    );
    const rows = within(
      within(confirm).getByRole('table', { name: '需要退款的订单（从新到旧）' }),
    ).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('20260305100000DDDDMax微信支付¥8300.00');
    expect(rows[2]).toHaveTextContent('20260301100000AAAA （本订单）Pro支付宝¥1599.00');
    expect(rows[3]).toHaveTextContent('合计¥9899.00');
    expect(confirm).toHaveTextContent('共 ¥9899.00 将退回给 buyer@shop.example');
    expect(confirm).toHaveTextContent('新购及其升级：客户将失去 Max');
    await user.click(within(confirm).getByRole('button', { name: '为整条升级链退款（¥9899.00）' }));
    const status = await within(confirm).findByRole('status');
    expect(status).toHaveTextContent(
      '订单 20260305100000DDDD 的退款正在支付渠道处理中，因此退款链在此停止。',
    );
    expect(status).toHaveTextContent('待其完成后，还需为 1 个订单退款：');
    expect(within(status).getByRole('list', { name: '仍需退款的订单' })).toHaveTextContent(
      '20260301100000AAAA',
    );
    expect(within(confirm).getByRole('button', { name: '关闭' })).toBeInTheDocument();
  });
});
