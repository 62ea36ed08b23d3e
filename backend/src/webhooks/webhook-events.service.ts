import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { WebhookEventType } from '@seatkeeper/domain';
import type { WebhookEnvelope } from './channels/channel';
import { newMessageId, parseEvents } from './webhook-rules';
import { WebhooksRepository } from './webhooks.repository';

/** An order as the events describe it (an Order entity has these fields). */
export interface OrderFacts {
  orderId: string;
  productName: string;
  subscriptionTier: string;
  seatCount: number;
  amount: number;
  currency: string;
  paymentMethod?: string | null;
  paymentGateway: string;
  paidAt?: Date | null;
  refundedAt?: Date | null;
  refundNo?: string | null;
  refundError?: string | null;
  /** Paid, but granting nothing: to be refunded (docs/rules.md, "Paying an order"). */
  needsRefund?: boolean;
  user: { id: string; email: string; name: string };
}

/** A seat as the events describe it (a License entity has these fields). */
export interface SeatFacts {
  id: string;
  seatIndex: number;
  purchaseTier: string;
  websiteUrl?: string | null;
  user: { id: string; email: string };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const orderData = (o: OrderFacts) => ({
  orderId: o.orderId,
  product: o.productName,
  tier: o.subscriptionTier,
  seatCount: o.seatCount,
  amount: o.amount,
  currency: o.currency,
  paymentMethod: o.paymentMethod ?? null,
  gateway: o.paymentGateway,
  paidAt: iso(o.paidAt),
  needsRefund: Boolean(o.needsRefund),
  customer: { id: o.user.id, email: o.user.email, name: o.user.name },
});

const seatData = (s: SeatFacts) => ({
  seatId: s.id,
  seatIndex: s.seatIndex,
  tier: s.purchaseTier,
  websiteUrl: s.websiteUrl ?? null,
  customer: { id: s.user.id, email: s.user.email },
});

/**
 * The events' API for the rest of the app (docs/webhooks.md). Each method writes one delivery per enabled
 * endpoint subscribed to the event IN THE CALLER'S TRANSACTION (`em`), so a delivery exists exactly when
 * the event committed; the worker (webhook-worker.service.ts) delivers it later. Each event has a dedupe
 * key (its stable id), so a repeated event enqueues once per endpoint.
 */
@Injectable()
export class WebhookEvents {
  constructor(private readonly repo: WebhooksRepository) {}

  /**
   * Any event: `key` names it once (`order.paid:<order number>`...). Answers the deliveries written (0
   * when no endpoint listens, or the event was already queued).
   */
  async emit(
    em: EntityManager,
    type: WebhookEventType,
    key: string,
    data: Record<string, unknown>,
    at: Date = new Date(),
  ): Promise<number> {
    const endpoints = (await this.repo.enabledEndpoints(em)).filter((e) =>
      parseEvents(e.events).includes(type),
    );
    if (!endpoints.length) return 0;
    const envelope: Omit<WebhookEnvelope, 'id'> = { type, timestamp: at.toISOString(), data };
    const messageId = newMessageId();
    return this.repo.enqueue(
      em,
      endpoints.map((e) => ({
        endpointId: e.id,
        messageId,
        eventType: type,
        dedupeKey: `${type}:${key}`,
        payload: JSON.stringify(envelope),
      })),
    );
  }

  /** An order paid and fulfilled (in the payment's transaction). */
  orderPaid(em: EntityManager, order: OrderFacts) {
    return this.emit(em, 'order.paid', order.orderId, orderData(order), order.paidAt ?? new Date());
  }

  /** A refund completed (in the transaction that marks the order refunded). */
  orderRefunded(
    em: EntityManager,
    order: OrderFacts,
    revokedSeats: { seatIndex: number; websiteUrl: string | null }[],
  ) {
    return this.emit(
      em,
      'order.refunded',
      order.refundNo ?? order.orderId,
      {
        ...orderData(order),
        refundNo: order.refundNo ?? null,
        refundedAt: iso(order.refundedAt),
        revokedSeats,
      },
      order.refundedAt ?? new Date(),
    );
  }

  /** The gateway refused a refund (`attempt`: what names this failure once, e.g. the audit moment). */
  orderRefundFailed(em: EntityManager, order: OrderFacts, attempt: string) {
    return this.emit(em, 'order.refund_failed', `${order.refundNo ?? order.orderId}:${attempt}`, {
      ...orderData(order),
      refundNo: order.refundNo ?? null,
      error: order.refundError ?? null,
    });
  }

  /** A seat bound to a site for the first time, or moved to another (`key`: once per change). */
  seatBound(
    em: EntityManager,
    seat: SeatFacts,
    change: { action: 'bound' | 'rebound'; from: string | null; by: 'customer' | 'admin' },
    key: string,
  ) {
    return this.emit(em, change.action === 'bound' ? 'seat.bound' : 'seat.rebound', key, {
      ...seatData(seat),
      previousWebsiteUrl: change.from,
      by: change.by,
    });
  }

  /** Seats taken back (a refund, an admin), `key` once per revocation. */
  seatRevoked(
    em: EntityManager,
    customer: { id: string; email: string },
    seat: { id?: string | null; seatIndex: number; websiteUrl: string | null },
    reason: 'refund' | 'admin' | 'plan-change',
    orderId: string | null,
    key: string,
  ) {
    return this.emit(em, 'seat.revoked', key, {
      seatId: seat.id ?? null,
      seatIndex: seat.seatIndex,
      websiteUrl: seat.websiteUrl,
      reason,
      orderId,
      customer,
    });
  }

  /** A customer's account made (in the sign-in's transaction). */
  customerCreated(
    em: EntityManager,
    user: { id: string; email: string; name: string; language?: string | null; createdAt: Date },
  ) {
    return this.emit(em, 'customer.created', user.id, {
      customer: {
        id: user.id,
        email: user.email,
        name: user.name,
        language: user.language ?? null,
        createdAt: user.createdAt.toISOString(),
      },
    });
  }

  /** A release published (in the transaction that makes it the current one). */
  releasePublished(
    em: EntityManager,
    release: { id: string; product: string; version: string; publishedAt: Date },
  ) {
    return this.emit(em, 'release.published', release.id, {
      releaseId: release.id,
      product: release.product,
      version: release.version,
      publishedAt: release.publishedAt.toISOString(),
    });
  }

  /** A message the mail outbox gave up on (in no other transaction: the worker's own). */
  mailFailed(
    em: EntityManager,
    mail: { id: string; kind: string; recipient: string; attempts: number; error: string },
  ) {
    return this.emit(em, 'mail.failed', `${mail.id}:${mail.attempts}`, {
      mailId: mail.id,
      kind: mail.kind,
      recipient: mail.recipient,
      attempts: mail.attempts,
      error: mail.error,
    });
  }

  /** A backup that failed (`id`: the backup's row, once per backup). */
  backupFailed(
    em: EntityManager,
    failure: { id: string; error: string; at: Date; trigger: string },
  ) {
    return this.emit(
      em,
      'backup.failed',
      failure.id,
      {
        backupId: failure.id,
        error: failure.error,
        trigger: failure.trigger,
        at: failure.at.toISOString(),
      },
      failure.at,
    );
  }
}
