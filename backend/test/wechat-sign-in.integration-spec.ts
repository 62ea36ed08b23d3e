// WeChat website sign-in (issue #33, docs/sign-in.md) on the real app and database, through the development
// WeChat login server (/dev-wechat), which speaks WeChat's endpoints and records every parameter it gets.
// Not WeChat Pay: that is wechat.integration-spec.ts.
import request from 'supertest';
import { ADMIN_EMAIL, signIn, startApp, type RunningApp } from './support/app';
import { errorOf } from './support/customer';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';
import { em } from './support/factories';
import { DevWechatService } from '../src/dev-wechat/dev-wechat.service';

const APP_ID = 'wx0123456789abcdef';
const APP_SECRET = 'dev-wechat-secret-0123456789abcdef';

type Agent = ReturnType<typeof request.agent>;

let seq = 0;
const unique = (name: string) => `${name}${++seq}${Date.now()}`;

interface Scan {
  nickname?: string;
  openid?: string;
  unionid?: string;
  errcode?: string;
  action?: 'allow' | 'deny';
}

describe(`WeChat sign-in (${TEST_DB})`, () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let devWechat: DevWechatService;

  beforeAll(async () => {
    db = await createTestDatabase();
    running = await startApp(db, (port) => ({
      LOG_LEVEL: process.env.WX_LOG ?? 'silent',
      EMAIL_SIGN_IN: 'true',
      WECHAT_LOGIN_APP_ID: APP_ID,
      WECHAT_LOGIN_APP_SECRET: APP_SECRET,
      WECHAT_LOGIN_BASE: `http://127.0.0.1:${port}/dev-wechat`,
      WECHAT_API_BASE: `http://127.0.0.1:${port}/dev-wechat`,
    }));
    base = running.url;
    devWechat = running.app.get(DevWechatService);
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  const sql = <T>(text: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(text, params);

  /** The start: the QR page's address with its parameters, as WeChat documents them. */
  const start = async (agent: Agent, path = '/api/auth/wechat/start?callbackURL=/orders') => {
    const res = await agent.get(path).expect(302);
    const url = new URL(res.headers.location as string);
    return url;
  };

  /** The phone's scan and confirm on the development QR page: the callback URL WeChat redirects to. */
  const scanAt = async (agent: Agent, qr: URL, scan: Scan = {}) => {
    await agent.get(qr.pathname + qr.search).expect(200);
    const form = Object.fromEntries(qr.searchParams);
    const res = await agent
      .post('/dev-wechat/connect/confirm')
      .set('Origin', base)
      .type('form')
      .send({
        ...form,
        action: scan.action ?? 'allow',
        nickname: scan.nickname ?? '微信用户',
        openid: scan.openid ?? '',
        unionid: scan.unionid ?? '',
        errcode: scan.errcode ?? '',
      })
      .expect(302);
    return new URL(res.headers.location as string);
  };

  const callback = async (agent: Agent, url: URL) => {
    const res = await agent.get(url.pathname + url.search).expect(302);
    return res.headers.location as string;
  };

  /** A whole sign-in: start, scan, callback; the agent carries the session. */
  const wechatSignIn = async (scan: Scan = {}, agent: Agent = request.agent(base)) => {
    const qr = await start(agent);
    const back = await scanAt(agent, qr, scan);
    const location = await callback(agent, back);
    return { agent, location, back };
  };

  const sessionOf = async (agent: Agent) => (await agent.get('/api/auth/get-session')).body;

  const codeSentTo = async (email: string) => {
    const [row] = await sql<{ text: string }>(
      `select text from mail_outbox where kind = 'sign-in-code' and recipient = ? order by created_at desc, id desc limit 1`,
      [email.toLowerCase()],
    );
    const code = /^(\d{6})$/m.exec(row?.text ?? '')?.[1];
    expect(code).toBeDefined();
    return code!;
  };

  const proveEmail = async (agent: Agent, email: string) => {
    await agent.post('/api/auth/wechat/email-code').set('Origin', base).send({ email }).expect(200);
    return agent
      .post('/api/auth/wechat/email-code/verify')
      .set('Origin', base)
      .send({ email, code: await codeSentTo(email) });
  };

  it('lists WeChat among the ways in, marked as the development server', async () => {
    const res = await request(base).get('/api/auth/providers').expect(200);
    expect(res.body.wechat).toEqual({ id: 'wechat', name: 'WeChat', development: true });
  });

  it('sends the browser to /connect/qrconnect with exactly the documented parameters, and the server gets exactly the documented ones', async () => {
    const agent = request.agent(base);
    const qr = await start(agent);
    expect(`${qr.origin}${qr.pathname}`).toBe(`${base}/dev-wechat/connect/qrconnect`);
    expect(qr.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(qr.searchParams)).toEqual({
      appid: APP_ID,
      redirect_uri: `${base}/api/auth/callback/wechat`,
      response_type: 'code',
      scope: 'snsapi_login',
      state: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const before = devWechat.received.length;
    const unionid = unique('union');
    const back = await scanAt(agent, qr, { unionid, openid: unique('open') });
    expect(back.searchParams.get('state')).toBe(qr.searchParams.get('state'));
    const code = back.searchParams.get('code');
    await callback(agent, back);
    const calls = devWechat.received.slice(before).filter((r) => r.endpoint !== 'qrconnect');
    expect(calls).toEqual([
      {
        endpoint: 'access_token',
        params: { appid: APP_ID, secret: APP_SECRET, code, grant_type: 'authorization_code' },
      },
      {
        endpoint: 'userinfo',
        params: {
          access_token: expect.stringMatching(/^[0-9a-f]{48}$/),
          openid: expect.any(String),
          lang: 'zh_CN',
        },
      },
    ]);
  });

  it('a first sign-in makes an account awaiting an e-mail address, keyed by unionid: it can browse but not pay', async () => {
    const unionid = unique('union');
    const { agent, location } = await wechatSignIn({ nickname: '小明', unionid });
    expect(location).toBe('/profile');
    const session = await sessionOf(agent);
    expect(session.user.name).toBe('小明');
    expect(session.user.email).toMatch(/@wechat\.invalid$/);
    const rows = await sql<{ key: string; user_id: string }>(
      `select key, user_id from wechat_identities where user_id = ?`,
      [session.user.id],
    );
    expect(rows).toEqual([{ key: `unionid:${unionid}`, user_id: session.user.id }]);
    const ways = (await agent.get('/api/auth/ways-in').expect(200)).body;
    expect(ways.awaitingEmail).toBe(true);
    const quote = await agent
      .post('/api/payments/quote')
      .set('Origin', base)
      .send({ subscriptionTier: 'basic' })
      .expect(403);
    expect(quote.body).toEqual(
      errorOf(
        'Add and confirm an e-mail address before paying: receipts are sent there',
        403,
        'ACCOUNT_EMAIL_REQUIRED',
      ),
    );
    await agent
      .post('/api/payments/create')
      .set('Origin', base)
      .send({ subscriptionTier: 'basic', paymentMethod: 'alipay' })
      .expect(403);
    // Browsing works: the account's own pages answer.
    await agent.get('/api/orders').expect(200);
  });

  it('keys by unionid, else openid, never by nickname: same unionid is the same account whatever the nickname, same nickname is not', async () => {
    const unionid = unique('union');
    const a = await wechatSignIn({ nickname: '阿花', unionid, openid: unique('o') });
    const b = await wechatSignIn({ nickname: '改了名', unionid, openid: unique('o') });
    expect((await sessionOf(b.agent)).user.id).toBe((await sessionOf(a.agent)).user.id);
    const openid = unique('openonly');
    const c = await wechatSignIn({ nickname: '阿花', openid });
    const cId = (await sessionOf(c.agent)).user.id;
    expect(cId).not.toBe((await sessionOf(a.agent)).user.id);
    expect(await sql(`select key from wechat_identities where user_id = ?`, [cId])).toEqual([
      { key: `openid:${openid}` },
    ]);
  });

  it("the e-mail step: a proven new address becomes the account's, and then it can pay", async () => {
    const { agent } = await wechatSignIn({ unionid: unique('union') });
    const email = `${unique('wx')}@example.com`;
    const res = await proveEmail(agent, email);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    const session = await sessionOf(agent);
    expect(session.user).toMatchObject({ email, emailVerified: true });
    const quote = await agent
      .post('/api/payments/quote')
      .set('Origin', base)
      .send({ subscriptionTier: 'basic' });
    expect(quote.body.code).not.toBe('ACCOUNT_EMAIL_REQUIRED');
    // Done once: the step refuses a second time.
    const again = await agent
      .post('/api/auth/wechat/email-code')
      .set('Origin', base)
      .send({ email })
      .expect(409);
    expect(again.body.code).toBe('WECHAT_EMAIL_NOT_NEEDED');
  });

  it('the e-mail step: a proven address of an existing account links this WeChat to it (the awaiting account goes)', async () => {
    const email = `${unique('owner')}@example.com`;
    const google = await signIn(base, email);
    const ownerId = (await sessionOf(google.agent)).user.id;
    const unionid = unique('union');
    const { agent } = await wechatSignIn({ unionid });
    const awaitingId = (await sessionOf(agent)).user.id;
    const res = await proveEmail(agent, email);
    expect(res.status).toBe(200);
    expect((await sessionOf(agent)).user.id).toBe(ownerId);
    expect(await sql(`select id from users where id = ?`, [awaitingId])).toEqual([]);
    expect(
      await sql(`select user_id from wechat_identities where key = ?`, [`unionid:${unionid}`]),
    ).toEqual([{ user_id: ownerId }]);
    // The next WeChat sign-in lands in the owner's account.
    const next = await wechatSignIn({ unionid });
    expect(next.location).toBe('/orders');
    expect((await sessionOf(next.agent)).user.id).toBe(ownerId);
    const audit = await sql<{ action: string }>(
      `select action from audit_entries where action = 'user.link' and after->>'userId' = ?`,
      [ownerId],
    );
    expect(audit).toHaveLength(1);
  });

  describe('refusals: the login page says why, never a 500', () => {
    it('a replayed callback is refused (the state is single use)', async () => {
      const { agent, back } = await wechatSignIn({ unionid: unique('union') });
      expect(await callback(agent, back)).toBe('/login?error=WechatState');
    });

    it('a callback in another browser (no state in its session) is refused', async () => {
      const agent = request.agent(base);
      const qr = await start(agent);
      const back = await scanAt(agent, qr);
      expect(await callback(request.agent(base), back)).toBe('/login?error=WechatState');
    });

    it('a wrong state is refused, and the saved one is used up by the try', async () => {
      const agent = request.agent(base);
      const qr = await start(agent);
      const back = await scanAt(agent, qr);
      const forged = new URL(back);
      forged.searchParams.set('state', 'f'.repeat(32));
      expect(await callback(agent, forged)).toBe('/login?error=WechatState');
      expect(await callback(agent, back)).toBe('/login?error=WechatState');
    });

    it('a state older than 10 minutes is refused', async () => {
      const agent = request.agent(base);
      const qr = await start(agent);
      const back = await scanAt(agent, qr);
      const changed = await sql<{ sid: string }>(
        `update sessions set data = jsonb_set(data, '{wechatState,expiresAt}', to_jsonb((extract(epoch from now()) * 1000 - 1)::bigint)) where data->'wechatState'->>'hash' is not null and data->'wechatState'->>'expiresAt' is not null and sid in (select sid from sessions order by created_at desc limit 1) returning sid`,
      );
      expect(changed).toHaveLength(1);
      expect(await callback(agent, back)).toBe('/login?error=WechatState');
    });

    it('a code WeChat already used (40163) and a made-up code (40029) say the code did not work', async () => {
      const first = await wechatSignIn({ unionid: unique('union') });
      const used = first.back.searchParams.get('code')!;
      const agent = request.agent(base);
      const qr = await start(agent);
      const state = qr.searchParams.get('state')!;
      const before = devWechat.received.length;
      const replay = new URL(`${base}/api/auth/callback/wechat`);
      replay.searchParams.set('code', used);
      replay.searchParams.set('state', state);
      expect(await callback(agent, replay)).toBe('/login?error=WechatCode');
      expect(devWechat.received.slice(before)).toEqual([
        expect.objectContaining({
          endpoint: 'access_token',
          params: expect.objectContaining({ code: used }),
        }),
      ]);
      const qr2 = await start(agent);
      const madeUp = new URL(`${base}/api/auth/callback/wechat`);
      madeUp.searchParams.set('code', 'madeupcode');
      madeUp.searchParams.set('state', qr2.searchParams.get('state')!);
      expect(await callback(agent, madeUp)).toBe('/login?error=WechatCode');
      expect(await sessionOf(agent)).toBeNull();
    });

    it("WeChat's other error codes (here 45011, API limit) say WeChat sign-in failed", async () => {
      const { agent, location } = await wechatSignIn({ errcode: '45011' });
      expect(location).toBe('/login?error=WechatFailed');
      expect(await sessionOf(agent)).toBeNull();
    });

    it('a refusal on the phone comes back without a code', async () => {
      const { location } = await wechatSignIn({ action: 'deny' });
      expect(location).toBe('/login?error=WechatDenied');
    });
  });

  describe('one account, several ways in', () => {
    it('a signed-in account links WeChat through the same flow; another account cannot take it (no merge)', async () => {
      const owner = await signIn(base, `${unique('linker')}@example.com`);
      const unionid = unique('union');
      const qr = await start(owner.agent, '/api/auth/wechat/link');
      const back = await scanAt(owner.agent, qr, { unionid, nickname: '老王' });
      expect(await callback(owner.agent, back)).toBe('/profile?linked=wechat');
      const ways = (await owner.agent.get('/api/auth/ways-in').expect(200)).body;
      expect(ways.ways).toEqual([
        expect.objectContaining({ way: 'google', linked: true }),
        expect.objectContaining({ way: 'wechat', linked: true, label: '老王' }),
        expect.objectContaining({ way: 'email', linked: true }),
      ]);

      const other = await signIn(base, `${unique('other')}@example.com`);
      const otherId = (await sessionOf(other.agent)).user.id;
      const qr2 = await start(other.agent, '/api/auth/wechat/link');
      const back2 = await scanAt(other.agent, qr2, { unionid });
      expect(await callback(other.agent, back2)).toBe('/profile?error=WechatLinkedElsewhere');
      const otherWays = (await other.agent.get('/api/auth/ways-in')).body.ways;
      expect(otherWays[1]).toMatchObject({ way: 'wechat', linked: false });
      const refused = await sql(
        `select 1 from audit_entries where action = 'user.link-refused' and actor = ?`,
        [`user:${otherId}`],
      );
      expect(refused).toHaveLength(1);
    });

    it('linking needs a session', async () => {
      await request(base).get('/api/auth/wechat/link').expect(401);
      await request(base).get('/api/auth/link/google').expect(401);
    });

    /** Links Google from the profile through the development provider; answers where the browser lands. */
    const linkGoogle = async (agent: Agent, email: string, sub?: string) => {
      const toProvider = await agent
        .get(`/api/auth/link/google?callbackURL=%2Fprofile&loginHint=${encodeURIComponent(email)}`)
        .expect(302);
      const providerUrl = new URL(toProvider.headers.location, base);
      expect(providerUrl.pathname).toBe('/dev-idp/authorize');
      if (sub) providerUrl.searchParams.set('sub', sub);
      const toCallback = await agent.get(providerUrl.pathname + providerUrl.search).expect(302);
      return callback(agent, new URL(toCallback.headers.location));
    };

    it("a WeChat-first account links Google from the profile: it keeps its session, takes Google's verified address, and Google signs it in after", async () => {
      const { agent } = await wechatSignIn({ unionid: unique('union') });
      const userId = (await sessionOf(agent)).user.id;
      const email = `${unique('glink')}@example.com`;
      const sub = `1${Date.now()}${seq}`.slice(0, 21);
      expect(await linkGoogle(agent, email, sub)).toBe('/profile?linked=google');

      // The same session, now with Google and the address Google verified (no e-mail step left).
      expect((await sessionOf(agent)).user).toMatchObject({ id: userId, email });
      const ways = (await agent.get('/api/auth/ways-in').expect(200)).body;
      expect(ways.awaitingEmail).toBe(false);
      expect(ways.ways).toEqual([
        expect.objectContaining({ way: 'google', linked: true, label: email }),
        expect.objectContaining({ way: 'wechat', linked: true }),
        expect.objectContaining({ way: 'email', linked: true, label: email }),
      ]);
      expect(
        await sql<{ action: string }>(
          `select action from audit_entries where actor = ? and action in ('user.link', 'user.email-verified') order by action`,
          [`user:${userId}`],
        ),
      ).toEqual([{ action: 'user.email-verified' }, { action: 'user.link' }]);

      // Google now signs the same account in; linking the same Google again changes nothing.
      const google = await signIn(base, email, '/dashboard', { sub });
      expect((await sessionOf(google.agent)).user.id).toBe(userId);
      expect(await linkGoogle(agent, email, sub)).toBe('/profile?linked=google');
    });

    it("another account's Google is refused (no merge), an account keeps its one Google, and a round trip that fails comes back to the profile", async () => {
      const theirs = `${unique('taken')}@example.com`;
      const holder = await signIn(base, theirs);
      const holderId = (await sessionOf(holder.agent)).user.id;
      const { agent } = await wechatSignIn({ unionid: unique('union') });
      const userId = (await sessionOf(agent)).user.id;

      expect(await linkGoogle(agent, theirs)).toBe('/profile?error=GoogleLinkedElsewhere');
      expect((await agent.get('/api/auth/ways-in')).body.ways[0]).toMatchObject({
        way: 'google',
        linked: false,
      });
      const [refused] = await sql<{ before: unknown; after: unknown }>(
        `select before, after from audit_entries where action = 'user.link-refused' and actor = ?`,
        [`user:${userId}`],
      );
      expect(refused).toMatchObject({
        before: { userId: holderId },
        after: { way: 'google', reason: 'linked-elsewhere' },
      });
      // Still signed in as before; the holder's account is untouched.
      expect((await sessionOf(agent)).user.id).toBe(userId);
      expect((await sessionOf(holder.agent)).user.id).toBe(holderId);

      // A Google account cannot replace the one an account has.
      const mine = `${unique('mine')}@example.com`;
      expect(await linkGoogle(agent, mine)).toBe('/profile?linked=google');
      expect(await linkGoogle(agent, `${unique('second')}@example.com`)).toBe(
        '/profile?error=GoogleHasAnother',
      );

      // The provider sends the browser back with an error (the customer said no): the profile says so.
      await agent.get('/api/auth/link/google?callbackURL=%2Fprofile').expect(302);
      expect(
        await callback(agent, new URL(`${base}/api/auth/callback/google?error=access_denied`)),
      ).toBe('/profile?error=GoogleLinkFailed');
      // The link was used up: a later failed Google sign-in goes to the login page as usual.
      expect(
        await callback(
          request.agent(base),
          new URL(`${base}/api/auth/callback/google?error=access_denied`),
        ),
      ).toMatch(/^\/login\?error=/);
    });

    it('the last way in cannot be unlinked', async () => {
      const { agent } = await wechatSignIn({ unionid: unique('union') });
      const res = await agent
        .post('/api/auth/ways-in/unlink')
        .set('Origin', base)
        .send({ way: 'wechat' })
        .expect(409);
      expect(res.body).toEqual(
        errorOf(
          'This is your only way in: link another one before unlinking it',
          409,
          'WAY_IN_LAST',
        ),
      );
      const notLinked = await agent
        .post('/api/auth/ways-in/unlink')
        .set('Origin', base)
        .send({ way: 'google' })
        .expect(409);
      expect(notLinked.body.code).toBe('WAY_IN_NOT_LINKED');
    });

    it('unlinking WeChat ends the sessions it signed in, keeps the others, and is audited; the admin sees the ways in', async () => {
      const email = `${unique('two')}@example.com`;
      const google = await signIn(base, email);
      const userId = (await sessionOf(google.agent)).user.id;
      const unionid = unique('union');
      const qr = await start(google.agent, '/api/auth/wechat/link');
      await callback(google.agent, await scanAt(google.agent, qr, { unionid }));
      const phone = await wechatSignIn({ unionid });
      expect((await sessionOf(phone.agent)).user.id).toBe(userId);

      const admin = await signIn(base, ADMIN_EMAIL);
      const seen = (await admin.agent.get(`/api/admin/customers/${userId}/ways-in`).expect(200))
        .body;
      expect(seen.ways.map((w: { way: string; linked: boolean }) => [w.way, w.linked])).toEqual([
        ['google', true],
        ['wechat', true],
        ['email', true],
      ]);

      const res = await google.agent
        .post('/api/auth/ways-in/unlink')
        .set('Origin', base)
        .send({ way: 'wechat' })
        .expect(200);
      expect(res.body.ways[1]).toMatchObject({ way: 'wechat', linked: false });
      expect(await sessionOf(phone.agent)).toBeNull();
      expect((await sessionOf(google.agent)).user.id).toBe(userId);
      expect(
        await sql(`select 1 from audit_entries where action = 'user.unlink' and actor = ?`, [
          `user:${userId}`,
        ]),
      ).toHaveLength(1);
      // Unlinked: the same WeChat now makes a new account.
      const again = await wechatSignIn({ unionid });
      expect((await sessionOf(again.agent)).user.id).not.toBe(userId);

      await admin.agent.get('/api/admin/customers/not-a-uuid/ways-in').expect(404);
      await admin.agent
        .get('/api/admin/customers/00000000-0000-4000-8000-000000000000/ways-in')
        .expect(404);
    });

    it('unlinking Google keeps the account reachable by the others', async () => {
      const email = `${unique('g')}@example.com`;
      const google = await signIn(base, email);
      const qr = await start(google.agent, '/api/auth/wechat/link');
      await callback(google.agent, await scanAt(google.agent, qr, { unionid: unique('union') }));
      const res = await google.agent
        .post('/api/auth/ways-in/unlink')
        .set('Origin', base)
        .send({ way: 'google' })
        .expect(200);
      expect(res.body.ways[0]).toMatchObject({ way: 'google', linked: false });
      // This session signed in by Google: it ended.
      expect(await sessionOf(google.agent)).toBeNull();
      const [row] = await sql<{ google_sub: string | null }>(
        `select google_sub from users where email = ?`,
        [email],
      );
      expect(row.google_sub).toBeNull();
    });

    it('bad input on the new routes: clear 4xx', async () => {
      const { agent } = await wechatSignIn({ unionid: unique('union') });
      const bad = await agent
        .post('/api/auth/ways-in/unlink')
        .set('Origin', base)
        .send({ way: 'email' })
        .expect(400);
      expect(bad.body.message).toBe('way must be google or wechat');
      await agent
        .post('/api/auth/wechat/email-code')
        .set('Origin', base)
        .send({ email: 'not an address' })
        .expect(400);
      await agent
        .post('/api/auth/wechat/email-code/verify')
        .set('Origin', base)
        .send({ email: 'a@example.com', code: '12' })
        .expect(400);
      await request(base)
        .post('/api/auth/wechat/email-code')
        .set('Origin', base)
        .send({})
        .expect(401);
      // Repeated or nested parameters are refused before the callback (the input guard), as a 400.
      await request(base).get('/api/auth/callback/wechat?state=a&state=b&code[x]=1').expect(400);
      // A state of the wrong shape with no session: the login page's message.
      expect(
        await callback(
          request.agent(base),
          new URL(`${base}/api/auth/callback/wechat?state=not-hex&code=x`),
        ),
      ).toBe('/login?error=WechatState');
      await request(base).get('/api/auth/wechat/start?callbackURL=a&callbackURL=b').expect(400);
    });
  });

  describe('the development WeChat server', () => {
    it('checks the QR page parameters as WeChat does', async () => {
      const agent = request.agent(base);
      const qr = await start(agent);
      for (const [key, value] of [
        ['appid', 'wxother'],
        ['scope', 'snsapi_userinfo'],
        ['response_type', 'token'],
        ['redirect_uri', 'https://evil.example.com/api/auth/callback/wechat'],
        ['state', ''],
      ]) {
        const url = new URL(qr);
        url.searchParams.set(key, value);
        await agent.get(url.pathname + url.search).expect(400);
      }
    });

    it('answers errcode JSON for a wrong appid, secret or grant_type, and a wrong token', async () => {
      const token = (q: Record<string, string>) =>
        request(base)
          .get(`/dev-wechat/sns/oauth2/access_token?${new URLSearchParams(q)}`)
          .expect(200);
      const ok = { appid: APP_ID, secret: APP_SECRET, code: 'x', grant_type: 'authorization_code' };
      expect(JSON.parse((await token({ ...ok, appid: 'wxno' })).text)).toEqual({
        errcode: 40013,
        errmsg: 'invalid appid',
      });
      expect(JSON.parse((await token({ ...ok, secret: 'no' })).text)).toEqual({
        errcode: 40125,
        errmsg: 'invalid appsecret',
      });
      expect(JSON.parse((await token({ ...ok, grant_type: 'x' })).text)).toEqual({
        errcode: 40002,
        errmsg: 'invalid grant_type',
      });
      expect(JSON.parse((await token(ok)).text)).toEqual({
        errcode: 40029,
        errmsg: 'invalid code',
      });
      const info = await request(base)
        .get('/dev-wechat/sns/userinfo?access_token=no&openid=o')
        .expect(200);
      expect(JSON.parse(info.text).errcode).toBe(40001);
    });

    it('is not there for a request from elsewhere (a proxy forwarded it)', async () => {
      await request(base)
        .get('/dev-wechat/sns/userinfo?access_token=no&openid=o')
        .set('X-Forwarded-For', '203.0.113.9')
        .expect(404);
    });
  });
});

describe(`without WECHAT_LOGIN_* (${TEST_DB})`, () => {
  let db: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    running = await startApp(db);
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it('nothing changes: no WeChat on the login page, the routes answer WECHAT_SIGN_IN_OFF', async () => {
    const providers = await request(running.url).get('/api/auth/providers').expect(200);
    expect(providers.body.wechat).toBeUndefined();
    const res = await request(running.url).get('/api/auth/wechat/start').expect(404);
    expect(res.body).toEqual(
      errorOf('WeChat sign-in is not configured', 404, 'WECHAT_SIGN_IN_OFF'),
    );
  });
});
