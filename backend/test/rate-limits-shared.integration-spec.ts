import request from 'supertest';
import { RateLimitStore } from '../src/rate-limits/rate-limit.store';
import { signIn, startApp, type RunningApp } from './support/app';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';

// Limits shared by every instance (docs/security.md, "Rate limits"). The store's statement is checked on
// both databases in one process; two app instances on one database only on PostgreSQL (PGlite is one
// process: a second instance cannot open its data).

/** Sends `total` calls, `parallel` at a time, spread evenly over `urls`; answers the statuses. */
async function spread(
  urls: string[],
  total: number,
  parallel: number,
  call: (url: string) => Promise<{ status: number }>,
) {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < total) {
        const i = next++;
        statuses.push((await call(urls[i % urls.length])).status);
      }
    }),
  );
  return statuses;
}

describe('the shared counter store', () => {
  let db: TestDatabase;
  let app: RunningApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await startApp(db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('adds batches sent at once atomically: every hit counted once, each batch its own total', async () => {
    const store = app.app.get(RateLimitStore);
    const batches = Array.from({ length: 40 }, (_, i) =>
      // Both keys in every batch, in either order (the statement locks them in one order).
      (i % 2 ? ['t:x', 't:y'] : ['t:y', 't:x']).map((key) => ({
        key,
        windowMs: 60_000,
        points: 1,
      })),
    );
    const answers = await Promise.all(batches.map((b) => store.add(b)));
    for (const key of ['t:x', 't:y']) {
      const rows = answers.map((a) => a.find((r) => r.key === key)!);
      expect(new Set(rows.map((r) => r.points)).size).toBe(40);
      expect(Math.max(...rows.map((r) => r.points))).toBe(40);
      // One window, started by the first batch.
      expect(new Set(rows.map((r) => r.windowEnd)).size).toBe(1);
    }
  });

  it("starts a key's window with its first hits and a new one once it has ended", async () => {
    const store = app.app.get(RateLimitStore);
    const t0 = Date.now();
    const [first] = await store.add([{ key: 't:w', windowMs: 400, points: 5 }]);
    expect(first.points).toBe(5);
    // The database's clock: within a second of this one.
    expect(Math.abs(first.windowEnd - (t0 + 400))).toBeLessThan(1000);
    expect(await store.add([{ key: 't:w', windowMs: 400, points: 2 }])).toEqual([
      { key: 't:w', windowEnd: first.windowEnd, points: 7 },
    ]);
    await new Promise((r) => setTimeout(r, first.windowEnd - Date.now() + 100));
    const [next] = await store.add([{ key: 't:w', windowMs: 400, points: 1 }]);
    expect(next.points).toBe(1);
    expect(next.windowEnd).toBeGreaterThan(first.windowEnd);
  });
});

const onPostgres = TEST_DB === 'postgres' ? describe : describe.skip;

onPostgres('two instances on one PostgreSQL database share one budget', () => {
  let db: TestDatabase;
  let a: RunningApp;
  let b: RunningApp;
  const PLUGIN = 300;
  const QUOTES = 30;

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = {
      PLUGIN_RATE_LIMIT: String(PLUGIN),
      QUOTE_LIMIT_PER_CUSTOMER: String(QUOTES),
      QUOTE_LIMIT_PER_ADDRESS: '100000',
    };
    [a, b] = await Promise.all([startApp(db, env), startApp(db, env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await db?.drop();
  });

  it('the plugin path: 900 calls from one address over both instances, 300 allowed (within 10%)', async () => {
    const statuses = await spread([a.url, b.url], 900, 16, (url) =>
      request(url).post('/api/verify-token').send({ token: 'x' }),
    );
    const allowed = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(allowed).toBeGreaterThanOrEqual(PLUGIN);
    expect(allowed).toBeLessThanOrEqual(PLUGIN * 1.1);
    // Either instance refuses now, with the usual headers.
    for (const url of [a.url, b.url]) {
      const refused = await request(url).post('/api/licenses/check').send({ domain: 'x.example' });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(refused.headers['x-ratelimit-limit']).toBe(String(PLUGIN));
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('the quote limit: 90 quotes of one customer over both instances, 30 allowed', async () => {
    // One session, used on both instances (sessions are shared).
    const { cookie } = await signIn(a.url, `quotes-${Date.now()}@example.com`);
    const statuses = await spread([a.url, b.url], 90, 6, (url) =>
      request(url)
        .post('/api/payments/quote')
        .set('Cookie', cookie)
        .set('Origin', url)
        .send({ subscriptionTier: 'pro' }),
    );
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const allowed = statuses.filter((s) => s === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(QUOTES);
    expect(allowed).toBeLessThanOrEqual(QUOTES * 1.1);
  });
});
