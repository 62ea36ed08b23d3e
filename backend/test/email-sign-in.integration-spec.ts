// Sign-in by e-mail code (docs/security.md, "E-mail sign-in"), on the real app and database: codes read
// from the outbox the way the development mailbox shows them.
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { ADMIN_EMAIL, signIn, startApp, type RunningApp } from './support/app';
import { errorOf } from './support/customer';
import { createTestDatabase, TEST_DB, type TestDatabase } from './support/database';
import { em } from './support/factories';

let seq = 0;
const address = (name: string) => `${name}-${++seq}-${Date.now()}@example.com`;
/** Each test asks from its own client address (TRUST_PROXY=loopback), so their limits do not mix. */
const client = () => `198.51.100.${++seq % 250}`;

describe(`sign-in by e-mail code (${TEST_DB})`, () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    running = await startApp(db, { EMAIL_SIGN_IN: 'true', TRUST_PROXY: 'loopback' });
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  const sql = <T>(text: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(text, params);
  const ask = (email: unknown, from: string, headers: Record<string, string> = {}) => {
    let req = request(base)
      .post('/api/auth/email-code')
      .set('Origin', base)
      .set('X-Forwarded-For', from);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return req.send({ email });
  };
  const verify = (
    email: string,
    code: string,
    agent: ReturnType<typeof request.agent> | ReturnType<typeof request> = request(base),
    headers: Record<string, string> = {},
  ) => {
    let req = (agent as ReturnType<typeof request>)
      .post('/api/auth/email-code/verify')
      .set('Origin', base);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return req.send({ email, code });
  };
  /** The newest code sent to the address, read from its message in the outbox. */
  const codeSentTo = async (email: string) => {
    const [row] = await sql<{ text: string; language: string; subject: string }>(
      `select text, language, subject from mail_outbox where kind = 'sign-in-code' and recipient = ? order by created_at desc, id desc limit 1`,
      [email.toLowerCase()],
    );
    const code = /^(\d{6})$/m.exec(row?.text ?? '')?.[1];
    expect(code).toBeDefined();
    return { code: code!, ...row };
  };
  const sessionCookie = (res: request.Response) =>
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('seatkeeper.sid='));

  it('lists the e-mail provider beside Google', async () => {
    const res = await request(base).get('/api/auth/providers').expect(200);
    expect(res.body.email).toEqual({ id: 'email', name: 'E-mail code' });
    expect(res.body.google).toBeDefined();
  });

  it('signs a new customer in with the code: the address proved, the session cookie set, the code stored only as a hash', async () => {
    const email = address('New');
    const sent = await ask(email, client(), { Cookie: 'lang=en' }).expect(200);
    expect(sent.body).toEqual({ status: true, expiresInSeconds: 600 });
    const mail = await codeSentTo(email);
    expect(mail.language).toBe('en');
    expect(mail.subject).not.toContain(mail.code);
    const [stored] = await sql<Record<string, unknown>>(
      'select * from email_sign_in_codes where email = ?',
      [email.toLowerCase()],
    );
    expect(JSON.stringify(stored)).not.toContain(mail.code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const agent = request.agent(base);
    const res = await verify(email, mail.code, agent, { Cookie: 'lang=en' }).expect(200);
    expect(sessionCookie(res)).toMatch(/HttpOnly/i);
    expect(res.body).toMatchObject({
      status: true,
      user: { email: email.toLowerCase(), emailVerified: true },
    });
    const session = (await agent.get('/api/auth/get-session').expect(200)).body;
    expect(session.user).toMatchObject({ email: email.toLowerCase(), emailVerified: true });
    const [user] = await sql<{ language: string | null; google_sub: string | null }>(
      'select language, google_sub from users where email = ?',
      [email.toLowerCase()],
    );
    expect(user).toEqual({ language: 'en', google_sub: null });
  });

  it('signs in to the existing account by the linking rules', async () => {
    // An account of a Google identity with a verified e-mail: the code signs in to it, the subject kept.
    const email = address('owner');
    const google = await signIn(base, email);
    const googleUser = (await google.agent.get('/api/auth/get-session')).body.user;
    await ask(email.toUpperCase(), client()).expect(200);
    const agent = request.agent(base);
    await verify(email, (await codeSentTo(email)).code, agent).expect(200);
    expect((await agent.get('/api/auth/get-session')).body.user.id).toBe(googleUser.id);

    // An identity whose provider did not verify the address (an account made before such identities
    // stopped making accounts): the mailbox's owner is not let in.
    const unverified = address('unverified');
    await sql(
      'insert into users (id, name, email, email_verified, google_sub) values (?, ?, ?, false, ?)',
      [randomUUID(), 'Legacy', unverified, `sub-${unverified}`],
    );
    await ask(unverified, client()).expect(200);
    const refused = await verify(unverified, (await codeSentTo(unverified)).code).expect(403);
    expect(refused.body).toEqual(
      errorOf(
        'This address belongs to an account that cannot be signed in to with a code',
        403,
        'EMAIL_ACCOUNT_NOT_LINKED',
      ),
    );
    expect(sessionCookie(refused)).toBeUndefined();

    // An account made by a code is linked by a later Google sign-in with the verified address.
    const first = address('code-first');
    await ask(first, client()).expect(200);
    const byCode = await verify(first, (await codeSentTo(first)).code).expect(200);
    const later = await signIn(base, first);
    expect((await later.agent.get('/api/auth/get-session')).body.user.id).toBe(byCode.body.user.id);
  });

  it('refuses an expired code', async () => {
    const email = address('late');
    await ask(email, client()).expect(200);
    const { code } = await codeSentTo(email);
    await sql(
      `update email_sign_in_codes set expires_at = now() - interval '1 second' where email = ?`,
      [email],
    );
    const res = await verify(email, code).expect(400);
    expect(res.body).toEqual(
      errorOf(
        'The code has expired or was already used; ask for a new one',
        400,
        'EMAIL_CODE_EXPIRED',
      ),
    );
    // Never asked: the same answer.
    await verify(address('never'), '123456').expect(400);
  });

  it('locks a code after five wrong ones, even the right one then', async () => {
    const email = address('guess');
    await ask(email, client()).expect(200);
    const { code } = await codeSentTo(email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const res = await verify(email, wrong).expect(400);
      expect(res.body).toEqual({
        ...errorOf('Wrong code', 400, 'EMAIL_CODE_INVALID'),
        attemptsLeft: left,
      });
    }
    const locked = errorOf('Too many wrong codes; ask for a new one', 400, 'EMAIL_CODE_LOCKED');
    expect((await verify(email, wrong).expect(400)).body).toEqual(locked);
    expect((await verify(email, code).expect(400)).body).toEqual(locked);
    // A new code works.
    await ask(email, client()).expect(200);
    await verify(email, (await codeSentTo(email)).code).expect(200);
  });

  it('locks an address for the rest of the seller day after 10 wrong codes, even the right one, and tells its owner once', async () => {
    const email = address('budget');
    // An account that reads English: the notice is in its language.
    await sql(
      `insert into users (id, name, email, email_verified, language) values (?, 'Budget', ?, true, 'en')`,
      [randomUUID(), email],
    );
    const wrongFor = (code: string) => (code === '000000' ? '000001' : '000000');
    // Two codes, five wrong tries each: the tenth wrong code spends the day's budget.
    await ask(email, client()).expect(200);
    const first = (await codeSentTo(email)).code;
    for (let i = 0; i < 5; i++) await verify(email, wrongFor(first)).expect(400);
    await ask(email, client()).expect(200);
    const second = (await codeSentTo(email)).code;
    for (let i = 0; i < 4; i++) await verify(email, wrongFor(second)).expect(400);
    const tenth = await verify(email, wrongFor(second)).expect(429);
    const lockedBody = {
      ...errorOf(
        'Too many wrong codes today: sign-in by e-mail code is locked for this address until tomorrow',
        429,
        'EMAIL_CODE_DAILY_LOCKED',
      ),
      retryAfter: expect.any(Number),
    };
    expect(tenth.body).toEqual(lockedBody);
    expect(Number(tenth.headers['retry-after'])).toBe(tenth.body.retryAfter);
    expect(tenth.body.retryAfter).toBeGreaterThan(0);
    expect(tenth.body.retryAfter).toBeLessThanOrEqual(86_400 + 3600);
    // Locked: a new code is not sent, and the right code (of a fresh code) does not sign in.
    const askLocked = await ask(email, client()).expect(429);
    expect(askLocked.body).toEqual(lockedBody);
    expect(askLocked.headers['retry-after']).toBeDefined();
    await verify(email, wrongFor(second)).expect(429);
    const [{ day }] = await sql<{ day: string }>(
      'select day from email_sign_in_failures where email = ?',
      [email],
    );
    // Its owner is told once, in their language (more wrong codes add no message).
    const notices = await sql<{ subject: string; text: string; language: string }>(
      `select subject, text, language from mail_outbox where kind = 'sign-in-locked' and recipient = ?`,
      [email],
    );
    expect(notices).toHaveLength(1);
    expect(notices[0].language).toBe('en');
    expect(notices[0].subject).toBe('[seatkeeper] Sign-in by e-mail code is locked for today');
    expect(notices[0].text).toContain('10 times today');
    expect(notices[0].text).toContain(day);
    // The next seller day (the row moved to yesterday), codes work again.
    await sql(`update email_sign_in_failures set day = '2000-01-01' where email = ?`, [email]);
    await ask(email, client()).expect(200);
    await verify(email, (await codeSentTo(email)).code).expect(200);
  });

  it('writes the lock notice in Chinese to an address without an account, counting failures per address', async () => {
    const email = address('nobody');
    const other = address('bystander');
    for (let round = 0; round < 2; round++) {
      await ask(email, client()).expect(200);
      const { code } = await codeSentTo(email);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let i = 0; i < 5; i++) await verify(email, wrong).expect(round && i === 4 ? 429 : 400);
    }
    const [notice] = await sql<{ subject: string; language: string }>(
      `select subject, language from mail_outbox where kind = 'sign-in-locked' and recipient = ?`,
      [email],
    );
    expect(notice).toEqual({
      language: 'zh-CN',
      subject: '【seatkeeper】今天已暂停邮箱验证码登录',
    });
    // Another address is not affected.
    await ask(other, client()).expect(200);
    await verify(other, (await codeSentTo(other)).code).expect(200);
  });

  it('keeps admin addresses (ADMIN_EMAILS) off e-mail codes: 403, no code sent', async () => {
    const refused = errorOf(
      'This address signs in with Google only',
      403,
      'EMAIL_SIGN_IN_ADMIN_REFUSED',
    );
    for (const email of [ADMIN_EMAIL, ADMIN_EMAIL.toUpperCase()]) {
      expect((await ask(email, client()).expect(403)).body).toEqual(refused);
      expect((await verify(email, '123456').expect(403)).body).toEqual(refused);
    }
    expect(
      (
        await sql<{ n: number }>(`select count(*)::int as n from mail_outbox where recipient = ?`, [
          ADMIN_EMAIL,
        ])
      )[0].n,
    ).toBe(0);
  });

  it('refuses a code used once already, and an older code once a newer one was sent', async () => {
    const email = address('reuse');
    const from = client();
    await ask(email, from).expect(200);
    const older = (await codeSentTo(email)).code;
    await ask(email, from).expect(200);
    const newer = (await codeSentTo(email)).code;
    if (older !== newer) await verify(email, older).expect(400);
    await verify(email, newer).expect(200);
    const again = await verify(email, newer).expect(400);
    expect(again.body.code).toBe('EMAIL_CODE_EXPIRED');
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('sends at most 3 codes per address per 15 minutes: 429 with Retry-After', async () => {
    const email = address('many');
    for (let i = 0; i < 3; i++) await ask(email, client()).expect(200);
    const res = await ask(email, client()).expect(429);
    expect(res.body).toEqual({
      ...errorOf('Too many codes requested; retry later', 429, 'EMAIL_CODE_RATE_LIMITED'),
      retryAfter: expect.any(Number),
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBe(res.body.retryAfter);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(
      (
        await sql<{ n: number }>(`select count(*)::int as n from mail_outbox where recipient = ?`, [
          email,
        ])
      )[0].n,
    ).toBe(3);
    // Once the oldest is 15 minutes old, one more.
    await sql(
      `update email_sign_in_codes set created_at = created_at - interval '15 minutes' where id = (select id from email_sign_in_codes where email = ? order by created_at limit 1)`,
      [email],
    );
    await ask(email, client()).expect(200);
  });

  it('answers at most 20 requests per client address per hour: 429 with Retry-After', async () => {
    const from = client();
    for (let i = 0; i < 20; i++) await ask(address('spray'), from).expect(200);
    const res = await ask(address('spray'), from).expect(429);
    expect(res.body.code).toBe('EMAIL_CODE_RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Another client address is not held back.
    await ask(address('spray'), client()).expect(200);
  });

  it('counts concurrent requests exactly: 10 at once for one address send 3', async () => {
    const email = address('burst');
    const answers = await Promise.all(Array.from({ length: 10 }, () => ask(email, client())));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, ...Array(7).fill(429)]);
  });

  it('signs in once when one code is presented 10 times at once', async () => {
    const email = address('race');
    await ask(email, client()).expect(200);
    const { code } = await codeSentTo(email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(email, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    expect(answers.filter((a) => sessionCookie(a))).toHaveLength(1);
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ?`,
      [email],
    );
    expect(n).toBe(1);
    expect(
      (await sql<{ n: number }>('select count(*)::int as n from users where email = ?', [email]))[0]
        .n,
    ).toBe(1);
  });

  it('validates the bodies', async () => {
    const res = await ask('not-an-address', client()).expect(400);
    expect(res.body).toEqual(errorOf('Invalid email format', 400, expect.any(String)));
    const bad = await verify(address('x'), '12345').expect(400);
    expect(bad.body.message).toBe('The code is 6 digits');
  });
});

describe(`sign-in by e-mail code, off (the default) (${TEST_DB})`, () => {
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

  it('answers 404 on both endpoints, whatever the body, and the providers do not list it', async () => {
    const base = running.url;
    for (const [path, body] of [
      ['/api/auth/email-code', { email: 'a@example.com' }],
      ['/api/auth/email-code', { email: 5 }],
      ['/api/auth/email-code/verify', { email: 'a@example.com', code: '123456' }],
    ] as const) {
      const res = await request(base).post(path).set('Origin', base).send(body).expect(404);
      expect(res.body).toEqual(errorOf(`Cannot POST ${path}`, 404, 'NOT_FOUND'));
    }
    const providers = await request(base).get('/api/auth/providers').expect(200);
    expect(providers.body.email).toBeUndefined();
    expect(
      (await em(running).getConnection().execute('select count(*)::int as n from mail_outbox'))[0]
        .n,
    ).toBe(0);
  });
});
