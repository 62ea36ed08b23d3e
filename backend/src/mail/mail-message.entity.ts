import { randomUUID } from 'node:crypto';
import { Entity, Enum, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { Timestamped } from '../database/timestamped';

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
export const MAIL_LANGUAGES = ['zh-CN', 'en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

/**
 * One e-mail in the durable outbox (docs/mail.md): written in the transaction of the event that causes it,
 * then claimed by whichever instance's worker gets the row (FOR UPDATE SKIP LOCKED) under a lease, and
 * sent, retried or failed. Owned by mail-outbox.repository.ts.
 */
@Entity({ tableName: 'mail_outbox' })
@Index({ name: 'mail_outbox_due_index', properties: ['status', 'nextAttemptAt'] })
@Index({ name: 'mail_outbox_created_at_index', properties: ['createdAt', 'id'] })
// The admin list's search by recipient (a substring, like the customer overview's).
@Index({
  name: 'mail_outbox_recipient_trgm',
  expression:
    'create index "mail_outbox_recipient_trgm" on "mail_outbox" using gin ("recipient" gin_trgm_ops)',
})
export class MailMessage extends Timestamped {
  [OptionalProps]?:
    'id' | 'status' | 'attempts' | 'nextAttemptAt' | 'createdAt' | 'updatedAt' | 'language';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** What caused it: order-paid, refund, seat-revoked, plan-granted ... */
  @Property({ type: 'text' })
  kind!: string;

  /** One message per event, e.g. `order-paid:<orderId>`: enqueueing the same event again adds nothing. */
  @Property({ type: 'text', unique: true })
  dedupeKey!: string;

  /** The recipient's address (lower-case). */
  @Property({ type: 'text' })
  recipient!: string;

  @Enum({ items: [...MAIL_LANGUAGES], default: 'zh-CN' })
  language: MailLanguage = 'zh-CN';

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  html!: string;

  @Property({ type: 'text' })
  text!: string;

  /**
   * Fixed when enqueued, the same on every attempt: a message delivered again after a crash between the
   * server's acceptance and our marking it sent carries the same Message-ID (docs/mail.md).
   */
  @Property({ type: 'text', unique: true })
  messageId!: string;

  @Enum({ items: [...MAIL_STATUSES], default: 'queued' })
  status: MailStatus = 'queued';

  /** Attempts started (a claim counts one); also the claim's token when it is marked. */
  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  /** While `sending`: the claiming instance owns it until then; after it, anyone may take it over. */
  @Property({ type: 'timestamptz', nullable: true })
  leaseUntil?: Date | null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  sentAt?: Date | null;
}
