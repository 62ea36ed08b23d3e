import { checkInKey, type CheckIn } from './install-rules';

/**
 * The check-ins one instance holds before writing them (docs/insights.md, "How it is written"): at most one
 * per product and site per interval is accepted (later ones within the interval cost a map lookup and are
 * dropped), and the accepted ones wait here until the next flush writes them in one statement. Memory is
 * bounded twice: at most `maxPending` check-ins wait (more are dropped and counted), and the record of
 * recent sites forgets entries older than the interval (and the oldest beyond `maxRecent`).
 */
export class InstallBuffer {
  /** When each product and site was last accepted, oldest first (a re-accepted key moves to the end). */
  private readonly recent = new Map<string, number>();
  private readonly pending = new Map<string, CheckIn & { seenAt: number }>();
  /** Check-ins dropped because the buffer was full (reported by the service's log). */
  dropped = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly maxPending = 10_000,
    private readonly maxRecent = 200_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes a check-in unless its site was accepted within the interval; answers whether it did. */
  offer(checkIn: CheckIn): boolean {
    const key = checkInKey(checkIn);
    const at = this.now();
    const last = this.recent.get(key);
    if (last !== undefined && at - last < this.intervalMs) return false;
    if (this.pending.size >= this.maxPending && !this.pending.has(key)) {
      this.dropped++;
      return false;
    }
    this.recent.delete(key);
    this.recent.set(key, at);
    this.pending.set(key, { ...checkIn, seenAt: at });
    this.prune(at);
    return true;
  }

  /** Every waiting check-in, removed from the buffer (the caller writes them, or gives them back). */
  take(): (CheckIn & { seenAt: number })[] {
    const batch = [...this.pending.values()];
    this.pending.clear();
    return batch;
  }

  /**
   * A batch that could not be written comes back (unless a newer check-in of the same site is waiting, or
   * the buffer is full), so a database outage loses nothing but what would not fit.
   */
  giveBack(batch: (CheckIn & { seenAt: number })[]) {
    for (const c of batch) {
      const key = checkInKey(c);
      if (this.pending.has(key)) continue;
      if (this.pending.size >= this.maxPending) {
        this.dropped++;
        continue;
      }
      this.pending.set(key, c);
    }
  }

  get size() {
    return this.pending.size;
  }

  /** Forgets accepted times older than the interval, and the oldest beyond `maxRecent`. */
  private prune(at: number) {
    for (const [key, time] of this.recent) {
      if (at - time < this.intervalMs && this.recent.size <= this.maxRecent) break;
      this.recent.delete(key);
    }
  }
}
