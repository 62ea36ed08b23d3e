import { describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../features/orders/api/get-receipt';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, mockFetch } from '../test/fetch';
import { setTestLanguage } from '../test/i18n';
import { render, screen, within } from '../test/render';
import ReceiptPage from './receipt';

function makeReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    orderId: 'SK20261125000001',
    productName: 'Basic 套餐',
    subscriptionTier: 'basic',
    upgradedFromTier: null,
    seatCount: 1,
    status: 'paid',
    currency: 'CNY',
    listPrice: 69900,
    deduction: 0,
    discountCode: null,
    discountAmount: 0,
    amount: 69900,
    amountPaid: 69900,
    paymentMethod: 'wechat',
    paymentGateway: 'wechat',
    paymentMethodName: { 'zh-CN': '微信支付', en: 'WeChat Pay' },
    tradeNo: '4200001234202611250000',
    createdAt: new Date(2026, 10, 25, 10, 30).toISOString(),
    paidAt: new Date(2026, 10, 25, 10, 31).toISOString(),
    refundStatus: null,
    refundAmount: null,
    refundRequestedAt: null,
    refundedAt: null,
    buyerEmail: 'buyer@example.com',
    sellerName: 'Seat Keeper Ltd.',
    ...overrides,
  };
}

/** The page at /orders/:orderId, with the app's own query client (so a toast would show). */
const setup = (orderId = 'SK20261125000001') =>
  render(<ReceiptPage />, {
    route: `/orders/${orderId}`,
    path: '/orders/:orderId',
    queryClient: createQueryClient(),
  });

/** The receipt's lines: [label, amount] per row of its table. */
const linesOf = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('ReceiptPage', () => {
  it('shows a paid new purchase: seller, buyer, order number, method, trade number, lines and total', async () => {
    const { calls } = mockFetch(() => jsonResponse({ receipt: makeReceipt() }));
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = setup();
    expect(screen.getByText('Loading receipt...')).toBeInTheDocument();
    const sheet = await screen.findByRole('region', { name: 'Receipt' });
    expect(calls[0]).toMatchObject({
      url: '/api/orders/SK20261125000001/receipt',
      method: 'GET',
    });
    expect(within(sheet).getByRole('heading', { level: 1, name: 'Receipt' })).toBeInTheDocument();
    expect(within(sheet).getByText('Seat Keeper Ltd.')).toBeInTheDocument();
    expect(within(sheet).getByText('buyer@example.com')).toBeInTheDocument();
    expect(within(sheet).getByText('SK20261125000001')).toBeInTheDocument();
    expect(within(sheet).getByText('WeChat Pay')).toBeInTheDocument();
    expect(within(sheet).getByText('4200001234202611250000')).toBeInTheDocument();
    expect(within(sheet).getByText('November 25, 2026 at 10:31 AM')).toBeInTheDocument();
    // The status badge and the paid time's label.
    expect(within(sheet).getAllByText('Paid')).toHaveLength(2);
    expect(linesOf()).toEqual([
      ['Basic plan (1 seat), list price', '¥699.00'],
      ['Total', '¥699.00'],
      ['Amount paid', '¥699.00'],
    ]);
    expect(screen.queryByTestId('refund')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: '← Back to orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });

  it('shows an upgrade with its deduction for the current plan and the discount code', async () => {
    mockFetch(() =>
      jsonResponse({
        receipt: makeReceipt({
          productName: 'Pro 套餐',
          subscriptionTier: 'pro',
          upgradedFromTier: 'basic',
          seatCount: 5,
          listPrice: 169900,
          deduction: 69900,
          discountCode: 'UPGRADE100',
          discountAmount: 10000,
          amount: 90000,
          amountPaid: 90000,
        }),
      }),
    );
    setup();
    await screen.findByRole('region', { name: 'Receipt' });
    expect(linesOf()).toEqual([
      ['Pro plan (5 seats), list price', '¥1699.00'],
      ['Deduction for your current plan (Basic)', '−¥699.00'],
      ['Discount (code UPGRADE100)', '−¥100.00'],
      ['Total', '¥900.00'],
      ['Amount paid', '¥900.00'],
    ]);
  });

  it('shows a refunded order with the refunded amount and time, and an unpaid one as not paid', async () => {
    mockFetch(() =>
      jsonResponse({
        receipt: makeReceipt({
          status: 'refunded',
          refundStatus: 'succeeded',
          refundAmount: 69900,
          refundRequestedAt: new Date(2026, 10, 27, 8, 0).toISOString(),
          refundedAt: new Date(2026, 10, 27, 8, 1).toISOString(),
        }),
      }),
    );
    const first = setup();
    await screen.findByRole('region', { name: 'Receipt' });
    expect(screen.getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByTestId('refund')).toHaveTextContent(
      'Refunded ¥699.00 on November 27, 2026 at 8:01 AM',
    );
    first.unmount();

    mockFetch(() =>
      jsonResponse({
        receipt: makeReceipt({
          status: 'pending',
          amountPaid: null,
          paidAt: null,
          paymentMethod: null,
          paymentMethodName: null,
          tradeNo: null,
        }),
      }),
    );
    setup();
    await screen.findByRole('region', { name: 'Receipt' });
    expect(linesOf().at(-1)).toEqual(['Amount paid', 'Not paid']);
    expect(screen.queryByText('Payment method')).not.toBeInTheDocument();
  });

  it("says 'Order not found' for a 404 (another customer's order), without a toast or a Print button", async () => {
    mockFetch(() =>
      jsonResponse(
        {
          statusCode: 404,
          error: 'Order not found',
          message: 'Order not found',
          code: 'ORDER_NOT_FOUND',
        },
        404,
      ),
    );
    setup('SOMEONE-ELSES');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order not found' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to orders' })).toBeInTheDocument();
  });

  it('speaks Chinese in zh-CN: labels, the method name from the API, lines, refund, dates', async () => {
    await setTestLanguage('zh-CN');
    mockFetch(() =>
      jsonResponse({
        receipt: makeReceipt({
          productName: 'Pro 套餐',
          subscriptionTier: 'pro',
          upgradedFromTier: 'basic',
          seatCount: 5,
          listPrice: 169900,
          deduction: 69900,
          discountCode: 'UPGRADE100',
          discountAmount: 10000,
          amount: 90000,
          amountPaid: 90000,
          status: 'refunded',
          refundStatus: 'succeeded',
          refundAmount: 90000,
          refundedAt: new Date(2026, 10, 27, 8, 1).toISOString(),
        }),
      }),
    );
    setup();
    const sheet = await screen.findByRole('region', { name: '收据' });
    expect(within(sheet).getByRole('heading', { level: 1, name: '收据' })).toBeInTheDocument();
    expect(within(sheet).getByText('微信支付')).toBeInTheDocument();
    expect(within(sheet).getByText('已退款')).toBeInTheDocument();
    expect(within(sheet).getByText('2026年11月25日 10:31')).toBeInTheDocument();
    expect(linesOf()).toEqual([
      ['Pro 套餐（5 个座位），原价', '¥1699.00'],
      ['当前套餐抵扣（Basic）', '−¥699.00'],
      ['优惠（优惠码 UPGRADE100）', '−¥100.00'],
      ['合计', '¥900.00'],
      ['实付金额', '¥900.00'],
    ]);
    expect(screen.getByTestId('refund')).toHaveTextContent(
      '已于 2026年11月27日 08:01 退款 ¥900.00',
    );
    expect(screen.getByRole('button', { name: '打印' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← 返回订单' })).toBeInTheDocument();
  });

  it('shows an error with a retry when the call fails otherwise', async () => {
    mockFetch(() => jsonResponse({ statusCode: 500, message: 'Internal server error' }, 500));
    const { user } = setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the receipt. Internal server error',
    );
    mockFetch(() => jsonResponse({ receipt: makeReceipt() }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Receipt' })).toBeInTheDocument();
  });
});
