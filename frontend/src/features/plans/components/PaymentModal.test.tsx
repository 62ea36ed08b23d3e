import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockApi,
  status,
  type ApiAnswer,
  type ApiRecordedCall,
  type ApiRoutes,
} from '../../../test/api';
import { setTestLanguage } from '../../../test/i18n';
import { createTestQueryClient, render, screen, within } from '../../../test/render';
import type { PendingPaymentOrder } from '../api/create-payment';
import { METHODS, narrowScreen } from '../../../test/payments';
import { PHONE_QUERY } from '../use-phone';
import { PaymentModal, type PaymentModalProps } from './PaymentModal';
import { licensesQueryKey, ordersQueryKey, plansQueryKey } from '../../../lib/api/query-keys';

vi.mock('qrcode.react', () => ({
  QRCodeCanvas: ({ value, ...props }: { value: string; 'aria-label'?: string }) => (
    <div role="img" aria-label={props['aria-label']} data-value={value} />
  ),
}));

const ORDER = 'SK20261125000042';
const payment = (overrides: Partial<PendingPaymentOrder> = {}): PendingPaymentOrder => ({
  orderId: ORDER,
  status: 'pending',
  qrImage: `http://localhost/sandbox-pay/${ORDER}`,
  productName: 'Pro 套餐',
  amount: 169900,
  expiresIn: 1800,
  upgradePricing: null,
  mobileUrl: null,
  paymentMethod: 'sandbox',
  ...overrides,
});

type OrderStatus = ApiAnswer<'GET /api/orders/by-order-id/{orderId}'>['order']['status'];

const orderAnswer = (state: OrderStatus) => ({
  order: { orderId: ORDER, status: state, productName: 'Pro 套餐', amount: 169900 },
});

/** The server as most tests play it: the order stays pending. */
const pendingOrder: ApiRoutes = {
  'GET /api/orders/by-order-id/{orderId}': () => orderAnswer('pending'),
};
/** ... and a cancel is accepted. */
const cancelAccepted: ApiRoutes = {
  ...pendingOrder,
  'POST /api/payments/{orderId}/cancel': () => ({ status: 'cancelled' }),
};

function setup(
  routes: ApiRoutes = pendingOrder,
  order = payment(),
  props: Omit<PaymentModalProps, 'payment' | 'onClose'> = {},
) {
  const queryClient = createTestQueryClient();
  // Cached lists the activation must refresh.
  queryClient.setQueryData(licensesQueryKey, { licenses: [] });
  queryClient.setQueryData(ordersQueryKey, []);
  queryClient.setQueryData(plansQueryKey, { currentTier: null, plans: [] });
  const onClose = vi.fn();
  const fetch = mockApi({
    // The plans' names (usePlanNames): none, so the tiers' own names stand in. These tests always named
    // nothing there: this call used to get the order's answer (or a 404), which names no plan.
    'GET /api/plans': () => ({ currentTier: null, plans: [] }),
    ...routes,
  });
  const view = render(<PaymentModal payment={order} onClose={onClose} {...props} />, {
    queryClient,
  });
  return { ...view, ...fetch, onClose };
}

const polls = (calls: ApiRecordedCall[]) =>
  calls.filter((c) => c.url === `/api/orders/by-order-id/${ORDER}`).length;
const cancels = (calls: ApiRecordedCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.url === `/api/payments/${ORDER}/cancel`).length;

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('PaymentModal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the QR code, product, amount with two decimals and the order number', async () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'scan to pay' });
    expect(within(dialog).getByRole('img', { name: 'payment QR code' })).toHaveAttribute(
      'data-value',
      `http://localhost/sandbox-pay/${ORDER}`,
    );
    expect(dialog).toHaveTextContent('Pro 套餐');
    expect(dialog).toHaveTextContent('¥1699.00');
    expect(dialog).toHaveTextContent(ORDER);
    expect(within(dialog).queryByRole('group', { name: 'price breakdown' })).toBeNull();
    await advance(0);
  });

  it('names the product by the plan bought in the active language (the order stores Chinese)', async () => {
    const view = setup(pendingOrder, payment(), { tier: 'pro' });
    const dialog = screen.getByRole('dialog', { name: 'scan to pay' });
    expect(dialog).toHaveTextContent('productPro plan');
    expect(dialog).not.toHaveTextContent('套餐');
    await advance(0);
    view.unmount();
    await setTestLanguage('zh-CN');
    setup(pendingOrder, payment(), { tier: 'pro' });
    expect(screen.getByRole('dialog', { name: '扫码支付' })).toHaveTextContent('商品Pro 套餐');
    await advance(0);
  });

  it('counts down from 1800 seconds as mm:ss', async () => {
    setup();
    const timer = screen.getByRole('timer', { name: 'time left' });
    expect(timer).toHaveTextContent('30:00');
    await advance(1000);
    expect(timer).toHaveTextContent('29:59');
    await advance(60_000);
    expect(timer).toHaveTextContent('28:59');
  });

  it('polls the order every 3 seconds, logging failures, until it is paid', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answers = 0;
    const { calls, onClose, queryClient } = setup({
      'GET /api/orders/by-order-id/{orderId}': () => {
        answers += 1;
        if (answers === 2) return status(500, { statusCode: 500, message: 'boom' });
        return orderAnswer(answers >= 4 ? 'paid' : 'pending');
      },
    });
    await advance(0);
    expect(polls(calls)).toBe(1);
    await advance(2900);
    expect(polls(calls)).toBe(1);
    await advance(100);
    expect(polls(calls)).toBe(2); // failed: logged, no toast, polling goes on
    expect(warn).toHaveBeenCalledWith(`order ${ORDER}: status check failed`, expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(3000);
    expect(polls(calls)).toBe(3);
    expect(onClose).not.toHaveBeenCalled();

    await advance(3000);
    // The 4th answer is paid (a 5th may follow: the activation refreshes every order query).
    expect(polls(calls)).toBeGreaterThanOrEqual(4);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText('payment succeeded, plan activated')).toBeInTheDocument();
    for (const key of [licensesQueryKey, ordersQueryKey, plansQueryKey])
      expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(cancels(calls)).toBe(0);
  });

  it('cancels the order and closes on cancel', async () => {
    const { calls, onClose } = setup(cancelAccepted);
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await advance(0);
    expect(cancels(calls)).toBe(1);
  });

  it('closes by itself and cancels the order when the countdown ends', async () => {
    const { calls, onClose } = setup(cancelAccepted, payment({ expiresIn: 10 }));
    expect(screen.getByRole('timer')).toHaveTextContent('00:10');
    await advance(9000);
    expect(onClose).not.toHaveBeenCalled();
    await advance(1000);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(cancels(calls)).toBe(1);
    await advance(5000);
    expect(cancels(calls)).toBe(1);
  });

  it('activates the plan when a cancel comes too late because the order was paid', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let paid = false;
    const { onClose } = setup({
      'POST /api/payments/{orderId}/cancel': () => {
        paid = true;
        return status(400, { statusCode: 400, message: 'Only a pending order can be cancelled' });
      },
      'GET /api/orders/by-order-id/{orderId}': () => orderAnswer(paid ? 'paid' : 'pending'),
    });
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await advance(10);
    expect(screen.getByText('payment succeeded, plan activated')).toBeInTheDocument();
  });

  it('shows the price breakdown of an upgrade', async () => {
    setup(pendingOrder, {
      ...payment({
        productName: 'Max 套餐',
        amount: 818100,
        upgradePricing: {
          fromTier: 'pro',
          toTier: 'ultra',
          targetPrice: 998000,
          originalPrice: 169900,
          discountAmount: 10000,
        },
      }),
    });
    const dialog = screen.getByRole('dialog', { name: 'scan to upgrade' });
    const breakdown = within(dialog).getByRole('group', { name: 'price breakdown' });
    const rows = within(breakdown)
      .getAllByText(/./, { selector: 'p' })
      .map((p) => p.textContent);
    expect(rows).toEqual([
      'target plan price',
      '¥9980.00',
      'deduction for the current plan',
      '-¥1699.00',
      'discount',
      '-¥100.00',
      'amount due',
      '¥8181.00',
    ]);
    await advance(0);
  });

  it('says which app to scan with, from the order’s method', async () => {
    setup(pendingOrder, payment({ paymentMethod: 'wechat' }), {
      methods: [METHODS.alipay, METHODS.wechat],
    });
    const dialog = screen.getByRole('dialog', { name: 'scan to pay' });
    expect(dialog).toHaveTextContent('Scan with WeChat (Scan QR Code)');
    expect(dialog).not.toHaveTextContent('scan the QR code with your payment app');
    await advance(0);
  });

  it('lets the customer switch method when several are enabled, and shows no choice for one', async () => {
    const onChangeMethod = vi.fn();
    const first = setup(pendingOrder, payment({ paymentMethod: 'alipay' }), {
      methods: [METHODS.alipay, METHODS.wechat],
      onChangeMethod,
    });
    const group = screen.getByRole('radiogroup', { name: 'pay with' });
    expect(within(group).getByRole('radio', { name: 'Alipay' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'WeChat Pay' })).not.toBeChecked();
    // The current method again does nothing; the other one asks for a new order.
    fireEvent.click(within(group).getByRole('radio', { name: 'Alipay' }));
    expect(onChangeMethod).not.toHaveBeenCalled();
    fireEvent.click(within(group).getByRole('radio', { name: 'WeChat Pay' }));
    expect(onChangeMethod).toHaveBeenCalledWith('wechat');
    await advance(0);
    first.unmount();

    setup(pendingOrder, payment({ paymentMethod: 'alipay' }), {
      methods: [METHODS.alipay],
      onChangeMethod,
    });
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('Scan with Alipay (Scan)');
    await advance(0);
  });

  it('speaks Chinese in zh-CN: the title, method names and scan text from the API, labels, breakdown', async () => {
    await setTestLanguage('zh-CN');
    setup(
      pendingOrder,
      payment({
        paymentMethod: 'wechat',
        upgradePricing: {
          fromTier: 'basic',
          toTier: 'pro',
          targetPrice: 169900,
          originalPrice: 69900,
          discountAmount: 0,
        },
        amount: 100000,
      }),
      { methods: [METHODS.alipay, METHODS.wechat], onChangeMethod: vi.fn() },
    );
    const dialog = screen.getByRole('dialog', { name: '扫码升级' });
    const group = within(dialog).getByRole('radiogroup', { name: '支付方式' });
    expect(within(group).getByRole('radio', { name: '微信支付' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '支付宝' })).not.toBeChecked();
    expect(dialog).toHaveTextContent('请使用微信扫一扫支付');
    expect(within(dialog).getByRole('img', { name: '付款二维码' })).toBeInTheDocument();
    expect(within(dialog).getByRole('timer', { name: '剩余时间' })).toHaveTextContent('30:00');
    const breakdown = within(dialog).getByRole('group', { name: '价格明细' });
    expect(breakdown).toHaveTextContent('目标套餐价格¥1699.00');
    expect(breakdown).toHaveTextContent('当前套餐抵扣-¥699.00');
    expect(breakdown).toHaveTextContent('应付金额¥1000.00');
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/scan|amount|cancel/i);
    await advance(0);
  });

  it('disables the choice while the new order is being created', async () => {
    setup(pendingOrder, payment({ paymentMethod: 'alipay' }), {
      methods: [METHODS.alipay, METHODS.wechat],
      onChangeMethod: vi.fn(),
      switching: true,
    });
    expect(screen.getByRole('radio', { name: 'WeChat Pay' })).toBeDisabled();
    await advance(0);
  });

  describe('on a phone', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = narrowScreen(PHONE_QUERY);
    });
    afterEach(() => restore());

    it('offers a button that opens the payment app, above the QR code', async () => {
      const link = 'https://qr.alipay.com/bax00000000000000000';
      setup(pendingOrder, payment({ paymentMethod: 'alipay', mobileUrl: link }), {
        methods: [METHODS.alipay, METHODS.wechat],
      });
      const open = screen.getByRole('link', { name: 'open Alipay to pay' });
      expect(open).toHaveAttribute('href', link);
      expect(screen.getByRole('img', { name: 'payment QR code' })).toBeInTheDocument();
      expect(
        open.compareDocumentPosition(screen.getByRole('img', { name: 'payment QR code' })) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(screen.queryByText(/long-press the QR code/)).not.toBeInTheDocument();
      await advance(0);
    });

    it('explains how to pay with the QR code when there is no link to the app', async () => {
      setup(pendingOrder, payment({ paymentMethod: 'wechat', mobileUrl: null }), {
        methods: [METHODS.alipay, METHODS.wechat],
      });
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
      expect(
        screen.getByText(
          'On this phone: long-press the QR code and save the image, then open WeChat Pay, tap its scanner and pick the saved image from your photos.',
        ),
      ).toBeInTheDocument();
      await advance(0);
    });
  });

  it('shows neither the app button nor the explanation on a wide screen', async () => {
    setup(
      pendingOrder,
      payment({ paymentMethod: 'sandbox', mobileUrl: `http://localhost/sandbox-pay/${ORDER}` }),
      { methods: [METHODS.sandbox] },
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText(/long-press/)).not.toBeInTheDocument();
    await advance(0);
  });

  it('checks the order at once when the page becomes visible again or gets the focus back', async () => {
    let paid = false;
    const { calls, onClose } = setup({
      'GET /api/orders/by-order-id/{orderId}': () => orderAnswer(paid ? 'paid' : 'pending'),
    });
    await advance(0);
    expect(polls(calls)).toBe(1);
    await advance(1000);
    expect(polls(calls)).toBe(1);

    // Back from the payment app: no wait for the next 3-second poll.
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await advance(0);
    expect(polls(calls)).toBe(2);
    act(() => {
      window.dispatchEvent(new Event('pageshow'));
    });
    await advance(0);
    expect(polls(calls)).toBe(3);

    paid = true;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await advance(0);
    expect(polls(calls)).toBeGreaterThanOrEqual(4);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText('payment succeeded, plan activated')).toBeInTheDocument();
  });
});
