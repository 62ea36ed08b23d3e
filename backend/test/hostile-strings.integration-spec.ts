import request from 'supertest';
import { ADMIN_EMAIL, signIn, type RunningApp, withFreshApp } from './support/app';
import { customer } from './support/customer';
import { TEST_DB } from './support/database';
import { em, giveSeats } from './support/factories';

/**
 * SQL-looking text in every string parameter of the plugin's hot paths and of every search box: the
 * answers are the ones an ordinary unknown value gets, on PostgreSQL and on the embedded database alike
 * (docs/security.md: on PGlite a value with `;` was once run as a multi-statement script, and the licence
 * check read the script's result list as a row: VALID for any token).
 */
describe(`hostile strings in parameters (${TEST_DB})`, () => {
  let running: RunningApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];

  withFreshApp({ PLUGIN_RATE_LIMIT: '100000' }, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  // Each piece alone and together; NUL is refused as bad input before any query (400).
  const HOSTILE = [
    ';',
    'a;b',
    "o'brien",
    "x'; select 1; --",
    '$1',
    '$1;$2',
    'back\\slash;',
    'a -- b',
    '/* c */;',
  ];
  const NUL = 'a\u0000b';

  it('a made-up token is TOKEN_INVALID for any domain, including ones with `;`', async () => {
    for (const v of [
      ...HOSTILE,
      'pirated-shop.com;',
      'pirated-shop.com;drop table licenses',
      "shop.com'",
    ]) {
      const res = await request(base)
        .post('/api/licenses/check')
        .set('Authorization', 'Bearer not-a-real-token')
        .send({ domain: v });
      const answer =
        res.status === 200 ? res.body : { status: res.status, message: res.body.message };
      expect([v, answer]).toEqual([
        v,
        res.status === 200
          ? {
              valid: false,
              code: 'TOKEN_INVALID',
              license: null,
              domain: expect.any(String),
              checkedAt: expect.any(String),
            }
          : { status: 400, message: 'Must be a valid URL' },
      ]);
    }
    for (const token of HOSTILE) {
      const res = await request(base)
        .post('/api/licenses/check')
        .set('Authorization', `Bearer ${token}`)
        .send({ domain: 'pirated-shop.com;' })
        .expect(200);
      expect(res.body).toMatchObject({ valid: false, code: 'TOKEN_INVALID' });
      const verify = await request(base).post('/api/verify-token').send({ token }).expect(200);
      expect(verify.body).toEqual({
        valid: false,
        userId: null,
        tokenId: null,
        message: 'Token is invalid or expired',
      });
    }
    const nul = await request(base)
      .post('/api/licenses/check')
      .set('Authorization', 'Bearer x')
      .send({ domain: NUL });
    expect(nul.status).toBe(400);
  });

  it('a real token is DOMAIN_NOT_BOUND for a bound domain with `;` or other non-DNS characters appended', async () => {
    const c = await customer(base);
    await giveSeats(running, c.userId, 'basic', 1, { bound: ['https://shop.example.com'] });
    const token = (await c.agent.get('/api/apitokens/token').expect(200)).body.plainToken as string;
    const check = (domain: string) =>
      request(base)
        .post('/api/licenses/check')
        .set('Authorization', `Bearer ${token}`)
        .send({ domain });
    expect((await check('shop.example.com').expect(200)).body).toMatchObject({
      valid: true,
      code: 'VALID',
    });
    for (const domain of [
      'shop.example.com;',
      'shop.example.com;x',
      "shop.example.com'",
      'shop.example.com$1',
      'shop_example.com',
      'shop.example.com--',
    ]) {
      const res = await check(domain).expect(200);
      expect([domain, res.body]).toEqual([
        domain,
        {
          valid: false,
          code: 'DOMAIN_NOT_BOUND',
          license: null,
          domain: expect.any(String),
          checkedAt: expect.any(String),
        },
      ]);
    }
  });

  it('binding refuses host names that are not DNS names, and nothing is bound', async () => {
    const c = await customer(base);
    const [seat] = await giveSeats(running, c.userId, 'basic', 1);
    for (const websiteUrl of [
      'https://shop.com;',
      'https://a;b.com',
      "https://o'brien.com",
      'https://x$1.com',
      'https://a_b.com',
      'https://-a.com',
      'https://a-.com',
    ]) {
      const res = await c.post(`/api/apitokens/licenses/${seat.id}/bind`).send({ websiteUrl });
      expect([websiteUrl, res.status, res.body.message]).toEqual([
        websiteUrl,
        400,
        'Must be a valid URL',
      ]);
    }
    const [row] = await em(running)
      .getConnection()
      .execute('select website_url from licenses where id = ?', [seat.id]);
    expect(row.website_url).toBeNull();
  });

  it('order and sandbox lookups answer 404 for hostile order numbers', async () => {
    const c = await customer(base);
    for (const v of HOSTILE) {
      await c.agent.get(`/api/orders/by-order-id/${encodeURIComponent(v)}`).expect(404);
      const page = await request(base).get(`/sandbox-pay/${encodeURIComponent(v)}`);
      expect([v, page.status]).toEqual([v, 404]);
      const pay = await request(base)
        .post(`/sandbox-pay/${encodeURIComponent(v)}/pay`)
        .set('Origin', base);
      expect([v, pay.status]).toEqual([v, 404]);
    }
  });

  it('every admin search box finds exactly the matching rows, or none', async () => {
    const marker = `o'brien;x$1--\\${Date.now()}`;
    const c = await customer(base);
    await em(running)
      .getConnection()
      .execute('update users set name = ? where id = ?', [marker, c.userId]);
    const overview = (search: string) =>
      admin.get('/api/subscriptions/admin/subscriptions/users').query({ search }).expect(200);
    const found = (await overview(marker)).body;
    expect(found.items.map((i: { userId: string; name: string }) => [i.userId, i.name])).toEqual([
      [c.userId, marker],
    ]);
    for (const v of HOSTILE) {
      const res = await overview(v);
      for (const item of res.body.items) expect(typeof item.userId).toBe('string');
      if (!marker.includes(v)) expect([v, res.body.pagination.total]).toEqual([v, 0]);
      const vip = await admin.get('/apitokens/admin/vip-emails').query({ search: v });
      expect([v, vip.status]).toEqual([v, 200]);
      expect(Array.isArray(vip.body.vipEmails)).toBe(true);
      const audit = await admin.get('/api/admin/audit').query({ actor: v });
      expect([v, audit.status]).toEqual([v, 200]);
      // The action filter is a name from a list (vip.add, order.paid…): anything else is a clear 400.
      const byAction = await admin.get('/api/admin/audit').query({ action: v });
      expect([v, byAction.status]).toEqual([v, /^[a-z0-9_.-]*$/.test(v) ? 200 : 400]);
      if (byAction.status === 400) expect(byAction.body.code).toBe('VALIDATION_FAILED');
      const quizAdmin = await admin.get('/api/quiz/admin/questions').query({ category: v });
      expect([v, quizAdmin.status, quizAdmin.body.questions]).toEqual([v, 200, []]);
      const quiz = await admin.get('/api/quiz/questions').query({ category: v });
      expect([v, quiz.status, quiz.body.questions]).toEqual([v, 200, []]);
    }
    for (const path of [
      '/api/subscriptions/admin/subscriptions/users',
      '/apitokens/admin/vip-emails',
    ]) {
      expect((await admin.get(path).query({ search: NUL })).status).toBe(400);
    }
  });

  it('signs in, and finds again, a customer whose e-mail holds `;` and a quote', async () => {
    const email = `"semi;o'quote-${Date.now()}"@example.com`;
    const first = await signIn(base, email);
    const session = (await first.agent.get('/api/auth/get-session').expect(200)).body;
    expect(session.user.email).toBe(email);
    const again = await signIn(base, email);
    expect((await again.agent.get('/api/auth/get-session').expect(200)).body.user.id).toBe(
      session.user.id,
    );
    const [{ n }] = await em(running)
      .getConnection()
      .execute('select count(*)::int as n from users where email = ?', [email]);
    expect(n).toBe(1);
  });
});
