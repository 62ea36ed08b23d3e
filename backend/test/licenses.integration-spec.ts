import request from 'supertest';
import { License } from '../src/licenses/license.entity';
import { Order } from '../src/orders/order.entity';
import { signIn, type RunningApp, withFreshApp } from './support/app';
import { em, giveSeats } from './support/factories';

describe('activation codes, licence seats and the plugin check', () => {
  let running: RunningApp;
  let base: string;
  let counter = 0;

  async function customer() {
    const email = `customer${++counter}@example.com`;
    const { agent } = await signIn(base, email);
    const userId = (await agent.get('/api/auth/get-session')).body.user.id as string;
    const post = (path: string) => agent.post(path).set('Origin', base);
    return { agent, userId, post, email };
  }
  /** The error shape with its code (any code unless the case names it). */
  const errorOf = (text: string, statusCode = 400, code: unknown = expect.any(String)) => ({
    statusCode,
    error: text,
    message: text,
    code,
  });

  withFreshApp({ PLUGIN_RATE_LIMIT: '1000' }, async (app) => {
    running = app;
    base = app.url;
  });

  describe('activation code', () => {
    it('is created on first fetch as 64 hex characters, stored encrypted, and stable afterwards', async () => {
      const { agent, userId } = await customer();
      const first = await agent.get('/api/apitokens/token').expect(200);
      expect(first.body.hasToken).toBe(true);
      expect(first.body.plainToken).toMatch(/^[0-9a-f]{64}$/);
      expect(first.body.userToken).toMatchObject({
        userId,
        lastUsedAt: null,
        lastRegeneratedAt: null,
      });
      expect(first.body.userToken.token).toBeUndefined();
      const again = await agent.get('/apitokens/tokens/token').expect(200);
      expect(again.body.plainToken).toBe(first.body.plainToken);
      const [row] = await em(running)
        .getConnection()
        .execute('select * from user_tokens where user_id = ?', [userId]);
      expect(JSON.stringify(row)).not.toContain(first.body.plainToken);
      expect(row.token_digest).toMatch(/^[0-9a-f]{64}$/);
    });

    it('regenerates with 201 when none existed and 200 when replacing; the old code stops working', async () => {
      const { post } = await customer();
      const created = await post('/api/apitokens/token/regenerate').expect(201);
      expect(created.body.userToken.lastRegeneratedAt).not.toBeNull();
      const replaced = await post('/api/apitokens/token/regenerate').expect(200);
      expect(replaced.body.plainToken).not.toBe(created.body.plainToken);
      const old = await request(base)
        .post('/api/verify-token')
        .send({ token: created.body.plainToken })
        .expect(200);
      expect(old.body).toEqual({
        valid: false,
        userId: null,
        tokenId: null,
        message: 'Token is invalid or expired',
      });
    });

    it('answers that carry a secret are never stored by a cache', async () => {
      const { agent, post, userId } = await customer();
      await giveSeats(running, userId, 'basic', 1, { bound: ['https://cached.example.com'] });
      const token = await agent.get('/api/apitokens/token').expect(200);
      expect(token.headers['cache-control']).toBe('no-store');
      expect(
        (await agent.get('/apitokens/tokens/token').expect(200)).headers['cache-control'],
      ).toBe('no-store');
      expect(
        (await post('/api/apitokens/token/regenerate').expect(200)).headers['cache-control'],
      ).toBe('no-store');
      const info = await request(base)
        .get('/api/wp-updates/plugins/visual-editor/info')
        .set(
          'Authorization',
          `Bearer ${(await agent.get('/api/apitokens/token')).body.plainToken}`,
        );
      expect([info.status, info.headers['cache-control']]).toEqual([200, 'no-store']);
    });

    it('keeps one token per user under concurrent first fetches', async () => {
      const { agent, userId } = await customer();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => agent.get('/api/apitokens/token')),
      );
      expect(new Set(answers.map((a) => a.body.plainToken)).size).toBe(1);
      const [{ n }] = await em(running)
        .getConnection()
        .execute('select count(*)::int as n from user_tokens where user_id = ?', [userId]);
      expect(n).toBe(1);
    });

    it('answers 401 User not authenticated to anonymous token and licence calls', async () => {
      for (const [method, path] of [
        ['get', '/api/apitokens/token'],
        ['post', '/api/apitokens/token/regenerate'],
        ['get', '/api/apitokens/licenses'],
        ['post', '/api/apitokens/licenses/00000000-0000-4000-8000-000000000000/bind'],
      ] as const) {
        const anonymous = request(base);
        const res = await anonymous[method](path).send({ websiteUrl: 'https://a.com' }).expect(401);
        expect(res.body).toEqual(errorOf('User not authenticated', 401, 'UNAUTHENTICATED'));
      }
    });
  });

  describe('verify-token', () => {
    it('verifies a body token or a bearer header and records lastUsedAt', async () => {
      const { agent, userId } = await customer();
      const { plainToken, userToken } = (await agent.get('/api/apitokens/token')).body;
      const byBody = await request(base)
        .post('/api/verify-token')
        .send({ token: plainToken })
        .expect(200);
      expect(byBody.body).toEqual({
        valid: true,
        userId,
        tokenId: userToken.id,
        message: 'Token is valid',
      });
      const byHeader = await request(base)
        .post('/api/verify-token')
        .set('Authorization', `Bearer ${plainToken}`)
        .expect(200);
      expect(byHeader.body.valid).toBe(true);
      let lastUsedAt = null;
      for (let i = 0; i < 20 && !lastUsedAt; i++) {
        await new Promise((r) => setTimeout(r, 50));
        lastUsedAt = (await agent.get('/api/apitokens/token')).body.userToken.lastUsedAt;
      }
      expect(new Date(lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    });

    it('records the first use of a regenerated code at once (not a minute later)', async () => {
      const { agent, post } = await customer();
      const lastUsed = async () => {
        for (let i = 0; i < 20; i++) {
          const value = (await agent.get('/api/apitokens/token')).body.userToken.lastUsedAt;
          if (value) return value as string;
          await new Promise((r) => setTimeout(r, 50));
        }
        return null;
      };
      const first = (await agent.get('/api/apitokens/token')).body.plainToken;
      await request(base).post('/api/verify-token').send({ token: first }).expect(200);
      expect(await lastUsed()).not.toBeNull();
      const renewed = (await post('/api/apitokens/token/regenerate').expect(200)).body;
      expect(renewed.userToken.lastUsedAt).toBeNull();
      await request(base)
        .post('/api/licenses/check')
        .set('Authorization', `Bearer ${renewed.plainToken}`)
        .send({ domain: 'localhost' })
        .expect(200);
      expect(await lastUsed()).not.toBeNull();
    });

    it('refuses an empty token with 400 and answers an unknown one as invalid', async () => {
      const empty = await request(base)
        .post('/api/verify-token')
        .send({ token: '   ' })
        .expect(400);
      expect(empty.body).toEqual(errorOf('Token is required', 400, 'TOKEN_REQUIRED'));
      const unknown = await request(base)
        .post('/api/verify-token')
        .send({ token: 'f'.repeat(64) })
        .expect(200);
      expect(unknown.body.valid).toBe(false);
    });
  });

  describe('licence list', () => {
    it('lists seats by seat index with status, tier, AI status and the seat summary', async () => {
      const { agent, userId } = await customer();
      await giveSeats(running, userId, 'pro', 3, {
        firstIndex: 1,
        bound: [undefined as never, 'https://b.com'],
      });
      await giveSeats(running, userId, 'basic', 1, {
        firstIndex: 4,
        licenseType: 'yearly',
        expiresAt: new Date(Date.now() - 1000),
      });
      const res = await agent.get('/api/apitokens/licenses').expect(200);
      expect(res.body.licenses.map((l: { seatIndex: number }) => l.seatIndex)).toEqual([
        1, 2, 3, 4,
      ]);
      expect(res.body.licenses[3]).toMatchObject({
        status: 'expired',
        tier: 'basic',
        licenseType: 'yearly',
      });
      expect(res.body.licenses[0]).toMatchObject({
        status: 'active',
        tier: 'pro',
        bindingChangesLeft: 2,
        aiConfigStatus: { configured: false, lastUpdated: null, maskedApiKey: null, baseUrl: null },
      });
      expect(res.body.licenses[0].aiApiKey).toBeUndefined();
      expect(res.body.summary).toEqual({ tier: 'pro', planName: 'Pro', bound: 1, seatTotal: 5 });
    });
  });

  describe('binding', () => {
    it('binds with normalisation, rebinds the same domain for free and a different one for a change', async () => {
      const { post, userId } = await customer();
      const [seat] = await giveSeats(running, userId, 'pro', 2);
      const bound = await post(`/api/apitokens/licenses/${seat.id}/bind`)
        .send({ websiteUrl: 'https://www.Example.com/blog?x=1' })
        .expect(200);
      expect(bound.body.action).toBe('bound');
      expect(bound.body.license).toMatchObject({
        websiteUrl: 'https://example.com',
        bindingChangesLeft: 2,
      });
      const same = await post(`/apitokens/tokens/licenses/${seat.id}/bind`)
        .send({ websiteUrl: 'http://example.com/' })
        .expect(200);
      expect(same.body.license).toMatchObject({
        websiteUrl: 'http://example.com',
        bindingChangesLeft: 2,
      });
      const moved = await post(`/api/apitokens/licenses/${seat.id}/bind`)
        .send({ websiteUrl: 'https://other.org' })
        .expect(200);
      expect(moved.body).toMatchObject({
        action: 'rebound',
        license: { websiteUrl: 'https://other.org', bindingChangesLeft: 1 },
      });
      expect(moved.body.license.lastBindingChangeAt).not.toBeNull();
      await post(`/api/apitokens/licenses/${seat.id}/bind`)
        .send({ websiteUrl: 'https://third.org' })
        .expect(200);
      const none = await post(`/api/apitokens/licenses/${seat.id}/bind`)
        .send({ websiteUrl: 'https://fourth.org' })
        .expect(400);
      expect(none.body).toEqual(
        errorOf('No binding changes left for this license', 400, 'NO_BINDING_CHANGES_LEFT'),
      );
      await post(`/api/apitokens/licenses/${seat.id}/bind`)
        .send({ websiteUrl: 'https://www.third.org/x' })
        .expect(200);
    });

    it('answers every licence error with its text (docs/product.md#errors)', async () => {
      const { post, userId } = await customer();
      const [a, b] = await giveSeats(running, userId, 'pro', 2);
      const [yearly] = await giveSeats(running, userId, 'basic', 1, {
        firstIndex: 3,
        licenseType: 'yearly',
        expiresAt: new Date(Date.now() - 60_000),
      });
      const bind = (id: string, body: object) =>
        post(`/api/apitokens/licenses/${id}/bind`).send(body);
      expect((await bind(a.id, {}).expect(400)).body).toEqual(
        errorOf('Website URL is required', 400, 'VALIDATION_FAILED'),
      );
      expect((await bind(a.id, { websiteUrl: '' }).expect(400)).body).toEqual(
        errorOf('Website URL is required'),
      );
      expect((await bind(a.id, { websiteUrl: 'example.com' }).expect(400)).body).toEqual(
        errorOf('Must be a valid URL', 400, 'INVALID_URL'),
      );
      expect((await bind('not-a-uuid', { websiteUrl: 'https://a.com' }).expect(404)).body).toEqual(
        errorOf('License not found', 404, 'LICENSE_NOT_FOUND'),
      );
      expect((await bind(yearly.id, { websiteUrl: 'https://a.com' }).expect(400)).body).toEqual(
        errorOf('License has expired', 400, 'LICENSE_EXPIRED'),
      );
      await bind(a.id, { websiteUrl: 'https://taken.com' }).expect(200);
      expect(
        (await bind(b.id, { websiteUrl: 'http://www.taken.com/path' }).expect(400)).body,
      ).toEqual(errorOf('该域名已绑定到您的永久版/年付版授权', 400, 'DOMAIN_ALREADY_BOUND'));
    });

    it('refuses to bind a development host to a seat (they need none), using no change', async () => {
      const { post, userId } = await customer();
      const [seat] = await giveSeats(running, userId, 'pro', 1, {
        bound: ['https://live.example.com'],
      });
      for (const websiteUrl of [
        'http://localhost:8080',
        'http://127.0.0.1',
        'https://shop.local',
        'https://shop.test',
        'http://app.localhost',
        'http://[::1]:8080',
      ]) {
        const res = await post(`/api/apitokens/licenses/${seat.id}/bind`).send({ websiteUrl });
        expect([websiteUrl, res.status, res.body.message]).toEqual([
          websiteUrl,
          400,
          expect.stringContaining('Development hosts'),
        ]);
      }
      const fresh = await em(running).findOneOrFail(License, seat.id);
      expect([fresh.websiteUrl, fresh.bindingChangesLeft]).toEqual(['https://live.example.com', 2]);
    });

    it("treats another user's licence as not found", async () => {
      const owner = await customer();
      const [seat] = await giveSeats(running, owner.userId, 'basic', 1);
      const intruder = await customer();
      const res = await intruder
        .post(`/api/apitokens/licenses/${seat.id}/bind`)
        .send({ websiteUrl: 'https://steal.com' })
        .expect(404);
      expect(res.body.message).toBe('License not found');
      const fresh = await em(running).findOneOrFail(License, seat.id);
      expect(fresh.websiteUrl).toBeNull();
    });

    it('lets exactly one of concurrent binds of one domain win', async () => {
      const { post, userId } = await customer();
      const seats = await giveSeats(running, userId, 'pro', 5);
      const answers = await Promise.all(
        seats.map((s) =>
          post(`/api/apitokens/licenses/${s.id}/bind`).send({ websiteUrl: 'https://race.com' }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
      const [{ n }] = await em(running)
        .getConnection()
        .execute(
          `select count(*)::int as n from licenses where user_id = ? and website_url = 'https://race.com'`,
          [userId],
        );
      expect(n).toBe(1);
    });
  });

  describe('ultra auto-expansion', () => {
    it('adds up to 10 seats under a paid zero-amount order when fewer than 2 seats are free', async () => {
      const { post, agent, userId } = await customer();
      const seats = await giveSeats(running, userId, 'ultra', 10, {
        bound: Array.from({ length: 9 }, (_, i) => `https://s${i}.com`),
      });
      await post(`/api/apitokens/licenses/${seats[9].id}/bind`)
        .send({ websiteUrl: 'https://s9.com' })
        .expect(200);
      const list = (await agent.get('/api/apitokens/licenses')).body.licenses;
      expect(list).toHaveLength(20);
      expect(list.map((l: { seatIndex: number }) => l.seatIndex)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(list[19]).toMatchObject({
        purchaseTier: 'ultra',
        licenseType: 'permanent',
        bindingChangesLeft: 2,
        websiteUrl: null,
      });
      // Beside giveSeats's standing Max grant, one expansion that belongs to it.
      const orders = await em(running).find(Order, {
        user: userId,
        paymentMethod: 'auto-expansion',
      });
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        status: 'paid',
        amount: 0,
        paymentMethod: 'auto-expansion',
        seatCount: 10,
        subscriptionTier: 'ultra',
      });
    });

    it('never passes the ultra seat count or duplicates seat indexes under concurrent binds', async () => {
      const { post, agent, userId } = await customer();
      const bound = Array.from({ length: 95 }, (_, i) => `https://u${i}.com`);
      const seats = await giveSeats(running, userId, 'ultra', 96, { bound });
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post(`/api/apitokens/licenses/${seats[i].id}/bind`).send({
            websiteUrl: `https://u${i}.com`,
          }),
        ),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      await post(`/api/apitokens/licenses/${seats[95].id}/bind`)
        .send({ websiteUrl: 'https://last.com' })
        .expect(200);
      const list = (await agent.get('/api/apitokens/licenses')).body.licenses as {
        seatIndex: number;
      }[];
      expect(list).toHaveLength(100);
      expect(new Set(list.map((l) => l.seatIndex)).size).toBe(100);
      await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          post(`/api/apitokens/licenses/${seats[i].id}/bind`).send({
            websiteUrl: `https://u${i}.com`,
          }),
        ),
      );
      expect((await agent.get('/api/apitokens/licenses')).body.licenses).toHaveLength(100);
    });
  });

  describe('plugin licence check', () => {
    async function setup() {
      const c = await customer();
      const token = (await c.agent.get('/api/apitokens/token')).body.plainToken as string;
      const [seat] = await giveSeats(running, c.userId, 'pro', 1, {
        bound: ['https://shop.example'],
      });
      const [yearly] = await giveSeats(running, c.userId, 'basic', 1, {
        firstIndex: 2,
        licenseType: 'yearly',
        expiresAt: new Date(Date.now() - 1000),
        bound: ['https://old.example'],
      });
      const check = (domain: string, t = token) =>
        request(base)
          .post('/api/licenses/check')
          .set('Authorization', `Bearer ${t}`)
          .send({ domain })
          .expect(200);
      return { ...c, token, seat, yearly, check };
    }

    it('answers VALID for a bound domain in any spelling', async () => {
      const { check } = await setup();
      for (const domain of ['shop.example', 'www.shop.example', 'http://shop.example/wp-admin']) {
        const res = await check(domain);
        expect(res.body).toEqual({
          valid: true,
          code: 'VALID',
          license: { seatIndex: 1, tier: 'pro', licenseType: 'permanent', expiresAt: null },
          domain: 'shop.example',
          checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        });
      }
    });

    it('answers TOKEN_INVALID, DOMAIN_NOT_BOUND and LICENSE_EXPIRED', async () => {
      const { check } = await setup();
      expect((await check('shop.example', 'f'.repeat(64))).body).toEqual({
        valid: false,
        code: 'TOKEN_INVALID',
        license: null,
        domain: 'shop.example',
        checkedAt: expect.any(String),
      });
      expect((await check('elsewhere.example')).body).toEqual({
        valid: false,
        code: 'DOMAIN_NOT_BOUND',
        license: null,
        domain: 'elsewhere.example',
        checkedAt: expect.any(String),
      });
      const expired = await check('old.example');
      expect(expired.body).toMatchObject({
        valid: false,
        code: 'LICENSE_EXPIRED',
        license: { seatIndex: 2, licenseType: 'yearly' },
      });
      const missing = await request(base).post('/api/licenses/check').send({}).expect(400);
      expect(missing.body.message).toBe('Domain is required');
    });

    it('always answers VALID for development hosts without using a seat', async () => {
      const { check, agent } = await setup();
      for (const domain of [
        'localhost:8080',
        '127.0.0.1',
        'mysite.local',
        'shop.test',
        'wp.localhost',
      ]) {
        expect((await check(domain)).body).toEqual({
          valid: true,
          code: 'VALID',
          license: null,
          development: true,
          domain,
          checkedAt: expect.any(String),
        });
      }
      const list = (await agent.get('/api/apitokens/licenses')).body;
      expect(list.summary.bound).toBe(2);
    });
  });

  describe('plugin routes input', () => {
    it('answers bad bodies with 4xx in the error shape, and is documented in OpenAPI', async () => {
      const post = (path: string, body: string) =>
        request(base).post(path).set('Content-Type', 'application/json').send(body);
      expect((await post('/api/verify-token', '{"token":').expect(400)).body).toEqual(
        errorOf('Malformed JSON in request body', 400, 'MALFORMED_JSON'),
      );
      expect((await post('/api/verify-token', '{"token":"a","x":1}').expect(400)).body).toEqual(
        errorOf('property x should not exist', 400, 'VALIDATION_FAILED'),
      );
      expect((await post('/api/verify-token', '{"token":42}').expect(400)).body).toEqual(
        errorOf('token must be a string'),
      );
      expect((await post('/api/verify-token', '[1]').expect(400)).body).toEqual(
        errorOf('Request body must be a JSON object'),
      );
      expect((await post('/api/licenses/check', '{"domain":7}').expect(400)).body).toEqual(
        errorOf('Domain is required'),
      );
      expect(
        (await post('/api/licenses/check', '{"domain":"not a host"}').expect(400)).body,
      ).toEqual(errorOf('Must be a valid URL', 400, 'INVALID_URL'));
      const huge = await post(
        '/api/licenses/check',
        JSON.stringify({ domain: 'x'.repeat(20_000) }),
      ).expect(413);
      expect(huge.body).toEqual(
        errorOf('Request body is larger than 16 kB', 413, 'BODY_TOO_LARGE'),
      );
      const doc = (await request(base).get('/api/docs-json').expect(200)).body;
      expect(
        doc.paths['/api/verify-token'].post.responses['200'].content['application/json'].schema
          .$ref,
      ).toBe('#/components/schemas/VerifyTokenResponseDto');
      expect(doc.components.schemas.LicenseCheckResultDto.properties.code.enum).toContain(
        'DOMAIN_NOT_BOUND',
      );
    });
  });
});
