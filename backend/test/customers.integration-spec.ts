import request from 'supertest';
import { CryptoService } from '../src/common/crypto.service';
import { AI_KEY_PURPOSE } from '../src/licenses/licenses.service';
import { ADMIN_EMAIL, QUIZ_MANAGER_EMAIL, signIn, withFreshApp } from './support/app';
import type { RunningApp } from './support/app';
import { customer, errorOf, licenceCheck } from './support/customer';
import { em, giveSeats } from './support/factories';

type Customer = Awaited<ReturnType<typeof customer>>;
type Agent = Awaited<ReturnType<typeof signIn>>['agent'];
interface Seat {
  id: string;
  seatIndex: number;
  websiteUrl: string | null;
  bindingChangesLeft: number;
  revokedAt: string | null;
  tier: string;
}

/** The admin's customer page and its support actions (docs/rules.md, "Customer support"). */
describe('admin customer page: detail, grant, reset, revoke, sign-out', () => {
  let running: RunningApp;
  let base: string;
  let admin: Agent;
  let secondAdmin: Agent;

  withFreshApp({}, async (app) => {
    running = app;
    base = app.url;
    admin = (await signIn(base, ADMIN_EMAIL)).agent;
    // The same admin signed in a second time: a second browser acting at the same moment.
    secondAdmin = (await signIn(base, ADMIN_EMAIL)).agent;
  });

  const path = (userId: string, action = '') => `/api/admin/customers/${userId}${action}`;
  const act = (agent: Agent, url: string, body: object) =>
    agent.post(url).set('Origin', base).send(body);
  const detail = async (userId: string) => (await admin.get(path(userId)).expect(200)).body;
  const seatsOf = async (c: Customer) =>
    (await c.agent.get('/api/apitokens/licenses').expect(200)).body as {
      licenses: Seat[];
      summary: { tier: string | null };
    };
  const check = async (c: Customer, domain: string) => {
    const token = (await c.agent.get('/api/apitokens/token').expect(200)).body.plainToken;
    return (await licenceCheck(base, token, domain)).body as { valid: boolean; code: string };
  };
  const sql = <T>(query: string, params: unknown[] = []) =>
    em(running).getConnection().execute<T[]>(query, params);
  const auditOf = (action: string, userId: string) =>
    sql<{ actor: string; target: string; before: unknown; after: Record<string, unknown> }>(
      `select actor, target, before, after from audit_entries where action = ? and after->>'userId' = ? order by created_at`,
      [action, userId],
    );

  it('is for admins only: 401 anonymous, 403 for customers and quiz managers', async () => {
    const c = await customer(base);
    const [seat] = await giveSeats(running, c.userId, 'basic', 1);
    const quiz = (await signIn(base, QUIZ_MANAGER_EMAIL)).agent;
    const routes: [string, string][] = [
      ['get', path(c.userId)],
      ['post', path(c.userId, '/grant-plan')],
      ['post', path(c.userId, `/licenses/${seat.id}/reset-changes`)],
      ['post', path(c.userId, `/licenses/${seat.id}/revoke`)],
      ['post', path(c.userId, '/sign-out')],
    ];
    const body = { tier: 'pro', reason: 'test' };
    for (const [method, url] of routes) {
      const send = (agent: ReturnType<typeof request> | Agent) =>
        method === 'get' ? agent.get(url) : agent.post(url).set('Origin', base).send(body);
      expect((await send(request(base)).expect(401)).body).toEqual(
        errorOf('User not authenticated', 401),
      );
      expect((await send(c.agent).expect(403)).body).toEqual(errorOf('Admin access required', 403));
      await send(quiz).expect(403);
    }
    // Nothing happened.
    expect((await seatsOf(c)).licenses).toMatchObject([{ bindingChangesLeft: 2, revokedAt: null }]);
    expect((await c.agent.get('/api/auth/get-session').expect(200)).body).not.toBeNull();
  });

  it('answers 404 with a code for an unknown customer, and another customer’s seat', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.get(path(unknown)).expect(404)).body).toEqual(
      errorOf('Customer not found', 404, 'CUSTOMER_NOT_FOUND'),
    );
    await admin.get(path('not-a-uuid')).expect(404);
    await act(admin, path(unknown, '/sign-out'), { reason: 'x' }).expect(404);
    const a = await customer(base);
    const b = await customer(base);
    const [bSeat] = await giveSeats(running, b.userId, 'basic', 1, { bindingChangesLeft: 0 });
    for (const action of ['revoke', 'reset-changes']) {
      expect(
        (
          await act(admin, path(a.userId, `/licenses/${bSeat.id}/${action}`), {
            reason: 'x',
          }).expect(404)
        ).body,
      ).toEqual(errorOf('License not found', 404, 'LICENSE_NOT_FOUND'));
      await act(admin, path(a.userId, `/licenses/not-a-uuid/${action}`), { reason: 'x' }).expect(
        404,
      );
    }
    expect((await seatsOf(b)).licenses).toMatchObject([{ bindingChangesLeft: 0, revokedAt: null }]);
  });

  it('validates: a reason is required (not blank), the tier must be a tier', async () => {
    const c = await customer(base);
    const [seat] = await giveSeats(running, c.userId, 'basic', 1, { bindingChangesLeft: 0 });
    const cases: [string, object][] = [
      [path(c.userId, '/grant-plan'), { tier: 'pro' }],
      [path(c.userId, '/grant-plan'), { tier: 'pro', reason: '   ' }],
      [path(c.userId, '/grant-plan'), { tier: 'gold', reason: 'partner' }],
      [path(c.userId, '/grant-plan'), { reason: 'partner' }],
      [path(c.userId, '/grant-plan'), { tier: 'pro', reason: 'x'.repeat(501) }],
      [path(c.userId, `/licenses/${seat.id}/reset-changes`), {}],
      [path(c.userId, `/licenses/${seat.id}/revoke`), { reason: '' }],
      [path(c.userId, '/sign-out'), { reason: 42 }],
    ];
    for (const [url, body] of cases) {
      const res = await act(admin, url, body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await seatsOf(c)).licenses).toMatchObject([
      { tier: 'basic', bindingChangesLeft: 0, revokedAt: null },
    ]);
  });

  it('shows the profile, orders, seats with domains, changes left, the AI provider (never the key) and audit entries', async () => {
    const c = await customer(base);
    const [one] = await giveSeats(running, c.userId, 'pro', 2, {
      bound: ['https://shop.example'],
      bindingChangesLeft: 1,
    });
    const key = 'sk-very-secret-key-123456';
    const sealed = running.app.get(CryptoService).encrypt(key, AI_KEY_PURPOSE);
    await sql(
      `update licenses set ai_base_url = ?, ai_model = ?, ai_api_key = ?, ai_config_updated_at = now() where id = ?`,
      ['https://api.deepseek.com/v1', 'deepseek-chat', sealed, one.id],
    );
    await admin
      .patch(`/api/subscriptions/admin/subscriptions/licenses/${one.id}/domain`)
      .set('Origin', base)
      .send({ websiteUrl: 'https://www.store.example' })
      .expect(200);
    const res = await admin.get(path(c.userId)).expect(200);
    expect(JSON.stringify(res.body)).not.toContain(key);
    expect(JSON.stringify(res.body)).not.toContain(sealed);
    const body = res.body;
    expect(body.profile).toMatchObject({
      userId: c.userId,
      email: c.email,
      emailVerified: true,
      isVip: false,
      isAdmin: false,
      tier: 'pro',
      grantableTiers: ['ultra'],
      activeSessions: 1,
      lastSignInAt: expect.any(String),
    });
    expect(body.seats).toHaveLength(2);
    expect(body.seats[0]).toMatchObject({
      seatIndex: 1,
      tier: 'pro',
      status: 'active',
      websiteUrl: 'https://store.example',
      bindingChangesLeft: 1,
      revokedAt: null,
      ai: {
        configured: true,
        provider: 'api.deepseek.com',
        baseUrl: 'https://api.deepseek.com/v1',
        model: 'deepseek-chat',
        updatedAt: expect.any(String),
      },
    });
    expect(body.seats[0].bindingHistory).toMatchObject([
      {
        kind: 'domain',
        by: 'admin',
        actor: ADMIN_EMAIL,
        from: 'https://shop.example',
        to: 'https://store.example',
        ip: expect.any(String),
      },
    ]);
    expect(body.seats[1]).toMatchObject({
      seatIndex: 2,
      websiteUrl: null,
      ai: { configured: false, provider: null },
      bindingHistory: [],
    });
    expect(body.audit.map((e: { action: string }) => e.action)).toContain('license.domain');
    // Only giveSeats's standing grant.
    expect(body.orders.map((o: { paymentMethod: string }) => o.paymentMethod)).toEqual([
      'admin-grant',
    ]);
  });

  it('grants a plan for free: a zero-amount paid order marked granted, the seats, the e-mail, audited', async () => {
    const c = await customer(base);
    await giveSeats(running, c.userId, 'basic', 1, { bound: ['https://mine.example'] });
    const refused = await act(admin, path(c.userId, '/grant-plan'), {
      tier: 'basic',
      reason: 'same plan',
    }).expect(409);
    expect(refused.body).toEqual(
      errorOf('The customer already has this plan or a higher one', 409, 'TIER_NOT_ABOVE_CURRENT'),
    );

    const res = await act(admin, path(c.userId, '/grant-plan'), {
      tier: 'pro',
      reason: '  partner agency  ',
    }).expect(200);
    expect(res.body).toEqual({ orderId: expect.any(String), tier: 'pro', seats: 5 });
    const orderId = res.body.orderId as string;

    const seats = await seatsOf(c);
    expect(seats.summary.tier).toBe('pro');
    expect(seats.licenses).toHaveLength(5);
    expect(seats.licenses[0]).toMatchObject({ websiteUrl: 'https://mine.example', tier: 'pro' });
    const own = (await c.agent.get(`/api/orders/by-order-id/${orderId}`).expect(200)).body.order;
    expect(own).toMatchObject({ orderId, status: 'paid', amount: 0, subscriptionTier: 'pro' });

    const [order] = await sql<Record<string, unknown>>(
      'select amount, status, payment_gateway, payment_method, metadata, upgraded_from_tier from orders where order_id = ?',
      [orderId],
    );
    expect(order).toMatchObject({
      amount: 0,
      status: 'paid',
      payment_gateway: 'internal',
      payment_method: 'admin-grant',
      upgraded_from_tier: 'basic',
    });
    expect(JSON.parse(order.metadata as string)).toEqual({
      grantedBy: ADMIN_EMAIL,
      reason: 'partner agency',
    });
    const audit = await auditOf('customer.grant_plan', c.userId);
    expect(audit).toEqual([
      {
        actor: ADMIN_EMAIL,
        target: orderId,
        before: { tier: 'basic', seats: 1 },
        after: expect.objectContaining({
          tier: 'pro',
          seats: 5,
          amount: 0,
          granted: true,
          reason: 'partner agency',
        }),
      },
    ]);
    const mails = await sql<{ kind: string; recipient: string }>(
      `select kind, recipient from mail_outbox where dedupe_key = ?`,
      [`plan-granted:${orderId}`],
    );
    expect(mails).toEqual([{ kind: 'plan-granted', recipient: c.email }]);
    // The page shows the grant.
    const page = await detail(c.userId);
    expect(page.orders[0]).toMatchObject({
      orderId,
      amount: 0,
      status: 'paid',
      granted: { grantedBy: ADMIN_EMAIL, reason: 'partner agency' },
    });
    expect(page.audit[0]).toMatchObject({ action: 'customer.grant_plan', target: orderId });
    // A granted order is not refundable (no money was taken).
    await admin
      .post(`/api/admin/orders/${orderId}/refund`)
      .set('Origin', base)
      .send({})
      .expect(409);
  });

  it('grants once when two admins grant at the same moment', async () => {
    const c = await customer(base);
    const results = await Promise.all([
      act(admin, path(c.userId, '/grant-plan'), { tier: 'ultra', reason: 'one' }),
      act(secondAdmin, path(c.userId, '/grant-plan'), { tier: 'ultra', reason: 'two' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('TIER_NOT_ABOVE_CURRENT');
    expect((await seatsOf(c)).licenses).toHaveLength(10);
    expect(await auditOf('customer.grant_plan', c.userId)).toHaveLength(1);
    const [{ n }] = await sql<{ n: number }>(
      `select count(*)::int as n from orders where user_id = ? and payment_method = 'admin-grant'`,
      [c.userId],
    );
    expect(n).toBe(1);
  });

  it("resets a seat's binding changes once, audited with the reason", async () => {
    const c = await customer(base);
    const [seat, full] = await giveSeats(running, c.userId, 'pro', 2, { bindingChangesLeft: 0 });
    await sql('update licenses set binding_changes_left = 2 where id = ?', [full.id]);
    const url = path(c.userId, `/licenses/${seat.id}/reset-changes`);
    const results = await Promise.all([
      act(admin, url, { reason: 'moved hosting' }),
      act(secondAdmin, url, { reason: 'moved hosting too' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.body).toEqual({
      licenseId: seat.id,
      seatIndex: 1,
      bindingChangesLeft: 2,
      revokedAt: null,
    });
    expect(results.find((r) => r.status === 409)!.body).toEqual(
      errorOf('This seat has all its binding changes left', 409, 'BINDING_CHANGES_NOT_SPENT'),
    );
    await act(admin, path(c.userId, `/licenses/${full.id}/reset-changes`), { reason: 'x' }).expect(
      409,
    );
    expect((await seatsOf(c)).licenses.map((s) => s.bindingChangesLeft)).toEqual([2, 2]);
    const audit = await auditOf('license.reset_changes', c.userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: ADMIN_EMAIL,
      target: `${seat.id} (seat 1)`,
      before: { bindingChangesLeft: 0 },
      after: { bindingChangesLeft: 2 },
    });
    expect(['moved hosting', 'moved hosting too']).toContain(audit[0].after.reason);
    const page = await detail(c.userId);
    expect(page.seats[0].bindingHistory).toMatchObject([
      {
        kind: 'reset',
        by: 'admin',
        actor: ADMIN_EMAIL,
        changesLeft: 2,
        reason: audit[0].after.reason,
      },
    ]);
  });

  it('revokes a seat: the licence check answers LICENSE_REVOKED, the customer is e-mailed, once, audited', async () => {
    const c = await customer(base);
    const [bound, other] = await giveSeats(running, c.userId, 'pro', 2, {
      bound: ['https://revoked.example', 'https://kept.example'],
    });
    expect(await check(c, 'revoked.example')).toMatchObject({ valid: true, code: 'VALID' });
    const url = path(c.userId, `/licenses/${bound.id}/revoke`);
    const results = await Promise.all([
      act(admin, url, { reason: 'chargeback' }),
      act(secondAdmin, url, { reason: 'chargeback' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body).toEqual(
      errorOf('This seat is already revoked', 409, 'SEAT_ALREADY_REVOKED'),
    );
    expect(await check(c, 'revoked.example')).toMatchObject({
      valid: false,
      code: 'LICENSE_REVOKED',
    });
    expect(await check(c, 'kept.example')).toMatchObject({ valid: true, code: 'VALID' });
    const seats = await seatsOf(c);
    expect(seats.licenses[0].revokedAt).not.toBeNull();
    expect(seats.licenses[1].revokedAt).toBeNull();
    // A revoked seat cannot be bound elsewhere, nor reset.
    await c
      .post(`/api/apitokens/licenses/${bound.id}/bind`)
      .send({ websiteUrl: 'https://new.example' })
      .expect(400);
    expect(
      (
        await act(admin, path(c.userId, `/licenses/${bound.id}/reset-changes`), {
          reason: 'x',
        }).expect(409)
      ).body.code,
    ).toBe('SEAT_REVOKED');

    const audit = await auditOf('license.revoke', c.userId);
    expect(audit).toEqual([
      {
        actor: ADMIN_EMAIL,
        target: `${bound.id} (seat 1)`,
        before: { revokedAt: null, websiteUrl: 'https://revoked.example' },
        after: expect.objectContaining({ reason: 'chargeback', revokedAt: expect.any(String) }),
      },
    ]);
    const mails = await sql<{ kind: string; recipient: string; text: string }>(
      `select kind, recipient, text from mail_outbox where kind = 'seat-revoked' and recipient = ?`,
      [c.email],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('revoked.example');
    expect(mails[0].text).toContain('chargeback');
    expect((await detail(c.userId)).seats.map((s: { status: string }) => s.status)).toEqual([
      'revoked',
      'active',
    ]);
    void other;
  });

  it('signs the customer out of every session, once, audited', async () => {
    const c = await customer(base);
    // A second browser of the same customer.
    const second = (await signIn(base, c.email)).agent;
    expect((await c.agent.get('/api/auth/get-session').expect(200)).body).not.toBeNull();
    expect((await detail(c.userId)).profile.activeSessions).toBe(2);
    const url = path(c.userId, '/sign-out');
    const results = await Promise.all([
      act(admin, url, { reason: 'account shared' }),
      act(secondAdmin, url, { reason: 'account shared' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 200)!.body).toEqual({ sessionsEnded: 2 });
    expect(results.find((r) => r.status === 409)!.body).toEqual(
      errorOf('The customer has no session to end', 409, 'NO_SESSIONS'),
    );
    expect((await c.agent.get('/api/auth/get-session').expect(200)).body).toBeNull();
    expect((await second.get('/api/auth/get-session').expect(200)).body).toBeNull();
    await c.agent.get('/api/apitokens/licenses').expect(401);
    // The admins stay signed in.
    await admin.get(path(c.userId)).expect(200);
    await secondAdmin.get(path(c.userId)).expect(200);
    const audit = await auditOf('customer.sign_out', c.userId);
    expect(audit).toEqual([
      {
        actor: ADMIN_EMAIL,
        target: c.email,
        before: { sessions: 2 },
        after: { sessions: 0, reason: 'account shared', userId: c.userId },
      },
    ]);
    expect((await detail(c.userId)).profile.activeSessions).toBe(0);
  });
});
