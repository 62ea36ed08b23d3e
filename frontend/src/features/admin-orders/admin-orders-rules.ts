import { initialSeats, PLAN_SEATS, tierName, type Tier } from '@seatkeeper/domain';
import { i18n } from '../../lib/i18n';

/**
 * The admin orders screen's rules (docs/product.md, back office; docs/rules.md, "Refunds"): labels (the
 * adminOrders catalogue, in the active language, read at call time), what a refund takes from the
 * customer, which orders can be refunded, and the date filter's instants.
 */

/** The statuses in the filter's order, with their badge colours. */
export const ORDER_STATUS_COLOURS: Record<string, string> = {
  pending: 'yellow',
  paid: 'green',
  failed: 'red',
  cancelled: 'gray',
  expired: 'gray',
  refunded: 'indigo',
};

/** A catalogue text under `group`, else the value as it is (a status or gateway the screen does not know). */
const labelOr = (group: string, value: string) =>
  i18n.exists(`adminOrders:${group}.${value}`) ? i18n.t(`adminOrders:${group}.${value}`) : value;

export const statusLabel = (status: string) =>
  status in ORDER_STATUS_COLOURS ? labelOr('status', status) : status;

/** The gateways an order can have been taken by (internal: VIP grants and Max's growth). */
export const GATEWAYS = ['alipay', 'wechat', 'sandbox', 'internal'] as const;

export const gatewayLabel = (gateway: string) => labelOr('gateway', gateway);

export const refundStatusLabel = (status: string) => labelOr('refundStatus', status);

interface RefundableOrder {
  status: string;
  amount: number;
  paymentGateway: string;
  refundStatus?: string | null;
}

/**
 * A paid sale (not an internal grant) with no refund on its way (the server's rule too); a free order (a
 * 100% discount) too, since it may stand on a plan that is refunded (nothing goes back at a gateway).
 */
export const canRefund = (o: RefundableOrder) =>
  o.status === 'paid' &&
  o.amount >= 0 &&
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
  if (o.needsRefund) return i18n.t('adminOrders:loss.nothing');
  const plan = tierName(o.tier);
  if (!o.upgradedFromTier) {
    const seats = o.seatCount ?? initialSeats(o.tier as Tier);
    return i18n.t('adminOrders:loss.purchase', { plan, seats });
  }
  const from = tierName(o.upgradedFromTier);
  const keep = PLAN_SEATS[o.upgradedFromTier as Tier];
  return i18n.t('adminOrders:loss.upgrade', { from, keep });
}

/**
 * What the customer loses when this order is refunded with the later upgrades priced against it (`chain`:
 * latest first, the order last; docs/rules.md, "Refunds"): what they had before this order. An upgrade goes
 * back to the plan it upgraded from, as alone; a new purchase loses the latest plan and every seat the
 * chain gave. Without a chain (one order), refundLossText.
 */
export function refundChainLossText(
  o: Parameters<typeof refundLossText>[0],
  chain: readonly { tier: string }[],
): string {
  if (chain.length <= 1 || o.needsRefund || o.upgradedFromTier) return refundLossText(o);
  return i18n.t('adminOrders:loss.chainPurchase', { plan: tierName(chain[0].tier) });
}

/** The money a chain refund gives back: the amounts of its orders not refunded yet, in cents. */
export const chainTotal = (chain: readonly { amount: number; status: string }[]) =>
  chain.filter((o) => o.status !== 'refunded').reduce((sum, o) => sum + o.amount, 0);

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
