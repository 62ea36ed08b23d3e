import { inEveryLanguage } from '../i18n/server-i18n';
import type { Tier } from '@seatkeeper/domain';
import type { Order, OrderRefundStatus, OrderStatus } from '../orders/order.entity';

/** A name shown to customers, per language (as the gateways give theirs). */
export interface DisplayName {
  'zh-CN': string;
  en: string;
}

/**
 * How an order was "paid" when no gateway took money: a free order paid by its discount code, and the
 * system's own zero-amount orders (docs/rules.md, "Paying an order"; the VIP grant, Max's growth).
 */
export const INTERNAL_METHOD_NAMES: Record<string, DisplayName> = {
  discount: inEveryLanguage('payments', 'internalMethods.discount'),
  'vip-grant': inEveryLanguage('payments', 'internalMethods.vip-grant'),
  'auto-expansion': inEveryLanguage('payments', 'internalMethods.auto-expansion'),
};

/** The receipt of one order (docs/payments.md, "Receipts"). Amounts in integer cents. */
export interface Receipt {
  orderId: string;
  productName: string;
  subscriptionTier: Tier;
  upgradedFromTier: Tier | null;
  seatCount: number;
  status: OrderStatus;
  currency: string;
  /** The list price of the plan bought. */
  listPrice: number;
  /** What the current plan was worth toward an upgrade (0 for a new purchase). */
  deduction: number;
  discountCode: string | null;
  discountAmount: number;
  /** The order's total: what was (or is) to be paid. */
  amount: number;
  /** What the customer paid; null when the order was never paid. */
  amountPaid: number | null;
  /** How it was paid ('alipay', 'wechat', 'sandbox', 'discount', 'vip-grant' ...); null when unpaid. */
  paymentMethod: string | null;
  /** The gateway that took the order ('internal' for the system's own orders). */
  paymentGateway: string;
  /** The customer-facing name of how it was paid (the gateway's, or the internal method's). */
  paymentMethodName: DisplayName | null;
  /** The gateway's trade number, when its notification or query gave one. */
  tradeNo: string | null;
  createdAt: string;
  paidAt: string | null;
  refundStatus: OrderRefundStatus | null;
  /** The refund's amount (always the whole amount) once one was asked for; else null. */
  refundAmount: number | null;
  refundRequestedAt: string | null;
  refundedAt: string | null;
  buyerEmail: string;
  sellerName: string;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The gateway's trade number recorded at payment (`metadata` is `{"tradeNo": ...}`). */
export function tradeNoOf(metadata: string | null | undefined): string | null {
  if (!metadata) return null;
  try {
    const parsed: unknown = JSON.parse(metadata);
    const tradeNo = (parsed as { tradeNo?: unknown } | null)?.tradeNo;
    return typeof tradeNo === 'string' && tradeNo ? tradeNo : null;
  } catch {
    return null;
  }
}

/**
 * The receipt of an order. The deduction is not stored: an order is priced as list price − deduction −
 * discount = amount (backend/src/plans/pricing.ts, payments.service.ts `create`), so it is what remains.
 */
export function receiptOf(
  order: Order,
  who: { buyerEmail: string; sellerName: string },
  gatewayName: (gateway: string) => DisplayName | null,
): Receipt {
  const paid = Boolean(order.paidAt) && (order.status === 'paid' || order.status === 'refunded');
  const method = order.paymentMethod ?? null;
  const methodName = !method
    ? null
    : (INTERNAL_METHOD_NAMES[method] ?? gatewayName(method) ?? gatewayName(order.paymentGateway));
  return {
    orderId: order.orderId,
    productName: order.productName,
    subscriptionTier: order.subscriptionTier,
    upgradedFromTier: order.upgradedFromTier ?? null,
    seatCount: order.seatCount,
    status: order.status,
    currency: order.currency,
    listPrice: order.listPrice,
    deduction: Math.max(0, order.listPrice - order.discountAmount - order.amount),
    discountCode: order.discountCode ?? null,
    discountAmount: order.discountAmount,
    amount: order.amount,
    amountPaid: paid ? order.amount : null,
    paymentMethod: method,
    paymentGateway: order.paymentGateway,
    paymentMethodName: methodName,
    tradeNo: tradeNoOf(order.metadata),
    createdAt: order.createdAt.toISOString(),
    paidAt: iso(order.paidAt),
    refundStatus: order.refundStatus ?? null,
    refundAmount: order.refundStatus ? order.amount : null,
    refundRequestedAt: iso(order.refundRequestedAt),
    refundedAt: iso(order.refundedAt),
    buyerEmail: who.buyerEmail,
    sellerName: who.sellerName,
  };
}
