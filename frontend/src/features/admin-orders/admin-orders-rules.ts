import { initialSeats, PLAN_SEATS, tierName, type Tier } from '@seatkeeper/domain';
import { i18n } from '../../lib/i18n';

/**
 * The admin orders screen's rules (docs/product.md, back office; docs/rules.md, "Refunds"): labels (the
 * adminOrders catalogue, in the active language, read at call time), what a refund takes from the
 * customer and which orders can be refunded.
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

/**
 * The gateways an order can have been taken by (internal: VIP grants and Max's growth; free: an order a
 * code brought to ¥0, docs/payments.md "Free orders").
 */
export const GATEWAYS = ['alipay', 'wechat', 'sandbox', 'free', 'internal'] as const;

export const gatewayLabel = (gateway: string) => labelOr('gateway', gateway);

export const refundStatusLabel = (status: string) => labelOr('refundStatus', status);

/** How an order was paid: an internal way (a VIP grant, a gift, Max's growth), else its gateway's name. */
export const methodLabel = (method: string) =>
  i18n.exists(`adminOrders:method.${method}`)
    ? i18n.t(`adminOrders:method.${method}`)
    : gatewayLabel(method);

const WITH_ORDER = new Set(['replaced_by_order']);
/** The sentences stored before the codes (Migration20261210110000): old audit entries keep them. */
const LEGACY_REASONS: Record<string, string> = {
  'replaced by a newer order': 'replaced_by_newer_order',
  'cancelled by the customer': 'cancelled_by_customer',
  'account closed': 'account_closed',
  'QR code expired': 'qr_expired',
};

/**
 * A reason as stored (`code` or `code:parameter`, or an English sentence of an entry written before the
 * codes) read as the server reads it (endReasonOf, backend/src/orders/order-end-reason.ts).
 */
export function endReasonOfText(text: string): {
  code: string;
  orderId: string | null;
  detail: string | null;
} {
  const legacyOrder = /^replaced by order (.+)$/.exec(text);
  if (legacyOrder) return { code: 'replaced_by_order', orderId: legacyOrder[1], detail: null };
  if (text.startsWith('gateway:'))
    return { code: 'gateway_refused', orderId: null, detail: text.slice(8).trim() };
  if (LEGACY_REASONS[text]) return { code: LEGACY_REASONS[text], orderId: null, detail: null };
  const m = /^([a-z_]+)(?::([\s\S]*))?$/.exec(text);
  if (!m || !i18n.exists(`adminOrders:endReason.${m[1]}`) || m[1] === 'other')
    return { code: 'other', orderId: null, detail: text };
  const parameter = m[2] ?? null;
  return WITH_ORDER.has(m[1])
    ? { code: m[1], orderId: parameter, detail: null }
    : { code: m[1], orderId: null, detail: parameter };
}

/** Why an order ended unpaid (the server's code and parameter: backend/src/orders/order-end-reason.ts). */
export function endReasonLabel(reason: {
  code: string;
  orderId: string | null;
  detail: string | null;
}): string {
  const key = `adminOrders:endReason.${reason.code}`;
  if (!i18n.exists(key)) return reason.detail ?? reason.code;
  return i18n.t(key, { orderId: reason.orderId ?? '', detail: reason.detail ?? '' });
}

/**
 * An order audit entry's field and value in the active language (the drawer's trail): the order's fields by
 * their names, statuses, refund states, ways of paying and reasons by their words; anything else as stored.
 */
export function orderChangeLabel(change: { key: string; from: string; to: string }): {
  key: string;
  from: string;
  to: string;
} {
  const field = `adminOrders:auditField.${change.key}`;
  const value = (v: string): string => {
    switch (change.key) {
      case 'status':
        return statusLabel(v);
      case 'refundStatus':
        return refundStatusLabel(v);
      case 'paymentMethod':
        return methodLabel(v);
      case 'paymentGateway':
      case 'gateway':
        return gatewayLabel(v);
      case 'reason':
        return endReasonLabel(endReasonOfText(v));
      default:
        return v;
    }
  };
  return {
    key: change.key && i18n.exists(field) ? i18n.t(field) : change.key,
    from: value(change.from),
    to: value(change.to),
  };
}

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
