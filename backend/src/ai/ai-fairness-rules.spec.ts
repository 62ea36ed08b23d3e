import { nextJob, queueHasRoom, type WaitingJob } from './ai-fairness-rules';

const job = (id: string, customerId: string, createdAt: number): WaitingJob => ({
  id,
  customerId,
  createdAt,
});

describe('nextJob: the customer served least recently first', () => {
  it('takes nothing when nothing waits, or only customers with a running job wait', () => {
    expect(nextJob([], new Set(), new Map())).toBeUndefined();
    expect(nextJob([job('a1', 'a', 1)], new Set(['a']), new Map())).toBeUndefined();
  });

  it('takes a customer never served before one served, however old their jobs', () => {
    const waiting = [job('a2', 'a', 1), job('v1', 'v', 50)];
    expect(nextJob(waiting, new Set(), new Map([['a', 10]]))?.id).toBe('v1');
  });

  it('takes the customer served least recently, then their oldest job', () => {
    const waiting = [job('a2', 'a', 5), job('b3', 'b', 3), job('b2', 'b', 2)];
    const lastServed = new Map([
      ['a', 100],
      ['b', 40],
    ]);
    expect(nextJob(waiting, new Set(), lastServed)?.id).toBe('b2');
  });

  it('skips a customer who has a job running (one worker per customer at most)', () => {
    const waiting = [job('a2', 'a', 1), job('b2', 'b', 2)];
    expect(nextJob(waiting, new Set(['a']), new Map())?.id).toBe('b2');
  });

  it('orders customers never served by their oldest job, and equal times by id', () => {
    expect(nextJob([job('b1', 'b', 2), job('a1', 'a', 1)], new Set(), new Map())?.id).toBe('a1');
    expect(nextJob([job('b1', 'b', 1), job('a1', 'a', 1)], new Set(), new Map())?.id).toBe('a1');
  });
});

/**
 * The worker pool as a discrete simulation: `slots` workers, each job taking `durations[customer]` ms,
 * the next job chosen by `pick` whenever a worker is free. Answers when each job finished, and the
 * customers in the order their jobs started.
 */
function simulate(
  jobs: WaitingJob[],
  durations: Record<string, number>,
  slots: number,
  pick: typeof nextJob,
): Map<string, number> & { starts: string[] } {
  const waiting = [...jobs];
  const lastServed = new Map<string, number>();
  let served = 0;
  const runningUntil = new Map<string, { customerId: string; until: number }>();
  const finished = Object.assign(new Map<string, number>(), { starts: [] as string[] });
  let now = 0;
  while (waiting.length || runningUntil.size) {
    for (const [id, r] of runningUntil)
      if (r.until <= now) {
        runningUntil.delete(id);
        finished.set(id, r.until);
      }
    const running = new Set([...runningUntil.values()].map((r) => r.customerId));
    let started = false;
    while (runningUntil.size < slots) {
      const arrived = waiting.filter((j) => j.createdAt <= now);
      const next = pick(arrived, running, lastServed);
      if (!next) break;
      waiting.splice(waiting.indexOf(next), 1);
      // The claim stamps clock_timestamp(): two claims at "the same" time are still ordered.
      lastServed.set(next.customerId, now + ++served / 1e6);
      finished.starts.push(next.customerId);
      running.add(next.customerId);
      runningUntil.set(next.id, {
        customerId: next.customerId,
        until: now + durations[next.customerId]!,
      });
      started = true;
    }
    if (started) continue;
    const events = [
      ...[...runningUntil.values()].map((r) => r.until),
      ...waiting.map((j) => j.createdAt).filter((t) => t > now),
    ];
    if (!events.length) break;
    now = Math.min(...events);
  }
  return finished;
}

/** The rule before: the oldest waiting job of a customer with none running. */
const oldestFirst: typeof nextJob = (waiting, running) =>
  [...waiting]
    .filter((j) => !running.has(j.customerId))
    .sort((a, b) => a.createdAt - b.createdAt)[0];

describe('two customers with backlogs and a third with one quick job (issue #30, item 5)', () => {
  const SLOW = 120_000;
  const QUICK = 300;
  const backlog = (customerId: string, n: number, from: number) =>
    Array.from({ length: n }, (_, i) => job(`${customerId}${i}`, customerId, from + i));
  const jobs = [...backlog('a', 10, 0), ...backlog('b', 10, 100), job('victim', 'v', 1_000)];
  const durations = { a: SLOW, b: SLOW, v: QUICK };

  it('waited for a whole backlog under the old rule (oldest job first)', () => {
    const finished = simulate(jobs, durations, 2, oldestFirst).get('victim')!;
    expect(finished - 1_000).toBeGreaterThan(9 * SLOW);
  });

  it('waits for one slow job at most under round-robin', () => {
    const finished = simulate(jobs, durations, 2, nextJob).get('victim')!;
    expect(finished - 1_000).toBeLessThanOrEqual(SLOW + QUICK);
  });

  it('serves three customers with backlogs in turns: no customer gets a second turn before the others', () => {
    const three = [...backlog('a', 4, -30), ...backlog('b', 4, -20), ...backlog('c', 4, -10)];
    const { starts } = simulate(three, { a: 10, b: 10, c: 10 }, 2, nextJob);
    expect(starts).toHaveLength(12);
    // After every start, the customers' turns so far differ by one at most.
    for (let k = 1; k <= starts.length; k++) {
      const turns = ['a', 'b', 'c'].map((c) => starts.slice(0, k).filter((s) => s === c).length);
      expect(Math.max(...turns) - Math.min(...turns)).toBeLessThanOrEqual(1);
    }
    // The old rule let the oldest backlog run to its end before the third customer's first job.
    expect(simulate(three, { a: 10, b: 10, c: 10 }, 2, oldestFirst).starts.indexOf('c')).toBe(8);
  });
});

describe('queueHasRoom', () => {
  it('allows up to the limit of waiting or running generations, not one more', () => {
    expect(queueHasRoom(0, 5)).toBe(true);
    expect(queueHasRoom(4, 5)).toBe(true);
    expect(queueHasRoom(5, 5)).toBe(false);
    expect(queueHasRoom(6, 5)).toBe(false);
  });
});
