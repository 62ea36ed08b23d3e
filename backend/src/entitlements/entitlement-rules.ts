import {
  initialSeats,
  PLAN_SEATS,
  TIER_NAMES,
  TIER_RANKS,
  ULTRA_EXPANSION_BATCH,
  ULTRA_EXPANSION_MIN_FREE,
  type Tier,
} from '@seatkeeper/domain';
import type { SeatChanges, SeatState } from '../licenses/seat-changes';
import type { OrderRefundStatus, OrderStatus } from '../orders/order.entity';

/**
 * What a customer holds, derived from the orders that stand (docs/rules.md, "Entitlements"). Pure: the
 * service reads the ledger and the seats under the customer's row lock, asks these functions, and writes.
 */

/** An order as the entitlement rules read it. */
export interface LedgerOrder {
  id: string;
  orderId: string;
  tier: Tier;
  status: OrderStatus;
  refundStatus?: OrderRefundStatus | null;
  needsRefund: boolean;
  paymentMethod?: string | null;
  paymentGateway: string;
  parentOrderId?: string | null;
  creditOrderId?: string | null;
  upgradedFromTier?: Tier | null;
  upgradeCredit: number;
  creditValue: number;
  seatCount: number;
  amount: number;
  paidAt?: Date | null;
  createdAt: Date;
}

/** How a Max expansion's internal order is "paid". */
export const EXPANSION_METHOD = 'auto-expansion';

export const isExpansion = (o: Pick<LedgerOrder, 'paymentMethod'>) =>
  o.paymentMethod === EXPANSION_METHOD;

/**
 * An order stands while its money (or its grant) stands: paid, a refund perhaps asked for but not done, and
 * not flagged as a payment that granted nothing.
 */
export const stands = (o: Pick<LedgerOrder, 'status' | 'needsRefund'>) =>
  o.status === 'paid' && !o.needsRefund;

const rank = (tier: Tier) => TIER_RANKS[tier];
const time = (o: Pick<LedgerOrder, 'paidAt' | 'createdAt'>) => (o.paidAt ?? o.createdAt).getTime();
/** Later first: by payment time, then creation time. */
const latestFirst = (a: LedgerOrder, b: LedgerOrder) =>
  time(b) - time(a) || b.createdAt.getTime() - a.createdAt.getTime();

export interface Entitlement {
  /** The highest standing tier, or null. */
  tier: Tier | null;
  /** The seats the standing orders entitle to. */
  seats: number;
  /** The standing order that gives the tier (the latest of the highest rank). */
  planOrder: LedgerOrder | null;
  /** What the current plan counts toward an upgrade: its list price when obtained (cents). */
  credit: number;
}

export const NO_ENTITLEMENT: Entitlement = { tier: null, seats: 0, planOrder: null, credit: 0 };

/**
 * The highest standing tier and its seats: the plan's seat count, and for Max its first 10 plus the
 * expansions that belong to that Max order (up to 100).
 */
export function entitlementOf(ledger: readonly LedgerOrder[]): Entitlement {
  let planOrder: LedgerOrder | null = null;
  for (const o of ledger) {
    if (!stands(o) || isExpansion(o)) continue;
    if (
      !planOrder ||
      rank(o.tier) > rank(planOrder.tier) ||
      (rank(o.tier) === rank(planOrder.tier) && latestFirst(o, planOrder) < 0)
    )
      planOrder = o;
  }
  if (!planOrder) return NO_ENTITLEMENT;
  let seats = initialSeats(planOrder.tier);
  if (planOrder.tier === 'ultra') {
    const grown = ledger
      .filter((o) => stands(o) && isExpansion(o) && o.parentOrderId === planOrder.id)
      .reduce((sum, o) => sum + o.seatCount, 0);
    seats = Math.min(PLAN_SEATS.ultra, seats + grown);
  }
  return { tier: planOrder.tier, seats, planOrder, credit: planOrder.creditValue };
}

/**
 * The standing orders that build on `orderId` (priced with its plan as credit, directly or through one
 * another), latest first: they must be refunded before it (docs/rules.md, "Refunds").
 */
export function laterUpgradesOn(ledger: readonly LedgerOrder[], orderId: string): LedgerOrder[] {
  const found: LedgerOrder[] = [];
  let frontier = [orderId];
  while (frontier.length) {
    const next = ledger.filter(
      (o) =>
        stands(o) &&
        o.creditOrderId != null &&
        frontier.includes(o.creditOrderId) &&
        !found.includes(o),
    );
    found.push(...next);
    frontier = next.map((o) => o.id);
  }
  return found.sort(latestFirst);
}

/** An upgrade's price from a plan worth `credit`: the deduction never exceeds the target's price. */
export function upgradePrice(targetPrice: number, credit: number) {
  const deduction = Math.min(Math.max(0, credit), targetPrice);
  return { deduction, subtotal: targetPrice - deduction };
}

/** Whether a paid order may still grant what it was priced for (docs/rules.md, "Paying an order"). */
export type FulfilDecision = { grant: true } | { grant: false; reason: string };

export function decideFulfilment(
  order: Pick<LedgerOrder, 'tier' | 'upgradedFromTier' | 'creditOrderId' | 'upgradeCredit'>,
  held: Entitlement,
): FulfilDecision {
  const current = held.tier;
  if (current && rank(current) >= rank(order.tier))
    return { grant: false, reason: `the customer already owns ${TIER_NAMES[current]}` };
  const pricedFrom = order.upgradedFromTier ?? null;
  if (pricedFrom !== current) {
    const was = pricedFrom ? TIER_NAMES[pricedFrom] : 'no plan';
    const now = current ? TIER_NAMES[current] : 'no plan';
    return {
      grant: false,
      reason: `priced for an upgrade from ${was}, but the customer now has ${now}`,
    };
  }
  // Priced against a plan whose order is being refunded: that money is on its way back.
  if (
    held.planOrder &&
    pricedFrom &&
    (held.planOrder.refundStatus === 'requested' || held.planOrder.refundStatus === 'pending')
  )
    return {
      grant: false,
      reason: `priced against order ${held.planOrder.orderId}, whose refund is in progress`,
    };
  // Priced against one order's plan: that order must still be the one giving the plan, at that credit.
  if (
    held.planOrder &&
    order.creditOrderId &&
    (order.creditOrderId !== held.planOrder.id || order.upgradeCredit > held.credit)
  )
    return {
      grant: false,
      reason: `priced against order ${order.creditOrderId}, which no longer gives the current plan`,
    };
  return { grant: true };
}

/** Why a late payment whose discount code is used up since is not fulfilled. */
export const DISCOUNT_GONE_REASON =
  'its discount code reached its usage limit (or was deleted) after the order was closed';

/** What to do to a customer's seats (the licences module applies it). */
export type SeatPlan = SeatChanges;

/**
 * Plans the seats for an entitlement. Beyond it, seats are revoked; a revoked seat stays revoked. `give`
 * says how many new seats a grant gives: 'fill' (a purchase, upgrade or grant: up to the entitlement),
 * a number (a Max expansion: that many), or 0 (a refund, a check: none).
 */
export function planSeats(
  seats: readonly SeatState[],
  held: Entitlement,
  give: 'fill' | number,
): SeatPlan {
  const active = seats.filter((s) => !s.revokedAt);
  const excess = Math.max(0, active.length - held.seats);
  const revoke = [...active]
    .sort((a, b) => Number(!!a.websiteUrl) - Number(!!b.websiteUrl) || b.seatIndex - a.seatIndex)
    .slice(0, excess)
    .map((s) => s.id);
  const kept = active.filter((s) => !revoke.includes(s.id));
  const tier = held.tier;
  const retier = tier ? kept.filter((s) => s.purchaseTier !== tier) : [];
  const raise = tier ? retier.filter((s) => rank(tier) > rank(s.purchaseTier)) : [];
  const missing = Math.max(0, held.seats - kept.length);
  const count = tier ? Math.min(missing, give === 'fill' ? missing : Math.max(0, give)) : 0;
  const renew = seats
    .filter((s) => s.revokedAt)
    .sort((a, b) => a.seatIndex - b.seatIndex)
    .slice(0, count)
    .map((s) => s.id);
  return {
    revoke,
    retier: retier.map((s) => s.id),
    raise: raise.map((s) => s.id),
    renew,
    add: count - renew.length,
    firstNewIndex: Math.max(0, ...seats.map((s) => s.seatIndex)) + 1,
    tier,
  };
}

/**
 * Max's growth (docs/product.md#states): with Max, below 100 seats, and fewer than 2 held seats unbound,
 * up to 10 more. Answers how many.
 */
export function expansionSize(seats: readonly SeatState[], held: Entitlement): number {
  if (held.tier !== 'ultra') return 0;
  const active = seats.filter((s) => !s.revokedAt);
  const unbound = active.filter((s) => !s.websiteUrl).length;
  if (held.seats >= PLAN_SEATS.ultra || unbound >= ULTRA_EXPANSION_MIN_FREE) return 0;
  return Math.min(ULTRA_EXPANSION_BATCH, PLAN_SEATS.ultra - held.seats);
}
