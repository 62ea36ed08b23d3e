import { EntityManager } from '@mikro-orm/postgresql';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { CryptoService } from '../common/crypto.service';
import { Periodic } from '../common/periodic';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { afterFailure, maxAttempts } from '../mail/mail-rules';
import { MailOutbox } from '../mail/mail-outbox.service';
import { renderWebhookDisabled } from '../mail/messages/webhook-disabled';
import type { WebhookEnvelope } from './channels/channel';
import { channelFor } from './channels';
import { postDelivery } from './webhook-http';
import { failingTooLong, signingSecrets } from './webhook-rules';
import { SECRET_PURPOSE, URL_PURPOSE } from './webhook-secrets';
import {
  WebhooksRepository,
  type AttemptResult,
  type ClaimedDelivery,
} from './webhooks.repository';

/**
 * The deliveries' sender (docs/webhooks.md). Every WEBHOOK_POLL_MS each instance claims due deliveries one
 * at a time (FOR UPDATE SKIP LOCKED, under a lease of WEBHOOK_LEASE_SECONDS), POSTs each through its
 * endpoint's channel (WEBHOOK_TIMEOUT_MS, 10 s) and marks it at once; a failure is retried after each of
 * WEBHOOK_RETRY_DELAYS (24 h in all), then failed. A delivery whose instance died is taken over when its
 * lease ends (the receiver gets the same webhook-id again: at least once). An endpoint failing for
 * WEBHOOK_DISABLE_AFTER_HOURS (72) is disabled and every admin e-mailed through the mail outbox.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private polls?: Periodic;
  private stopping = false;
  private ticking: Promise<void> | null = null;
  /** The deliveries in flight (one per lane). */
  private readonly current = new Map<string, { claim: ClaimedDelivery; done: Promise<void> }>();

  constructor(
    private readonly em: EntityManager,
    private readonly repo: WebhooksRepository,
    private readonly crypto: CryptoService,
    private readonly outbox: MailOutbox,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // Not in SchedulerRegistry: stopped by beforeApplicationShutdown below, with the worker.
    this.polls = new Periodic(() => this.tick(), {
      name: 'webhook-worker',
      everyMs: this.config.webhooks.pollMs,
      unref: true,
      logger: this.logger,
    }).start();
    setImmediate(() => void this.tick());
  }

  /** Delivers every due delivery, one at a time; a call during a pass waits for it. */
  tick(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.ticking ??= this.pass().finally(() => (this.ticking = null));
    return this.ticking;
  }

  /** WEBHOOK_CONCURRENCY lanes, each claiming and delivering one at a time until nothing is due. */
  private async pass(): Promise<void> {
    await Promise.all(Array.from({ length: this.config.webhooks.concurrency }, () => this.lane()));
  }

  private async lane(): Promise<void> {
    try {
      while (!this.stopping) {
        const claim = await this.repo.claim(this.config.webhooks.leaseSeconds);
        if (!claim) break;
        const done = this.deliver(claim);
        this.current.set(claim.id, { claim, done });
        try {
          await done;
        } finally {
          this.current.delete(claim.id);
        }
      }
    } catch (e) {
      this.logger.warn(`webhook worker pass failed: ${(e as Error).message}`);
    }
  }

  private async deliver(claim: ClaimedDelivery): Promise<void> {
    const { retryDelaysSeconds, timeoutMs, allowPrivateHosts, extraCa } = this.config.webhooks;
    const endpoint = await this.repo.endpoint(claim.endpoint_id);
    const channel = endpoint && channelFor(endpoint.kind);
    const giveUp = (error: string) =>
      this.repo.markFailedAttempt(
        claim,
        { status: null, response: null, error, durationMs: 0 },
        null,
      );
    if (!endpoint || !channel) return giveUp('no channel for this kind of endpoint');
    // Claimed more often than it may be tried: its earlier instances died mid-delivery (crash loop).
    if (claim.attempts > maxAttempts(retryDelaysSeconds))
      return giveUp(`gave up after ${claim.attempts - 1} interrupted attempts`);
    const now = new Date();
    let result: AttemptResult;
    let delivered = false;
    try {
      const secret = endpoint.secretSealed
        ? this.crypto.decrypt(endpoint.secretSealed, SECRET_PURPOSE)
        : null;
      const previous =
        endpoint.previousSecretSealed && endpoint.previousSecretUntil
          ? {
              secret: this.crypto.decrypt(endpoint.previousSecretSealed, SECRET_PURPOSE),
              until: endpoint.previousSecretUntil,
            }
          : null;
      const envelope = {
        id: claim.message_id,
        ...(JSON.parse(claim.payload) as Omit<WebhookEnvelope, 'id'>),
      };
      const request = channel.prepare({
        url: this.crypto.decrypt(endpoint.urlSealed, URL_PURPOSE),
        secrets: signingSecrets(secret, previous, now),
        envelope,
        language: endpoint.language,
        now,
      });
      result = await postDelivery(request, { timeoutMs, allowPrivate: allowPrivateHosts, extraCa });
      delivered = result.status !== null && channel.delivered(result.status, result.response ?? '');
      if (!delivered && result.status !== null && !result.error)
        result = { ...result, error: `not accepted (HTTP ${result.status})` };
    } catch (e) {
      result = { status: null, response: null, error: (e as Error).message, durationMs: 0 };
    }
    if (delivered) {
      if (!(await this.repo.markDelivered(claim, result)))
        this.logger.warn(`delivery ${claim.id} was delivered after its claim was taken over`);
      await this.repo.noteSuccess(endpoint.id);
      return;
    }
    const next = afterFailure(claim.attempts, false, retryDelaysSeconds);
    await this.repo.markFailedAttempt(claim, result, next.retry ? next.delaySeconds : null);
    this.logger.warn(
      `webhook ${claim.message_id} to ${endpoint.urlHint} attempt ${claim.attempts} failed (${next.retry ? `retry in ${next.delaySeconds} s` : 'failed'}): ${result.error}`,
    );
    const failingSince = await this.repo.noteFailure(endpoint.id);
    if (failingTooLong(failingSince, new Date(), this.config.webhooks.disableAfterSeconds))
      await this.disable(endpoint.id, endpoint.urlHint, result.error);
  }

  /** Disables a failing endpoint (once, whichever instance gets there) and e-mails every admin. */
  private async disable(endpointId: string, urlHint: string, lastError: string | null) {
    await this.em.fork().transactional(async (em) => {
      const since = await this.repo.disableFailing(
        em,
        endpointId,
        this.config.webhooks.disableAfterSeconds,
      );
      if (!since) return;
      this.audit.record(em, {
        actor: 'system',
        action: 'webhook.disabled',
        target: urlHint,
        before: { enabled: true, failingSince: since.toISOString() },
        after: { enabled: false, reason: 'failing', lastError },
      });
      const admins = this.config.adminEmails;
      const languages = admins.length
        ? await em
            .getConnection()
            .execute<{ email: string; language: string | null }[]>(
              `select email, language from users where email in (${admins.map(() => '?').join(',')})`,
              admins,
              'all',
              em.getTransactionContext(),
            )
        : [];
      for (const email of admins) {
        const language =
          languages.find((u) => u.email === email)?.language === 'en' ? 'en' : 'zh-CN';
        await this.outbox.enqueue(em, {
          kind: 'webhook-disabled',
          dedupeKey: `webhook-disabled:${endpointId}:${since.toISOString()}:${email}`,
          to: email,
          language,
          ...renderWebhookDisabled(this.outbox.context(language), {
            url: urlHint,
            failingSince: since,
            lastError,
          }),
        });
      }
      await em.flush();
    });
    this.logger.error(`webhook endpoint ${urlHint} disabled: failing since more than the limit`);
  }

  /**
   * Stops claiming; a delivery in progress gets a moment to finish (so it is marked, not sent again), then
   * whatever is still unfinished is handed back to the queue for the next instance or start. Before the
   * shutdown hooks (the database's among them), so no pass runs on a closed connection.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.polls?.stop();
    const current = [...this.current.values()];
    if (current.length) {
      const settled = await Promise.race([
        Promise.all(current.map((c) => c.done)).then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), 5000).unref()),
      ]);
      if (!settled) {
        try {
          await this.repo.release([...this.current.values()].map((c) => c.claim));
        } catch (e) {
          this.logger.warn(
            `could not hand back the deliveries in progress: ${(e as Error).message}`,
          );
        }
      }
    }
    await this.ticking?.catch(() => undefined);
  }
}
