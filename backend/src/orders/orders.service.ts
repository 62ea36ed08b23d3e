import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, Optional } from '@nestjs/common';
import { initialSeats } from '@seatkeeper/domain';
import { AuditService } from '../audit/audit.service';
import { DiscountsService } from '../discounts/discounts.service';
import { LicensesService } from '../licenses/licenses.service';
import { MailOutbox } from '../mail/mail-outbox.service';
import { decideFulfilment, DISCOUNT_GONE_REASON } from './fulfilment-rules';
import type { User } from '../users/user.entity';
import { lockUser } from '../users/user-lock';
import type { PaymentNotice } from '../payments/gateways/payment-gateway';
import type { RefundResult } from '../payments/gateways/payment-gateway';
import { OrderDto } from './dto/order.dto';
import type { Order } from './order.entity';
import { OrderError, OrderErrorCode } from './order-errors';
import { OrderRepository, type PendingOrderFields } from './order.repository';
import { refundNumberOf } from './refund-number';

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

export type FulfilOutcome =
  'fulfilled' | 'needs-refund' | 'already-paid' | 'unknown-order' | 'amount-mismatch';

@Injectable()
export class OrdersService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly em: EntityManager,
    private readonly licenses: LicensesService,
    private readonly discounts: DiscountsService,
    private readonly audit: AuditService,
    private readonly repo: OrderRepository,
    // Always there in the app (MailModule is global); optional for unit tests on in-memory repositories.
    @Optional() private readonly mail?: MailOutbox,
  ) {}

  async list(user: User): Promise<{ orders: OrderDto[] }> {
    const orders = await this.repo.listForUser(user.id);
    return { orders: orders.map(OrderDto.from) };
  }

  async byOrderId(user: User, orderId: string): Promise<{ order: OrderDto }> {
    return { order: OrderDto.from(await this.ownedOrder(user, orderId)) };
  }

  /** One of the customer's orders; another customer's order is not found (404), like an unknown one. */
  async ownedOrder(user: User, orderId: string): Promise<Order> {
    const order = await this.repo.findForUser(orderId, user.id);
    if (!order) throw new OrderError(OrderErrorCode.ORDER_NOT_FOUND);
    return order;
  }

  /** For the sandbox payment page (anyone holding the QR code sees what they are paying). */
  findByOrderId(orderId: string) {
    return this.repo.findByNumber(orderId);
  }

  /**
   * A new pending order, in the caller's transaction (which holds the customer's row lock and has cancelled
   * the previous pending order: one open order per customer).
   */
  open(em: EntityManager, fields: PendingOrderFields) {
    return this.repo.createPending(em, fields);
  }

  /**
   * Marks an order paid and grants its seats, in one transaction, once: the order row is locked, a paid
   * order is left alone (duplicate notifications), and the amount must match. The customer paid, so the
   * payment is always recorded; what it grants is decided again against what the customer owns now
   * (fulfilment-rules.ts): a second payment for one upgrade, or a late payment of a closed order whose
   * discount code is used up since, is recorded as paid with `needsRefund` and grants nothing.
   */
  async fulfil(notice: PaymentNotice): Promise<FulfilOutcome> {
    const outcome = await this.em.fork().transactional(async (em) => {
      const order = await this.repo.lockByNumber(em, notice.orderId);
      if (!order) return 'unknown-order' as const;
      if (order.status === 'paid') return 'already-paid' as const;
      if (notice.amountCents !== order.amount) return 'amount-mismatch' as const;
      // Only the gateway that took the order can pay it (a free order is paid by its discount).
      const payer =
        order.amount === 0 && notice.method === 'discount' ? order.paymentGateway : notice.method;
      if (payer !== order.paymentGateway) return 'unknown-order' as const;
      await lockUser(em, order.user.id);
      const was = order.status;
      let decision = decideFulfilment(order, await this.licenses.currentTier(order.user.id, em));
      if (decision.grant && was !== 'pending' && order.discountCode) {
        // Its discount use was released when it expired or was cancelled: the payment takes it again, within
        // the code's limit like any other use.
        if (!(await this.discounts.takeUse(em, order.discountCode)))
          decision = { grant: false, reason: DISCOUNT_GONE_REASON };
      }
      if (!decision.grant && was === 'pending' && order.discountCode)
        await this.discounts.releaseUse(em, order.discountCode);
      order.status = 'paid';
      order.paidAt = new Date();
      order.paymentMethod = notice.method;
      order.metadata = JSON.stringify({ tradeNo: notice.tradeNo ?? null });
      if (decision.grant) {
        await this.licenses.grantForOrder(em, order, initialSeats(order.subscriptionTier));
        await this.mail?.orderPaid(em, order); // the receipt, sent by the outbox once this commits
      } else {
        order.needsRefund = true;
        order.needsRefundReason = decision.reason;
      }
      this.audit.record(em, {
        actor: `gateway:${notice.method}`,
        action: decision.grant ? 'order.paid' : 'order.paid_needs_refund',
        target: order.orderId,
        before: { status: was },
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
   * An admin asks for the whole refund of a paid order: the guarded transition paid → refund requested,
   * taken under the order's row lock, so that two clicks, two admins or a retry make one request. A refund
   * already requested, pending or done answers the current state; a failed one may be asked for again
   * (same refund number, unless the gateway ended that refund: refund-number.ts). The gateway is called by
   * the caller, after this transaction.
   */
  async requestRefund(admin: User, orderId: string, reason: string | null): Promise<RefundClaim> {
    return this.em.fork().transactional(async (em) => {
      const order = await this.repo.lockByNumber(em, orderId);
      if (!order) throw new OrderError(OrderErrorCode.ORDER_NOT_FOUND);
      if (
        order.status === 'refunded' ||
        order.refundStatus === 'requested' ||
        order.refundStatus === 'pending'
      )
        return { kind: 'current' as const, order: OrderDto.from(order) };
      if (order.status !== 'paid' || order.amount <= 0 || order.paymentGateway === 'internal')
        throw new OrderError(OrderErrorCode.ORDER_NOT_REFUNDABLE);
      const was = order.refundStatus ?? null;
      const why = reason?.trim() || 'refund';
      order.refundNo = refundNumberOf(order.orderId, {
        refundNo: order.refundNo ?? null,
        refundId: order.refundId ?? null,
        failed: was === 'failed',
      });
      order.refundStatus = 'requested';
      order.refundId = null;
      order.refundError = null;
      order.refundRequestedAt = new Date();
      order.refundRequestedBy = admin.email;
      this.audit.record(em, {
        actor: admin.email,
        action: 'order.refund_requested',
        target: order.orderId,
        before: { status: 'paid', refundStatus: was },
        after: {
          refundStatus: 'requested',
          amount: order.amount,
          refundNo: order.refundNo,
          gateway: order.paymentGateway,
          reason: why,
        },
      });
      await em.flush();
      return {
        kind: 'claimed' as const,
        orderId: order.orderId,
        refundNo: order.refundNo,
        amount: order.amount,
        gateway: order.paymentGateway,
        reason: why,
      };
    });
  }

  /**
   * What the gateway said about an order's refund (its answer, a query, a notification), applied once under
   * the order's row lock. Succeeded: the order becomes `refunded` and its seats are taken back
   * (LicensesService.revokeForRefund) in this transaction. Pending: recorded. Failed: the order stays paid
   * with the error. Answers the order, or null when no refund with this number was asked for.
   */
  async settleRefund(
    orderId: string,
    refundNo: string,
    result: RefundResult,
    actor: string,
  ): Promise<Order | null> {
    return this.em.fork().transactional(async (em) => {
      const order = await this.repo.lockByNumber(em, orderId);
      if (!order || !order.refundNo || order.refundNo !== refundNo) return null;
      if (order.status !== 'paid') return order;
      const was = order.refundStatus ?? null;
      const open = was === 'requested' || was === 'pending';
      if (result.status === 'succeeded' && (open || was === 'failed')) {
        await lockUser(em, order.user.id);
        const revokedSeats = await this.licenses.revokeForRefund(em, order);
        order.status = 'refunded';
        order.refundStatus = 'succeeded';
        order.refundId = result.refundId ?? order.refundId ?? null;
        order.refundError = null;
        order.refundedAt = new Date();
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
            revokedSeats,
            ...(order.upgradedFromTier ? { tierRestored: order.upgradedFromTier } : {}),
          },
        });
        // The customer's notices, sent by the outbox once this commits (once per refund: dedupe keys).
        if (this.mail) {
          await this.mail.refundDone(em, order, {
            revokedSeats: revokedSeats.length,
            restoredTier: order.needsRefund ? null : (order.upgradedFromTier ?? null),
          });
          const seats = await this.licenses.revokedSeats(em, order.user.id, revokedSeats);
          await this.mail.seatsRevoked(em, order.user, `refund:${order.orderId}`, seats, null);
        }
      } else if (result.status === 'pending' && was === 'requested') {
        order.refundStatus = 'pending';
        order.refundId = result.refundId ?? order.refundId ?? null;
      } else if (result.status === 'failed' && open) {
        order.refundStatus = 'failed';
        order.refundId = result.refundId ?? order.refundId ?? null;
        order.refundError = (result.error ?? 'refused by the gateway').slice(0, 500);
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
      }
      await em.flush();
      return order;
    });
  }

  /** Refunds to settle by a query (or to send again), each claimed for `leaseSeconds` by this instance. */
  claimUnsettledRefunds(leaseSeconds: number, limit = 20) {
    return this.repo.claimUnsettledRefunds(limit, leaseSeconds);
  }

  /**
   * Cancels the customer's pending orders (a new order replaces them: one open order per customer), in the
   * caller's transaction, which holds the customer's row lock. Answers the orders (and their gateways) to
   * close at the gateway once the transaction committed.
   */
  async cancelPendingOf(
    em: EntityManager,
    userId: string,
    reason: string,
  ): Promise<{ orderId: string; gateway: string }[]> {
    const rows = await this.repo.cancelPendingOf(em, userId, reason);
    for (const row of rows) {
      if (row.discount_code) await this.discounts.releaseUse(em, row.discount_code);
      this.audit.record(em, {
        actor: `user:${userId}`,
        action: 'order.cancelled',
        target: row.order_id,
        before: { status: 'pending' },
        after: { status: 'cancelled', reason },
      });
    }
    return rows.map((r) => ({ orderId: r.order_id, gateway: r.payment_gateway }));
  }

  /**
   * Ends a pending order (expired, cancelled or failed) and releases its discount use. A conditional
   * update: of several instances (or a racing payment), exactly one changes the order. Answers the
   * order's gateway (to close it there), or null when the order was not pending.
   */
  async close(
    orderId: string,
    status: 'expired' | 'cancelled' | 'failed',
    reason: string,
    userId?: string,
  ): Promise<string | null> {
    return this.em.fork().transactional(async (em) => {
      const changed = await this.repo.endPending(em, orderId, status, reason, userId);
      if (!changed.length) return null;
      if (changed[0].discount_code) await this.discounts.releaseUse(em, changed[0].discount_code);
      this.audit.record(em, {
        actor: userId ? `user:${userId}` : 'system',
        action: `order.${status}`,
        target: orderId,
        before: { status: 'pending' },
        after: { status, reason },
      });
      return changed[0].payment_gateway;
    });
  }

  /** Pending orders older than the QR lifetime, oldest first. */
  async stalePending(
    lifetimeSeconds: number,
    limit = 50,
  ): Promise<{ orderId: string; amount: number; gateway: string }[]> {
    return this.repo.stalePending(lifetimeSeconds, limit);
  }
}
