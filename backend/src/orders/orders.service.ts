import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { LicensesService } from '../licenses/licenses.service';
import { initialSeats } from '../plans/pricing';
import { User } from '../users/user.entity';
import type { PaymentNotice } from '../payments/gateways/payment-gateway';
import { OrderDto } from './dto/order.dto';
import { Order } from './order.entity';

export type FulfilOutcome = 'fulfilled' | 'already-paid' | 'unknown-order' | 'amount-mismatch';

@Injectable()
export class OrdersService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly em: EntityManager,
    private readonly licenses: LicensesService,
  ) {}

  async list(user: User): Promise<{ orders: OrderDto[] }> {
    const orders = await this.em.find(Order, { user: user.id }, { orderBy: { createdAt: 'desc' }, limit: 200 });
    return { orders: orders.map(OrderDto.from) };
  }

  async byOrderId(user: User, orderId: string): Promise<{ order: OrderDto }> {
    const order = await this.em.findOne(Order, { orderId, user: user.id });
    if (!order) throw new NotFoundException('Order not found');
    return { order: OrderDto.from(order) };
  }

  /** For the sandbox payment page (anyone holding the QR code sees what they are paying). */
  findByOrderId(orderId: string): Promise<Order | null> {
    return this.em.fork().findOne(Order, { orderId });
  }

  /**
   * Marks an order paid and grants its seats, in one transaction, once: the order row is locked, a paid
   * order is left alone (duplicate notifications), and the amount must match. A payment arriving after
   * the order expired or was cancelled locally is still honoured (the customer paid).
   */
  async fulfil(notice: PaymentNotice): Promise<FulfilOutcome> {
    const outcome = await this.em.fork().transactional(async (em) => {
      const order = await em.findOne(Order, { orderId: notice.orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) return 'unknown-order' as const;
      if (order.status === 'paid') return 'already-paid' as const;
      if (notice.amountCents !== order.amount) return 'amount-mismatch' as const;
      if (order.status !== 'pending' && order.discountCode) {
        // Its discount use was released when it expired or was cancelled: the payment takes it again.
        await em.getConnection().execute(
          'update discounts set usage_count = usage_count + 1, updated_at = now() where code_key = ?',
          [order.discountCode.toUpperCase()],
          'run',
          em.getTransactionContext(),
        );
      }
      await em.findOneOrFail(User, order.user.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      order.status = 'paid';
      order.paidAt = new Date();
      order.paymentMethod = notice.method;
      order.metadata = JSON.stringify({ tradeNo: notice.tradeNo ?? null });
      await this.licenses.grantForOrder(em, order, initialSeats(order.subscriptionTier));
      await em.flush();
      return 'fulfilled' as const;
    });
    if (outcome === 'amount-mismatch' || outcome === 'unknown-order') {
      this.logger.warn(`payment notice refused (${outcome}) for order ${notice.orderId}, amount ${notice.amountCents}`);
    } else if (outcome === 'fulfilled') {
      this.logger.log(`order ${notice.orderId} paid by ${notice.method}`);
    }
    return outcome;
  }

  /**
   * Ends a pending order (expired, cancelled or failed) and releases its discount use. A conditional
   * update: of several instances (or a racing payment), exactly one changes the order.
   */
  async close(orderId: string, status: 'expired' | 'cancelled' | 'failed', reason: string, userId?: string): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      const conn = em.getConnection();
      const ctx = em.getTransactionContext();
      const changed = await conn.execute<{ discount_code: string | null }[]>(
        `update orders set status = ?, failure_reason = ?, updated_at = now(),
           cancelled_at = case when ? = 'cancelled' then now() else cancelled_at end,
           failed_at = case when ? = 'failed' then now() else failed_at end
         where order_id = ? and status = 'pending' ${userId ? 'and user_id = ?' : ''}
         returning discount_code`,
        [status, reason, status, status, orderId, ...(userId ? [userId] : [])],
        'all',
        ctx,
      );
      if (!changed.length) return false;
      if (changed[0].discount_code) {
        await conn.execute(
          'update discounts set usage_count = greatest(usage_count - 1, 0), updated_at = now() where code_key = ?',
          [changed[0].discount_code.toUpperCase()],
          'run',
          ctx,
        );
      }
      return true;
    });
  }

  /** Pending orders older than the QR lifetime, oldest first. */
  async stalePending(lifetimeSeconds: number, limit = 50): Promise<{ orderId: string; amount: number }[]> {
    const rows = await this.em.getConnection().execute<{ order_id: string; amount: number }[]>(
      `select order_id, amount from orders where status = 'pending' and created_at < now() - (? * interval '1 second')
       order by created_at limit ?`,
      [lifetimeSeconds, limit],
    );
    return rows.map((r) => ({ orderId: r.order_id, amount: r.amount }));
  }
}
