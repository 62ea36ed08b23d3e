import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api/client';
import { getOrder } from '../../../lib/api/order';
import { activatePlan } from '../activation';
import { notifyCancelled, notifyPaid } from '../components/paid-notice';
import { ordersQueryKey } from '../../../lib/api/query-keys';

export function cancelPayment(orderId: string) {
  return api.POST('/api/payments/{orderId}/cancel', { params: { path: { orderId } } });
}

export interface CancelPaymentVariables {
  orderId: string;
  /** The customer cancelled (button, close, Escape), or the QR code's countdown ended. */
  reason: 'cancelled' | 'expired';
}

/**
 * Cancels a pending order when the payment modal is cancelled or its countdown ends, so a promo code's
 * use is given back; once the server has cancelled it, a toast says so (nothing was charged). The server
 * refuses only an order that is no longer pending: if it was paid in the meantime, the plan is activated
 * as if the poll had seen it (the toast links the receipt); other failures are only logged. The callbacks
 * are the mutation's own, so they run after the modal is gone.
 */
export function useCancelPayment() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ orderId }: CancelPaymentVariables) => cancelPayment(orderId),
    meta: { silent: true },
    onSuccess: (_answer, { orderId, reason }) => notifyCancelled(orderId, reason),
    onError: async (error, { orderId, reason }) => {
      console.warn(`order ${orderId}: cancel failed`, error);
      const order = await getOrder(orderId).catch(() => null);
      if (order?.status === 'paid') activatePlan(client, () => notifyPaid(orderId, navigate));
      // The server closed it first (its sweep expires a stale order): still nothing was charged.
      else if (order?.status === 'expired') notifyCancelled(orderId, 'expired');
      else if (order?.status === 'cancelled') notifyCancelled(orderId, reason);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
