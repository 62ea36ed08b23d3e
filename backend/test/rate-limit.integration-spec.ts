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

  it.each([
    ['/api/verify-token', { token: 'x' }],
    ['/api/licenses/check', { domain: 'example.com' }],
  ])('%s sends X-RateLimit headers, then 429 with Retry-After', async (path, body) => {
    const first = await request(running.url).post(path).send(body).expect(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    await request(running.url).post(path).send(body).expect(200);
    await request(running.url).post(path).send(body).expect(200);
    const refused = await request(running.url).post(path).send(body).expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const text = 'Too many requests, please retry later';
    expect(refused.body).toEqual({ statusCode: 429, error: text, message: text });
  });
});
