import request from 'supertest';
import { ADMIN_EMAIL, signIn, startApp, type RunningApp } from './support/app';
import { createTestDatabase, type TestDatabase } from './support/database';

describe('sign-in and sessions (through HTTP, development identity provider)', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    running = await startApp(db);
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it('answers null for get-session without a session', async () => {
    const res = await request(base).get('/api/auth/get-session').expect(200);
    expect(res.body).toBeNull();
  });

  it('signs in through the full OAuth round trip and returns to the callback path', async () => {
    const { agent, location, cookie } = await signIn(base, 'Ann.Lee@Example.com', '/orders?tab=1');
    expect(cookie).toMatch(/^seatkeeper\.sid=s%3A/);
    expect(location).toBe('/orders?tab=1');
    const res = await agent.get('/api/auth/get-session').expect(200);
    expect(res.body.user).toMatchObject({
      name: 'ann.lee',
      email: 'ann.lee@example.com',
      emailVerified: true,
      image: null,
    });
    expect(res.body.roles).toEqual({ isAdmin: false, isQuizManager: false });
    expect(res.body.session.userId).toBe(res.body.user.id);
    const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
    expect(JSON.stringify(res.body)).not.toContain(sid);
  });

  it('keeps one user per identity across sign-ins', async () => {
    const a = await signIn(base, 'same@example.com');
    const b = await signIn(base, 'same@example.com');
    const ua = (await a.agent.get('/api/auth/get-session')).body.user.id;
    const ub = (await b.agent.get('/api/auth/get-session')).body.user.id;
    expect(ua).toBe(ub);
  });

  it('reports admin and quiz-manager roles from configuration', async () => {
    const { agent } = await signIn(base, ADMIN_EMAIL);
    const res = await agent.get('/api/auth/get-session').expect(200);
    expect(res.body.roles).toEqual({ isAdmin: true, isQuizManager: true });
  });

  it('ignores a foreign callbackURL and falls back to /dashboard', async () => {
    for (const callbackURL of [
      'https://evil.example/steal',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      const { location } = await signIn(base, 'redirect@example.com', callbackURL);
      expect(location).toBe('/dashboard');
    }
  });

  it('refuses an unknown provider with 400', async () => {
    const res = await request(base)
      .post('/api/auth/sign-in/social')
      .send({ provider: 'github', callbackURL: '/dashboard' })
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Unknown identity provider',
      message: 'Unknown identity provider',
      code: 'UNKNOWN_PROVIDER',
    });
  });

  it('sends a callback with a bad state to /login?error=OAuthCallbackError', async () => {
    const agent = request.agent(base);
    const start = await agent
      .post('/api/auth/sign-in/social')
      .send({ provider: 'google', loginHint: 'x@example.com' });
    const toProvider = await agent.get(start.body.url).expect(302);
    const provider = new URL(toProvider.headers.location, base);
    const toCallback = await agent.get(provider.pathname + provider.search).expect(302);
    const callback = new URL(toCallback.headers.location);
    callback.searchParams.set('state', 'forged-state');
    const res = await agent.get(callback.pathname + callback.search).expect(302);
    expect(res.headers.location).toBe('/login?error=OAuthCallbackError');
    expect((await agent.get('/api/auth/get-session')).body).toBeNull();
  });

  it('sends a refused consent and a replayed code to the login error', async () => {
    const agent = request.agent(base);
    await agent.get('/api/auth/sign-in/google?callbackURL=/dashboard').expect(302);
    const denied = await agent
      .get('/api/auth/callback/google?error=access_denied&state=x')
      .expect(302);
    expect(denied.headers.location).toBe('/login?error=OAuthCallbackError');

    const { agent: other } = await signIn(base, 'replay@example.com');
    const start = await other
      .get('/api/auth/sign-in/google?loginHint=replay@example.com')
      .expect(302);
    const provider = new URL(start.headers.location, base);
    const toCallback = await other.get(provider.pathname + provider.search).expect(302);
    const callback = new URL(toCallback.headers.location);
    await other.get(callback.pathname + callback.search).expect(302);
    const replay = await request(base)
      .get(callback.pathname + callback.search)
      .expect(302);
    expect(replay.headers.location).toBe('/login?error=OAuthCallbackError');
  });

  it('refuses cookie-authenticated state changes from another origin (CSRF)', async () => {
    const { agent } = await signIn(base, 'csrf@example.com');
    const foreign = await agent
      .post('/api/auth/sign-out')
      .set('Origin', 'https://evil.example')
      .expect(403);
    expect(foreign.body).toEqual({
      statusCode: 403,
      error: 'Cross-site request refused',
      message: 'Cross-site request refused',
      code: 'CROSS_SITE_REFUSED',
    });
    await agent.post('/api/auth/update-user').send({ name: 'x' }).expect(403); // no Origin, no Referer
    await agent
      .post('/api/auth/update-user')
      .set('Referer', `${base}/profile`)
      .send({ name: 'Via Referer' })
      .expect(200);
    expect((await agent.get('/api/auth/get-session')).body.user.name).toBe('Via Referer');
  });

  it('updates the name and image, with validation', async () => {
    const { agent } = await signIn(base, 'update@example.com');
    const bad = await agent
      .post('/api/auth/update-user')
      .set('Origin', base)
      .send({ image: 'not a url' })
      .expect(400);
    expect(bad.body.message).toBe('Must be a valid URL');
    await agent.post('/api/auth/update-user').set('Origin', base).send({ unknown: 1 }).expect(400);
    const ok = await agent
      .post('/api/auth/update-user')
      .set('Origin', base)
      .send({ name: 'New Name', image: 'https://img.example/a.png' })
      .expect(200);
    expect(ok.body.user).toMatchObject({ name: 'New Name', image: 'https://img.example/a.png' });
  });

  it('answers 401 User not authenticated on @Auth routes without a session', async () => {
    for (const path of [
      '/api/auth/update-user',
      '/api/auth/revoke-sessions',
      '/api/auth/delete-user',
    ]) {
      const res = await request(base).post(path).send({}).expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        error: 'User not authenticated',
        message: 'User not authenticated',
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it('signs out, revokes other sessions and deletes the user', async () => {
    const first = await signIn(base, 'multi@example.com');
    const second = await signIn(base, 'multi@example.com');
    await second.agent.post('/api/auth/revoke-other-sessions').set('Origin', base).expect(200);
    expect((await first.agent.get('/api/auth/get-session')).body).toBeNull();
    expect((await second.agent.get('/api/auth/get-session')).body.user.email).toBe(
      'multi@example.com',
    );

    const third = await signIn(base, 'multi@example.com');
    await third.agent.post('/api/auth/sign-out').set('Origin', base).expect(200);
    expect((await third.agent.get('/api/auth/get-session')).body).toBeNull();

    await second.agent.post('/api/auth/delete-user').set('Origin', base).expect(200);
    expect((await second.agent.get('/api/auth/get-session')).body).toBeNull();
    const again = await signIn(base, 'multi@example.com');
    const fresh = (await again.agent.get('/api/auth/get-session')).body;
    expect(fresh.user.email).toBe('multi@example.com');
  });

  it('sets an httpOnly, SameSite=Lax session cookie with a 30-day expiry', async () => {
    const res = await request(base).get('/api/auth/sign-in/google').expect(302);
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('seatkeeper.sid='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie!)![1]).getTime();
    expect(Math.round((expires - Date.now()) / 86400_000)).toBe(30);
  });

  it('keeps sessions across an app restart', async () => {
    const { cookie } = await signIn(base, 'restart@example.com');
    await running.close();
    running = await startApp(db);
    const res = await request(running.url)
      .get('/api/auth/get-session')
      .set('Cookie', cookie)
      .expect(200);
    expect(res.body.user.email).toBe('restart@example.com');
    base = running.url;
  });
});
