import request from 'supertest';
import { startApp, type RunningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';
import { FakeAlipay } from './support/fake-alipay';
import { giveSeats, sessionCookieFor } from './support/factories';
import { startFakeProvider } from './support/fake-provider';

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

  it('does not publish the API document or Swagger UI (API_DOCS is not set)', async () => {
    for (const path of ['/api/docs', '/api/docs/', '/api/docs-json']) {
      const res = await request(running.url).get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.text).not.toContain('swagger');
    }
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

  it('refuses AI provider URLs that reach loopback, private, link-local or metadata addresses', async () => {
    const provider = await startFakeProvider();
    try {
      const { cookie, userId } = await sessionCookieFor(running, 'ssrf@example.com');
      const [seat] = await giveSeats(running, userId, 'pro', 1);
      const put = (baseUrl: string) =>
        request(running.url)
          .put(`/api/apitokens/licenses/${seat.id}/ai-config`)
          .set('Cookie', cookie)
          .set('Origin', running.url)
          .send({ apiKey: 'sk-live-x', baseUrl, model: 'dev-chat' });
      for (const [baseUrl, host] of [
        [provider.url, '127.0.0.1'],
        ['http://10.0.0.1/v1', '10.0.0.1'],
        ['http://169.254.169.254/latest', '169.254.169.254'],
        ['http://[::1]:9/v1', '::1'],
        // Prefixes that embed an IPv4 address (NAT64, 6to4, IPv4-mapped): here 169.254.169.254 and 10.0.0.1.
        ['http://[64:ff9b::169.254.169.254]/v1', '64:ff9b::a9fe:a9fe'],
        ['http://[2002:a00:1::1]/v1', '2002:a00:1::1'],
        ['http://[::ffff:a9fe:a9fe]/v1', '::ffff:a9fe:a9fe'],
      ]) {
        const res = await put(baseUrl).expect(400);
        expect(res.body.message).toBe(`Refusing to connect to ${host}: private or local address`);
      }
      // A name that resolves to loopback is caught when the connection is made (after DNS).
      const byName = await put(`http://localhost:${provider.port}/v1`).expect(400);
      expect(byName.body.message).toMatch(
        /^Refusing to connect to localhost \((127\.0\.0\.1|::1)\): private or local address$/,
      );
    } finally {
      await provider.stop();
    }
  });
});
