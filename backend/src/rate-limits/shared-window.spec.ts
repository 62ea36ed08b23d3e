import { applyAnswer, decide, freshCount, slackOf } from './shared-window';

describe('shared rate limit windows', () => {
  it('gives 2% of the limit as slack, none under 50', () => {
    expect(slackOf(300)).toBe(6);
    expect(slackOf(49)).toBe(0);
    expect(slackOf(30)).toBe(0);
    expect(slackOf(1_000_000_000)).toBe(20_000_000);
  });

  it('allows on its own while the unconfirmed hits stay within the slack, then waits for the store', () => {
    const c = freshCount(60_000);
    expect(decide(c, 300, 2, 1000)).toMatchObject({
      kind: 'allow',
      result: { allowed: true, limit: 300, remaining: 299, resetSeconds: 59 },
    });
    expect(decide(c, 300, 2, 1000).kind).toBe('allow');
    expect(decide(c, 300, 2, 1000)).toEqual({ kind: 'wait', position: 3 });
    expect(c.pending).toBe(3);
  });

  it('waits for the store on every hit when the slack is 0, unless deciding locally', () => {
    const c = freshCount(60_000);
    expect(decide(c, 3, 0, 0)).toEqual({ kind: 'wait', position: 1 });
    expect(decide(c, 3, 0, 0, true).kind).toBe('allow');
  });

  it('refuses without counting once the known count reaches the limit', () => {
    const c = { ...freshCount(60_000), known: 3 };
    expect(decide(c, 3, 0, 30_000)).toEqual({
      kind: 'refuse',
      result: { allowed: false, limit: 3, remaining: 0, resetSeconds: 30 },
    });
    expect(c.pending).toBe(0);
  });

  it("takes the store's window and count, and tells where the hits sent stand in it", () => {
    const c = { ...freshCount(60_000), known: 4, sending: 3, pending: 1 };
    const before = applyAnswer(c, true, { points: 3 }, { windowEnd: 59_000, points: 10 }, 1000);
    expect(before).toBe(7); // another instance's 3 hits came first
    expect(c).toMatchObject({ windowEnd: 59_000, known: 10, sending: 0, pending: 1 });
  });

  it('starts over when the store started a new window with the hits sent', () => {
    const c = { ...freshCount(60_000), known: 250, sending: 2 };
    expect(applyAnswer(c, true, { points: 2 }, { windowEnd: 70_000, points: 2 }, 10_000)).toBe(0);
    expect(c).toMatchObject({ windowEnd: 70_000, known: 2, sending: 0 });
  });

  it("keeps a later window's count as it is when the answer is for an earlier one", () => {
    const later = { ...freshCount(130_000), pending: 1 };
    expect(applyAnswer(later, false, { points: 2 }, { windowEnd: 60_000, points: 5 }, 70_000)).toBe(
      3,
    );
    expect(later).toMatchObject({ windowEnd: 130_000, known: 0, pending: 1 });
  });
});
