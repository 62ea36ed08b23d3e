import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, type FetchCall } from '../../../test/fetch';
import { createTestQueryClient, render, screen, within } from '../../../test/render';
import { licensesQueryKey } from '../../licenses/api/get-licenses';
import { ordersQueryKey } from '../../orders/api/get-orders';
import type { PendingPaymentOrder } from '../api/create-payment';
import { plansQueryKey } from '../api/get-plans';
import { PaymentModal } from './PaymentModal';

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

type Handler = (call: FetchCall) => Response | Promise<Response>;

function setup(handler: Handler, order = payment()) {
  const queryClient = createTestQueryClient();
  // Cached lists the activation must refresh.
  queryClient.setQueryData(licensesQueryKey, { licenses: [] });
  queryClient.setQueryData(ordersQueryKey, []);
  queryClient.setQueryData(plansQueryKey, { currentTier: null, plans: [] });
  const onClose = vi.fn();
  const fetch = mockFetch(handler);
  const view = render(<PaymentModal payment={order} onClose={onClose} />, { queryClient });
  return { ...view, ...fetch, onClose };
}

const orderAnswer = (status: string) =>
  jsonResponse({ order: { orderId: ORDER, status, productName: 'Pro 套餐', amount: 169900 } });
const polls = (calls: FetchCall[]) =>
  calls.filter((c) => c.url === `/api/orders/by-order-id/${ORDER}`).length;
const cancels = (calls: FetchCall[]) =>
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
    setup(() => orderAnswer('pending'));
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

  it('counts down from 1800 seconds as mm:ss', async () => {
    setup(() => orderAnswer('pending'));
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
    const { calls, onClose, queryClient } = setup(({ url }) => {
      if (!url.startsWith('/api/orders/by-order-id/')) return jsonResponse({}, 404);
      answers += 1;
      if (answers === 2) return jsonResponse({ statusCode: 500, message: 'boom' }, 500);
      return orderAnswer(answers >= 4 ? 'paid' : 'pending');
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
    const { calls, onClose } = setup(({ url }) =>
      url.endsWith('/cancel') ? jsonResponse({ status: 'cancelled' }) : orderAnswer('pending'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await advance(0);
    expect(cancels(calls)).toBe(1);
  });

  it('closes by itself and cancels the order when the countdown ends', async () => {
    const { calls, onClose } = setup(
      ({ url }) =>
        url.endsWith('/cancel') ? jsonResponse({ status: 'cancelled' }) : orderAnswer('pending'),
      payment({ expiresIn: 10 }),
    );
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
    const { onClose } = setup(({ url }) => {
      if (url.endsWith('/cancel')) {
        paid = true;
        return jsonResponse(
          { statusCode: 400, message: 'Only a pending order can be cancelled' },
          400,
        );
      }
      return orderAnswer(paid ? 'paid' : 'pending');
    });
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await advance(10);
    expect(screen.getByText('payment succeeded, plan activated')).toBeInTheDocument();
  });

  it('shows the price breakdown of an upgrade', async () => {
    setup(() => orderAnswer('pending'), {
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
});
