import { createServer } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/bootstrap';
import { loadConfig, type AppConfig } from '../../src/config/env';
import { createTestDatabase, type TestDatabase } from './database';

export const TEST_SECRET = 'integration-test-secret-0123456789abcdef0123456789';
export const ADMIN_EMAIL = 'admin@seatkeeper.test';
export const QUIZ_MANAGER_EMAIL = 'quiz@seatkeeper.test';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  app: NestExpressApplication;
  config: AppConfig;
  url: string;
  close(): Promise<void>;
}

/** The real app (same bootstrap as main.ts), listening on a free port, on the given test database. */
export async function startApp(
  db: TestDatabase,
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
): Promise<RunningApp> {
  const port = await freePort();
  const extra = typeof env === 'function' ? env(port) : env;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: db.dataDir,
    DATABASE_URL: db.databaseUrl,
    BETTER_AUTH_SECRET: TEST_SECRET,
    ADMIN_EMAILS: ADMIN_EMAIL,
    QUIZ_MANAGER_EMAILS: QUIZ_MANAGER_EMAIL,
    // Every test customer calls from 127.0.0.1: the quote limits are tested on their own
    // (discounts.integration-spec.ts), not met by suites that order many times.
    QUOTE_LIMIT_PER_CUSTOMER: '100000',
    QUOTE_LIMIT_PER_ADDRESS: '100000',
    ...extra,
  });
  const app = await createApp(config);
  await app.listen(port, '127.0.0.1');
  return { app, config, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** What the development provider's test account says besides its e-mail (defaults: a sub derived from it, verified). */
export interface IdpAccount {
  sub?: string;
  emailVerified?: boolean;
  /** Sent on every request of the agent (the sessions list names the device by it). */
  userAgent?: string;
}

/**
 * Signs an e-mail in through the whole OAuth round trip (app → development provider → callback),
 * returning an agent that carries the session cookie, and the final redirect target.
 */
export async function signIn(
  baseUrl: string,
  email: string,
  callbackURL = '/dashboard',
  account: IdpAccount = {},
) {
  const agent = request.agent(baseUrl);
  if (account.userAgent) agent.set('User-Agent', account.userAgent);
  const start = await agent
    .post('/api/auth/sign-in/social')
    .set('Origin', baseUrl)
    .send({ provider: 'google', callbackURL, loginHint: email })
    .expect(200);
  const toProvider = await agent.get(start.body.url).expect(302);
  const providerUrl = new URL(toProvider.headers.location, baseUrl);
  if (account.sub !== undefined) providerUrl.searchParams.set('sub', account.sub);
  if (account.emailVerified !== undefined)
    providerUrl.searchParams.set('email_verified', String(account.emailVerified));
  const toCallback = await agent.get(providerUrl.pathname + providerUrl.search).expect(302);
  const callbackUrl = new URL(toCallback.headers.location);
  const done = await agent.get(callbackUrl.pathname + callbackUrl.search).expect(302);
  const setCookie = ([] as string[]).concat(done.headers['set-cookie'] ?? []);
  const cookie =
    setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('seatkeeper.sid=')) ?? '';
  return { agent, location: done.headers.location as string, cookie };
}

/**
 * One app on a fresh database for a test file: started before its tests (then `onStart`, e.g. to keep the
 * app and sign an admin in), closed and its database dropped after.
 */
export function withFreshApp(
  env: Parameters<typeof startApp>[1],
  onStart: (running: RunningApp) => void | Promise<void>,
) {
  let db: TestDatabase | undefined;
  let running: RunningApp | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    running = await startApp(db, env);
    await onStart(running);
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });
}
