import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { MAIL_STATUSES, type MailStatus } from './mail-message.entity';

/** The outbox's figures for /metrics (docs/monitoring.md). */
export interface MailFigures {
  byStatus: Record<MailStatus, number>;
  /** Queued messages that failed at least once and wait for their next attempt. */
  retrying: number;
  /** Seconds the oldest queued message has waited (0: none queued). */
  oldestQueuedSeconds: number;
}

/**
 * The mail module's named query for the metrics (it owns the outbox; MetricsModule only composes the
 * figures). Read when Prometheus scrapes: the backlog is the database's, whichever instance sends.
 */
@Injectable()
export class MailFiguresQuery {
  constructor(private readonly em: EntityManager) {}

  async figures(): Promise<MailFigures> {
    const rows = await this.em.getConnection().execute<
      {
        status: MailStatus;
        n: string | number;
        retried: string | number;
        oldest: string | number | null;
      }[]
    >(
      `select status, count(*) as n, count(*) filter (where attempts > 0) as retried,
         extract(epoch from now() - min(created_at)) as oldest
       from mail_outbox group by status`,
    );
    const byStatus = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<
      MailStatus,
      number
    >;
    let oldestQueuedSeconds = 0;
    let retrying = 0;
    for (const r of rows) {
      byStatus[r.status] = Number(r.n);
      if (r.status !== 'queued') continue;
      retrying = Number(r.retried);
      if (r.oldest !== null) oldestQueuedSeconds = Number(r.oldest);
    }
    return { byStatus, retrying, oldestQueuedSeconds: Math.max(0, oldestQueuedSeconds) };
  }
}
