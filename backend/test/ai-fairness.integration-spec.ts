// Fairness of the AI workers: a customer whose jobs point at a provider that accepts and never answers gets
// one worker at most (their other jobs wait in their own queue), so another customer's job is not delayed
// by more than one claim interval (the worker's 1 s tick). The hung provider is a local OpenAI-compatible
// server that holds the requests carrying the hung customer's key until the test lets them through.
import type { NextFunction, Request, Response } from 'express';
import { startApp, type RunningApp } from './support/app';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';
import { em } from './support/factories';
import { aiJobs } from './support/ai-jobs';
import { startFakeProvider } from './support/fake-provider';

const CLAIM_INTERVAL_MS = 1000;

describe('AI workers shared between customers', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  const held: NextFunction[] = [];
  let hanging = true;
  let hungInFlight = 0;
  let hungMaxInFlight = 0;
  let hungCalls = 0;

  beforeAll(async () => {
    provider = await startFakeProvider({
      intercept: (req: Request, res: Response, next: NextFunction) => {
        if (
          req.method !== 'POST' ||
          req.path !== '/chat/completions' ||
          !String(req.headers.authorization).includes('sk-hung')
        )
          return next();
        hungCalls += 1;
        hungMaxInFlight = Math.max(hungMaxInFlight, ++hungInFlight);
        res.on('close', () => (hungInFlight -= 1));
        if (hanging) held.push(next);
        else next();
      },
    });
    db = await createTestDatabase();
    // The defaults that matter here: two workers, a long generation timeout (the hung calls stay hung).
    running = await startApp(db, {
      AI_WORKER_CONCURRENCY: '2',
      AI_GENERATION_TIMEOUT_MS: '120000',
    });
  });
  afterAll(async () => {
    await running?.close();
    await provider?.stop();
    await db?.drop();
  });

  const { licensed, start, status } = aiJobs(
    () => running,
    () => provider.url,
  );
  type Customer = Awaited<ReturnType<typeof licensed>>;

  /** Milliseconds from the request that creates the job to the first poll that sees it completed. */
  async function timedJob(c: Customer, prompt: string, giveUpMs = 10_000): Promise<number> {
    const t0 = performance.now();
    const id = await start(c, 'sk-live-other', prompt);
    for (;;) {
      const s = await status(c, id);
      if (s.status === 'completed') return performance.now() - t0;
      if (!['pending', 'running'].includes(s.status))
        throw new Error(`job ended ${JSON.stringify(s)}`);
      if (performance.now() - t0 > giveUpMs)
        throw new Error(`another customer's job still ${s.status} after ${giveUpMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const jobsOf = async (userId: string) =>
    Object.fromEntries(
      (
        await em(running)
          .getConnection()
          .execute<{ status: string; n: number }[]>(
            'select status, count(*)::int as n from ai_jobs where user_id = ? group by status',
            [userId],
          )
      ).map((r) => [r.status, r.n]),
    );

  it("does not let a customer's hung jobs delay another customer's job by more than one claim interval", async () => {
    const hung = await licensed();
    const other = await licensed();
    const alone: number[] = [];
    for (let i = 0; i < 3; i++) alone.push(await timedJob(other, `alone ${i}`));

    const hungIds: string[] = [];
    for (let i = 0; i < 4; i++) hungIds.push(await start(hung, 'sk-hung-1234', `hung ${i}`));
    for (let i = 0; hungCalls === 0; i++) {
      if (i > 200) throw new Error('the hung job was never sent to the provider');
      await new Promise((r) => setTimeout(r, 25));
    }
    // A claim interval later, still one of the hung customer's jobs at the provider, the others queued.
    await new Promise((r) => setTimeout(r, CLAIM_INTERVAL_MS + 200));
    expect(hungCalls).toBe(1);
    expect(await jobsOf(hung.userId)).toEqual({ running: 1, pending: 3 });

    const meanwhile: number[] = [];
    for (let i = 0; i < 3; i++) meanwhile.push(await timedJob(other, `meanwhile ${i}`));
    const worstAlone = Math.max(...alone);
    const worstMeanwhile = Math.max(...meanwhile);
    process.stdout.write(
      `[ai fairness, ${TEST_DB}] another customer's job, submit to completed: alone ${alone.map(Math.round).join('/')} ms; ` +
        `with 4 hung jobs queued ${meanwhile.map(Math.round).join('/')} ms (limit: alone + ${CLAIM_INTERVAL_MS} ms)\n`,
    );
    expect(worstMeanwhile).toBeLessThan(worstAlone + CLAIM_INTERVAL_MS);

    // The provider answers again: the hung customer's queue drains one job at a time, in order.
    hanging = false;
    held.splice(0).forEach((next) => next());
    for (let i = 0; ; i++) {
      const states = await Promise.all(hungIds.map((id) => status(hung, id)));
      if (states.every((s) => s.status === 'completed')) break;
      if (i > 200)
        throw new Error(
          `the queued jobs did not drain: ${JSON.stringify(states.map((s) => s.status))}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(hungCalls).toBe(4);
    expect(hungMaxInFlight).toBe(1);
  });
});
