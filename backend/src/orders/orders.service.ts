import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { DiscountsService } from '../discounts/discounts.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { OrderDto } from './dto/order.dto';
import { endReasonText } from './order-end-reason';
import { canMove, stateOf, type OrderState } from './order-lifecycle';
import type { Order } from './order.entity';
import { OrderError, OrderErrorCode } from './order-errors';
import {
  OrderRepository,
  type CreatedWindow,
  type InternalOrderFields,
  type PendingOrderFields,
} from './order.repository';
import { refundNumberOf } from './refund-number';

@Injectable()
export class OrdersService implements OnModuleInit {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly em: EntityManager,
    private readonly discounts: DiscountsService,
    private readonly audit: AuditService,
    private readonly repo: OrderRepository,
    private readonly users: UsersService,
  ) {}

  /** Orders are accounting records: a closing account keeps them (closeAccount). */
  onModuleInit() {
    this.users.onClose((em, userId, placeholder) => this.closeAccount(em, userId, placeholder));
  }

  /**
   * An account closes (docs/rules.md, "Closing an account"): refused while a refund of one of its orders is
   * in flight (ACCOUNT_REFUND_IN_FLIGHT); its pending orders are cancelled; its orders move to the
   * placeholder account, audited.
   */
  private async closeAccount(
    em: EntityManager,
    userId: string,
    placeholder: () => Promise<string>,
  ): Promise<void> {
    if (await this.repo.refundInFlight(em, userId))
      throw new OrderError(OrderErrorCode.ACCOUNT_REFUND_IN_FLIGHT);
    await this.cancelPendingOf(em, userId, endReasonText('account_closed'));
    if (!(await this.repo.countOf(em, userId))) return;
    const to = await placeholder();
    const moved = await this.repo.moveAll(em, userId, to);
    this.audit.record(em, {
      actor: `user:${userId}`,
      action: 'account.closed',
      target: `user:${userId}`,
      before: { userId },
      after: { ordersKeptUnder: to, orders: moved },
    });
    await em.flush();
  }

  /** The customer's orders; a Max order's expansions are part of it, not orders of their own. */
  async list(user: User): Promise<{ orders: OrderDto[] }> {
    const orders = await this.repo.listForUser(user.id, 200, { withExpansions: false });
    return { orders: orders.map(OrderDto.from) };
  }

  /** A customer's latest orders, expansions included (the admin's customer page). */
  recentOf(userId: string, limit: number): Promise<Order[]> {
    return this.repo.listForUser(userId, limit);
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

  /** The customer's orders that were paid (standing or refunded), in the caller's transaction. */
  ledgerOf(em: EntityManager, userId: string): Promise<Order[]> {
    return this.repo.paidOf(em, userId);
  }

  /** An order by its number, row-locked for the rest of the caller's transaction. */
  lock(em: EntityManager, orderId: string): Promise<Order | null> {
    return this.repo.lockByNumber(em, orderId);
  }

  /** A zero-amount internal order (a grant, Max's growth), paid at once, in the caller's transaction. */
  createInternalPaid(em: EntityManager, fields: InternalOrderFields): Order {
    return this.repo.createInternalPaid(em, fields);
  }

  /**
   * The one gate of every state change (docs/rules.md, "Entitlements"): a move the table does not allow is
   * logged as an error and refused (409 ORDER_TRANSITION_REFUSED); nothing is written.
   */
  guard(order: Order, to: OrderState): void {
    const from = stateOf(order);
    if (canMove(from, to)) return;
    this.logger.error(`order ${order.orderId}: transition ${from} → ${to} refused`);
    throw new OrderError(OrderErrorCode.ORDER_TRANSITION_REFUSED, {
      details: { orderId: order.orderId, from, to },
    });
  }

  /** A payment recorded (pending or closed → paid); `grant` false: paid, flagged for a refund with `reason`. */
  markPaid(
    order: Order,
    payment: { method: string; tradeNo: string | null; at: Date },
    decision: { grant: true } | { grant: false; reason: string },
  ): void {
    this.guard(order, 'paid');
    order.status = 'paid';
    order.paidAt = payment.at;
    order.paymentMethod = payment.method;
    order.metadata = JSON.stringify({ tradeNo: payment.tradeNo });
    if (!decision.grant) {
      order.needsRefund = true;
      order.needsRefundReason = decision.reason;
    }
  }

  /**
   * A paid order that no longer fits what it was priced for (an upgrade whose plan's order was refunded
   * since): it grants nothing from now on, and the seller should refund it. Not a move of state.
   */
  flagNeedsRefund(order: Order, reason: string): void {
    order.needsRefund = true;
    order.needsRefundReason = reason.slice(0, 500);
  }

  /** paid → refunding: the refund asked for, with its stable number (refund-number.ts). */
  markRefundRequested(order: Order, admin: string): string {
    this.guard(order, 'refunding');
    order.refundNo = refundNumberOf(order.orderId, {
      refundNo: order.refundNo ?? null,
      refundId: order.refundId ?? null,
      failed: order.refundStatus === 'failed',
    });
    order.refundStatus = 'requested';
    order.refundId = null;
    order.refundError = null;
    order.refundRequestedAt = new Date();
    order.refundRequestedBy = admin;
    return order.refundNo;
  }

  /** refunding (or a failed refund that succeeded after all) → refunded. */
  markRefunded(order: Order, refundId: string | null, at: Date): void {
    this.guard(order, 'refunded');
    order.status = 'refunded';
    order.refundStatus = 'succeeded';
    order.refundId = refundId ?? order.refundId ?? null;
    order.refundError = null;
    order.refundedAt = at;
  }

  /** The gateway took the refund but has not finished it: still refunding. */
  markRefundPending(order: Order, refundId: string | null): void {
    order.refundStatus = 'pending';
    order.refundId = refundId ?? order.refundId ?? null;
  }

  /** refunding → paid: the gateway refused the refund (the admin may try again). */
  markRefundFailed(order: Order, refundId: string | null, error: string): void {
    this.guard(order, 'paid');
    order.refundStatus = 'failed';
    order.refundId = refundId ?? order.refundId ?? null;
    order.refundError = error.slice(0, 500);
  }

  /**
   * A Max order's expansions follow it when it is refunded (paid → refunded, amount 0: no money moves, so
   * no refund time). Answers their numbers.
   */
  async refundExpansionsOf(em: EntityManager, order: Order): Promise<string[]> {
    const expansions = await this.repo.expansionsOf(em, order.id);
    for (const e of expansions) {
      this.guard(e, 'refunded');
      e.status = 'refunded';
      e.refundStatus = 'succeeded';
    }
    return expansions.map((e) => e.orderId);
  }

  /**
   * The money (paid, refunded) of the orders created in each window, in one pass: the dashboard's three
   * figures, as the admin list answers them for the same dates.
   */
  moneyCreatedIn(windows: readonly CreatedWindow[]): Promise<{ paid: number; refunded: number }[]> {
    return this.repo.moneyCreatedIn(windows);
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
      if (row.discount_code) await this.discounts.releaseUse(em, row.discount_code, row.order_id);
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
      if (changed[0].discount_code)
        await this.discounts.releaseUse(em, changed[0].discount_code, orderId);
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
