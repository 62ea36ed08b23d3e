import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { initialSeats } from '@seatkeeper/domain';
import { AuditService } from '../audit/audit.service';
import { DiscountsService } from '../discounts/discounts.service';
import { LicensesService } from '../licenses/licenses.service';
import { decideFulfilment, DISCOUNT_GONE_REASON } from './fulfilment-rules';
import type { User } from '../users/user.entity';
import { lockUser } from '../users/user-lock';
import type { PaymentNotice } from '../payments/gateways/payment-gateway';
import { OrderDto } from './dto/order.dto';
import { OrderError, OrderErrorCode } from './order-errors';
import { OrderRepository, type PendingOrderFields } from './order.repository';

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
  ) {}

  async list(user: User): Promise<{ orders: OrderDto[] }> {
    const orders = await this.repo.listForUser(user.id);
    return { orders: orders.map(OrderDto.from) };
  }

  async byOrderId(user: User, orderId: string): Promise<{ order: OrderDto }> {
    const order = await this.repo.findForUser(orderId, user.id);
    if (!order) throw new OrderError(OrderErrorCode.ORDER_NOT_FOUND);
    return { order: OrderDto.from(order) };
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
