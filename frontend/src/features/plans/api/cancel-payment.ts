import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { getOrder } from '../../orders/api/get-order';
import { ordersQueryKey } from '../../orders/api/get-orders';
import { activatePlan } from '../activation';

export function cancelPayment(orderId: string) {
  return api.POST('/api/payments/{orderId}/cancel', { params: { path: { orderId } } });
}

/**
 * Cancels a pending order when the payment modal is cancelled or its countdown ends, so a promo code's
 * use is given back. The server refuses only an order that is no longer pending: if it was paid in the
 * meantime, the plan is activated as if the poll had seen it; other failures are only logged.
 */
export function useCancelPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelPayment,
    meta: { silent: true },
    onError: async (error, orderId) => {
      console.warn(`order ${orderId}: cancel failed`, error);
      const order = await getOrder(orderId).catch(() => null);
      if (order?.status === 'paid') activatePlan(client);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
