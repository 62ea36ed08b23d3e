import { FixedWindowRateLimiter } from './rate-limiter';

describe('FixedWindowRateLimiter', () => {
  it('allows the limit per window and key, then refuses until the window resets', () => {
    const limiter = new FixedWindowRateLimiter(2, 60_000);
    const t = 1_000_000;
    expect(limiter.hit('a', t)).toEqual({
      allowed: true,
      limit: 2,
      remaining: 1,
      resetSeconds: 60,
    });
    expect(limiter.hit('a', t + 1000).allowed).toBe(true);
    expect(limiter.hit('a', t + 2000)).toEqual({
      allowed: false,
      limit: 2,
      remaining: 0,
      resetSeconds: 58,
    });
    expect(limiter.hit('b', t + 2000).allowed).toBe(true);
    expect(limiter.hit('a', t + 60_000).allowed).toBe(true);
  });
});
