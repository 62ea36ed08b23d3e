/**
 * What the entitlements read of money moving (docs/architecture.md, "Entitlements"): a payment and a
 * refund as a gateway reports them. The payments module's gateways produce them (payments →
 * entitlements, never the other way).
 */

/** What a verified payment notification (or a gateway query) says about one order. */
export interface PaymentNotice {
  orderId: string;
  amountCents: number;
  paid: boolean;
  tradeNo?: string;
  /** The gateway that took the payment (an order is paid only through the gateway that took it). */
  method: string;
}

export type RefundStatus = 'succeeded' | 'pending' | 'failed';

/** What a gateway says about one refund: at once, on a query, or in a notification. */
export interface RefundResult {
  status: RefundStatus;
  refundId?: string;
  error?: string;
  /** The amount refunded as the gateway states it (cents), when it states one: compared with the request. */
  amountCents?: number;
}
