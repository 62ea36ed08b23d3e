import { Logger } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';
import { errorLine } from './loggable-error';

export interface PeriodicOptions {
  /** Its name in SchedulerRegistry and in the log. */
  name: string;
  /** The period, read when the timer starts (configured periods come from the app's configuration). */
  everyMs: number;
  /** The first run this long after the start instead of a period later. */
  firstAfterMs?: number;
  /** The timer does not keep the process alive. */
  unref?: boolean;
  /** A tick while the previous run is still going is skipped (without it, the run decides). */
  skipWhileRunning?: boolean;
  /**
   * Registered there, the timer is cleared by ScheduleModule before the shutdown hooks
   * (beforeApplicationShutdown) if its owner has not stopped it already. Left out by owners that stop
   * their timer themselves at a later hook.
   */
  registry?: SchedulerRegistry;
  logger?: Logger;
}

/**
 * The app's periodic work, in one style: `new Periodic(run, options).start()` in the owner's start-up hook,
 * `stop()` in its shutdown hook (or ScheduleModule's, when registered). A run that fails past its own
 * error handling is logged once, until a run succeeds again.
 */
export class Periodic {
  private timer?: NodeJS.Timeout;
  private first?: NodeJS.Timeout;
  private running = false;
  private failing = false;

  constructor(
    private readonly run: () => unknown,
    private readonly options: PeriodicOptions,
  ) {}

  get name(): string {
    return this.options.name;
  }

  get started(): boolean {
    return this.timer !== undefined;
  }

  start(): this {
    this.stop();
    const { name, everyMs, firstAfterMs, unref, registry } = this.options;
    if (firstAfterMs !== undefined) {
      this.first = setTimeout(() => {
        this.first = undefined;
        if (registry?.doesExist('timeout', this.firstName)) registry.deleteTimeout(this.firstName);
        this.tick();
      }, firstAfterMs);
      if (unref) this.first.unref();
      registry?.addTimeout(this.firstName, this.first);
    }
    this.timer = setInterval(() => this.tick(), everyMs);
    if (unref) this.timer.unref();
    registry?.addInterval(name, this.timer);
    return this;
  }

  stop(): void {
    const { name, registry } = this.options;
    if (this.first) {
      clearTimeout(this.first);
      if (registry?.doesExist('timeout', this.firstName)) registry.deleteTimeout(this.firstName);
      this.first = undefined;
    }
    if (this.timer) {
      clearInterval(this.timer);
      if (registry?.doesExist('interval', name)) registry.deleteInterval(name);
      this.timer = undefined;
    }
  }

  private get firstName(): string {
    return `${this.options.name}:first`;
  }

  private tick(): void {
    if (this.options.skipWhileRunning && this.running) return;
    this.running = true;
    let result: unknown;
    try {
      result = this.run();
    } catch (e) {
      this.settle(false, e);
      return;
    }
    void Promise.resolve(result).then(
      () => this.settle(true),
      (e: unknown) => this.settle(false, e),
    );
  }

  private settle(ok: boolean, error?: unknown): void {
    this.running = false;
    if (ok) {
      this.failing = false;
      return;
    }
    if (!this.failing)
      (this.options.logger ?? new Logger('Periodic')).warn(
        `${this.options.name} failed: ${errorLine(error)}`,
      );
    this.failing = true;
  }
}
