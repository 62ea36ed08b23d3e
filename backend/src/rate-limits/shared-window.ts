import type { RateLimitResult } from '../common/rate-limiter';

/**
 * The rules of a request counter shared by every instance (docs/security.md, "Rate limits"). Pure: the
 * counting state of one key on one instance, what a hit decides from it, and what an answer of the shared
 * store (rate-limit.store.ts) changes. RateLimitsService keeps the states and talks to the store.
 *
 * A key's window starts with its first hit, as the store sees it: the store keeps the window's end, and an
 * instance that has not heard from it yet assumes the window started with its own first hit. Per key, an
 * instance knows:
 * - `known`: the key's count in the store as of the store's last answer (every instance's hits it had);
 * - `sending`: hits of this instance on their way to the store;
 * - `pending`: hits of this instance not sent yet.
 * A hit is decided here, without waiting, while this instance has at most `slack` hits the store has not
 * confirmed; otherwise it waits for the store's answer (the next flush) and is decided by its position in
 * the store's count. So at most `slack` hits per instance are allowed on a count that may be stale: with N
 * instances the combined budget is at most limit + N × slack.
 */

/** The share of the limit one instance may allow before the store confirms it (see slackOf). */
export const SLACK_FRACTION = 0.02;

/**
 * Hits an instance may allow on its own before the store confirms them: 2% of the limit, rounded down.
 * Limits under 50 (quotes, AI tests, exports: user actions) get 0, so each hit waits for the store and
 * the count is exact across instances; the plugin's 300 a minute gets 6 (two instances: at most 4% over).
 */
export function slackOf(limit: number): number {
  return Math.floor(limit * SLACK_FRACTION);
}

export interface KeyCount {
  windowEnd: number;
  known: number;
  sending: number;
  pending: number;
}

export const freshCount = (windowEnd: number): KeyCount => ({
  windowEnd,
  known: 0,
  sending: 0,
  pending: 0,
});

/** What this instance believes the key's count is, its own unsent hits included. */
export const believed = (c: KeyCount) => c.known + c.sending + c.pending;

export function resultAt(
  limit: number,
  position: number,
  windowEnd: number,
  now: number,
): RateLimitResult {
  return {
    allowed: position <= limit,
    limit,
    remaining: Math.max(0, limit - position),
    resetSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  };
}

/**
 * What a hit does to the key's count:
 * - `refuse`: the count is at the limit already (no store needed: it only grows until the window ends);
 *   the hit is not counted;
 * - `allow`: counted as pending and allowed now (this instance's unconfirmed hits stay within `slack`);
 * - `wait`: counted as pending (at `position` among them) and decided by the store's answer.
 * `local` (the store failing) decides every hit from this instance's own count, as one instance would.
 */
export type Decision =
  | { kind: 'refuse'; result: RateLimitResult }
  | { kind: 'allow'; result: RateLimitResult }
  | { kind: 'wait'; position: number };

export function decide(
  c: KeyCount,
  limit: number,
  slack: number,
  now: number,
  local = false,
): Decision {
  const count = believed(c);
  if (count >= limit)
    return { kind: 'refuse', result: resultAt(limit, count + 1, c.windowEnd, now) };
  c.pending += 1;
  if (local || c.pending + c.sending <= slack)
    return { kind: 'allow', result: resultAt(limit, count + 1, c.windowEnd, now) };
  return { kind: 'wait', position: c.pending };
}

/**
 * The store answered a flush: the `sent` hits of this key were added to its window ending at
 * `stored.windowEnd`, which now counts `stored.points`. `current` is the key's count on this instance now and
 * `same` whether it is the count that sent them (not a later window's). Updates `current` (the store's window
 * and count are the truth, when that window is still open) and answers the count the store held before the
 * hits sent: a waiting hit at position p among them is hit number `before + p`.
 */
export function applyAnswer(
  current: KeyCount | undefined,
  same: boolean,
  sent: { points: number },
  stored: { windowEnd: number; points: number },
  now: number,
): number {
  if (current && same) current.sending = 0;
  if (current && stored.windowEnd > now) {
    current.windowEnd = stored.windowEnd;
    current.known = stored.points;
  }
  return stored.points - sent.points;
}
