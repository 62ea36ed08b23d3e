import { randomUUID } from 'node:crypto';
import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Timestamped } from '../database/timestamped';

export const DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event for one endpoint (docs/webhooks.md): the durable outbox and its log in one row. Written in the
 * transaction of the event (WebhookEvents.emit), claimed by whichever instance's worker gets it (FOR
 * UPDATE SKIP LOCKED) under a lease, delivered, retried or failed; the last attempt's answer is kept.
 * Owned by webhooks.repository.ts.
 */
@Entity({ tableName: 'webhook_deliveries' })
@Unique({ name: 'webhook_deliveries_dedupe_unique', properties: ['endpointId', 'dedupeKey'] })
@Index({ name: 'webhook_deliveries_due_index', properties: ['status', 'nextAttemptAt'] })
@Index({ name: 'webhook_deliveries_endpoint_index', properties: ['endpointId', 'createdAt'] })
export class WebhookDelivery extends Timestamped {
  [OptionalProps]?: 'id' | 'status' | 'attempts' | 'nextAttemptAt' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** `msg_…`: the `webhook-id` of every attempt, the same on each retry. */
  @Property({ type: 'text' })
  messageId!: string;

  @Property({ type: 'uuid' })
  endpointId!: string;

  @Property({ type: 'text' })
  eventType!: string;

  /** One delivery per event and endpoint, e.g. `order.paid:SK2026…`. */
  @Property({ type: 'text' })
  dedupeKey!: string;

  /** The envelope as JSON: `{ type, timestamp, data }`. */
  @Property({ type: 'text' })
  payload!: string;

  @Property({ type: 'text', default: 'queued' })
  status: DeliveryStatus = 'queued';

  /** Attempts started (a claim counts one); also the claim's token when it is marked. */
  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  leaseUntil?: Date | null;

  /** The last attempt: HTTP status (null: no answer), first 500 characters of the answer, error, duration. */
  @Property({ type: 'integer', nullable: true })
  lastStatus?: number | null;

  @Property({ type: 'text', nullable: true })
  lastResponse?: string | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'integer', nullable: true })
  lastDurationMs?: number | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastAttemptAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt?: Date | null;
}
