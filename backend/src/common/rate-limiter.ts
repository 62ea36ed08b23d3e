import type { ServerResponse } from 'node:http';

/** What a rate limit answers for one request (rate-limits/shared-window.ts decides it). */
export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * The headers of every limited route: X-RateLimit-Limit, -Remaining and -Reset (seconds), and Retry-After
 * when refused (docs/security.md, "Rate limits"). The limits themselves are counted by every instance
 * together (backend/src/rate-limits).
 */
export function setRateLimitHeaders(res: ServerResponse, r: RateLimitResult) {
  res.setHeader('X-RateLimit-Limit', String(r.limit));
  res.setHeader('X-RateLimit-Remaining', String(r.remaining));
  res.setHeader('X-RateLimit-Reset', String(r.resetSeconds));
  if (!r.allowed) res.setHeader('Retry-After', String(r.resetSeconds));
}
