import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { ADMIN_EMAIL, signIn, withFreshApp, type RunningApp } from './support/app';
import { em } from './support/factories';

const NOT_LINKED = '/login?error=OAuthAccountNotLinked';
const NOT_VERIFIED = '/login?error=EmailNotVerified';

describe('identity: users keyed on the provider subject, roles and VIP only for verified e-mails', () => {
  let running: RunningApp;
  let base: string;
  withFreshApp({}, (app) => {
    running = app;
    base = app.url;
  });

  const sql = <T>(query: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(query, params);
  const userRow = async (email: string) =>
    (
      await sql<{ id: string; google_sub: string | null; email_verified: boolean }>(
        'select id, google_sub, email_verified from users where lower(email) = lower(?)',
        [email],
      )
    )[0];
  const sessionOf = async (agent: ReturnType<typeof request.agent>) =>
    (await agent.get('/api/auth/get-session').expect(200)).body;

  it('keeps one account per subject: a different sub with the same e-mail (any case) is refused and changes nothing', async () => {
    const owner = await signIn(base, 'owner@example.com', '/dashboard', {
      sub: '100000000000000000001',
    });
    const ownerId = (await sessionOf(owner.agent)).user.id;
    for (const [email, emailVerified] of [
      ['owner@example.com', true],
      ['OWNER@Example.COM', true],
      ['Owner@example.com', false],
    ] as const) {
      const intruder = await signIn(base, email, '/dashboard', {
        sub: '200000000000000000002',
        emailVerified,
      });
      expect([email, intruder.location]).toEqual([email, NOT_LINKED]);
      expect(await sessionOf(intruder.agent)).toBeNull();
    }
    expect(await userRow('owner@example.com')).toEqual({
      id: ownerId,
      google_sub: '100000000000000000001',
      email_verified: true,
    });
    expect(
      (
        await sql<{ n: number }>('select count(*)::int as n from users where lower(email) = ?', [
          'owner@example.com',
        ])
      )[0].n,
    ).toBe(1);
    const again = await signIn(base, 'Owner@Example.com', '/orders', {
      sub: '100000000000000000001',
    });
    expect(again.location).toBe('/orders');
    expect((await sessionOf(again.agent)).user.id).toBe(ownerId);
  });

  it('follows the subject when the e-mail changes at the provider (verified, not held by another account)', async () => {
    const first = await signIn(base, 'before@example.com', '/dashboard', {
      sub: '300000000000000000003',
    });
    const id = (await sessionOf(first.agent)).user.id;
    const moved = await signIn(base, 'after@example.com', '/dashboard', {
      sub: '300000000000000000003',
    });
    expect((await sessionOf(moved.agent)).user).toMatchObject({
      id,
      email: 'after@example.com',
      emailVerified: true,
    });
    // An unverified new address, or one another account holds, is not taken: the account keeps its address.
    await signIn(base, 'taken@example.com', '/dashboard', { sub: '300000000000000000004' });
    const blocked = await signIn(base, 'taken@example.com', '/dashboard', {
      sub: '300000000000000000003',
    });
    expect((await sessionOf(blocked.agent)).user).toMatchObject({ id, email: 'after@example.com' });
    const unverified = await signIn(base, 'unproven@example.com', '/dashboard', {
      sub: '300000000000000000003',
      emailVerified: false,
    });
    expect((await sessionOf(unverified.agent)).user).toMatchObject({
      id,
      email: 'after@example.com',
      emailVerified: true,
    });
  });

  it('links an account that has no subject yet by e-mail only when the provider verified it, and logs and audits the link', async () => {
    const id = randomUUID();
    await sql('insert into users (id, name, email, email_verified) values (?, ?, ?, false)', [
      id,
      'Legacy',
      'legacy@example.com',
    ]);
    const unverified = await signIn(base, 'legacy@example.com', '/dashboard', {
      sub: '400000000000000000004',
      emailVerified: false,
    });
    expect(unverified.location).toBe(NOT_LINKED);
    expect(await userRow('legacy@example.com')).toEqual({
      id,
      google_sub: null,
      email_verified: false,
    });

    const verified = await signIn(base, 'LEGACY@example.com', '/dashboard', {
      sub: '400000000000000000004',
    });
    expect((await sessionOf(verified.agent)).user).toMatchObject({
      id,
      email: 'legacy@example.com',
      emailVerified: true,
    });
    expect(await userRow('legacy@example.com')).toEqual({
      id,
      google_sub: '400000000000000000004',
      email_verified: true,
    });
    const audit = await sql<{
      actor: string;
      action: string;
      target: string;
      before: unknown;
      after: unknown;
    }>(
      "select actor, action, target, before, after from audit_entries where action like 'user.%' and target = 'legacy@example.com' order by created_at",
    );
    expect(audit).toEqual([
      {
        actor: 'system',
        action: 'user.link-refused',
        target: 'legacy@example.com',
        before: { userId: id, googleSub: null },
        after: { googleSub: '400000000000000000004', emailVerified: false },
      },
      {
        actor: 'system',
        action: 'user.link',
        target: 'legacy@example.com',
        before: { userId: id, googleSub: null },
        after: { googleSub: '400000000000000000004' },
      },
    ]);
  });

  it('audits a refused takeover', async () => {
    const rows = await sql<{ target: string; after: { googleSub: string } }>(
      "select target, after from audit_entries where action = 'user.link-refused' and target = 'owner@example.com'",
    );
    expect(rows.length).toBe(3);
    expect(rows[0].after.googleSub).toBe('200000000000000000002');
  });

  /** An account made from an unverified identity before such identities stopped making accounts. */
  const legacyUnverified = (email: string, sub: string) =>
    sql(
      'insert into users (id, name, email, email_verified, google_sub) values (?, ?, ?, false, ?)',
      [randomUUID(), 'Legacy', email, sub],
    );

  it('makes no account from an identity whose e-mail the provider has not verified, so the real owner is never locked out', async () => {
    const email = 'squatted@example.com';
    const squatter = await signIn(base, email, '/dashboard', {
      sub: '700000000000000000007',
      emailVerified: false,
    });
    expect(squatter.location).toBe(NOT_VERIFIED);
    expect(await sessionOf(squatter.agent)).toBeNull();
    expect(await userRow(email)).toBeUndefined();
    // The owner, whose provider verified the address, gets the account.
    const owner = await signIn(base, email, '/orders', { sub: '800000000000000000008' });
    expect(owner.location).toBe('/orders');
    expect((await sessionOf(owner.agent)).user).toMatchObject({ email, emailVerified: true });
    expect(await userRow(email)).toMatchObject({
      google_sub: '800000000000000000008',
      email_verified: true,
    });
  });

  it('gives an unverified e-mail no admin or quiz-manager role and no VIP, until the provider verifies it', async () => {
    const sub = '500000000000000000005';
    await legacyUnverified(ADMIN_EMAIL, sub);
    const fake = await signIn(base, ADMIN_EMAIL, '/dashboard', { sub, emailVerified: false });
    const session = await sessionOf(fake.agent);
    expect(session.user).toMatchObject({ email: ADMIN_EMAIL, emailVerified: false });
    expect(session.roles).toEqual({ isAdmin: false, isQuizManager: false });
    const denied = await fake.agent.get('/apitokens/admin/vip-emails').expect(403);
    expect(denied.body.message).toBe('Admin access required');
    await fake.agent.get('/api/quiz/admin/questions').expect(403);
    const vip = await fake.agent
      .post('/api/apitokens/licenses/initialize-vip')
      .set('Origin', base)
      .expect(200);
    expect(vip.body).toMatchObject({
      message: 'User not eligible for VIP licenses yet',
      isVipEligible: false,
      licenses: [],
    });
    expect(vip.body.vipStatus).toEqual({
      isVip: false,
      isAdmin: false,
      addedAt: null,
      addedBy: null,
    });

    const real = await signIn(base, ADMIN_EMAIL, '/dashboard', { sub });
    expect((await sessionOf(real.agent)).roles).toEqual({ isAdmin: true, isQuizManager: true });
    await real.agent
      .post('/apitokens/admin/vip-emails')
      .set('Origin', base)
      .send({ email: 'student@example.com' })
      .expect(200);

    await legacyUnverified('student@example.com', '600000000000000000006');
    const student = await signIn(base, 'student@example.com', '/dashboard', {
      sub: '600000000000000000006',
      emailVerified: false,
    });
    const refused = await student.agent
      .post('/api/apitokens/licenses/initialize-vip')
      .set('Origin', base)
      .expect(200);
    expect(refused.body).toMatchObject({ isVipEligible: false, licenses: [] });
    const verified = await signIn(base, 'student@example.com', '/dashboard', {
      sub: '600000000000000000006',
    });
    const granted = await verified.agent
      .post('/api/apitokens/licenses/initialize-vip')
      .set('Origin', base)
      .expect(201);
    expect(granted.body).toMatchObject({
      message: 'VIP licenses initialized successfully',
      isVipEligible: true,
    });
  });

  it("admin routes are session-only: an admin's activation code is refused", async () => {
    const admin = await signIn(base, ADMIN_EMAIL, '/dashboard', { sub: '500000000000000000005' });
    const token = (await admin.agent.get('/api/apitokens/token').expect(200)).body.plainToken;
    const bearer = (r: request.Test) => r.set('Authorization', `Bearer ${token}`);
    const post = await bearer(
      request(base).post('/api/posts').send({ title: 'Via token', body: 'b' }),
    ).expect(401);
    expect(post.body).toEqual({
      statusCode: 401,
      error: 'User not authenticated',
      message: 'User not authenticated',
      code: 'UNAUTHENTICATED',
    });
    await bearer(request(base).get('/apitokens/admin/vip-emails')).expect(401);
    await bearer(request(base).get('/api/subscriptions/admin/subscriptions/users')).expect(401);
    await admin.agent
      .post('/api/posts')
      .set('Origin', base)
      .send({ title: 'Via session', body: 'b' })
      .expect(201);
  });

  it('decides CSRF from the session the request is authenticated with, not from its own reading of the Cookie header', async () => {
    const { cookie } = await signIn(base, 'csrf-parse@example.com');
    const value = cookie.slice(cookie.indexOf('=') + 1);
    // The session parser trims "seatkeeper.sid " to the cookie name; a raw "name=" prefix match did not.
    for (const header of [
      `x=seatkeeper.sid=; seatkeeper.sid =${value}`,
      `seatkeeper.sid =${value}; y=seatkeeper.sid=`,
    ]) {
      const res = await request(base)
        .post('/api/auth/update-user')
        .set('Cookie', header)
        .set('Origin', 'https://evil.example')
        .send({ name: 'Hijacked' });
      expect([header, res.status]).toEqual([header, 403]);
    }
    const ok = await request(base)
      .post('/api/auth/update-user')
      .set('Cookie', cookie)
      .set('Origin', base)
      .send({ name: 'Mine' })
      .expect(200);
    expect(ok.body.user.name).toBe('Mine');
  });
});
