import { initialSeats, PLAN_SEATS, tierName, type Tier } from '@seatkeeper/domain';

/**
 * The admin orders screen's rules (docs/product.md, back office; docs/rules.md, "Refunds"), pure: labels,
 * what a refund takes from the customer, which orders can be refunded, and the date filter's instants.
 */

export const ORDER_STATUS_LABELS: Record<string, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  paid: { label: 'Paid', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
  refunded: { label: 'Refunded', color: 'indigo' },
};

export const statusLabel = (status: string) => ORDER_STATUS_LABELS[status]?.label ?? status;

/** The gateways an order can have been taken by (internal: VIP grants and Max's growth). */
export const GATEWAY_LABELS: Record<string, string> = {
  alipay: 'Alipay',
  wechat: 'WeChat Pay',
  sandbox: 'Sandbox',
  internal: 'Internal',
};

export const gatewayLabel = (gateway: string) => GATEWAY_LABELS[gateway] ?? gateway;

export const REFUND_STATUS_LABELS: Record<string, string> = {
  requested: 'refund requested',
  pending: 'refund pending at the gateway',
  succeeded: 'refunded',
  failed: 'refund failed',
};

interface RefundableOrder {
  status: string;
  amount: number;
  paymentGateway: string;
  refundStatus?: string | null;
}

/** A paid order with an amount, taken by a gateway, with no refund on its way (the server's rule too). */
export const canRefund = (o: RefundableOrder) =>
  o.status === 'paid' &&
  o.amount > 0 &&
  o.paymentGateway !== 'internal' &&
  o.refundStatus !== 'requested' &&
  o.refundStatus !== 'pending';

/** What the customer loses when this order is refunded (docs/rules.md, "Refunds"). */
export function refundLossText(o: {
  tier: string;
  upgradedFromTier?: string | null;
  seatCount?: number;
  needsRefund: boolean;
}): string {
  if (o.needsRefund)
    return 'This order granted nothing, so no seat changes: only the money goes back.';
  const plan = tierName(o.tier);
  if (!o.upgradedFromTier) {
    const seats = o.seatCount ?? initialSeats(o.tier as Tier);
    return `New purchase: the customer loses ${plan}; its seats (${seats}) are revoked and their sites stop being licensed.`;
  }
  const from = tierName(o.upgradedFromTier);
  const keep = PLAN_SEATS[o.upgradedFromTier as Tier];
  return `Upgrade: the customer goes back to ${from}; seats beyond its ${keep} are revoked (unbound ones first, then the highest seat numbers).`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date's local day as YYYY-MM-DD. */
export const localDay = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The instants of a range of local days (YYYY-MM-DD, either may be empty): from the start of the first day,
 * to the start of the day after the last (exclusive), in the browser's time zone.
 */
export function dayRange(fromDay: string, toDay: string): { from: string; to: string } {
  const start = (day: string, plus = 0) => {
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y, m - 1, d + plus).toISOString();
  };
  return { from: fromDay ? start(fromDay) : '', to: toDay ? start(toDay, 1) : '' };
}
