import { MikroORM } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { hostOf } from '@seatkeeper/domain';
import type { ServerResponse } from 'node:http';
import { CommonError, CommonErrorCode } from '../common/common-errors';
import { CryptoService } from '../common/crypto.service';
import { Periodic } from '../common/periodic';
import { setRateLimitHeaders } from '../common/rate-limiter';
import { APP_CONFIG, type AppConfig } from '../config/env';
import { LicenseError, LicenseErrorCode } from '../licenses/license-errors';
import { AI_KEY_PURPOSE, LicensesService } from '../licenses/licenses.service';
import { RateLimitsService, type SharedRateLimiter } from '../rate-limits/rate-limits.service';
import type { User } from '../users/user.entity';
import type { GenerateDto } from './dto/ai.dto';
import { AiJob, type AiJobStatus } from './ai-job.entity';
import { AiError, AiErrorCode } from './ai-errors';
import { CLAIM_ORDER_SQL, QUEUE_FULL_RETRY_AFTER_SECONDS, queueHasRoom } from './ai-fairness-rules';
import { requireActiveLicense } from './ai-license';
import { callProvider, isSendableKey, ProviderError } from './provider-client';
import { isUuid } from '../common/query';

const JOB_PURPOSE = 'ai-job-key';
/** Advisory locks of a customer's job creation: pg_advisory_xact_lock(namespace, hashtext(user id)). */
const AI_QUEUE_LOCK_NAMESPACE = 0x414951;
/** Texts of a failed job (its `error`; the HTTP errors are in ai-errors.ts). */
export const AiJobMessages = {
  timedOut: 'request timed out, please retry',
  gaveUp: 'The generation was interrupted too many times',
} as const;

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string } | null)?.code === '23505' ||
  (e as { name?: string } | null)?.name === 'UniqueConstraintViolationException';

const SYSTEM_PROMPT =
  'You are the AI editing assistant of a visual HTML editor for a CMS. Answer with the HTML to insert or replace, without explanations.';

interface ClaimedJob {
  id: string;
  base_url: string;
  api_key: string | null;
  model: string;
  request: AiJob['request'];
  attempts: number;
}

/**
 * Generation workflows as durable jobs: created pending, claimed by whichever instance's worker gets the
 * row (FOR UPDATE SKIP LOCKED) under a lease, then completed, failed or timed out. A job whose instance
 * stopped is released on shutdown or taken over when its lease ends; nothing stays running forever.
 */
@Injectable()
export class AiJobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AiJobs');
  /** Generations a minute per customer, counted by every instance together (docs/security.md). */
  private readonly limiter: SharedRateLimiter;
  private readonly inFlight = new Set<string>();
  private stopping = false;
  private ticking: Promise<void> | null = null;
  private tickAgain = false;

  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
    private readonly crypto: CryptoService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly licenses: LicensesService,
    rateLimits: RateLimitsService,
    private readonly scheduler: SchedulerRegistry,
  ) {
    this.limiter = rateLimits.limiter('ai-generate', 20);
  }

  /** The worker's tick every second, cleared by ScheduleModule before the shutdown hooks. */
  onApplicationBootstrap(): void {
    new Periodic(() => this.tick(), {
      name: 'ai-worker',
      everyMs: 1000,
      registry: this.scheduler,
      logger: this.logger,
    }).start();
  }

  async create(
    user: User,
    dto: GenerateDto,
    res?: ServerResponse,
  ): Promise<{ workflowId: string }> {
    const limit = await this.limiter.hit(user.id);
    if (res) setRateLimitHeaders(res, limit);
    if (!limit.allowed) throw new CommonError(CommonErrorCode.RATE_LIMITED);
    await requireActiveLicense(this.licenses, user.id);
    let baseUrl: string;
    let apiKey: string;
    let model: string;
    if (dto.config) {
      baseUrl = dto.config.base_url.trim().replace(/\/+$/, '');
      apiKey = dto.config.api_key.trim();
      model = dto.config.model.trim();
      if (!/^https?:\/\//i.test(baseUrl)) throw new AiError(AiErrorCode.AI_URL_INVALID);
      if (!isSendableKey(apiKey)) throw new AiError(AiErrorCode.AI_KEY_INVALID);
    } else if (dto.licenseId) {
      // The customer's own seat, by id (the /test page): its saved settings, decrypted here only.
      const seat = await this.licenses.aiSettingsOf(user.id, dto.licenseId);
      if (!seat) throw new LicenseError(LicenseErrorCode.LICENSE_NOT_FOUND);
      if (!seat.sealedApiKey || !seat.baseUrl || !seat.model)
        throw new AiError(AiErrorCode.AI_LICENSE_NOT_CONFIGURED);
      baseUrl = seat.baseUrl;
      apiKey = this.crypto.decrypt(seat.sealedApiKey, AI_KEY_PURPOSE);
      model = seat.model;
    } else {
      const host = dto.domain ? hostOf(dto.domain) : null;
      if (!host) throw new AiError(AiErrorCode.AI_CONFIG_OR_DOMAIN_REQUIRED);
      const seat = await this.licenses.aiSettingsForSite(user.id, host);
      if (!seat?.sealedApiKey || !seat.baseUrl || !seat.model)
        throw new AiError(AiErrorCode.AI_SEAT_NOT_CONFIGURED);
      baseUrl = seat.baseUrl;
      apiKey = this.crypto.decrypt(seat.sealedApiKey, AI_KEY_PURPOSE);
      model = seat.model;
    }
    const queueLimit = this.config.ai.queuePerCustomer;
    const job = await this.em.transactional(async (em) => {
      // One customer's new jobs one at a time, on every instance (the lock ends with the transaction):
      // the count cannot be outrun by a parallel request. Taken with em.execute inside the transaction,
      // as PGlite's one connection needs.
      await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [
        AI_QUEUE_LOCK_NAMESPACE,
        user.id,
      ]);
      const unfinished = await em.count(AiJob, {
        user: user.id,
        status: { $in: ['pending', 'running'] },
      });
      if (!queueHasRoom(unfinished, queueLimit)) {
        res?.setHeader('Retry-After', String(QUEUE_FULL_RETRY_AFTER_SECONDS));
        throw new AiError(AiErrorCode.AI_QUEUE_FULL, {
          details: { limit: queueLimit, retryAfter: QUEUE_FULL_RETRY_AFTER_SECONDS },
        });
      }
      return em.create(AiJob, {
        user: user.id,
        request: {
          user_prompt: dto.request.user_prompt,
          selected_code: dto.request.selected_code ?? '',
          stream: Boolean(dto.request.stream),
        },
        baseUrl,
        apiKey: this.crypto.encrypt(apiKey, JOB_PURPOSE),
        model,
      });
    });
    setImmediate(() => void this.tick());
    return { workflowId: job.id };
  }

  async status(
    user: User,
    id: string,
  ): Promise<{ status: AiJobStatus; result: { content: string } | null; error: string | null }> {
    const job = isUuid(id) ? await this.em.findOne(AiJob, { id, user: user.id }) : null;
    if (!job) throw new AiError(AiErrorCode.WORKFLOW_NOT_FOUND);
    return {
      status: job.status,
      result: job.result != null ? { content: job.result } : null,
      error: job.error ?? null,
    };
  }

  /**
   * The worker: every second (and as soon as a job is created or ends), time out stale jobs and claim work
   * up to the concurrency limit. One pass at a time per instance; a call during a pass asks for another.
   */
  async tick(): Promise<void> {
    if (this.stopping) return;
    if (this.ticking) {
      this.tickAgain = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      do {
        this.tickAgain = false;
        await this.pass();
      } while (this.tickAgain && !this.stopping);
    })().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async pass(): Promise<void> {
    try {
      await this.expireStale();
      while (!this.stopping && this.inFlight.size < this.config.ai.workerConcurrency) {
        const job = await this.claim();
        if (!job) break;
        this.inFlight.add(job.id);
        void this.run(job).finally(() => {
          this.inFlight.delete(job.id);
          // The customer's next job (or any waiting one) is claimed now, not at the next tick.
          if (!this.stopping) setImmediate(() => void this.tick());
        });
      }
    } catch (e) {
      this.logger.warn(`worker tick failed: ${(e as Error).message}`);
    }
  }

  private conn() {
    return this.orm.em.getConnection();
  }

  /** One statement: safe with several instances. */
  async expireStale(): Promise<number> {
    const res = await this.conn().execute<{ affectedRows: number }>(
      `update ai_jobs set status = 'timed_out', error = ?, api_key = null, finished_at = now(), updated_at = now()
       where status in ('pending', 'running') and created_at < now() - (? * interval '1 second')`,
      [AiJobMessages.timedOut, this.config.ai.jobMaxSeconds],
      'run',
    );
    return res.affectedRows ?? 0;
  }

  /**
   * The next job by the round-robin rule (ai-fairness-rules.ts, `nextJob`): among the waiting jobs (and
   * running ones whose lease ended) of customers who have none running, the customer served least
   * recently first, then their oldest job. One statement takes the row (FOR UPDATE SKIP LOCKED) and
   * stamps the customer's turn, so several instances share one order. Two workers claiming the same
   * customer's jobs at once: the unique index ai_jobs_one_running_per_user refuses the second (its turn
   * stamp goes with it), which then looks again.
   */
  private async claim(): Promise<ClaimedJob | null> {
    for (let attempt = 0; ; attempt++) {
      try {
        const rows = await this.conn().execute<ClaimedJob[]>(
          `with picked as (
             select j.id, j.user_id from ai_jobs j
             left join ai_job_turns t on t.user_id = j.user_id
             where (j.status = 'pending' or (j.status = 'running' and j.locked_until < now()))
               and not exists (select 1 from ai_jobs r where r.user_id = j.user_id and r.status = 'running' and r.id <> j.id)
             order by ${CLAIM_ORDER_SQL}
             limit 1 for update of j skip locked
           ), turn as (
             insert into ai_job_turns (user_id, last_served_at)
             select user_id, clock_timestamp() from picked
             on conflict (user_id) do update set last_served_at = excluded.last_served_at
           )
           update ai_jobs a set status = 'running', attempts = a.attempts + 1, updated_at = now(),
             locked_until = now() + (? * interval '1 second')
           from picked where a.id = picked.id
           returning a.id, a.base_url, a.api_key, a.model, a.request, a.attempts`,
          [this.config.ai.jobLeaseSeconds],
        );
        return rows[0] ?? null;
      } catch (e) {
        if (!isUniqueViolation(e) || attempt >= 3) throw e;
      }
    }
  }

  private async finish(
    id: string,
    status: AiJobStatus,
    fields: { result?: string; error?: string },
  ) {
    await this.conn().execute(
      `update ai_jobs set status = ?, result = ?, error = ?, api_key = null, finished_at = now(), locked_until = null, updated_at = now()
       where id = ? and status = 'running'`,
      [status, fields.result ?? null, fields.error ?? null, id],
    );
  }

  private async run(job: ClaimedJob): Promise<void> {
    if (job.attempts > 3 || !job.api_key)
      return this.finish(job.id, 'failed', { error: AiJobMessages.gaveUp });
    try {
      const answer = await callProvider<{ choices?: { message?: { content?: string } }[] }>({
        baseUrl: job.base_url,
        apiKey: this.crypto.decrypt(job.api_key, JOB_PURPOSE),
        path: '/chat/completions',
        body: {
          model: job.model,
          messages: [
            { role: 'system', content: SYSTEM_PROMPT },
            {
              role: 'user',
              content: job.request.selected_code
                ? `${job.request.user_prompt}\n\n${job.request.selected_code}`
                : job.request.user_prompt,
            },
          ],
        },
        timeoutMs: this.config.ai.generationTimeoutMs,
        allowPrivate: this.config.ai.allowPrivateHosts,
      });
      const content = answer.choices?.[0]?.message?.content;
      if (typeof content !== 'string')
        throw new ProviderError('The AI provider answered without content');
      if (!this.stopping) await this.finish(job.id, 'completed', { result: content });
    } catch (e) {
      if (this.stopping) return; // released on shutdown: another run takes it over
      await this.finish(job.id, 'failed', {
        error: e instanceof ProviderError ? e.message : 'generation failed',
      });
      if (!(e instanceof ProviderError))
        this.logger.warn(`job ${job.id} failed: ${(e as Error).message}`);
    }
  }

  /** Stops claiming and hands this instance's running jobs back, so a restart (or a peer) resumes them. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    const ids = [...this.inFlight];
    if (!ids.length) return;
    try {
      await this.conn().execute(
        `update ai_jobs set status = 'pending', locked_until = null, updated_at = now() where status = 'running' and id in (${ids.map(() => '?').join(', ')})`,
        ids,
      );
    } catch (e) {
      this.logger.warn(`could not release running jobs: ${(e as Error).message}`);
    }
  }
}
