// Webhooks end to end (docs/webhooks.md): the real app delivers to a local HTTPS receiver that verifies
// every request with the standardwebhooks package (support/webhook-receiver.ts), on PostgreSQL and PGlite.
import type { EntityManager } from '@mikro-orm/postgresql';
import { WEBHOOK_EVENT_TYPES } from '@seatkeeper/domain';
import { WebhookEvents } from '../src/webhooks/webhook-events.service';
import { postDelivery } from '../src/webhooks/webhook-http';
import { ADMIN_EMAIL, type RunningApp } from './support/app';
import { customer } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { em } from './support/factories';
import {
  paidTwice,
  quickDeliveries,
  startWebhookApp,
  type Agent,
  type WebhookApp,
} from './support/webhook-admin';
import { startWebhookReceiver, waitFor, type WebhookReceiver } from './support/webhook-receiver';

describe('webhooks delivered to a Standard Webhooks receiver', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let admin: Agent;
  let api: WebhookApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    db = await createTestDatabase();
    api = await startWebhookApp(db, {
      ...quickDeliveries(receiver.caFile, '1,1,1'),
      // 7.2 s without one delivered attempt: the disabling test below waits that long.
      WEBHOOK_DISABLE_AFTER_HOURS: '0.002',
    });
    ({ running, base, admin } = api);
  });
  afterAll(async () => {
    await running?.close();
    await receiver?.stop();
    await db?.drop();
  });

  const create = async (events: string[] = [...WEBHOOK_EVENT_TYPES], url = receiver.url) => {
    const res = await api.post('/api/admin/webhooks', {
      kind: 'standard',
      url,
      events,
      language: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_/);
    return res.body as { endpoint: { id: string }; secret: string };
  };

  it('refuses what it cannot deliver: http for standard, bad events, unknown endpoints', async () => {
    expect(
      (
        await api.post('/api/admin/webhooks', {
          kind: 'standard',
          url: 'http://example.com/in',
          events: ['order.paid'],
        })
      ).body,
    ).toMatchObject({ statusCode: 400, code: 'WEBHOOK_URL_NOT_HTTPS' });
    expect(
      (
        await api.post('/api/admin/webhooks', {
          kind: 'standard',
          url: 'https://example.com/in',
          events: ['order.nope'],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.post('/api/admin/webhooks', {
          kind: 'standard',
          url: 'not a url',
          events: ['order.paid'],
        })
      ).body,
    ).toMatchObject({ code: 'WEBHOOK_URL_INVALID' });
    const list = (await admin.get('/api/admin/webhooks').expect(200)).body as {
      kinds: { kind: string; available: boolean }[];
    };
    expect(list.kinds.find((k) => k.kind === 'standard')).toMatchObject({ available: true });
    // A kind with no channel yet (the chat robots come with their own channels) answers 400.
    const missing = list.kinds.find((k) => !k.available);
    if (missing)
      expect(
        (
          await api.post('/api/admin/webhooks', {
            kind: missing.kind,
            url: 'https://example.com/in',
            events: ['order.paid'],
            secret: 's',
          })
        ).body,
      ).toMatchObject({ statusCode: 400, code: 'WEBHOOK_KIND_UNAVAILABLE' });
    await api.post('/api/admin/webhooks/00000000-0000-4000-8000-000000000000/rotate').expect(404);
    const customerAgent = (await customer(base)).agent;
    await customerAgent.get('/api/admin/webhooks').expect(403);
  });

  it('delivers every event type, signed, once per event whatever the repeats', async () => {
    await api.disableAll();
    const { endpoint, secret } = await create();
    receiver.secrets = [secret];
    receiver.received = [];
    // Real events: a new customer, a paid order (its notification twice), a bind, a rebind, a refund.
    const c = await customer(base);
    const order = await paidTwice(base, c, 'basic');
    const seat = (await c.agent.get('/api/apitokens/licenses').expect(200)).body.licenses[0] as {
      id: string;
    };
    await c
      .post(`/api/apitokens/licenses/${seat.id}/bind`)
      .send({ websiteUrl: 'https://one.example.com' })
      .expect(200);
    await c
      .post(`/api/apitokens/licenses/${seat.id}/bind`)
      .send({ websiteUrl: 'https://one.example.com' })
      .expect(200);
    await c
      .post(`/api/apitokens/licenses/${seat.id}/bind`)
      .send({ websiteUrl: 'https://two.example.com' })
      .expect(200);
    await api.post(`/api/admin/orders/${order.orderId}/refund`, { reason: 'asked' }).expect(200);
    await api.post(`/api/admin/orders/${order.orderId}/refund`, { reason: 'asked' }).expect(200);
    // The events whose causes other suites drive (a gateway refusing a refund, a message given up, a
    // release upload, a failed backup): emitted through the same service in a transaction of their own.
    const webhooks = running.app.get(WebhookEvents);
    await em(running).transactional(async (tx) => {
      const t = tx as EntityManager;
      await webhooks.emit(t, 'order.refund_failed', 'rf-1', {
        orderId: order.orderId,
        error: 'refused',
      });
      await webhooks.emit(t, 'release.published', 'rel-1', { version: '9.9.9' });
      await webhooks.emit(t, 'mail.failed', 'mail-1', { mailId: 'm1' });
      await webhooks.emit(t, 'backup.failed', 'backup-1', { error: 'disk full' });
      // The same event again: nothing more is queued.
      expect(await webhooks.emit(t, 'backup.failed', 'backup-1', { error: 'disk full' })).toBe(0);
    });
    const expected = [
      'customer.created',
      'order.paid',
      'seat.bound',
      'seat.rebound',
      'order.refunded',
      'seat.revoked',
      'order.refund_failed',
      'release.published',
      'mail.failed',
      'backup.failed',
    ];
    await waitFor(
      () => expected.every((t) => receiver.received.some((r) => r.type === t)),
      'every event type',
    );
    await new Promise((r) => setTimeout(r, 700)); // further ticks deliver nothing more
    expect(receiver.unverified).toBe(0);
    const types = receiver.received.map((r) => r.type).sort();
    expect(types).toEqual([...expected].sort());
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(expected.length);
    for (const r of receiver.received) expect(r.id).toMatch(/^msg_/);
    const paid = receiver.received.find((r) => r.type === 'order.paid')!;
    expect(paid.data).toMatchObject({
      orderId: order.orderId,
      amount: order.amount,
      customer: { id: c.userId, email: c.email },
    });
    expect(receiver.received.find((r) => r.type === 'seat.rebound')!.data).toMatchObject({
      seatId: seat.id,
      websiteUrl: 'https://two.example.com',
      previousWebsiteUrl: 'https://one.example.com',
    });
    expect(receiver.received.find((r) => r.type === 'customer.created')!.data).toMatchObject({
      customer: { id: c.userId, email: c.email },
    });
    expect(receiver.received.find((r) => r.type === 'seat.revoked')!.data).toMatchObject({
      seatId: seat.id,
      reason: 'refund',
      orderId: order.orderId,
    });
    const log = await api.deliveries(endpoint.id);
    expect(log).toHaveLength(expected.length);
    for (const d of log)
      expect(d).toMatchObject({
        status: 'delivered',
        attempts: 1,
        lastStatus: 200,
        lastResponse: 'ok',
      });
  });

  it('retries after a 500 and after a timeout with the same webhook-id', async () => {
    await api.disableAll();
    const { endpoint, secret } = await create(['order.paid']);
    receiver.secrets = [secret];
    receiver.received = [];
    receiver.answers = ['fail', 'hang'];
    await em(running).transactional(async (tx) => {
      await running.app
        .get(WebhookEvents)
        .emit(tx as EntityManager, 'order.paid', 'retry-1', { orderId: 'R1' });
    });
    await waitFor(
      () => receiver.received.some((r) => r.answer === 'ok'),
      'the third attempt',
      20_000,
    );
    expect(receiver.received.map((r) => r.answer)).toEqual(['fail', 'hang', 'ok']);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
    // The retries waited (1 s each) and the hanging attempt was given up after WEBHOOK_TIMEOUT_MS.
    const [a, b, c] = receiver.received.map((r) => r.at);
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThanOrEqual(1500 + 900);
    let log = await api.deliveries(endpoint.id);
    for (let i = 0; i < 20 && log[0].status !== 'delivered'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      log = await api.deliveries(endpoint.id);
    }
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });

    // "Send again": the same message, the same webhook-id.
    await api.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${log[0].id}/resend`).expect(200);
    await waitFor(
      () => receiver.received.filter((r) => r.answer === 'ok').length === 2,
      'the resend',
    );
    expect(receiver.received[3].id).toBe(receiver.received[0].id);
    // A test event: an example of its first event, marked test.
    await api.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(200);
    await waitFor(() => receiver.received.some((r) => r.data.test === true), 'the test event');
    expect(receiver.received.find((r) => r.data.test === true)!.type).toBe('order.paid');
    const audit = await em(running)
      .getConnection()
      .execute<{ action: string }[]>(
        `select action from audit_entries where action like 'webhook.%' order by created_at`,
      );
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['webhook.created', 'webhook.resend', 'webhook.test']),
    );
  });

  it('signs with both secrets for 24 h after a rotation, then with the new one only', async () => {
    await api.disableAll();
    const { endpoint, secret: old } = await create(['order.paid']);
    const rotated = (await api.post(`/api/admin/webhooks/${endpoint.id}/rotate`).expect(200))
      .body as {
      secret: string;
      endpoint: { previousSecretUntil: string };
    };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(old);
    const until = new Date(rotated.endpoint.previousSecretUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    receiver.secrets = [old, rotated.secret];
    receiver.received = [];
    const emit = (key: string) =>
      em(running).transactional(async (tx) => {
        await running.app
          .get(WebhookEvents)
          .emit(tx as EntityManager, 'order.paid', key, { orderId: key });
      });
    await emit('rot-1');
    await waitFor(() => receiver.received.length === 1, 'the first delivery after the rotation');
    expect(receiver.received[0].verifiedBy).toEqual([0, 1]);
    expect(receiver.received[0].signature.split(' ')).toHaveLength(2);
    // 24 h later (the overlap's end moved to the past): the old secret no longer signs.
    await em(running)
      .getConnection()
      .execute(
        `update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = ?`,
        [endpoint.id],
      );
    await emit('rot-2');
    await waitFor(() => receiver.received.length === 2, 'the delivery after the overlap');
    expect(receiver.received[1].verifiedBy).toEqual([1]);
    expect(receiver.received[1].signature.split(' ')).toHaveLength(1);
    // The secret is stored encrypted: neither appears in the table.
    const rows = await em(running)
      .getConnection()
      .execute<Record<string, unknown>[]>(`select * from webhook_endpoints where id = ?`, [
        endpoint.id,
      ]);
    expect(JSON.stringify(rows)).not.toContain(rotated.secret.slice(6));
    expect(JSON.stringify(rows)).not.toContain(old.slice(6));
  });

  it('disables an endpoint failing for the whole period and e-mails every admin', async () => {
    await api.disableAll();
    const { endpoint, secret } = await create(['order.paid']);
    receiver.secrets = [secret];
    receiver.received = [];
    receiver.answers = Array.from({ length: 100 }, () => 'fail' as const);
    // Each event's retries end after ~3 s here (1,1,1); new events keep failing, as a dead receiver's do.
    const emit = (key: string) =>
      em(running).transactional(async (tx) => {
        await running.app
          .get(WebhookEvents)
          .emit(tx as EntityManager, 'order.paid', key, { orderId: key });
      });
    const state = async () =>
      (
        (await admin.get('/api/admin/webhooks').expect(200)).body.endpoints as {
          id: string;
          enabled: boolean;
          disabledReason: string | null;
        }[]
      ).find((e) => e.id === endpoint.id)!;
    const started = Date.now();
    for (;;) {
      const s = await state();
      if (!s.enabled) {
        expect(s.disabledReason).toBe('failing');
        break;
      }
      if (Date.now() - started > 30_000) throw new Error('not disabled');
      await emit(`down-${Date.now()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(7_000);
    const mails = await em(running)
      .getConnection()
      .execute<{ recipient: string; subject: string }[]>(
        `select recipient, subject from mail_outbox where kind = 'webhook-disabled'`,
      );
    // In the admin's language: Chinese by default.
    expect(mails).toEqual([
      { recipient: ADMIN_EMAIL, subject: expect.stringContaining('Webhook 端点已停用') },
    ]);
    // Disabled: nothing more is tried.
    const count = receiver.received.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received.length).toBe(count);
    receiver.answers = [];
  });
});

describe('the SSRF guard of webhook endpoints', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let admin: Agent;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    db = await createTestDatabase();
    ({ running, admin } = await startWebhookApp(db, {
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false',
      WEBHOOK_CA_FILE: receiver.caFile,
    }));
  });
  afterAll(async () => {
    await running?.close();
    await receiver?.stop();
    await db?.drop();
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://10.1.2.3/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://192.168.1.10/hook',
    'https://localhost/hook',
  ])('refuses %s', async (url) => {
    const res = await admin
      .post('/api/admin/webhooks')
      .set('Origin', running.url)
      .send({ kind: 'standard', url, events: ['order.paid'] });
    expect(res.body).toMatchObject({ statusCode: 400, code: 'WEBHOOK_URL_PRIVATE' });
  });

  it('refuses to connect to a private address when delivering, by address or by name', async () => {
    const req = { url: receiver.url, headers: {}, body: '{}' };
    const byAddress = await postDelivery(req, {
      timeoutMs: 2000,
      allowPrivate: false,
      extraCa: receiver.ca,
    });
    expect(byAddress).toMatchObject({
      status: null,
      error: expect.stringContaining('private or local'),
    });
    const byName = await postDelivery(
      { ...req, url: receiver.url.replace('127.0.0.1', 'localhost') },
      { timeoutMs: 2000, allowPrivate: false, extraCa: receiver.ca },
    );
    expect(byName).toMatchObject({ status: null, error: expect.stringContaining('EPRIVATE') });
    expect(receiver.received).toHaveLength(0);
    // The same receiver, allowed: reached (the refusals above were the guard's, not the network's).
    const allowed = await postDelivery(
      { ...req, url: receiver.url.replace('127.0.0.1', 'localhost') },
      { timeoutMs: 2000, allowPrivate: true, extraCa: receiver.ca },
    );
    expect(allowed.status).toBe(401); // no signature: refused by the receiver, but reached
  });
});
