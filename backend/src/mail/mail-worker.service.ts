import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { createTransport, type Transporter } from 'nodemailer';
import { Periodic } from '../common/periodic';
import { APP_CONFIG, type AppConfig } from '../config/env';
import {
  afterFailure,
  describeSmtpFailure,
  isPermanentSmtpFailure,
  maxAttempts,
  type SmtpFailure,
} from './mail-rules';
import { MailOutboxRepository, type ClaimedMail } from './mail-outbox.repository';
import { WebhookEvents } from '../webhooks/webhook-events.service';

/** Texts kept as a message's last error by the worker itself. */
export const MailWorkerMessages = {
  gaveUp: (n: number) => `gave up after ${n} interrupted attempts`,
} as const;

/**
 * The outbox's sender (docs/mail.md). Every MAIL_POLL_MS each instance claims due messages one at a time
 * (FOR UPDATE SKIP LOCKED, under a lease of MAIL_LEASE_SECONDS), hands each to the SMTP server, and marks it
 * sent right after the server accepted it; a failure is retried after 1 min, 5 min, 30 min, 2 h
 * (MAIL_RETRY_DELAYS), then failed; a 5xx answer fails at once. A message whose instance died is taken over
 * when its lease ends; on shutdown unfinished claims are handed back. Without SMTP_URL nothing is sent.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private transport?: Transporter;
  private polls?: Periodic;
  private stopping = false;
  private ticking: Promise<void> | null = null;
  private current: { claim: ClaimedMail; done: Promise<void> } | null = null;

  constructor(
    private readonly repo: MailOutboxRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly webhooks: WebhookEvents,
  ) {}

  get enabled(): boolean {
    return Boolean(this.config.mail.smtpUrl);
  }

  onApplicationBootstrap(): void {
    const { smtpUrl, sendTimeoutMs, pollMs } = this.config.mail;
    if (!smtpUrl) return;
    this.transport = createTransport({
      url: smtpUrl,
      connectionTimeout: sendTimeoutMs,
      greetingTimeout: sendTimeoutMs,
      socketTimeout: sendTimeoutMs,
      dnsTimeout: sendTimeoutMs,
    } as Parameters<typeof createTransport>[0]);
    // Not in SchedulerRegistry: stopped here on shutdown (onApplicationShutdown), not before.
    this.polls = new Periodic(() => this.tick(), {
      name: 'mail-worker',
      everyMs: pollMs,
      unref: true,
      logger: this.logger,
    }).start();
    setImmediate(() => void this.tick());
  }

  /** Sends every due message, one at a time; a call during a pass waits for it. */
  tick(): Promise<void> {
    if (this.stopping || !this.transport) return Promise.resolve();
    this.ticking ??= this.pass().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async pass(): Promise<void> {
    try {
      while (!this.stopping) {
        const claim = await this.repo.claim(this.config.mail.leaseSeconds);
        if (!claim) break;
        const done = this.send(claim);
        this.current = { claim, done };
        await done;
        this.current = null;
      }
    } catch (e) {
      this.logger.warn(`mail worker pass failed: ${(e as Error).message}`);
    } finally {
      this.current = null;
    }
  }

  private async send(claim: ClaimedMail): Promise<void> {
    const limit = maxAttempts(this.config.mail.retryDelaysSeconds);
    // Claimed more often than it may be tried: its earlier instances died mid-send (crash loop).
    if (claim.attempts > limit) {
      await this.giveUp(claim, MailWorkerMessages.gaveUp(claim.attempts - 1));
      return;
    }
    try {
      await this.transport!.sendMail({
        from: this.config.mail.from,
        to: claim.recipient,
        subject: claim.subject,
        html: claim.html,
        text: claim.text,
        messageId: claim.message_id,
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (e) {
      const failure = e as SmtpFailure;
      const text = describeSmtpFailure(failure, this.config.mail.smtpUrl);
      const next = afterFailure(
        claim.attempts,
        isPermanentSmtpFailure(failure),
        this.config.mail.retryDelaysSeconds,
      );
      if (next.retry) await this.repo.markFailedAttempt(claim, text, next.delaySeconds);
      else await this.giveUp(claim, text);
      this.logger.warn(
        `mail ${claim.id} attempt ${claim.attempts} failed (${next.retry ? `retry in ${next.delaySeconds} s` : 'failed'}): ${text}`,
      );
      return;
    }
    // Accepted by the server: marked at once (a crash exactly here is the documented edge, docs/mail.md).
    if (!(await this.repo.markSent(claim)))
      this.logger.warn(`mail ${claim.id} was sent after its claim was taken over`);
  }

  /** A message failed for good, and its mail.failed event (docs/webhooks.md) in one transaction. */
  private giveUp(claim: ClaimedMail, error: string): Promise<void> {
    return this.em.fork().transactional(async (em) => {
      if (await this.repo.markFailedAttempt(claim, error, null, em))
        await this.webhooks.mailFailed(em, {
          id: claim.id,
          kind: claim.kind,
          recipient: claim.recipient,
          attempts: claim.attempts,
          error,
        });
    });
  }

  /**
   * Stops claiming; a send in progress gets a moment to finish (so it is marked, not sent again), then
   * whatever is still unfinished is handed back to the queue for the next instance or start.
   */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.polls?.stop();
    const current = this.current;
    if (current) {
      const settled = await Promise.race([
        current.done.then(() => true),
        new Promise<false>((r) => setTimeout(() => r(false), 5000).unref()),
      ]);
      if (!settled) {
        try {
          await this.repo.release([current.claim]);
        } catch (e) {
          this.logger.warn(`could not hand back the message being sent: ${(e as Error).message}`);
        }
      }
    }
    this.transport?.close();
  }
}
