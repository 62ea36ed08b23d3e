import {
  codeHash,
  codeMatches,
  codeState,
  EMAIL_CODE,
  failureDay,
  newCode,
  retryAfterSeconds,
  withinDailyBudget,
} from './email-code-rules';

const SECRET = 'unit-secret-0123456789abcdef0123456789';

describe('e-mail sign-in code rules', () => {
  it('makes six-digit codes, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it('stores a keyed hash bound to the address, and compares it', () => {
    const stored = codeHash(SECRET, 'a@example.com', '012345');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain('012345');
    expect(codeMatches(SECRET, 'a@example.com', '012345', stored)).toBe(true);
    expect(codeMatches(SECRET, 'a@example.com', '012346', stored)).toBe(false);
    expect(codeMatches(SECRET, 'b@example.com', '012345', stored)).toBe(false);
    expect(
      codeMatches('another-secret-0123456789abcdef01', 'a@example.com', '012345', stored),
    ).toBe(false);
    expect(codeMatches(SECRET, 'a@example.com', '012345', 'abc')).toBe(false);
  });

  it('allows up to the limit inside the window, then says when the oldest leaves it', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    const rule = EMAIL_CODE.perAddress; // 3 per 15 minutes
    expect(retryAfterSeconds([], rule, now)).toBeNull();
    expect(retryAfterSeconds([ago(60), ago(30)], rule, now)).toBeNull();
    expect(retryAfterSeconds([ago(30), ago(600), ago(60)], rule, now)).toBe(900 - 600);
    // Older than the window: not counted.
    expect(retryAfterSeconds([ago(900), ago(30), ago(60)], rule, now)).toBeNull();
    // More than the limit (e.g. counted by another rule): the one that brings it under the limit.
    expect(retryAfterSeconds([ago(10), ago(20), ago(30), ago(40)], rule, now)).toBe(900 - 30);
    expect(retryAfterSeconds([now, now, now], rule, now)).toBe(900);
  });

  it('tells a usable code from a used, expired or locked one', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const later = new Date(now.getTime() + 1000);
    expect(codeState(null, now)).toBe('none');
    expect(codeState({ expiresAt: later, attempts: 0 }, now)).toBe('usable');
    expect(codeState({ expiresAt: later, attempts: 4 }, now)).toBe('usable');
    expect(codeState({ expiresAt: later, attempts: 5 }, now)).toBe('locked');
    expect(codeState({ expiresAt: now, attempts: 0 }, now)).toBe('expired');
    expect(codeState({ expiresAt: later, attempts: 0, usedAt: now }, now)).toBe('used');
  });
});

describe('the daily failure budget (failureDay, withinDailyBudget)', () => {
  it("cuts days at the seller's midnight and says how long until the next one", () => {
    // 2026-11-28 15:30 UTC is 23:30 in Shanghai: half an hour left of the 28th there.
    const now = new Date('2026-11-28T15:30:00Z');
    expect(failureDay(now, 'Asia/Shanghai')).toEqual({ day: '2026-11-28', secondsLeft: 1800 });
    expect(failureDay(now, 'UTC')).toEqual({ day: '2026-11-28', secondsLeft: 8.5 * 3600 });
    expect(failureDay(new Date('2026-11-28T16:00:00Z'), 'Asia/Shanghai').day).toBe('2026-11-29');
  });

  it('allows failures below the budget only', () => {
    expect(withinDailyBudget(9, 10)).toBe(true);
    expect(withinDailyBudget(10, 10)).toBe(false);
    expect(withinDailyBudget(0, 1)).toBe(true);
  });
});
