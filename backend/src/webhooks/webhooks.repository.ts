import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DeliveryStatus } from './webhook-delivery.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { WebhookEndpoint } from './webhook-endpoint.entity';

/** A delivery to write: one event for one endpoint. */
export interface OutgoingDelivery {
  endpointId: string;
  messageId: string;
  eventType: string;
  dedupeKey: string;
  payload: string;
}

/** A delivery claimed by this instance's worker; `attempts` is the claim's token. */
export interface ClaimedDelivery {
  id: string;
  message_id: string;
  endpoint_id: string;
  event_type: string;
  payload: string;
  attempts: number;
}

/** What one attempt got back. */
export interface AttemptResult {
  status: number | null;
  response: string | null;
  error: string | null;
  durationMs: number;
}

/**
 * The one owner of webhook_endpoints and webhook_deliveries (docs/webhooks.md). Like the mail outbox every
 * state change of a delivery is one guarded statement, so several instances may run the worker: a claim
 * takes a due row with FOR UPDATE SKIP LOCKED under a lease, and its marks apply only while the row is
 * still that claim's (`status = 'sending'` and the same `attempts`).
 */
@Injectable()
export class WebhooksRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
  ) {}

  private conn() {
    return this.orm.em.getConnection();
  }

  // --- endpoints -------------------------------------------------------------------------------------

  createEndpoint(em: EntityManager, data: Omit<WebhookEndpoint, 'id' | 'createdAt' | 'updatedAt'>) {
    const endpoint = em.create(WebhookEndpoint, data);
    em.persist(endpoint);
    return endpoint;
  }

  endpoints(): Promise<WebhookEndpoint[]> {
    return this.em.fork().find(WebhookEndpoint, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  endpoint(id: string, em: EntityManager = this.em.fork()): Promise<WebhookEndpoint | null> {
    return em.findOne(WebhookEndpoint, { id });
  }

  /** The endpoint's row locked for the caller's transaction (rotation, enabling, disabling). */
  lockEndpoint(em: EntityManager, id: string): Promise<WebhookEndpoint | null> {
    return em.findOne(WebhookEndpoint, { id }, { lockMode: 4 /* PESSIMISTIC_WRITE */ });
  }

  /** Enabled endpoints with their subscriptions, read in the caller's transaction. */
  async enabledEndpoints(em: EntityManager): Promise<{ id: string; events: string }[]> {
    return em
      .getConnection()
      .execute<{ id: string; events: string }[]>(
        `select id, events from webhook_endpoints where enabled order by created_at, id`,
        [],
        'all',
        em.getTransactionContext(),
      );
  }

  /** A failed attempt: the endpoint's failing period starts now unless it already runs. Answers its start. */
  async noteFailure(endpointId: string): Promise<Date | null> {
    const rows = await this.conn().execute<{ failing_since: Date | string }[]>(
      `update webhook_endpoints set failing_since = coalesce(failing_since, now()), updated_at = now()
       where id = ? returning failing_since`,
      [endpointId],
    );
    return rows[0] ? new Date(rows[0].failing_since) : null;
  }

  /** A delivered attempt ends the endpoint's failing period. */
  async noteSuccess(endpointId: string): Promise<void> {
    await this.conn().execute(
      `update webhook_endpoints set failing_since = null, updated_at = now()
       where id = ? and failing_since is not null`,
      [endpointId],
      'run',
    );
  }

  /**
   * Disables an endpoint that has been failing since before `olderThanSeconds` ago (guarded: once, by one
   * instance), in the caller's transaction. Answers the failing period's start when it did.
   */
  async disableFailing(
    em: EntityManager,
    endpointId: string,
    olderThanSeconds: number,
  ): Promise<Date | null> {
    const rows = await em.getConnection().execute<{ failing_since: Date | string }[]>(
      `update webhook_endpoints set enabled = false, disabled_reason = 'failing', disabled_at = now(), updated_at = now()
       where id = ? and enabled and failing_since is not null
         and failing_since <= now() - (? * interval '1 second')
       returning failing_since`,
      [endpointId, olderThanSeconds],
      'all',
      em.getTransactionContext(),
    );
    return rows[0] ? new Date(rows[0].failing_since) : null;
  }

  // --- deliveries ------------------------------------------------------------------------------------

  /**
   * Writes deliveries in the caller's transaction (they commit or roll back with the event). One with a
   * dedupe key already used for its endpoint is ignored. Answers how many were written.
   */
  async enqueue(em: EntityManager, deliveries: OutgoingDelivery[]): Promise<number> {
    let written = 0;
    for (const d of deliveries) {
      const rows = await em.getConnection().execute<{ id: string }[]>(
        `insert into webhook_deliveries (id, message_id, endpoint_id, event_type, dedupe_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, 'queued', 0, now(), now(), now())
           on conflict (endpoint_id, dedupe_key) do nothing returning id`,
        [randomUUID(), d.messageId, d.endpointId, d.eventType, d.dedupeKey, d.payload],
        'all',
        em.getTransactionContext(),
      );
      written += rows.length;
    }
    return written;
  }

  /**
   * The oldest due delivery of an enabled endpoint (queued and due, or sending under a lease that ran
   * out), claimed for `leaseSeconds`.
   */
  async claim(leaseSeconds: number): Promise<ClaimedDelivery | null> {
    const rows = await this.conn().execute<ClaimedDelivery[]>(
      `update webhook_deliveries set status = 'sending', attempts = attempts + 1, updated_at = now(),
         lease_until = now() + (? * interval '1 second')
       where id = (
         select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
         where e.enabled and ((d.status = 'queued' and d.next_attempt_at <= now())
           or (d.status = 'sending' and d.lease_until < now()))
         order by d.next_attempt_at, d.created_at for update of d skip locked limit 1
       )
       returning id, message_id, endpoint_id, event_type, payload, attempts`,
      [leaseSeconds],
    );
    return rows[0] ?? null;
  }

  /** The receiver took it. False when the claim was no longer ours (taken over). */
  async markDelivered(claim: Pick<ClaimedDelivery, 'id' | 'attempts'>, r: AttemptResult) {
    const res = await this.conn().execute<{ affectedRows: number }>(
      `update webhook_deliveries set status = 'delivered', delivered_at = now(), lease_until = null,
         last_status = ?, last_response = ?, last_error = null, last_duration_ms = ?, last_attempt_at = now(), updated_at = now()
       where id = ? and status = 'sending' and attempts = ?`,
      [r.status, r.response, r.durationMs, claim.id, claim.attempts],
      'run',
    );
    return (res.affectedRows ?? 0) > 0;
  }

  /** A failed attempt: queued again after `delaySeconds`, or failed for good when null. */
  async markFailedAttempt(
    claim: Pick<ClaimedDelivery, 'id' | 'attempts'>,
    r: AttemptResult,
    delaySeconds: number | null,
  ): Promise<void> {
    await this.conn().execute(
      `update webhook_deliveries set status = ?, lease_until = null,
         next_attempt_at = case when ? then now() + (? * interval '1 second') else next_attempt_at end,
         last_status = ?, last_response = ?, last_error = ?, last_duration_ms = ?, last_attempt_at = now(), updated_at = now()
       where id = ? and status = 'sending' and attempts = ?`,
      [
        delaySeconds === null ? 'failed' : 'queued',
        delaySeconds !== null,
        delaySeconds ?? 0,
        r.status,
        r.response,
        r.error,
        r.durationMs,
        claim.id,
        claim.attempts,
      ],
      'run',
    );
  }

  /** Hands unfinished claims back (shutdown): queued again, due now, the interrupted attempt not counted. */
  async release(claims: Pick<ClaimedDelivery, 'id' | 'attempts'>[]): Promise<void> {
    for (const claim of claims)
      await this.conn().execute(
        `update webhook_deliveries set status = 'queued', attempts = attempts - 1, lease_until = null, next_attempt_at = now(), updated_at = now()
         where id = ? and status = 'sending' and attempts = ?`,
        [claim.id, claim.attempts],
        'run',
      );
  }

  /**
   * "Send again": a delivered or failed delivery queued again, due now, with a fresh round of attempts and
   * the same message id. False when it is queued or being sent.
   */
  async requeue(em: EntityManager, id: string): Promise<boolean> {
    const res = await em.getConnection().execute<{ affectedRows: number }>(
      `update webhook_deliveries set status = 'queued', attempts = 0, next_attempt_at = now(), lease_until = null, updated_at = now()
       where id = ? and status in ('delivered', 'failed')`,
      [id],
      'run',
      em.getTransactionContext(),
    );
    return (res.affectedRows ?? 0) > 0;
  }

  /** An endpoint's deliveries, newest first. */
  async deliveriesOf(
    endpointId: string,
    filter: { status?: DeliveryStatus; page: number; pageSize: number },
  ): Promise<{ rows: WebhookDelivery[]; total: number }> {
    const [rows, total] = await this.em.fork().findAndCount(
      WebhookDelivery,
      { endpointId, ...(filter.status ? { status: filter.status } : {}) },
      {
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: filter.pageSize,
        offset: (filter.page - 1) * filter.pageSize,
      },
    );
    return { rows, total };
  }

  delivery(id: string): Promise<WebhookDelivery | null> {
    return this.em.fork().findOne(WebhookDelivery, { id });
  }
}
