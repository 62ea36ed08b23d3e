import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { addDays, localDateOf, startOfLocalDay } from '@seatkeeper/domain';

/**
 * Sign-in by e-mail code (docs/security.md, "E-mail sign-in"): the numbers and the pure rules.
 */
export const EMAIL_CODE = {
  /** Digits of a code. */
  length: 6,
  /** How long a code works. */
  ttlSeconds: 10 * 60,
  /** Wrong tries on one code before it stops working (a new code is needed). */
  maxAttempts: 5,
  /** Codes sent to one address ... */
  perAddress: { limit: 3, windowSeconds: 15 * 60 },
  /** ... and asked for from one client address. */
  perClient: { limit: 20, windowSeconds: 60 * 60 },
} as const;

/** A uniformly random code of six digits (leading zeros kept). */
export const newCode = (): string =>
  String(randomInt(0, 10 ** EMAIL_CODE.length)).padStart(EMAIL_CODE.length, '0');

/** What is stored of a code: HMAC-SHA256 under the app secret, bound to the address it was sent to. */
export const codeHash = (secret: string, email: string, code: string): string =>
  createHmac('sha256', secret).update(`email-sign-in:${email}:${code}`).digest('hex');

/** Compares a presented code's hash with the stored one in constant time. */
export function codeMatches(secret: string, email: string, code: string, stored: string): boolean {
  const presented = Buffer.from(codeHash(secret, email, code), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}

/**
 * Sliding-window limit: `times` are the earlier requests inside the window (any order). Answers null when
 * one more is allowed, else the seconds until the oldest that must leave the window has left it.
 */
export function retryAfterSeconds(
  times: Date[],
  rule: { limit: number; windowSeconds: number },
  now: Date,
): number | null {
  const windowStart = now.getTime() - rule.windowSeconds * 1000;
  const inWindow = times
    .map((t) => t.getTime())
    .filter((t) => t > windowStart)
    .sort((a, b) => a - b);
  if (inWindow.length < rule.limit) return null;
  const leaves = inWindow[inWindow.length - rule.limit] + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((leaves - now.getTime()) / 1000));
}

export type CodeState = 'none' | 'used' | 'expired' | 'locked' | 'usable';

/** Whether the newest code of an address can still be tried. */
export function codeState(
  code: { expiresAt: Date; attempts: number; usedAt?: Date | null } | null,
  now: Date,
): CodeState {
  if (!code) return 'none';
  if (code.usedAt) return 'used';
  if (code.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (code.attempts >= EMAIL_CODE.maxAttempts) return 'locked';
  return 'usable';
}

/**
 * The daily failure budget (docs/security.md, "E-mail sign-in"): the seller's day an instant falls on
 * (SELLER_TIME_ZONE), and the seconds until the next one begins (when a locked address may try again).
 */
export function failureDay(now: Date, timeZone: string): { day: string; secondsLeft: number } {
  const day = localDateOf(now, timeZone);
  const next = startOfLocalDay(addDays(day, 1), timeZone);
  return { day, secondsLeft: Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)) };
}

/** Whether an address that got `failures` wrong codes today may try another (the budget is `perDay`). */
export const withinDailyBudget = (failures: number, perDay: number): boolean => failures < perDay;
