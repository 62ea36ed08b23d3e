import { Logger } from '@nestjs/common';
import { MemoryCounterStore, type CounterHits, type CounterStore } from './rate-limit.store';
import { RateLimitsService } from './rate-limits.service';

/** Two instances' limiters over one store, as two app processes over one database. */
function twoInstances(limit: number, store: CounterStore = new MemoryCounterStore()) {
  const a = new RateLimitsService(store);
  const b = new RateLimitsService(store);
  return { a, b, la: a.limiter('plugin', limit), lb: b.limiter('plugin', limit) };
}

describe('RateLimitsService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('answers at once within the slack, without waiting for the store', () => {
    const { la } = twoInstances(300);
    const r = la.hit('1.2.3.4');
    expect(r).not.toBeInstanceOf(Promise);
    expect(r).toMatchObject({ allowed: true, limit: 300, remaining: 299 });
  });

  it('holds the combined budget of two instances within the slack (300: at most 12 over)', async () => {
    const { a, b, la, lb } = twoInstances(300);
    let allowed = 0;
    // 1000 hits alternating between the instances, each waiting hit settled as the app would.
    for (let i = 0; i < 1000; i++) {
      const r = await (i % 2 ? la : lb).hit('1.2.3.4');
      if (r.allowed) allowed++;
      if (i % 7 === 0) await Promise.all([a.flush(), b.flush()]);
    }
    expect(allowed).toBeGreaterThanOrEqual(300);
    expect(allowed).toBeLessThanOrEqual(300 + 2 * la.slack);
  });

  it('counts exactly with no slack: hits at once on both instances share the limit', async () => {
    const { la, lb } = twoInstances(10);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? la : lb).hit('customer-1')),
    );
    expect(answers.filter((r) => r.allowed)).toHaveLength(10);
    expect(answers.filter((r) => !r.allowed).every((r) => r.remaining === 0)).toBe(true);
  });

  it("starts a key's window with its first hit, shared by the instances, and restarts it after", async () => {
    const { a, b } = twoInstances(2);
    const la = a.limiter('short', 2, 300);
    const lb = b.limiter('short', 2, 300);
    expect((await la.hit('k')).allowed).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(await lb.hit('k')).toMatchObject({ allowed: true, remaining: 0 });
    expect((await la.hit('k')).allowed).toBe(false);
    expect((await lb.hit('k')).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 250)); // 350 ms after the first hit
    expect((await lb.hit('k')).allowed).toBe(true);
  });

  it('keys and limiters count apart', async () => {
    const store = new MemoryCounterStore();
    const s = new RateLimitsService(store);
    const one = s.limiter('one', 1);
    const two = s.limiter('two', 1);
    expect((await one.hit('k')).allowed).toBe(true);
    expect((await one.hit('k')).allowed).toBe(false);
    expect((await one.hit('other')).allowed).toBe(true);
    expect((await two.hit('k')).allowed).toBe(true);
  });

  it('decides per instance while the store fails, and sends the counts once it answers again', async () => {
    let failing = true;
    const memory = new MemoryCounterStore();
    const sent: CounterHits[][] = [];
    const store: CounterStore = {
      add: (rows) => {
        if (failing) return Promise.reject(new Error('connection refused'));
        sent.push(rows);
        return memory.add(rows);
      },
    };
    const s = new RateLimitsService(store);
    const l = s.limiter('quote', 3);
    expect((await l.hit('u')).allowed).toBe(true); // waited, the store failed: decided here
    for (let i = 0; i < 2; i++) expect((await l.hit('u')).allowed).toBe(true);
    expect((await l.hit('u')).allowed).toBe(false);
    failing = false;
    await s.flush();
    expect(sent.flat()).toEqual([expect.objectContaining({ key: 'quote:u', points: 3 })]);
  });

  it('sends what is left when the app stops', async () => {
    const memory = new MemoryCounterStore();
    const s = new RateLimitsService(memory);
    const l = s.limiter('plugin', 1000);
    for (let i = 0; i < 5; i++) l.hit('k');
    await s.onModuleDestroy();
    const [row] = await memory.add([{ key: 'plugin:k', windowMs: 60_000, points: 0 }]);
    expect(row.points).toBe(5);
  });
});
