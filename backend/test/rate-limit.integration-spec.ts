import request from 'supertest';
import { startApp, type RunningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';

describe('rate limits on the plugin-facing calls', () => {
  let db: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    running = await startApp(db, { PLUGIN_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it('counts the plugin calls per client address: X-RateLimit headers, then 429 with Retry-After', async () => {
    const verify = () => request(running.url).post('/api/verify-token').send({ token: 'x' });
    const check = () =>
      request(running.url).post('/api/licenses/check').send({ domain: 'example.com' });
    const first = await verify().expect(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect((await check().expect(200)).headers['x-ratelimit-remaining']).toBe('1');
    await verify().expect(200);
    const text = 'Too many requests, please retry later';
    for (const refused of [await verify().expect(429), await check().expect(429)]) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused.body).toEqual({
        statusCode: 429,
        error: text,
        message: text,
        code: 'RATE_LIMITED',
      });
    }
  });
});
