import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Periodic } from '../common/periodic';
import type { RateLimitResult } from '../common/rate-limiter';
import { errorLine } from '../common/loggable-error';
import { COUNTER_STORE, type CounterStore } from './rate-limit.store';
import { applyAnswer, decide, freshCount, resultAt, slackOf, type KeyCount } from './shared-window';

/** How often an instance sends the hits it allowed on its own (when it has any). */
export const SYNC_MS = 100;
/** After the store fails, how long every hit is decided from this instance's own count. */
export const DEGRADED_MS = 5000;

interface Waiter {
  position: number;
  resolve: (r: RateLimitResult) => void;
}
interface KeyState extends KeyCount {
  waiters: Waiter[];
}
interface Sent {
  limiter: SharedRateLimiter;
  key: string;
  /** The count that sent them (the key's may be a later window's by the answer). */
  state: KeyState;
  windowEnd: number;
  points: number;
  /** The store's count as this instance knew it when sending (for deciding locally on failure). */
  known: number;
  waiters: Waiter[];
}

/**
 * A request limit per key (a client address, a customer) in fixed windows (each key's starting with its
 * first hit), counted by every instance together (docs/security.md, "Rate limits"; the rules in shared-window.ts). `hit` answers at once while
 * this instance's unconfirmed hits stay within the slack (the plugin's hot path: no database round trip),
 * else a promise settled by the next flush to the store. Call it outside any transaction: on PGlite's one
 * connection the flush would wait for the caller's transaction, which waits for the hit.
 */
export class SharedRateLimiter {
  readonly slack: number;
  /** @internal the counts of this instance, per key (RateLimitsService flushes them). */
  readonly counts = new Map<string, KeyState>();
  private lastSweep = 0;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly hub: RateLimitsService,
  ) {
    this.slack = slackOf(limit);
  }

  hit(key: string, now = Date.now()): RateLimitResult | Promise<RateLimitResult> {
    this.sweep(now);
    let c = this.counts.get(key);
    if (!c || c.windowEnd <= now) {
      // Hits still waiting in the ended window go by this instance's count (their window is over).
      for (const w of c?.waiters ?? [])
        w.resolve(resultAt(this.limit, c!.known + w.position, c!.windowEnd, now));
      c = { ...freshCount(now + this.windowMs), waiters: [] };
      this.counts.set(key, c);
    }
    const d = decide(c, this.limit, this.slack, now, this.hub.deciding(now) === 'local');
    if (d.kind === 'refuse') return d.result;
    this.hub.dirty(this, key);
    if (d.kind === 'allow') return d.result;
    const state = c;
    return new Promise((resolve) => {
      state.waiters.push({ position: d.position, resolve });
      this.hub.flushSoon();
    });
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, c] of this.counts)
      if (c.windowEnd <= now && !c.pending && !c.sending && !c.waiters.length)
        this.counts.delete(k);
  }
}

/**
 * Makes the shared limiters and keeps them in step with the store: every SYNC_MS while there are hits to
 * send, and at once when a hit waits. One statement per flush for every limiter and key; one flush at a
 * time. When the store fails, hits are decided per instance for DEGRADED_MS (as before this existed) and
 * their counts are sent again later.
 */
@Injectable()
export class RateLimitsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private readonly pending = new Map<SharedRateLimiter, Set<string>>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private urgent = false;
  private degradedUntil = 0;
  private closed = false;

  constructor(
    @Inject(COUNTER_STORE) private readonly store: CounterStore,
    private readonly scheduler?: SchedulerRegistry,
  ) {}

  /** The sweep every hour, cleared by ScheduleModule before the shutdown hooks. */
  onApplicationBootstrap(): void {
    new Periodic(() => this.sweep(), {
      name: 'rate-limit-sweep',
      everyMs: 3600_000,
      registry: this.scheduler,
      logger: this.logger,
    }).start();
  }

  /** Builds a limiter; `name` prefixes its keys in the store and must be unique in the app. */
  limiter(name: string, limit: number, windowMs = 60_000): SharedRateLimiter {
    return new SharedRateLimiter(name, limit, windowMs, this);
  }

  /** @internal 'local' while the store is failing or the app is stopping. */
  deciding(now: number): 'shared' | 'local' {
    return this.closed || now < this.degradedUntil ? 'local' : 'shared';
  }

  /** @internal a key has hits to send. */
  dirty(limiter: SharedRateLimiter, key: string) {
    if (this.closed) return;
    let keys = this.pending.get(limiter);
    if (!keys) this.pending.set(limiter, (keys = new Set()));
    keys.add(key);
    if (!this.timer && !this.inFlight) {
      this.timer = setTimeout(() => void this.flush(), SYNC_MS);
      this.timer.unref();
    }
  }

  /** @internal a hit waits for the store: flush now (or right after the flush under way). */
  flushSoon() {
    if (this.inFlight) this.urgent = true;
    else void this.flush();
  }

  /** Sends every unsent hit and settles the hits waiting for them. */
  flush(): Promise<void> {
    if (this.inFlight) {
      this.urgent = true;
      return this.inFlight;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.urgent = false;
    const run = this.send().finally(() => {
      this.inFlight = null;
      if (!this.pending.size) return;
      if (this.urgent || this.closed) void this.flush();
      else if (!this.timer) {
        this.timer = setTimeout(() => void this.flush(), SYNC_MS);
        this.timer.unref();
      }
    });
    this.inFlight = run;
    return run;
  }

  private async send(): Promise<void> {
    const batch: Sent[] = [];
    for (const [limiter, keys] of this.pending)
      for (const key of keys) {
        const c = limiter.counts.get(key);
        if (!c || !c.pending) continue;
        batch.push({
          limiter,
          key,
          state: c,
          windowEnd: c.windowEnd,
          points: c.pending,
          known: c.known,
          waiters: c.waiters,
        });
        c.sending = c.pending;
        c.pending = 0;
        c.waiters = [];
      }
    this.pending.clear();
    if (!batch.length) return;
    const storeKey = (s: Sent) => `${s.limiter.name}:${s.key}`;
    let answers: Map<string, { windowEnd: number; points: number }>;
    try {
      const rows = await this.store.add(
        batch.map((s) => ({ key: storeKey(s), windowMs: s.limiter.windowMs, points: s.points })),
      );
      answers = new Map(rows.map((r) => [r.key, r]));
    } catch (e) {
      if (!this.closed && Date.now() >= this.degradedUntil)
        this.logger.warn(
          `rate limit counts not shared for ${DEGRADED_MS / 1000} s (the store failed): ${errorLine(e)}`,
        );
      this.degradedUntil = Date.now() + DEGRADED_MS;
      answers = new Map();
    }
    const now = Date.now();
    for (const s of batch) {
      const current = s.limiter.counts.get(s.key);
      const stored = answers.get(storeKey(s));
      if (stored) {
        const before = applyAnswer(current, current === s.state, s, stored, now);
        for (const w of s.waiters)
          w.resolve(resultAt(s.limiter.limit, before + w.position, stored.windowEnd, now));
        continue;
      }
      if (current === s.state) {
        // Not counted by the store: sent again with the next flush.
        current.sending = 0;
        current.pending += s.points;
        if (!this.closed) this.dirty(s.limiter, s.key);
      }
      for (const w of s.waiters)
        w.resolve(resultAt(s.limiter.limit, s.known + w.position, s.windowEnd, now));
    }
  }

  /** Forgets counts of windows that ended over an hour ago (any instance may; one statement). */
  async sweep(): Promise<void> {
    try {
      await this.store.sweep?.();
    } catch (e) {
      this.logger.warn(`sweeping old rate limit counts failed: ${errorLine(e)}`);
    }
  }

  /** Sends what is left (so a restart loses no counts) and settles every waiting hit. */
  async onModuleDestroy() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
    await this.flush();
  }
}
