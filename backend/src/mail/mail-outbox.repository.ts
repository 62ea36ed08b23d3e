import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { containsPattern } from '../common/query';
import { MailMessage, type MailLanguage, type MailStatus } from './mail-message.entity';

/** A message to put in the outbox. */
export interface OutgoingMail {
  kind: string;
  /** One message per event: the same key again adds nothing (e.g. `order-paid:<orderId>`). */
  dedupeKey: string;
  to: string;
  language: MailLanguage;
  subject: string;
  html: string;
  text: string;
}

/** A message claimed by this instance's worker; `attempts` is the claim's token. */
export interface ClaimedMail {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  message_id: string;
  attempts: number;
}

/** One row of the admin's list and the development mailbox (no bodies). */
export interface MailRow {
  id: string;
  kind: string;
  recipient: string;
  language: MailLanguage;
  subject: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

const ROW_FIELDS = [
  'id',
  'kind',
  'recipient',
  'language',
  'subject',
  'status',
  'attempts',
  'nextAttemptAt',
  'lastError',
  'createdAt',
  'sentAt',
] as const;

/**
 * The one owner of the mail_outbox table (docs/mail.md). Every state change is one guarded statement, so
 * several instances may run the worker: claims take a due row with FOR UPDATE SKIP LOCKED under a lease,
 * and a claim's marks apply only while the row is still that claim's (`status = 'sending'` and the same
 * `attempts`).
 */
@Injectable()
export class MailOutboxRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
  ) {}

  private conn() {
    return this.orm.em.getConnection();
  }

  /**
   * Writes a message in the caller's transaction (it commits or rolls back with the event). A second
   * message with the same dedupe key is ignored: answers false.
   */
  async enqueue(em: EntityManager, mail: OutgoingMail, messageId: string): Promise<boolean> {
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `insert into mail_outbox (id, kind, dedupe_key, recipient, language, subject, html, text, message_id, status, attempts, next_attempt_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'queued', 0, now(), now(), now())
         on conflict (dedupe_key) do nothing returning id`,
      [
        randomUUID(),
        mail.kind,
        mail.dedupeKey,
        mail.to.trim().toLowerCase(),
        mail.language,
        mail.subject,
        mail.html,
        mail.text,
        messageId,
      ],
      'all',
      em.getTransactionContext(),
    );
    return rows.length > 0;
  }

  /** The oldest due message (queued and due, or sending under a lease that ran out), claimed for `leaseSeconds`. */
  async claim(leaseSeconds: number): Promise<ClaimedMail | null> {
    const rows = await this.conn().execute<ClaimedMail[]>(
      `update mail_outbox set status = 'sending', attempts = attempts + 1, updated_at = now(),
         lease_until = now() + (? * interval '1 second')
       where id = (
         select id from mail_outbox
         where (status = 'queued' and next_attempt_at <= now()) or (status = 'sending' and lease_until < now())
         order by next_attempt_at, created_at for update skip locked limit 1
       )
       returning id, kind, recipient, subject, html, text, message_id, attempts`,
      [leaseSeconds],
    );
    return rows[0] ?? null;
  }

  /** Right after the server accepted it. False when the claim was no longer ours (taken over). */
  async markSent(claim: Pick<ClaimedMail, 'id' | 'attempts'>): Promise<boolean> {
    const res = await this.conn().execute<{ affectedRows: number }>(
      `update mail_outbox set status = 'sent', sent_at = now(), lease_until = null, last_error = null, updated_at = now()
       where id = ? and status = 'sending' and attempts = ?`,
      [claim.id, claim.attempts],
      'run',
    );
    return (res.affectedRows ?? 0) > 0;
  }

  /**
   * A failed attempt: queued again after `delaySeconds`, or failed for good when null (in `em`'s
   * transaction when given: the worker's mail.failed event goes with it). False when no longer our claim.
   */
  async markFailedAttempt(
    claim: Pick<ClaimedMail, 'id' | 'attempts'>,
    error: string,
    delaySeconds: number | null,
    em?: EntityManager,
  ): Promise<boolean> {
    const conn = (em ?? this.em).getConnection();
    const res = await conn.execute<{ affectedRows: number }>(
      delaySeconds === null
        ? `update mail_outbox set status = 'failed', last_error = ?, lease_until = null, updated_at = now()
           where id = ? and status = 'sending' and attempts = ?`
        : `update mail_outbox set status = 'queued', last_error = ?, lease_until = null, updated_at = now(),
             next_attempt_at = now() + (? * interval '1 second')
           where id = ? and status = 'sending' and attempts = ?`,
      delaySeconds === null
        ? [error, claim.id, claim.attempts]
        : [error, delaySeconds, claim.id, claim.attempts],
      'run',
      em?.getTransactionContext(),
    );
    return (res.affectedRows ?? 0) > 0;
  }

  /**
   * Hands this instance's unfinished claims back (shutdown): queued again, due now, the interrupted attempt
   * not counted.
   */
  async release(claims: Pick<ClaimedMail, 'id' | 'attempts'>[]): Promise<void> {
    for (const claim of claims) {
      await this.conn().execute(
        `update mail_outbox set status = 'queued', attempts = attempts - 1, lease_until = null, next_attempt_at = now(), updated_at = now()
         where id = ? and status = 'sending' and attempts = ?`,
        [claim.id, claim.attempts],
        'run',
      );
    }
  }

  /** A failed message queued again, due now, with a fresh round of attempts. False when not failed. */
  async requeueFailed(em: EntityManager, id: string): Promise<boolean> {
    const res = await em.getConnection().execute<{ affectedRows: number }>(
      `update mail_outbox set status = 'queued', attempts = 0, next_attempt_at = now(), lease_until = null, updated_at = now()
       where id = ? and status = 'failed'`,
      [id],
      'run',
      em.getTransactionContext(),
    );
    return (res.affectedRows ?? 0) > 0;
  }

  /** Newest first, by status and a part of the recipient's address. */
  async list(filter: {
    status?: MailStatus;
    recipient?: string;
    page: number;
    pageSize: number;
  }): Promise<{ rows: MailRow[]; total: number }> {
    const where: Record<string, unknown> = {};
    if (filter.status) where.status = filter.status;
    if (filter.recipient?.trim())
      where.recipient = { $ilike: containsPattern(filter.recipient.trim().toLowerCase()) };
    const [rows, total] = await this.em.fork().findAndCount(MailMessage, where, {
      fields: [...ROW_FIELDS],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: filter.pageSize,
      offset: (filter.page - 1) * filter.pageSize,
    });
    return { rows: rows.map(toRow), total };
  }

  /** Every message to an address, oldest first, with its plain-text body (the customer's data export). */
  async sentTo(
    recipient: string,
    since: Date,
    limit: number,
  ): Promise<(MailRow & { text: string })[]> {
    const rows = await this.em
      .fork()
      .find(
        MailMessage,
        { recipient: recipient.trim().toLowerCase(), createdAt: { $gte: since } },
        { fields: [...ROW_FIELDS, 'text'], orderBy: { createdAt: 'asc', id: 'asc' }, limit },
      );
    return rows.map((m) => ({ ...toRow(m), text: m.text }));
  }

  /** One message with its bodies. */
  findById(id: string): Promise<MailMessage | null> {
    return this.em.fork().findOne(MailMessage, { id });
  }

  findRow(id: string): Promise<MailRow | null> {
    return this.em
      .fork()
      .findOne(MailMessage, { id }, { fields: [...ROW_FIELDS] })
      .then((m) => (m ? toRow(m) : null));
  }
}

const toRow = (m: Pick<MailMessage, (typeof ROW_FIELDS)[number]>): MailRow => ({
  id: m.id,
  kind: m.kind,
  recipient: m.recipient,
  language: m.language,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  nextAttemptAt: m.nextAttemptAt,
  lastError: m.lastError ?? null,
  createdAt: m.createdAt,
  sentAt: m.sentAt ?? null,
});
