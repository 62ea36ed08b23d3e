import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The orders table's all-time figures for /metrics (docs/monitoring.md). */
export interface OrderFigures {
  created: number;
  paid: number;
  refunded: number;
  /** Cents paid by customers (internal grants excluded), refunded orders included. */
  revenueCents: number;
  /** Cents given back by refunds (internal grants excluded). */
  refundedCents: number;
  /** Admin refunds asked for and not settled at the gateway yet (requested or pending). */
  refundsPending: number;
  /** Paid orders flagged for a refund (nothing granted) that nobody refunded yet. */
  needsRefund: number;
}

/**
 * The orders module's named query for the metrics (it owns the table; MetricsModule only composes the
 * figures): one pass over `orders`, read when Prometheus scrapes, so every instance reports the same
 * database-wide numbers and nothing is lost when an instance restarts.
 */
@Injectable()
export class OrderFiguresQuery {
  constructor(private readonly em: EntityManager) {}

  async figures(): Promise<OrderFigures> {
    const [row] = await this.em.getConnection().execute<Record<string, string | number>[]>(
      `select count(*) as created,
         count(*) filter (where paid_at is not null) as paid,
         count(*) filter (where status = 'refunded') as refunded,
         coalesce(sum(amount) filter (where paid_at is not null and payment_gateway <> 'internal'), 0) as revenue_cents,
         coalesce(sum(amount) filter (where status = 'refunded' and payment_gateway <> 'internal'), 0) as refunded_cents,
         count(*) filter (where refund_status in ('requested', 'pending')) as refunds_pending,
         count(*) filter (where needs_refund and status = 'paid' and refund_status is null) as needs_refund
       from orders`,
    );
    return {
      created: Number(row.created),
      paid: Number(row.paid),
      refunded: Number(row.refunded),
      revenueCents: Number(row.revenue_cents),
      refundedCents: Number(row.refunded_cents),
      refundsPending: Number(row.refunds_pending),
      needsRefund: Number(row.needs_refund),
    };
  }
}
