// The customer's account (docs/rules.md, "The customer's account"): their sessions, a copy of their data,
// deleting it; on the real app and database.
import request from 'supertest';
import { ADMIN_EMAIL, signIn, startApp, type RunningApp } from './support/app';
import { errorOf } from './support/customer';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';
import { em, giveSeats } from './support/factories';
import { startFakeProvider } from './support/fake-provider';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

describe(`the customer's account (${TEST_DB})`, () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let n = 0;

  beforeAll(async () => {
    provider = await startFakeProvider();
    db = await createTestDatabase();
    running = await startApp(db, { EMAIL_SIGN_IN: 'true' });
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await provider?.stop();
    await db?.drop();
  });

  const sql = <T>(text: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(text, params);
  const newEmail = () => `account${++n}-${Date.now()}@example.com`;
  const who = async (agent: ReturnType<typeof request.agent>) =>
    (await agent.get('/api/auth/get-session').expect(200)).body;
  const auditOf = (target: string, action: string) =>
    sql<{ actor: string; before: unknown; after: Record<string, unknown> }>(
      'select actor, before, after from audit_entries where target = ? and action = ?',
      [target, action],
    );

  describe('sessions', () => {
    it('lists each session with its device and last use, this one marked; never the session id', async () => {
      const email = newEmail();
      const windows = await signIn(base, email, '/profile', { userAgent: CHROME_WINDOWS });
      const phone = await signIn(base, email, '/profile', { userAgent: SAFARI_IPHONE });
      const other = await signIn(base, newEmail(), '/profile', { userAgent: FIREFOX_LINUX });

      const res = await phone.agent.get('/api/account/sessions').expect(200);
      const { sessions } = res.body as {
        sessions: {
          id: string;
          device: { browser: string; os: string };
          current: boolean;
          createdAt: string;
          lastSeenAt: string;
        }[];
      };
      expect(sessions).toHaveLength(2);
      const current = sessions.find((s) => s.current)!;
      expect(current.device).toEqual({ browser: 'Safari', os: 'iPhone' });
      expect(current.id).toBe((await who(phone.agent)).session.id);
      expect(sessions.find((s) => !s.current)!.device).toEqual({
        browser: 'Chrome',
        os: 'Windows',
      });
      for (const s of sessions) {
        expect(Math.abs(Date.parse(s.lastSeenAt) - Date.now())).toBeLessThan(60_000);
        expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
      }
      for (const cookie of [windows.cookie, phone.cookie]) {
        const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
        expect(JSON.stringify(res.body)).not.toContain(sid);
      }
      // The other customer's session is theirs alone.
      const theirs = (await other.agent.get('/api/account/sessions').expect(200)).body.sessions;
      expect(theirs).toEqual([
        expect.objectContaining({ current: true, device: { browser: 'Firefox', os: 'Linux' } }),
      ]);
      await request(base).get('/api/account/sessions').expect(401);
    });

    it('moves last seen with use, written at most every five minutes', async () => {
      const { agent } = await signIn(base, newEmail(), '/profile', { userAgent: FIREFOX_LINUX });
      const { user } = await who(agent);
      // As if the session was last used two hours ago.
      await sql(
        `update sessions set expires_at = expires_at - interval '2 hours', created_at = created_at - interval '3 hours' where user_id = ?`,
        [user.id],
      );
      const seen = async () =>
        Date.parse(
          (await agent.get('/api/account/sessions').expect(200)).body.sessions[0].lastSeenAt,
        );
      // The list is read before its own request counts as a use.
      expect(Date.now() - (await seen())).toBeGreaterThan(7000_000);
      // That request was a use: written, last seen is now.
      expect(Date.now() - (await seen())).toBeLessThan(60_000);
      // Two minutes on, as if: within the five minutes, a use writes nothing.
      await sql(
        `update sessions set expires_at = expires_at - interval '2 minutes' where user_id = ?`,
        [user.id],
      );
      const twoMinutesAgo = await seen();
      expect(Date.now() - twoMinutesAgo).toBeGreaterThan(100_000);
      expect(await seen()).toBe(twoMinutesAgo);
    });

    it('"sign out everywhere else" ends the other sessions for real and keeps this one', async () => {
      const email = newEmail();
      const old = await signIn(base, email, '/profile', { userAgent: CHROME_WINDOWS });
      const older = await signIn(base, email, '/profile', { userAgent: FIREFOX_LINUX });
      const here = await signIn(base, email, '/profile', { userAgent: SAFARI_IPHONE });
      expect(
        (await here.agent.get('/api/account/sessions').expect(200)).body.sessions,
      ).toHaveLength(3);

      await here.agent.post('/api/auth/revoke-other-sessions').set('Origin', base).expect(200);

      const left = (await here.agent.get('/api/account/sessions').expect(200)).body.sessions;
      expect(left).toEqual([expect.objectContaining({ current: true })]);
      for (const gone of [old, older]) {
        expect(await who(gone.agent)).toBeNull();
        const res = await gone.agent.get('/api/account/sessions').expect(401);
        expect(res.body.code).toBe('UNAUTHENTICATED');
        // The old cookie, replayed by hand, works no more either.
        await request(base).get('/api/orders').set('Cookie', gone.cookie).expect(401);
      }
      expect((await who(here.agent)).user.email).toBe(email);
    });
  });

  describe('download my data', () => {
    it('answers a JSON attachment with the profile, orders, seats, bindings, AI settings, sessions and e-mails; no secret', async () => {
      const email = newEmail();
      const c = await signIn(base, email, '/profile', { userAgent: CHROME_WINDOWS });
      const { user } = await who(c.agent);
      const site = `https://export-${user.id.slice(0, 8)}.example`;
      const [seat] = await giveSeats(running, user.id, 'pro', 2, { bound: [site] });
      const apiKey = 'sk-export-secret-1234567890abcdef';
      await c.agent
        .put(`/api/apitokens/licenses/${seat.id}/ai-config`)
        .set('Origin', base)
        .send({ apiKey, baseUrl: `${provider.url}/`, model: 'dev-chat' })
        .expect(200);
      const [, free] = (await c.agent.get('/api/apitokens/licenses').expect(200)).body.licenses;
      const token = (await c.agent.get('/api/apitokens/token').expect(200)).body
        .plainToken as string;
      expect(token).toBeTruthy();
      // E-mails: a plan granted by an admin (a notice) and a sign-in code (a credential).
      const admin = await signIn(base, ADMIN_EMAIL);
      await admin.agent
        .post(`/api/admin/customers/${user.id}/grant-plan`)
        .set('Origin', base)
        .send({ tier: 'ultra', reason: 'export test' })
        .expect(200);
      // A binding change by support: on the seat's history.
      const second = `https://second-${user.id.slice(0, 8)}.example`;
      await admin.agent
        .patch(`/api/subscriptions/admin/subscriptions/licenses/${free.id}/domain`)
        .set('Origin', base)
        .send({ websiteUrl: second })
        .expect(200);
      await request(base)
        .post('/api/auth/email-code')
        .set('Origin', base)
        .send({ email })
        .expect(200);
      const [codeMail] = await sql<{ text: string }>(
        `select text from mail_outbox where kind = 'sign-in-code' and recipient = ?`,
        [email],
      );
      const code = /^(\d{6})$/m.exec(codeMail.text)![1];

      const res = await c.agent.get('/api/account/export').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="seatkeeper-account-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.body;
      expect(data).toMatchObject({
        format: 'seatkeeper-account-export',
        version: 1,
        profile: { id: user.id, email, emailVerified: true, googleLinked: true },
      });
      expect(data.orders.map((o: { subscriptionTier: string }) => o.subscriptionTier)).toEqual(
        expect.arrayContaining(['pro', 'ultra']),
      );
      const bound = data.seats.find((s: { id: string }) => s.id === seat.id);
      expect(bound).toMatchObject({
        websiteUrl: site,
        tier: 'ultra', // the grant upgraded the seats
        ai: { baseUrl: provider.url, model: 'dev-chat', apiKeySaved: true },
      });
      expect(data.seats.find((s: { id: string }) => s.id === free.id)).toMatchObject({
        websiteUrl: second,
        // The store's change, without the admin's e-mail or address (docs/rules.md, "Seat history").
        bindingHistory: [
          {
            kind: 'domain',
            by: 'admin',
            actor: null,
            from: null,
            to: second,
            ip: null,
            changesLeft: null,
            reason: null,
            at: expect.any(String),
          },
        ],
      });
      expect(data.sessions).toEqual([
        expect.objectContaining({ device: { browser: 'Chrome', os: 'Windows' } }),
      ]);
      const kinds = data.emails.map((m: { kind: string }) => m.kind);
      expect(kinds).toEqual(expect.arrayContaining(['plan-granted', 'sign-in-code']));
      const notice = data.emails.find((m: { kind: string }) => m.kind === 'plan-granted');
      expect(notice.text).toEqual(expect.any(String));
      expect(notice.text.length).toBeGreaterThan(20);
      expect(data.emails.find((m: { kind: string }) => m.kind === 'sign-in-code').text).toBeNull();

      // No secret anywhere in it: not the API key (nor its masked form), the activation code, the
      // sign-in code, the session id.
      const raw = res.text;
      const sid = decodeURIComponent(c.cookie.split('=')[1]).slice(2).split('.')[0];
      for (const secret of [apiKey, apiKey.slice(-4), token, code, sid])
        expect(raw).not.toContain(secret);
      expect(raw).not.toMatch(/maskedApiKey|sealed|tokenEncrypted|googleSub/);
      // Nor who in support acted (the binding history says what changed, not by whom).
      expect(raw).not.toContain(ADMIN_EMAIL);

      // Audited, with the customer as the actor.
      const [entry] = await auditOf(user.id, 'account.exported');
      expect(entry).toMatchObject({
        actor: `user:${user.id}`,
        after: { seats: expect.any(Number) },
      });
    });

    it('is limited to five an hour (429 with Retry-After), and needs a session', async () => {
      const { agent } = await signIn(base, newEmail());
      for (let i = 0; i < 5; i++) await agent.get('/api/account/export').expect(200);
      const res = await agent.get('/api/account/export').expect(429);
      expect(res.body).toEqual({
        ...errorOf(
          'Too many downloads of your data; retry later',
          429,
          'ACCOUNT_EXPORT_RATE_LIMITED',
        ),
        retryAfter: expect.any(Number),
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      await request(base).get('/api/account/export').expect(401);
    });
  });

  describe('delete my account', () => {
    it('refuses a confirmation that is not the e-mail (400) and keeps the account', async () => {
      const email = newEmail();
      const c = await signIn(base, email);
      for (const confirmation of ['DELETE', `x${email}`, '']) {
        const res = await c.agent
          .post('/api/account/delete')
          .set('Origin', base)
          .send({ confirmation })
          .expect(400);
        expect(res.body).toEqual(
          errorOf(
            "Type your account's e-mail address to confirm",
            400,
            'ACCOUNT_CONFIRMATION_MISMATCH',
          ),
        );
      }
      await c.agent.post('/api/account/delete').set('Origin', base).send({}).expect(400);
      await c.agent
        .post('/api/account/delete')
        .set('Origin', base)
        .send({ confirmation: 5 })
        .expect(400);
      expect((await who(c.agent)).user.email).toBe(email);
    });

    it('closes the account: orders kept under a placeholder without personal data, audited, every session ended', async () => {
      const email = newEmail();
      const c = await signIn(base, email, '/profile', { userAgent: CHROME_WINDOWS });
      const elsewhere = await signIn(base, email, '/profile', { userAgent: SAFARI_IPHONE });
      const { user } = await who(c.agent);
      await giveSeats(running, user.id, 'pro', 1, { bound: ['https://closing.example'] });
      const [order] = await sql<{ order_id: string }>(
        'select order_id from orders where user_id = ?',
        [user.id],
      );

      // Mail to the address before the deletion: the earlier owner's, never a later account's.
      await request(base)
        .post('/api/auth/email-code')
        .set('Origin', base)
        .send({ email })
        .expect(200);
      expect(
        await sql(`select 1 from mail_outbox where recipient = ? and kind = 'sign-in-code'`, [
          email,
        ]),
      ).toHaveLength(1);

      const res = await c.agent
        .post('/api/account/delete')
        .set('Origin', base)
        .send({ confirmation: `  ${email.toUpperCase()} ` })
        .expect(200);
      expect(res.body).toEqual({ success: true });

      expect(await who(c.agent)).toBeNull();
      expect(await who(elsewhere.agent)).toBeNull();
      expect(await sql('select 1 from users where id = ?', [user.id])).toEqual([]);
      expect(await sql('select 1 from users where email = ?', [email])).toEqual([]);
      expect(await sql('select 1 from licenses where user_id = ?', [user.id])).toEqual([]);
      const [kept] = await sql<{ name: string; email: string; google_sub: string | null }>(
        `select u.name, u.email, u.google_sub from orders o join users u on u.id = o.user_id where o.order_id = ?`,
        [order.order_id],
      );
      expect(kept).toEqual({
        name: 'Deleted account',
        email: expect.stringMatching(/^deleted-[0-9a-f-]{36}@deleted\.invalid$/),
        google_sub: null,
      });
      const [deleted] = await auditOf(user.id, 'account.deleted');
      expect(deleted).toMatchObject({
        actor: `user:${user.id}`,
        after: { confirmation: 'typed-email', ordersKeptUnder: expect.any(String) },
      });
      // The same person may come back: a new, empty account.
      const again = await signIn(base, email);
      const fresh = (await who(again.agent)).user;
      expect(fresh.id).not.toBe(user.id);
      expect((await again.agent.get('/api/orders').expect(200)).body.orders).toEqual([]);
      // Its copy of its data holds no e-mail written to the address before it existed.
      expect((await again.agent.get('/api/account/export').expect(200)).body.emails).toEqual([]);
    });

    it('is refused while a refund of one of its orders is in flight (409), and nothing changes', async () => {
      const email = newEmail();
      const c = await signIn(base, email);
      const { user } = await who(c.agent);
      await giveSeats(running, user.id, 'basic', 1);
      // A refund asked of the gateway, not settled yet (the refund chain's own tests drive a real one).
      await sql(`update orders set refund_status = 'pending' where user_id = ?`, [user.id]);

      const res = await c.agent
        .post('/api/account/delete')
        .set('Origin', base)
        .send({ confirmation: email })
        .expect(409);
      expect(res.body.code).toBe('ACCOUNT_REFUND_IN_FLIGHT');
      expect((await who(c.agent)).user.id).toBe(user.id);
      expect(await sql('select 1 from orders where user_id = ?', [user.id])).toHaveLength(1);
      expect(await auditOf(user.id, 'account.deleted')).toEqual([]);
    });
  });
});
