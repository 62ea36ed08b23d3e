import request from 'supertest';
import { signIn, withFreshApp } from './support/app';
import { startAppProcess } from './support/app-process';
import { createTestDatabase } from './support/database';

const CLIENT_ID = 'seatkeeper-dev';
const CALLBACK = '/api/auth/callback/google';
const MISSING = {
  statusCode: 503,
  error: 'Google credentials are missing',
  message: 'Google credentials are missing',
  code: 'GOOGLE_CREDENTIALS_MISSING',
};

/** An authorize request as the app sends it, with a login hint (the provider then answers with a code at once). */
function authorizeUrl(redirectUri: string, extra: Record<string, string> = {}) {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    state: 'st',
    login_hint: 'who@example.com',
    ...extra,
  });
  return `/dev-idp/authorize?${q}`;
}

describe('development sign-in on a loopback origin (PUBLIC_URL empty)', () => {
  let base: string;
  withFreshApp({}, (app) => {
    base = app.url;
  });

  it('tells the login page that the development provider stands in for Google', async () => {
    const res = await request(base).get('/api/auth/providers').expect(200);
    expect(res.body).toEqual({ google: { id: 'google', name: 'Google', development: true } });
  });

  it.each<[string, Record<string, string>]>([
    ['a public Host', { Host: 'shop.example.com' }],
    ['a private address as Host', { Host: '192.168.1.20:3000' }],
    ['a look-alike Host', { Host: '127.0.0.1.nip.io' }],
    ['a request forwarded by a proxy', { 'X-Forwarded-For': '203.0.113.9' }],
    ['a request forwarded by a proxy (RFC 7239)', { Forwarded: 'for=203.0.113.9' }],
  ])(
    'does not exist for %s: no code, no sign-in, the login page says Google credentials are missing',
    async (_, headers) => {
      const host = headers.Host ?? new URL(base).host;
      const res = await request(base)
        .get(authorizeUrl(`http://${host}${CALLBACK}`))
        .set(headers)
        .expect(404);
      expect(res.headers.location).toBeUndefined();
      await request(base)
        .post('/dev-idp/token')
        .type('form')
        .send({ grant_type: 'authorization_code', code: 'x' })
        .set(headers)
        .expect(404);
      await request(base)
        .get('/dev-idp/userinfo')
        .set(headers)
        .set('Authorization', 'Bearer x')
        .expect(404);
      expect(
        (await request(base).get('/api/auth/providers').set(headers).expect(200)).body,
      ).toEqual({});
      const start = await request(base)
        .post('/api/auth/sign-in/social')
        .set(headers)
        .send({ provider: 'google', callbackURL: '/dashboard' })
        .expect(503);
      expect(start.body).toEqual(MISSING);
      await request(base).get('/api/auth/sign-in/google').set(headers).expect(503);
      const callback = await request(base)
        .get(`${CALLBACK}?code=x&state=y`)
        .set(headers)
        .expect(302);
      expect(callback.headers.location).toBe('/login?error=OAuthCallbackError');
    },
  );

  it("hands a code only to the app's own origin and callback path, exactly", async () => {
    const own = `${base}${CALLBACK}`;
    const ok = await request(base).get(authorizeUrl(own)).expect(302);
    expect(ok.headers.location).toMatch(new RegExp(`^${own}\\?code=`));
    for (const redirectUri of [
      `https://evil.example${CALLBACK}`,
      `http://evil.example${CALLBACK}`,
      `${base.replace('127.0.0.1', 'localhost')}${CALLBACK}`,
      `${base}${CALLBACK}/`,
      `${base}${CALLBACK}?next=https://evil.example`,
      `${base}/api/auth/callback/other`,
    ]) {
      const res = await request(base).get(authorizeUrl(redirectUri)).expect(400);
      expect([redirectUri, res.headers.location, res.text]).toEqual([
        redirectUri,
        undefined,
        'Error 400: redirect_uri_mismatch\nredirect_uri is not registered',
      ]);
    }
  });

  it('answers 400, never 500, to repeated or nested parameters', async () => {
    const own = encodeURIComponent(`${base}${CALLBACK}`);
    const valid = `response_type=code&client_id=${CLIENT_ID}&redirect_uri=${own}&state=st`;
    const gets = [
      `/dev-idp/authorize?redirect_uri[]=x`,
      `/dev-idp/authorize?response_type=code&client_id=${CLIENT_ID}&redirect_uri[]=${own}`,
      `/dev-idp/authorize?response_type=code&client_id=${CLIENT_ID}&redirect_uri=${own}&redirect_uri=${own}`,
      `/dev-idp/authorize?${valid}&login_hint=a@example.com&login_hint=b@example.com`,
      `/dev-idp/authorize?${valid}&name=a&name=b`,
      `/dev-idp/authorize?${valid}&state=a&state=b`,
      `/dev-idp/authorize?${valid}&login_hint=a@example.com&email_verified=maybe`,
      `/dev-idp/userinfo?access_token=a&access_token=b`,
    ];
    for (const path of gets) {
      const res = await request(base).get(path);
      expect([path, res.status]).toEqual([path, 400]);
    }
    const forms = [
      ['/dev-idp/authorize', `${valid}&email=a@example.com&email=b@example.com&action=allow`],
      ['/dev-idp/authorize', `${valid}&email=a@example.com&name=a&name=b&action=allow`],
      ['/dev-idp/authorize', `${valid}&action=deny&action=allow`],
      [
        '/dev-idp/token',
        `grant_type=authorization_code&code=a&code=b&client_id=${CLIENT_ID}&client_secret=x`,
      ],
      ['/dev-idp/token', `grant_type=authorization_code&grant_type=x&code=a`],
    ];
    for (const [path, body] of forms) {
      const res = await request(base).post(path).type('form').send(body);
      expect([path, body, res.status]).toEqual([path, body, 400]);
    }
    const token = await request(base).post('/dev-idp/token').type('form').send('code=a&code=b');
    expect(token.body).toEqual({
      error: 'invalid_request',
      error_description: 'Parameter code must be given once, as a string',
    });
  });
});

describe('development sign-in with a public PUBLIC_URL and without DEV_SIGN_IN', () => {
  let base: string;
  withFreshApp({ PUBLIC_URL: 'http://shop.example' }, (app) => {
    base = app.url;
  });

  it('is not mounted at all, even on 127.0.0.1, and sign-in says Google credentials are missing', async () => {
    await request(base)
      .get(authorizeUrl(`http://shop.example${CALLBACK}`))
      .expect(404);
    expect((await request(base).get('/api/auth/providers').expect(200)).body).toEqual({});
    expect(
      (
        await request(base)
          .post('/api/auth/sign-in/social')
          .send({ provider: 'google' })
          .expect(503)
      ).body,
    ).toEqual(MISSING);
  });
});

describe('development sign-in with DEV_SIGN_IN=1 (explicit opt-in)', () => {
  let base: string;
  withFreshApp({ PUBLIC_URL: 'http://shop.example', DEV_SIGN_IN: '1' }, (app) => {
    base = app.url;
  });

  it('works on any Host, with PUBLIC_URL as the only registered redirect origin', async () => {
    expect(
      (await request(base).get('/api/auth/providers').set('Host', 'shop.example').expect(200)).body,
    ).toEqual({
      google: { id: 'google', name: 'Google', development: true },
    });
    const { agent } = await signIn(base, 'staging@example.com');
    expect((await agent.get('/api/auth/get-session').expect(200)).body.user.email).toBe(
      'staging@example.com',
    );
    await request(base)
      .get(authorizeUrl(`${base}${CALLBACK}`))
      .expect(400);
    await request(base)
      .get(authorizeUrl(`http://shop.example${CALLBACK}`))
      .set('Host', 'other.example')
      .expect(302);
  });
});

describe('starting without any way to sign in', () => {
  it('prints one clear warning line', async () => {
    const db = await createTestDatabase();
    const app = await startAppProcess(db, {
      PUBLIC_URL: 'https://licences.example.com',
      DATABASE_URL: db.databaseUrl ?? '',
    });
    try {
      const lines = app
        .stderr()
        .split('\n')
        .filter((l) => /sign in/i.test(l));
      expect(lines).toEqual([
        'WARNING: nobody can sign in: Google credentials are missing (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET) and the development sign-in is off because PUBLIC_URL https://licences.example.com is not a loopback origin (DEV_SIGN_IN=1 turns it on; never on the internet)',
      ]);
    } finally {
      await app.kill('SIGTERM');
      await db.drop();
    }
  });
});
