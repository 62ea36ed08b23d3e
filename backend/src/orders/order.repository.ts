import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Tier } from '@seatkeeper/domain';
import { planDisplayName } from '../plans/plans.catalogue';
import { newOrderNumber } from './order-number';
import { Order, type OrderStatus } from './order.entity';

/** The fields of a new pending order (priced by PaymentsService). */
export interface PendingOrderFields {
  orderId: string;
  userId: string;
  productName: string;
  subscriptionTier: Tier;
  seatCount: number;
  listPrice: number;
  discountAmount: number;
  upgradedFromTier: Tier | null;
  discountCode: string | null;
  amount: number;
  paymentGateway: string;
}

/** A zero-amount order the system makes itself: the VIP grant, the ultra auto-expansion. */
export interface InternalOrderFields {
  userId: string;
  tier: Tier;
  seatCount: number;
  /** How it was "paid": 'vip-grant', 'auto-expansion'. */
  paymentMethod: string;
  upgradedFromTier?: Tier | null;
  at?: Date;
}

/** An order that was pending and is now ended: its number and the discount use to give back. */
export interface EndedOrderRow {
  order_id: string;
  discount_code: string | null;
  /** The gateway that took the order: where to close it. */
  payment_gateway: string;
}

/**
 * The only reader and writer of `orders`. Status changes of pending orders are guarded single statements
 * (`... where status = 'pending'`), so that of several instances or a racing payment exactly one wins.
 */
@Injectable()
export class OrderRepository {
  constructor(private readonly em: EntityManager) {}

  listForUser(userId: string, limit = 200): Promise<Order[]> {
    return this.em.find(Order, { user: userId }, { orderBy: { createdAt: 'desc' }, limit });
  }

  findForUser(orderId: string, userId: string): Promise<Order | null> {
    return this.em.findOne(Order, { orderId, user: userId });
  }

  /** By its public number, whoever owns it, outside any request's identity map. */
  findByNumber(orderId: string): Promise<Order | null> {
    return this.em.fork().findOne(Order, { orderId });
  }

  /** The order row locked for the rest of the caller's transaction (fulfilment). */
  lockByNumber(em: EntityManager, orderId: string): Promise<Order | null> {
    return em.findOne(Order, { orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** A new pending order, persisted with the caller's transaction. */
  createPending(em: EntityManager, f: PendingOrderFields): Order {
    return em.create(Order, {
      orderId: f.orderId,
      user: f.userId,
      productType: 'permanent',
      productName: f.productName,
      subscriptionTier: f.subscriptionTier,
      seatCount: f.seatCount,
      listPrice: f.listPrice,
      discountAmount: f.discountAmount,
      upgradedFromTier: f.upgradedFromTier,
      discountCode: f.discountCode,
      amount: f.amount,
      paymentGateway: f.paymentGateway,
    });
  }

  /**
   * The one way to make a zero-amount internal order: paid at once, gateway 'internal', persisted with the
   * caller's transaction (which grants its seats).
   */
  createInternalPaid(em: EntityManager, f: InternalOrderFields): Order {
    return em.create(Order, { user: f.userId, ...internalPaidOrder(f) });
  }

  /** Cancels every pending order of the user, in the caller's transaction. */
  cancelPendingOf(em: EntityManager, userId: string, reason: string): Promise<EndedOrderRow[]> {
    return em.getConnection().execute<EndedOrderRow[]>(
      `update orders set status = 'cancelled', cancelled_at = now(), updated_at = now(), failure_reason = ?
       where user_id = ? and status = 'pending' returning order_id, discount_code, payment_gateway`,
      [reason, userId],
      'all',
      em.getTransactionContext(),
    );
  }

  /** Ends one pending order (of this user, when given); answers nothing when it was not pending. */
  endPending(
    em: EntityManager,
    orderId: string,
    status: Extract<OrderStatus, 'expired' | 'cancelled' | 'failed'>,
    reason: string,
    userId?: string,
  ): Promise<EndedOrderRow[]> {
    return em.getConnection().execute<EndedOrderRow[]>(
      `update orders set status = ?, failure_reason = ?, updated_at = now(),
           cancelled_at = case when ? = 'cancelled' then now() else cancelled_at end,
           failed_at = case when ? = 'failed' then now() else failed_at end
         where order_id = ? and status = 'pending' ${userId ? 'and user_id = ?' : ''}
         returning order_id, discount_code, payment_gateway`,
      [status, reason, status, status, orderId, ...(userId ? [userId] : [])],
      'all',
      em.getTransactionContext(),
    );
  }

  /**
   * Refunds to settle by asking the gateway: pending ones, and requested ones whose request never got an
   * answer (an instance stopped in between). Each row is claimed for a minute by one statement (row locks
   * skipped, `updated_at` as the lease), so several instances never ask about the same refund at once.
   */
  async claimUnsettledRefunds(
    limit: number,
  ): Promise<
    { orderId: string; refundNo: string; amount: number; gateway: string; status: string }[]
  > {
    const rows = await this.em.getConnection().execute<
      {
        order_id: string;
        refund_no: string;
        amount: number;
        payment_gateway: string;
        refund_status: string;
      }[]
    >(
      `update orders set updated_at = now() where id in (
         select id from orders
         where status = 'paid' and updated_at < now() - interval '1 minute'
           and (refund_status = 'pending' or (refund_status = 'requested' and refund_requested_at < now() - interval '1 minute'))
         order by refund_requested_at limit ? for update skip locked)
       returning order_id, refund_no, amount, payment_gateway, refund_status`,
      [limit],
    );
    return rows.map((r) => ({
      orderId: r.order_id,
      refundNo: r.refund_no,
      amount: r.amount,
      gateway: r.payment_gateway,
      status: r.refund_status,
    }));
  }

  /** Pending orders older than the lifetime, oldest first. */
  async stalePending(
    lifetimeSeconds: number,
    limit: number,
  ): Promise<{ orderId: string; amount: number; gateway: string }[]> {
    const rows = await this.em
      .getConnection()
      .execute<{ order_id: string; amount: number; payment_gateway: string }[]>(
        `select order_id, amount, payment_gateway from orders
         where status = 'pending' and created_at < now() - (? * interval '1 second')
         order by created_at limit ?`,
        [lifetimeSeconds, limit],
      );
    return rows.map((r) => ({ orderId: r.order_id, amount: r.amount, gateway: r.payment_gateway }));
  }
}

/** The fields of a paid zero-amount internal order (VIP grant, Max's growth), without its user. */
export function internalPaidOrder(f: InternalOrderFields) {
  const at = f.at ?? new Date();
  return {
    orderId: newOrderNumber(at),
    productType: 'permanent' as const,
    productName: planDisplayName(f.tier),
    subscriptionTier: f.tier,
    seatCount: f.seatCount,
    listPrice: 0,
    amount: 0,
    status: 'paid' as const,
    paidAt: at,
    paymentMethod: f.paymentMethod,
    paymentGateway: 'internal',
    upgradedFromTier: f.upgradedFromTier ?? null,
  };
}
