import request from 'supertest';
import { ADMIN_EMAIL, signIn, type RunningApp, withFreshApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { em, giveSeats } from './support/factories';

describe('VIP whitelist, VIP grant, subscription overview and the audit log', () => {
  let running: RunningApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof signIn>>['agent'];

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const vip = '/apitokens/admin/vip-emails';
  const addVip = (email: unknown) => admin.post(vip).set('Origin', base).send({ email });
  const audit = async (action: string) =>
    (await admin.get(`/api/admin/audit?action=${action}&pageSize=50`).expect(200)).body.items;

  describe('whitelist', () => {
    it('adds, refuses duplicates and bad addresses with the spec texts', async () => {
      expect((await addVip('Student1@Example.com').expect(200)).body).toEqual({
        message: 'Email added to VIP list',
      });
      expect((await addVip('student1@example.com').expect(400)).body).toEqual(
        errorOf('Email is already in VIP list'),
      );
      expect((await addVip('no-at-sign').expect(400)).body).toEqual(
        errorOf('Invalid email format'),
      );
      expect((await addVip('a@b').expect(400)).body).toEqual(
        errorOf('Must be a valid email address'),
      );
      const [entry] = await audit('vip.add');
      expect(entry).toMatchObject({
        actor: ADMIN_EMAIL,
        action: 'vip.add',
        target: 'student1@example.com',
        before: null,
      });
    });

    it('lists with search, paging by 20, counts, and the admin badge', async () => {
      const emails = Array.from(
        { length: 25 },
        (_, i) => `list${String(i).padStart(2, '0')}@school.example`,
      );
      await admin.post(`${vip}/batch`).set('Origin', base).send({ emails }).expect(200);
      const first = (await admin.get(vip).expect(200)).body;
      expect(first.vipEmails).toHaveLength(20);
      expect(first.pagination).toMatchObject({ page: 1, pageSize: 20 });
      expect(first.pagination.total).toBe(first.totalAll);
      const found = (
        await admin.get(`/api/apitokens/admin/vip-emails?search=SCHOOL&page=2`).expect(200)
      ).body;
      expect(found.pagination).toEqual({ page: 2, pageSize: 20, total: 25 });
      expect(found.vipEmails).toHaveLength(5);
      expect(found.totalAll).toBeGreaterThan(25);
      const adminRow = (await admin.get(`${vip}?search=${encodeURIComponent(ADMIN_EMAIL)}`)).body
        .vipEmails[0];
      expect(adminRow).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true, addedBy: 'system' });
      expect(found.vipEmails[0]).toMatchObject({ isAdmin: false, addedBy: ADMIN_EMAIL });
    });

    it('adds a batch: added, skipped (listed or repeated) and failed with reasons and their codes', async () => {
      await addVip('already@example.com').expect(200);
      const res = await admin
        .post(`${vip}/batch`)
        .set('Origin', base)
        .send({
          emails: [
            'new1@example.com',
            'ALREADY@example.com',
            'new1@example.com',
            'nope',
            'x@y',
            '',
          ],
        })
        .expect(200);
      expect(res.body.skipped.sort()).toEqual(['already@example.com', 'new1@example.com']);
      // Each entry's outcome, in the order sent (issue 29 item 9).
      expect(res.body.entries).toEqual([
        { input: 'new1@example.com', email: 'new1@example.com', outcome: 'added' },
        { input: 'ALREADY@example.com', email: 'already@example.com', outcome: 'already-listed' },
        { input: 'new1@example.com', email: 'new1@example.com', outcome: 'repeated' },
        { input: 'nope', email: null, outcome: 'invalid', code: 'VIP_EMAIL_FORMAT_INVALID' },
        { input: 'x@y', email: null, outcome: 'invalid', code: 'VIP_EMAIL_INVALID' },
        { input: '', email: null, outcome: 'invalid', code: 'VIP_EMAIL_INVALID' },
      ]);
      expect({ ...res.body, skipped: [], entries: [] }).toEqual({
        added: ['new1@example.com'],
        skipped: [],
        failed: [
          // The spec's text, and its code for the interface's language.
          { email: 'nope', reason: 'Invalid email format', code: 'VIP_EMAIL_FORMAT_INVALID' },
          { email: 'x@y', reason: 'Must be a valid email address', code: 'VIP_EMAIL_INVALID' },
          { email: '', reason: 'Must be a valid email address', code: 'VIP_EMAIL_INVALID' },
        ],
        entries: [],
      });
      expect(
        (await admin.post(`${vip}/batch`).set('Origin', base).send({ emails: 'a@b.c' }).expect(400))
          .body.message,
      ).toBe('emails must be an array of strings');
      expect((await audit('vip.batch'))[0].after.added).toEqual(['new1@example.com']);
    });

    it('removes with a two-step-safe API: admin e-mails never, unknown ones refused', async () => {
      await addVip('leaving@example.com').expect(200);
      const del = (email: string) =>
        admin.delete(`${vip}/${encodeURIComponent(email)}`).set('Origin', base);
      expect((await del('leaving@example.com').expect(200)).body).toEqual({
        message: 'Email removed from VIP list',
      });
      expect((await del('leaving@example.com').expect(400)).body).toEqual(
        errorOf('Email not found in VIP list'),
      );
      expect((await del(ADMIN_EMAIL.toUpperCase()).expect(400)).body).toEqual(
        errorOf('Cannot remove admin email from VIP list'),
      );
      expect((await audit('vip.remove'))[0]).toMatchObject({
        target: 'leaving@example.com',
        after: null,
      });
    });

    it('is for admins only', async () => {
      const c = await customer(base);
      expect((await request(base).get(vip).expect(401)).body).toEqual(
        errorOf('User not authenticated', 401),
      );
      expect((await c.agent.get(vip).expect(403)).body).toEqual(
        errorOf('Admin access required', 403),
      );
      await c.post(vip).send({ email: 'x@y.z' }).expect(403);
      await c.agent.get('/api/admin/audit').expect(403);
      await c.agent.get('/api/subscriptions/admin/subscriptions/users').expect(403);
    });
  });

  describe('initialize-vip', () => {
    const init = (c: Awaited<ReturnType<typeof customer>>) =>
      c.post('/api/apitokens/licenses/initialize-vip');

    it('grants a listed user a paid zero-amount order and two VIP seats (201), then answers already (200)', async () => {
      await addVip('vip-student@example.com').expect(200);
      const c = await customer(base, 'vip-student@example.com');
      const granted = await init(c).expect(201);
      expect(granted.body).toMatchObject({
        message: 'VIP licenses initialized successfully',
        isVipEligible: true,
        vipStatus: { isVip: true, isAdmin: false, addedBy: ADMIN_EMAIL },
      });
      expect(
        granted.body.licenses.map(
          (l: { purchaseTier: string; licenseType: string; seatIndex: number }) => [
            l.seatIndex,
            l.purchaseTier,
            l.licenseType,
          ],
        ),
      ).toEqual([
        [1, 'vip', 'permanent'],
        [2, 'vip', 'permanent'],
      ]);
      const orders = (await c.agent.get('/api/orders')).body.orders;
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        status: 'paid',
        amount: 0,
        subscriptionTier: 'vip',
        paymentMethod: 'vip-grant',
        productName: 'VIP 套餐',
      });
      expect((await init(c).expect(200)).body.message).toBe('User already has VIP licenses');
      expect((await audit('vip.grant'))[0]).toMatchObject({
        actor: 'system',
        target: 'vip-student@example.com',
      });
    });

    it('upgrades a Basic seat to VIP (keeping its binding) and adds the missing one', async () => {
      await addVip('basic-student@example.com').expect(200);
      const c = await customer(base, 'basic-student@example.com');
      await giveSeats(running, c.userId, 'basic', 1, {
        bound: ['https://my.blog'],
        bindingChangesLeft: 0,
      });
      const res = await init(c).expect(201);
      expect(res.body.licenses).toHaveLength(2);
      expect(res.body.licenses[0]).toMatchObject({
        websiteUrl: 'https://my.blog',
        purchaseTier: 'vip',
        bindingChangesLeft: 2,
      });
    });

    it("counts a customer's seats as existing licences whatever gave them (a seat inserted without an order)", async () => {
      const c = await customer(base);
      await em(running)
        .getConnection()
        .execute(
          `insert into licenses (id, user_id, purchase_tier, seat_index) values (gen_random_uuid(), ?, 'basic', 1)`,
          [c.userId],
        );
      expect((await init(c).expect(200)).body).toMatchObject({
        message: 'User has existing licenses but is not VIP eligible',
        isVipEligible: false,
      });
    });

    it('skips users with a higher tier and answers users not on the list 200, not eligible, granting nothing', async () => {
      await addVip('pro-student@example.com').expect(200);
      const pro = await customer(base, 'pro-student@example.com');
      await giveSeats(running, pro.userId, 'pro', 5);
      expect((await init(pro).expect(200)).body.message).toBe(
        'User already has higher tier licenses',
      );
      const stranger = await customer(base);
      expect((await init(stranger).expect(200)).body).toMatchObject({
        message: 'User not eligible for VIP licenses yet',
        isVipEligible: false,
        licenses: [],
        vipStatus: { isVip: false, isAdmin: false },
      });
      await giveSeats(running, stranger.userId, 'basic', 1);
      const existing = (await init(stranger).expect(200)).body;
      expect(existing).toMatchObject({
        message: 'User has existing licenses but is not VIP eligible',
        isVipEligible: false,
      });
      expect(existing.licenses.map((l: { purchaseTier: string }) => l.purchaseTier)).toEqual([
        'basic',
      ]);
      // No VIP grant: only giveSeats's standing Basic grant.
      expect(
        (await stranger.agent.get('/api/orders')).body.orders.map(
          (o: { subscriptionTier: string }) => o.subscriptionTier,
        ),
      ).toEqual(['basic']);
    });

    it('grants once under 10 concurrent calls', async () => {
      await addVip('racer@example.com').expect(200);
      const c = await customer(base, 'racer@example.com');
      const answers = await Promise.all(Array.from({ length: 10 }, () => init(c)));
      expect(answers.map((a) => a.status).sort()).toEqual([
        200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
      ]);
      expect((await c.agent.get('/api/apitokens/licenses')).body.licenses).toHaveLength(2);
      expect((await c.agent.get('/api/orders')).body.orders).toHaveLength(1);
    });

    it('counts admins as VIP', async () => {
      const res = await admin
        .post('/api/apitokens/licenses/initialize-vip')
        .set('Origin', base)
        .expect(201);
      expect(res.body.vipStatus).toMatchObject({ isVip: true, isAdmin: true });
    });
  });

  describe('subscription overview', () => {
    it('pages customers with tier label, seats used/total and bound licences, searching e-mail, nickname or domain', async () => {
      const c = await customer(base, 'overview-user@example.com');
      await admin.get('/api/auth/get-session');
      await giveSeats(running, c.userId, 'pro', 2, { bound: ['https://overview-shop.example'] });
      const page = (
        await admin
          .get('/api/subscriptions/admin/subscriptions/users?search=overview-shop')
          .expect(200)
      ).body;
      expect(page.pagination).toEqual({ page: 1, pageSize: 20, total: 1 });
      expect(page.items[0]).toMatchObject({
        userId: c.userId,
        name: 'overview-user',
        email: 'overview-user@example.com',
        tierLabel: 'Pro',
        seatsUsed: 1,
        seatCount: 5,
        lastOrderAt: expect.any(String), // giveSeats's standing grant
        licenses: [
          { seatIndex: 1, websiteUrl: 'https://overview-shop.example', bindingChangesLeft: 2 },
        ],
      });
      expect(
        (await admin.get('/api/subscriptions/admin/subscriptions/users?search=OVERVIEW-USER')).body
          .items[0].userId,
      ).toBe(c.userId);
      const none = await customer(base, 'never-bought@example.com');
      const plain = (
        await admin.get('/api/subscriptions/admin/subscriptions/users?search=never-bought')
      ).body.items[0];
      expect(plain).toMatchObject({
        userId: none.userId,
        tierLabel: null,
        seatsUsed: 0,
        seatCount: 0,
        licenses: [],
      });
      const all = (
        await admin.get('/api/subscriptions/admin/subscriptions/users?pageSize=5&page=1')
      ).body;
      expect(all.items).toHaveLength(5);
      expect(all.pagination.total).toBeGreaterThan(5);
    });

    it('lets an admin set and clear a domain without spending binding changes, audited', async () => {
      const c = await customer(base);
      const [seat, other] = await giveSeats(running, c.userId, 'pro', 2, {
        bound: ['https://old.example'],
        bindingChangesLeft: 0,
      });
      const patch = (id: string, websiteUrl: string | null) =>
        admin
          .patch(`/api/subscriptions/admin/subscriptions/licenses/${id}/domain`)
          .set('Origin', base)
          .send({ websiteUrl });
      const moved = await patch(seat.id, 'https://www.new.example/path').expect(200);
      expect(moved.body.license).toMatchObject({
        websiteUrl: 'https://new.example',
        bindingChangesLeft: 0,
      });
      expect((await patch(other.id, 'http://new.example').expect(400)).body).toEqual(
        errorOf('该域名已绑定到您的永久版/年付版授权'),
      );
      expect((await patch(seat.id, 'not a url').expect(400)).body).toEqual(
        errorOf('Must be a valid URL'),
      );
      expect((await patch('00000000-0000-4000-8000-000000000000', null).expect(404)).body).toEqual(
        errorOf('License not found', 404),
      );
      const cleared = await patch(seat.id, null).expect(200);
      expect(cleared.body.license.websiteUrl).toBeNull();
      const entries = await audit('license.domain');
      expect(
        entries.slice(0, 2).map((e: { before: unknown; after: unknown }) => [e.before, e.after]),
      ).toEqual([
        // With the admin's client address (docs/rules.md, "Seat history").
        [{ websiteUrl: 'https://new.example' }, { websiteUrl: null, ip: expect.any(String) }],
        [
          { websiteUrl: 'https://old.example' },
          { websiteUrl: 'https://new.example', ip: expect.any(String) },
        ],
      ]);
    });

    it('records discount changes in the audit log and filters by actor', async () => {
      const saved = await admin
        .post('/api/subscriptions/admin/subscriptions/discounts')
        .set('Origin', base)
        .send({ tier: 'pro', code: 'AUDITED', discountAmount: 100 })
        .expect(200);
      await admin
        .delete(`/api/subscriptions/admin/subscriptions/discounts/${saved.body.discount.id}`)
        .set('Origin', base)
        .expect(200);
      const entries = (
        await admin.get(`/api/admin/audit?actor=${ADMIN_EMAIL.split('@')[0]}&pageSize=50`)
      ).body.items;
      expect(entries.slice(0, 2).map((e: { action: string }) => e.action)).toEqual([
        'discount.delete',
        'discount.save',
      ]);
      expect((await admin.get('/api/admin/audit?actor=nobody-at-all')).body.items).toEqual([]);
    });
  });
});
