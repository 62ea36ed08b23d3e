import request from 'supertest';
import { startApp, type RunningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { FakeAlipay } from './support/fake-alipay';

describe('production mode', () => {
  let db: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    const alipay = await new FakeAlipay().start();
    afterAllStop = () => alipay.stop();
    running = await startApp(db, (port) => ({
      ...alipay.env(`http://127.0.0.1:${port}`),
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      LOG_LEVEL: 'silent',
    }));
  });
  let afterAllStop = async () => {};
  afterAll(async () => {
    await running?.close();
    await afterAllStop();
    await db?.drop();
  });

  it('has no development identity provider and no sandbox payment page', async () => {
    await request(running.url).get('/dev-idp/authorize').expect(404);
    await request(running.url).get('/sandbox-pay/SK1').expect(404);
  });

  it('sends sign-in to Google with state and PKCE', async () => {
    const res = await request(running.url).get('/api/auth/sign-in/google').expect(302);
    const url = new URL(res.headers.location);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('client-id.apps.googleusercontent.com');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('state')).toMatch(/.{16,}/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });
});
