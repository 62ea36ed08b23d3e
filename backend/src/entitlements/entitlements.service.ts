import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { initialSeats, PLAN_SEATS, type Tier } from '@seatkeeper/domain';
import { AuditService } from '../audit/audit.service';
import { DiscountsService } from '../discounts/discounts.service';
import { LicensesService } from '../licenses/licenses.service';
import { MailOutbox } from '../mail/mail-outbox.service';
import { OrderDto, type RefundChainOrderDto } from '../orders/dto/order.dto';
import { stateOf, wasPaid } from '../orders/order-lifecycle';
import type { Order } from '../orders/order.entity';
import { OrderError, OrderErrorCode } from '../orders/order-errors';
import { OrdersService } from '../orders/orders.service';
import type { PaymentNotice, RefundResult } from './money-events';
import type { User } from '../users/user.entity';
import { WebhookEvents } from '../webhooks/webhook-events.service';
import { lockUser } from '../users/user-lock';
import { isPlaceholderAccount } from '../users/placeholder-account';
import {
  decideFulfilment,
  DISCOUNT_GONE_REASON,
  entitlementOf,
  EXPANSION_METHOD,
  expansionSize,
  laterUpgradesOn,
  planSeats,
  stands,
  type Entitlement,
  type FulfilDecision,
  type LedgerOrder,
} from './entitlement-rules';

export type FulfilOutcome =
  'fulfilled' | 'needs-refund' | 'already-paid' | 'unknown-order' | 'amount-mismatch';

/** What an admin's refund request found: a refund to send to the gateway, or the current state. */
export type RefundClaim =
  | {
      kind: 'claimed';
      orderId: string;
      refundNo: string;
      amount: number;
      gateway: string;
      reason: string;
    }
  | { kind: 'current'; order: OrderDto };

/** An order as the entitlement rules read it. */
const ledgerOrder = (o: Order): LedgerOrder => ({
  id: o.id,
  orderId: o.orderId,
  tier: o.subscriptionTier,
  status: o.status,
  refundStatus: o.refundStatus ?? null,
  needsRefund: o.needsRefund,
  paymentMethod: o.paymentMethod ?? null,
  paymentGateway: o.paymentGateway,
  parentOrderId: o.parentOrderId ?? null,
  creditOrderId: o.creditOrderId ?? null,
  upgradedFromTier: o.upgradedFromTier ?? null,
  upgradeCredit: o.upgradeCredit,
  creditValue: o.creditValue,
  seatCount: o.seatCount,
  amount: o.amount,
  paidAt: o.paidAt ?? null,
  createdAt: o.createdAt,
});

/** The trade number a paid order recorded (fulfilment writes its metadata as JSON). */
function tradeNoOf(metadata: string | null | undefined): string | null {
  try {
    const parsed = JSON.parse(metadata ?? 'null') as { tradeNo?: unknown } | null;
    return typeof parsed?.tradeNo === 'string' ? parsed.tradeNo : null;
  } catch {
    return null;
  }
}

/**
 * Money changes seats here, and only here (docs/rules.md, "Entitlements"): payments, refunds, grants and
 * Max's growth. What a customer holds is derived from the orders that stand (entitlement-rules.ts); every
 * change runs in one transaction under the order's and the customer's row locks, moves the order through
 * its lifecycle table (OrdersService.guard) and then brings the seats to what stands (reconcile), audited.
 */
@Injectable()
export class EntitlementsService {
  private readonly logger = new Logger('Entitlements');

  constructor(
    private readonly em: EntityManager,
    private readonly orders: OrdersService,
    private readonly licenses: LicensesService,
    private readonly discounts: DiscountsService,
    private readonly audit: AuditService,
    private readonly mail: MailOutbox,
    private readonly webhooks: WebhookEvents,
  ) {}

  /** What the customer holds now (in the caller's transaction when given). */
  async holding(userId: string, em: EntityManager = this.em.fork()): Promise<Entitlement> {
    return entitlementOf((await this.orders.ledgerOf(em, userId)).map(ledgerOrder));
  }

  /** The customer's current tier (docs/product.md#states), from the orders that stand. */
  async currentTier(userId: string, em?: EntityManager): Promise<Tier | null> {
    return (await this.holding(userId, em)).tier;
  }

  /**
   * Brings the customer's seats to what the standing orders entitle to (the caller holds the customer's
   * row lock): beyond it seats are revoked; `give` new seats for a grant ('fill': up to the entitlement).
   * `ledger`: the customer's paid orders as the caller already holds them (the entities of this
   * transaction, changed in place, with any order made since added); read again when not given.
   */
  private async reconcile(
    em: EntityManager,
    userId: string,
    give: 'fill' | number,
    context: { orderId: string | null; at: Date; resetChanges?: boolean },
    ledger?: Order[],
  ) {
    if (!ledger) await em.flush();
    const held = ledger ? entitlementOf(ledger.map(ledgerOrder)) : await this.holding(userId, em);
    const revoked = await this.licenses.changeSeats(
      em,
      userId,
      (seats) => planSeats(seats, held, give),
      context,
    );
    return { held, revoked };
  }

  /**
   * A payment that reached us (notification, query, a free order): recorded once under the order's row
   * lock. A notice for an order already paid or refunded changes nothing (a redelivery: acknowledged); the
   * amount must match and only the order's gateway can pay it. What it grants is decided again against
   * what the customer holds now (decideFulfilment); an order that grants nothing is paid and flagged for a
   * refund (docs/rules.md, "Paying an order").
   */
  async recordPayment(notice: PaymentNotice): Promise<FulfilOutcome> {
    const outcome = await this.em.fork().transactional(async (em) => {
      const order = await this.orders.lock(em, notice.orderId);
      if (!order) return 'unknown-order' as const;
      const state = stateOf(order);
      if (wasPaid(state)) {
        const recorded = tradeNoOf(order.metadata);
        if (notice.tradeNo && recorded && notice.tradeNo !== recorded) {
          // Another trade for an order already paid: nothing is granted twice; the seller sees it here.
          this.audit.record(em, {
            actor: `gateway:${notice.method}`,
            action: 'order.payment_duplicate',
            target: order.orderId,
            before: { status: state, tradeNo: recorded },
            after: { status: state, tradeNo: notice.tradeNo, amount: notice.amountCents },
          });
          await em.flush();
        }
        return 'already-paid' as const;
      }
      if (notice.amountCents !== order.amount) return 'amount-mismatch' as const;
      // Only the gateway that took the order can pay it (a free order is paid by its discount).
      const payer =
        order.amount === 0 && notice.method === 'discount' ? order.paymentGateway : notice.method;
      if (payer !== order.paymentGateway) return 'unknown-order' as const;
      const userId = order.user.id;
      await lockUser(em, userId);
      const ledger = await this.orders.ledgerOf(em, userId);
      let decision: FulfilDecision = isPlaceholderAccount(order.user)
        ? { grant: false, reason: 'the account was closed before the payment arrived' }
        : decideFulfilment(ledgerOrder(order), entitlementOf(ledger.map(ledgerOrder)));
      if (decision.grant && state !== 'pending' && order.discountCode) {
        // Its discount use was released when it expired or was cancelled: the payment takes it again,
        // within the code's limit like any other use.
        // (and for a once-per-customer code only if the customer holds no other use of it).
        const taken = await this.discounts.takeUse(em, order.discountCode, {
          userId,
          orderId: order.orderId,
        });
        if (taken !== 'taken') decision = { grant: false, reason: DISCOUNT_GONE_REASON };
      }
      if (!decision.grant && state === 'pending' && order.discountCode)
        await this.discounts.releaseUse(em, order.discountCode, order.orderId);
      const at = new Date();
      this.orders.markPaid(
        order,
        { method: notice.method, tradeNo: notice.tradeNo ?? null, at },
        decision,
      );
      if (decision.grant) {
        await this.reconcile(em, userId, 'fill', { orderId: order.id, at }, [...ledger, order]);
        await this.mail.orderPaid(em, order); // the receipt, sent by the outbox once this commits
      }
      // order.paid for every payment recorded (`needsRefund` when it granted nothing), once this commits.
      await em.populate(order, ['user']);
      await this.webhooks.orderPaid(em, order);
      this.audit.record(em, {
        actor: `gateway:${notice.method}`,
        action: decision.grant ? 'order.paid' : 'order.paid_needs_refund',
        target: order.orderId,
        before: { status: state },
        after: {
          status: 'paid',
          amount: order.amount,
          tradeNo: notice.tradeNo ?? null,
          ...(decision.grant ? {} : { needsRefund: true, reason: decision.reason }),
        },
      });
      await em.flush();
      return decision.grant ? ('fulfilled' as const) : ('needs-refund' as const);
    });
    if (outcome === 'amount-mismatch' || outcome === 'unknown-order') {
      this.logger.warn(
        `payment notice refused (${outcome}) for order ${notice.orderId}, amount ${notice.amountCents}`,
      );
    } else if (outcome === 'fulfilled') {
      this.logger.log(`order ${notice.orderId} paid by ${notice.method}`);
    } else if (outcome === 'needs-refund') {
      this.logger.warn(
        `order ${notice.orderId} paid by ${notice.method} but not fulfilled: flagged for a refund`,
      );
    }
    return outcome;
  }

  /**
   * The orders to refund, latest first, before `orderId` can be: the standing upgrades priced against it
   * (directly or through one another), then the order itself (docs/rules.md, "Refunds").
   */
  async refundChain(orderId: string): Promise<RefundChainOrderDto[]> {
    const em = this.em.fork();
    const order = await this.orders.findByOrderId(orderId);
    if (!order) throw new OrderError(OrderErrorCode.ORDER_NOT_FOUND);
    const ledger = await this.orders.ledgerOf(em, order.user.id);
    const later = stands(order) ? laterUpgradesOn(ledger.map(ledgerOrder), order.id) : [];
    const byId = new Map(ledger.map((o) => [o.id, o]));
    return [...later.map((o) => byId.get(o.id)!), order].map((o) => ({
      orderId: o.orderId,
      tier: o.subscriptionTier,
      amount: o.amount,
      status: o.status,
      refundStatus: o.refundStatus ?? null,
      paymentGateway: o.paymentGateway,
    }));
  }

  /**
   * An admin asks for the whole refund of a paid order: paid → refunding under the order's row lock, so
   * that two clicks, two admins or a retry make one request. A refund already asked for or done answers
   * the current state. Refused while a later standing upgrade was priced against this order
   * (REFUND_LATER_UPGRADE_FIRST, naming it). The gateway is called by the caller, after this transaction.
   */
  async requestRefund(admin: User, orderId: string, reason: string | null): Promise<RefundClaim> {
    return this.em.fork().transactional(async (em) => {
      const order = await this.orders.lock(em, orderId);
      if (!order) throw new OrderError(OrderErrorCode.ORDER_NOT_FOUND);
      const state = stateOf(order);
      if (state === 'refunded' || state === 'refunding')
        return { kind: 'current' as const, order: OrderDto.from(order) };
      // A free order (a 100% discount) is refundable too: it may stand on a plan that is refunded, and
      // nothing goes back at a gateway. Internal orders (grants, Max's growth) are not sales.
      if (order.status !== 'paid' || order.amount < 0 || order.paymentGateway === 'internal')
        throw new OrderError(OrderErrorCode.ORDER_NOT_REFUNDABLE);
      await lockUser(em, order.user.id);
      if (stands(order)) {
        const ledger = (await this.orders.ledgerOf(em, order.user.id)).map(ledgerOrder);
        const later = laterUpgradesOn(ledger, order.id);
        if (later.length)
          throw new OrderError(OrderErrorCode.REFUND_LATER_UPGRADE_FIRST, {
            details: {
              refundFirst: later[0].orderId,
              chain: [...later.map((o) => o.orderId), order.orderId],
            },
          });
      }
      const was = order.refundStatus ?? null;
      const why = reason?.trim() || 'refund';
      const refundNo = this.orders.markRefundRequested(order, admin.email);
      this.audit.record(em, {
        actor: admin.email,
        action: 'order.refund_requested',
        target: order.orderId,
        before: { status: 'paid', refundStatus: was },
        after: {
          refundStatus: 'requested',
          amount: order.amount,
          refundNo,
          gateway: order.paymentGateway,
          reason: why,
        },
      });
      await em.flush();
      return {
        kind: 'claimed' as const,
        orderId: order.orderId,
        refundNo,
        amount: order.amount,
        gateway: order.paymentGateway,
        reason: why,
      };
    });
  }

  /**
   * What the gateway said about an order's refund (its answer, a query, a notification), applied once
   * under the order's row lock. Succeeded, for the amount asked: refunding → refunded, a Max order's
   * expansions with it, and the seats brought to what still stands, in this transaction; a stated amount
   * that differs is audited and changes nothing (the refund stays open for the admin). Pending: recorded.
   * Failed: refunding → paid with the error. Answers the order, or null when no refund with this number
   * was asked for.
   */
  async settleRefund(
    orderId: string,
    refundNo: string,
    result: RefundResult,
    actor: string,
  ): Promise<Order | null> {
    return this.em.fork().transactional(async (em) => {
      const order = await this.orders.lock(em, orderId);
      if (!order || !order.refundNo || order.refundNo !== refundNo) return null;
      if (order.status !== 'paid') return order;
      const was = order.refundStatus ?? null;
      const open = was === 'requested' || was === 'pending';
      if (result.status === 'succeeded' && (open || was === 'failed')) {
        if (result.amountCents !== undefined && result.amountCents !== order.amount) {
          this.logger.error(
            `refund ${refundNo} of order ${orderId}: the gateway states ${result.amountCents}, asked ${order.amount}: not applied`,
          );
          this.audit.record(em, {
            actor,
            action: 'order.refund_amount_mismatch',
            target: order.orderId,
            before: { status: stateOf(order), refundStatus: was },
            after: { expected: order.amount, stated: result.amountCents, refundNo },
          });
          await em.flush();
          return order;
        }
        const user = order.user;
        await lockUser(em, user.id);
        const at = new Date();
        // Upgrades priced against this order that got paid meanwhile (while its refund was open, or after
        // the gateway first refused it): they no longer fit once its money is back.
        const ledger = await this.orders.ledgerOf(em, user.id);
        const dependents = laterUpgradesOn(ledger.map(ledgerOrder), order.id);
        this.orders.markRefunded(order, result.refundId ?? null, at);
        for (const d of dependents) {
          const dependent = ledger.find((o) => o.id === d.id)!;
          const reason = `priced against order ${order.orderId}, refunded since`;
          this.orders.flagNeedsRefund(dependent, reason);
          this.audit.record(em, {
            actor,
            action: 'order.paid_needs_refund',
            target: dependent.orderId,
            before: { status: 'paid', needsRefund: false },
            after: { status: 'paid', needsRefund: true, reason },
          });
        }
        const expansions =
          order.subscriptionTier === 'ultra' ? await this.orders.refundExpansionsOf(em, order) : [];
        const { held, revoked } = await this.reconcile(
          em,
          user.id,
          0,
          { orderId: null, at },
          ledger,
        );
        this.audit.record(em, {
          actor,
          action: 'order.refund_succeeded',
          target: order.orderId,
          before: { status: 'paid', refundStatus: was },
          after: {
            status: 'refunded',
            amount: order.amount,
            refundId: order.refundId,
            refundNo,
            revokedSeats: revoked.map((s) => s.seatIndex),
            ...(expansions.length ? { expansionsRefunded: expansions } : {}),
            ...(order.upgradedFromTier ? { tierRestored: held.tier } : {}),
          },
        });
        // order.refunded and a seat.revoked per seat taken back (docs/webhooks.md), once this commits.
        await this.webhooks.orderRefunded(
          em,
          order,
          revoked.map((s) => ({ seatIndex: s.seatIndex, websiteUrl: s.websiteUrl })),
        );
        for (const s of revoked)
          await this.webhooks.seatRevoked(
            em,
            { id: user.id, email: user.email },
            s,
            'refund',
            order.orderId,
            `${refundNo}:${s.seatIndex}`,
          );
        // The customer's notice, sent by the outbox once this commits: one message with the amount and
        // the seats taken back (or the plan restored), once per refund (its dedupe key; docs/mail.md).
        if (!isPlaceholderAccount(user))
          await this.mail.refundDone(em, order, {
            revokedSeats: revoked.map((s) => ({
              seatIndex: s.seatIndex,
              websiteUrl: s.websiteUrl,
            })),
            restoredTier: order.needsRefund ? null : held.tier,
          });
      } else if (result.status === 'pending' && was === 'requested') {
        this.orders.markRefundPending(order, result.refundId ?? null);
      } else if (result.status === 'failed' && open) {
        this.orders.markRefundFailed(
          order,
          result.refundId ?? null,
          result.error ?? 'refused by the gateway',
        );
        this.audit.record(em, {
          actor,
          action: 'order.refund_failed',
          target: order.orderId,
          before: { status: 'paid', refundStatus: was },
          after: {
            status: 'paid',
            refundStatus: 'failed',
            amount: order.amount,
            refundId: order.refundId,
            refundNo,
            error: order.refundError,
          },
        });
        await em.populate(order, ['user']);
        await this.webhooks.orderRefundFailed(em, order, new Date().toISOString());
      }
      await em.flush();
      return order;
    });
  }

  /**
   * The VIP grant (docs/product.md#states): a paid internal order of amount 0 whose plan counts
   * `creditValue` (VIP's list price) toward an upgrade; every held seat becomes a permanent VIP seat with 2
   * binding changes and the missing ones are added. The caller holds the user's lock. Answers the order
   * number.
   */
  async grantVip(
    em: EntityManager,
    grant: { userId: string; fromTier: Tier | null; creditValue: number },
  ): Promise<string> {
    const at = new Date();
    const order = this.orders.createInternalPaid(em, {
      userId: grant.userId,
      tier: 'vip',
      seatCount: PLAN_SEATS.vip,
      paymentMethod: 'vip-grant',
      upgradedFromTier: grant.fromTier,
      creditValue: grant.creditValue,
      at,
    });
    await this.reconcile(em, grant.userId, 'fill', {
      orderId: order.id,
      at,
      resetChanges: true,
    });
    return order.orderId;
  }

  /**
   * An admin's free grant (docs/rules.md, "Customer support"): a paid internal order of amount 0 for
   * `tier`, marked by `metadata`, with the seats of a purchase of that tier. The caller holds the user's
   * lock and has checked that the tier is above the current one. Answers the order.
   */
  async grantPlan(
    em: EntityManager,
    grant: {
      userId: string;
      tier: Tier;
      fromTier: Tier | null;
      metadata: string;
      creditValue: number;
    },
  ): Promise<{ orderId: string; seats: number }> {
    const at = new Date();
    const order = this.orders.createInternalPaid(em, {
      userId: grant.userId,
      tier: grant.tier,
      seatCount: initialSeats(grant.tier),
      paymentMethod: 'admin-grant',
      upgradedFromTier: grant.fromTier,
      metadata: grant.metadata,
      creditValue: grant.creditValue,
      at,
    });
    const { held } = await this.reconcile(em, grant.userId, 'fill', { orderId: order.id, at });
    return { orderId: order.orderId, seats: held.seats };
  }

  /**
   * Binds a seat (LicensesService.bind), after Max's growth in the same transaction (SPEC runs it before a
   * bind). `ip`: the client address the bind is recorded with (docs/rules.md, "Seat history").
   */
  bind(user: User, licenseId: string, websiteUrl: string, ip: string | null = null) {
    return this.licenses.bind(user, licenseId, websiteUrl, (em) => this.expand(em, user.id), ip);
  }

  /**
   * Max's growth (docs/product.md#states): up to 10 seats under an internal order of amount 0 that belongs
   * to the Max order (refunding it takes them). The caller holds the user's row lock. Answers how many.
   */
  async expand(em: EntityManager, userId: string): Promise<number> {
    const ledger = await this.orders.ledgerOf(em, userId);
    const held = entitlementOf(ledger.map(ledgerOrder));
    // Only Max grows: other customers' binds read no seats here.
    if (held.tier !== 'ultra' || !held.planOrder) return 0;
    const add = expansionSize(await this.licenses.seatStatesOf(em, userId), held);
    if (!add) return 0;
    const at = new Date();
    const order = this.orders.createInternalPaid(em, {
      userId,
      tier: 'ultra',
      seatCount: add,
      paymentMethod: EXPANSION_METHOD,
      parentOrderId: held.planOrder.id,
      at,
    });
    await this.reconcile(em, userId, add, { orderId: order.id, at }, [...ledger, order]);
    this.audit.record(em, {
      actor: 'system',
      action: 'seats.expanded',
      target: order.orderId,
      before: { seats: held.seats },
      after: { seats: held.seats + add, maxOrder: held.planOrder.orderId, userId },
    });
    await em.flush();
    return add;
  }
}
