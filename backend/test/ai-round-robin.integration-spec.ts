// Round-robin AI jobs and the per-customer queue (issue #30, item 5; docs/security.md, "AI providers"):
// two customers keeping backlogs of slow jobs no longer make a third customer's quick job wait for the
// whole backlog, the workers take customers in turns (least recently served first), and a customer may
// have AI_QUEUE_PER_CUSTOMER (5) generations waiting or running, 429 AI_QUEUE_FULL beyond.
//
// The provider is a local OpenAI-compatible fake whose answers the test times by API key: `sk-slow-*`
// answers after SLOW_MS (the 120 s, shortened), `sk-quick-*` after QUICK_MS, `sk-held-*` when the
// test lets it through.
import type { NextFunction, Request, Response } from 'express';
import { startApp, type RunningApp } from './support/app';
import { errorOf } from './support/customer';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';
import { em } from './support/factories';
import { aiJobs } from './support/ai-jobs';
import { startFakeProvider } from './support/fake-provider';

const SLOW_MS = 2000;
const QUICK_MS = 300;
/**
 * The victim's allowance beyond one slow job and its own: claim, HTTP, polling every 20 ms, and a busy CI
 * machine (1.2-2.2 s measured alone). The old order made it wait 8.2-9.0 s: the limit still tells them apart.
 */
const MARGIN_MS = 3000;
const QUEUE_FULL =
  'Too many AI generations are waiting for this account: wait for one to finish, then retry';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('AI jobs in turns, and a queue per customer', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  /** Held calls, in the order they reached the provider: the key's tag and the release. */
  const held: { tag: string; release: () => void }[] = [];
  /** Every held call's tag, in the order they reached the provider. */
  const arrivals: string[] = [];
  const slowInFlight = new Set<string>();

  beforeAll(async () => {
    provider = await startFakeProvider({
      intercept: (req: Request, res: Response, next: NextFunction) => {
        if (req.method !== 'POST' || req.path !== '/chat/completions') return next();
        const key = String(req.headers.authorization).replace(/^Bearer /, '');
        if (key.startsWith('sk-slow-')) {
          slowInFlight.add(key);
          res.on('close', () => slowInFlight.delete(key));
          return void setTimeout(next, SLOW_MS);
        }
        if (key.startsWith('sk-quick-')) return void setTimeout(next, QUICK_MS);
        if (key.startsWith('sk-held-')) {
          arrivals.push(key.slice(8));
          return void held.push({ tag: key.slice(8), release: next });
        }
        next();
      },
    });
    db = await createTestDatabase();
    // The defaults that matter: two workers, 120 s per generation, 5 generations per customer.
    running = await startApp(db);
    expect(running.config.ai).toMatchObject({
      workerConcurrency: 2,
      generationTimeoutMs: 120_000,
      queuePerCustomer: 5,
    });
  });
  afterAll(async () => {
    held.splice(0).forEach((h) => h.release());
    await running?.close();
    await provider?.stop();
    await db?.drop();
  });

  const { licensed, generate, start, status } = aiJobs(
    () => running,
    () => provider.url,
  );
  async function until(what: string, done: () => boolean | Promise<boolean>, giveUpMs = 15_000) {
    const t0 = performance.now();
    while (!(await done())) {
      if (performance.now() - t0 > giveUpMs) throw new Error(`${what}: not after ${giveUpMs} ms`);
      await sleep(20);
    }
  }
  const unfinished = async (userId: string) =>
    (
      await em(running)
        .getConnection()
        .execute<{ n: number }[]>(
          `select count(*)::int as n from ai_jobs where user_id = ? and status in ('pending', 'running')`,
          [userId],
        )
    )[0].n;

  it("finishes a third customer's quick job within one slow job while two customers keep backlogs", async () => {
    const [a, b, victim] = [await licensed(), await licensed(), await licensed()];
    // Alone, for comparison.
    let t0 = performance.now();
    let id = await start(victim, 'sk-quick-alone');
    await until('the job alone', async () => (await status(victim, id)).status === 'completed');
    const alone = performance.now() - t0;

    // Two backlogs, the first customer's all older than the second's: both workers busy.
    for (let i = 0; i < 4; i++) await start(a, `sk-slow-a${i}`);
    for (let i = 0; i < 4; i++) await start(b, `sk-slow-b${i}`);
    await until('both workers on slow jobs', () => slowInFlight.size === 2);

    t0 = performance.now();
    id = await start(victim, 'sk-quick-victim');
    await until('the victim', async () => (await status(victim, id)).status === 'completed');
    const waited = performance.now() - t0;
    const limit = SLOW_MS + QUICK_MS + MARGIN_MS;
    process.stdout.write(
      `[ai round-robin, ${TEST_DB}] a ${QUICK_MS} ms job, submit to completed: alone ${Math.round(alone)} ms; ` +
        `behind two backlogs of 4 x ${SLOW_MS} ms jobs ${Math.round(waited)} ms (limit ${limit} ms; ` +
        `the whole backlog would be ~${3 * SLOW_MS} ms more)\n`,
    );
    expect(waited).toBeLessThan(limit);
    // The backlogs are not needed further: ended here, so the next case starts with free workers.
    await em(running)
      .getConnection()
      .execute(`update ai_jobs set status = 'failed', api_key = null where status = 'pending'`);
    await until('the slow jobs in flight to end', () => slowInFlight.size === 0, 5000);
    await until(
      'the workers to be free',
      async () => (await unfinished(a.userId)) + (await unfinished(b.userId)) === 0,
    );
  });

  it('takes customers in turns, the one served least recently first', async () => {
    const customers = { a: await licensed(), b: await licensed(), c: await licensed() };
    const first = arrivals.length;
    // Three jobs each, all of a's before b's before c's (the old rule ran a's to the end first).
    for (const [tag, c] of Object.entries(customers))
      for (let i = 0; i < 3; i++) await start(c, `sk-held-${tag}${i}`);
    await until('two jobs at the provider', () => held.length === 2);
    // One call answered at a time; which customer's job reaches the provider next is the claim's choice
    // (none when only a running customer's jobs wait: then the other held call is answered next).
    while (arrivals.length - first < 9 && held.length) {
      const before = arrivals.length;
      held.shift()!.release();
      await until('the next claim', () => arrivals.length > before, 2000).catch(() => undefined);
    }
    held.splice(0).forEach((h) => h.release());
    const seen = arrivals.slice(first);
    // The first two went to the two free workers at once: their order is the network's.
    const order = [...seen.slice(0, 2).sort(), ...seen.slice(2)];
    expect(order.map((t) => t[0]).join('')).toBe('abcabcabc');
    // Each customer's own jobs in the order they were created.
    for (const tag of ['a', 'b', 'c'])
      expect(order.filter((t) => t[0] === tag)).toEqual([`${tag}0`, `${tag}1`, `${tag}2`]);
    for (const c of Object.values(customers))
      await until('the jobs to end', async () => (await unfinished(c.userId)) === 0);
  });

  it('refuses a sixth waiting generation with 429 AI_QUEUE_FULL and Retry-After, and takes it once one ends', async () => {
    const q = await licensed();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await start(q, `sk-held-q${i}`));
    await until('the first job at the provider', () => held.some((h) => h.tag === 'q0'));
    const refused = await generate(q, 'sk-held-q5').expect(429);
    expect(refused.body).toEqual({
      ...errorOf(QUEUE_FULL, 429, 'AI_QUEUE_FULL'),
      limit: 5,
      retryAfter: 5,
    });
    expect(refused.headers['retry-after']).toBe('5');
    expect(await unfinished(q.userId)).toBe(5);
    // Another customer is not held back by it.
    const other = await licensed();
    const otherId = await start(other, 'sk-quick-other');
    await until(
      'the other customer',
      async () => (await status(other, otherId)).status === 'completed',
    );

    // One of q's jobs ends: room for one more, not two.
    held.find((h) => h.tag === 'q0')!.release();
    await until('q0 completed', async () => (await status(q, ids[0])).status === 'completed');
    await generate(q, 'sk-held-q5').expect(200);
    await generate(q, 'sk-held-q6').expect(429);

    // Eight at once from a customer with none: five taken, three refused, on every database.
    const burst = await licensed();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => generate(burst, `sk-held-burst${i}`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await unfinished(burst.userId)).toBe(5);
    held.splice(0).forEach((h) => h.release());
  });
});
