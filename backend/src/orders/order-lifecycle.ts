import type { OrderRefundStatus, OrderStatus } from './order.entity';

/**
 * An order's life (docs/rules.md, "Entitlements"): one table of the moves allowed, read by every change of
 * an order's state. `refunding` is a paid order whose refund was asked for and is not settled yet (stored as
 * status `paid` with refund status `requested` or `pending`: the money is still the seller's).
 */
export type OrderState =
  'pending' | 'paid' | 'refunding' | 'refunded' | 'cancelled' | 'expired' | 'failed';

export const ORDER_TRANSITIONS: Readonly<Record<OrderState, readonly OrderState[]>> = {
  pending: ['paid', 'cancelled', 'expired', 'failed'],
  // A payment that reaches us for a closed order is recorded (paid, flagged for a refund when it no longer
  // fits: docs/rules.md, "Paying an order").
  cancelled: ['paid'],
  expired: ['paid'],
  failed: ['paid'],
  // Directly to refunded: a Max expansion with its Max order, or a late success of a refund that had failed.
  paid: ['refunding', 'refunded'],
  // Back to paid only when the gateway refuses the refund.
  refunding: ['refunded', 'paid'],
  refunded: [],
};

/** The state of an order as stored. */
export function stateOf(order: {
  status: OrderStatus;
  refundStatus?: OrderRefundStatus | null;
}): OrderState {
  if (
    order.status === 'paid' &&
    (order.refundStatus === 'requested' || order.refundStatus === 'pending')
  )
    return 'refunding';
  return order.status;
}

export const canMove = (from: OrderState, to: OrderState): boolean =>
  ORDER_TRANSITIONS[from].includes(to);

/** States no payment can change any more: the money was taken (and maybe given back). */
export const wasPaid = (state: OrderState): boolean =>
  state === 'paid' || state === 'refunding' || state === 'refunded';
