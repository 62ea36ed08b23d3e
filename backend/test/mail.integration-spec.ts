// Outbound e-mail through the durable outbox (docs/mail.md), against a real SMTP server started here
// (smtp-server, parsed with mailparser): the receipt written in the payment's transaction, retries after
// temporary failures, permanent failures, the admin API, and the development mailbox.
import type { EntityManager } from '@mikro-orm/postgresql';
import request from 'supertest';
import { MailOutbox } from '../src/mail/mail-outbox.service';
import { MailWorker } from '../src/mail/mail-worker.service';
import { ADMIN_EMAIL, signIn, startApp, type RunningApp } from './support/app';
import { customer } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { em } from './support/factories';
import { startFakeSmtp, until, type FakeSmtp } from './support/smtp';

interface Row {
  id: string;
  kind: string;
  dedupe_key: string;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
  message_id: string;
  sent_at: Date | null;
}

const rows = (running: RunningApp) =>
  em(running).getConnection().execute<Row[]>('select * from mail_outbox order by created_at, id');

/** A message enqueued the way the app does it: in a transaction of the caller. */
async function enqueue(running: RunningApp, key: string, to = `${key}@example.com`) {
  const outbox = running.app.get(MailOutbox);
  return em(running).transactional((tx) =>
    outbox.enqueue(tx as EntityManager, {
      kind: 'test',
      dedupeKey: key,
      to,
      language: 'en',
      subject: `Subject ${key}`,
      html: `<p>Hello ${key}</p>`,
      text: `Hello ${key}`,
    }),
  );
}

async function payWithSandbox(base: string, post: (path: string) => request.Test) {
  const created = await post('/api/payments/create')
    .send({ subscriptionTier: 'basic' })
    .expect(200);
  const paid = await request(base).post(`/sandbox-pay/${created.body.orderId}/pay`);
  return { orderId: created.body.orderId as string, status: paid.status };
}

describe('outbound e-mail', () => {
  let db: TestDatabase;
  let smtp: FakeSmtp;
  let running: RunningApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = await startFakeSmtp();
    running = await startApp(db, (port) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Seat Shop <receipts@shop.example>',
      SELLER_NAME: 'Seat <Shop> & Co',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Ticks are driven by the tests; retries come after one second.
      MAIL_POLL_MS: '600000',
      MAIL_RETRY_DELAYS: '1,1,1,1',
      MAIL_LEASE_SECONDS: '5',
      MAIL_SEND_TIMEOUT_MS: '3000',
    }));
  });
  afterAll(async () => {
    await running?.close();
    await smtp?.stop();
    await db?.drop();
  });
  beforeEach(() => {
    smtp.accepted.length = 0;
    smtp.mode = 'accept';
  });
  const tick = () => running.app.get(MailWorker).tick();

  it('writes the receipt in the payment’s transaction and delivers it once, with its breakdown and links', async () => {
    const buyer = await customer(running.url, 'Buyer.One@example.com');
    const { orderId, status } = await payWithSandbox(running.url, buyer.post);
    expect(status).toBe(200);
    // A second notification of the same payment adds no second receipt.
    await request(running.url).post(`/sandbox-pay/${orderId}/pay`);
    const queued = (await rows(running)).filter((r) => r.kind === 'order-paid');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      dedupe_key: `order-paid:${orderId}`,
      recipient: 'buyer.one@example.com',
    });

    await tick();
    await until(() => smtp.accepted.length === 1, 'the receipt');
    const mail = smtp.accepted[0];
    expect(mail.subject).toBe(`【Seat <Shop> & Co】支付成功：订单 ${orderId}`);
    expect(mail.from?.value[0]).toEqual({ address: 'receipts@shop.example', name: 'Seat Shop' });
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value[0].address).toBe(
      'buyer.one@example.com',
    );
    expect(mail.messageId).toBe(queued[0].message_id);
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    const receiptUrl = `${running.url}/orders/${orderId}`;
    for (const body of [String(mail.html), mail.text ?? '']) {
      expect(body).toContain(orderId);
      expect(body).toContain(receiptUrl);
      expect(body).toContain(`${running.url}/dashboard`);
      expect(body).toContain(`${running.url}/docs`);
      expect(body).toContain('¥699.00');
    }
    // The brand is escaped in the HTML part, as written in the text part.
    expect(String(mail.html)).toContain('Seat &lt;Shop&gt; &amp; Co');
    expect(String(mail.html)).not.toContain('Seat <Shop>');
    expect(mail.text).toContain('Seat <Shop> & Co');
    const [sent] = (await rows(running)).filter((r) => r.kind === 'order-paid');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent.sent_at).not.toBeNull();
    await tick(); // nothing is due any more
    expect(smtp.accepted).toHaveLength(1);
  });

  it('enqueues nothing when the fulfilment fails (one transaction), and the receipt once it succeeds', async () => {
    const conn = em(running).getConnection();
    // The payment's audit entry cannot be written: the fulfilment's transaction fails after the enqueue.
    await conn.execute(`create function refuse_paid() returns trigger language plpgsql as $$
      begin if new.action = 'order.paid' then raise exception 'audit refused'; end if; return new; end $$`);
    await conn.execute(
      'create trigger refuse_paid before insert on audit_entries for each row execute function refuse_paid()',
    );
    const buyer = await customer(running.url);
    let orderId: string;
    try {
      const paid = await payWithSandbox(running.url, buyer.post);
      orderId = paid.orderId;
      expect(paid.status).not.toBe(200);
      const [order] = await conn.execute<{ status: string }[]>(
        'select status from orders where order_id = ?',
        [orderId],
      );
      expect(order.status).toBe('pending');
      expect((await rows(running)).filter((r) => r.dedupe_key === `order-paid:${orderId}`)).toEqual(
        [],
      );
    } finally {
      await conn.execute('drop trigger refuse_paid on audit_entries');
      await conn.execute('drop function refuse_paid()');
    }
    await request(running.url).post(`/sandbox-pay/${orderId}/pay`).expect(200);
    expect(
      (await rows(running)).filter((r) => r.dedupe_key === `order-paid:${orderId}`),
    ).toHaveLength(1);
    await tick();
    expect(smtp.accepted.map((m) => m.subject)).toEqual([expect.stringContaining(orderId)]);
  });

  it('retries a temporarily failing server (421, then connection refused) and delivers once', async () => {
    await enqueue(running, 'temporary');
    smtp.mode = 'tempfail';
    await tick();
    let [row] = (await rows(running)).filter((r) => r.dedupe_key === 'temporary');
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.last_error).toMatch(/^421 /);

    await smtp.down();
    await tick(); // not due yet: nothing tried
    expect((await rows(running)).find((r) => r.dedupe_key === 'temporary')?.attempts).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    await tick();
    [row] = (await rows(running)).filter((r) => r.dedupe_key === 'temporary');
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    expect(row.last_error).not.toContain('pa$$word');

    await smtp.up();
    smtp.mode = 'accept';
    await new Promise((r) => setTimeout(r, 1100));
    await tick();
    [row] = (await rows(running)).filter((r) => r.dedupe_key === 'temporary');
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(smtp.accepted.map((m) => m.subject)).toEqual(['Subject temporary']);
    await new Promise((r) => setTimeout(r, 1100));
    await tick();
    expect(smtp.accepted).toHaveLength(1);
  });

  it('fails a message at once on a 5xx answer, and after the last retry on 4xx answers', async () => {
    await enqueue(running, 'permanent');
    smtp.mode = 'permfail';
    await tick();
    const [permanent] = (await rows(running)).filter((r) => r.dedupe_key === 'permanent');
    expect(permanent).toMatchObject({ status: 'failed', attempts: 1 });
    expect(permanent.last_error).toMatch(/^550 /);

    await enqueue(running, 'never');
    smtp.mode = 'tempfail';
    const before = smtp.connections;
    for (let attempt = 1; attempt <= 5; attempt++) {
      await tick();
      const [row] = (await rows(running)).filter((r) => r.dedupe_key === 'never');
      expect(row).toMatchObject({ attempts: attempt, status: attempt < 5 ? 'queued' : 'failed' });
      if (attempt < 5) await new Promise((r) => setTimeout(r, 1100));
    }
    await new Promise((r) => setTimeout(r, 1100));
    await tick();
    expect(smtp.connections - before).toBe(5); // 1 min, 5 min, 30 min, 2 h: five attempts in all
    expect(smtp.accepted).toEqual([]);
  });

  it('lets admins list the outbox and send a failed message again; nobody else', async () => {
    const anonymous = request(running.url);
    const { agent: admin } = await signIn(running.url, ADMIN_EMAIL);
    const someone = await customer(running.url);
    await anonymous.get('/api/admin/mail').expect(401);
    await someone.agent.get('/api/admin/mail').expect(403);
    const failed = (await rows(running)).find((r) => r.dedupe_key === 'permanent')!;
    await anonymous
      .post(`/api/admin/mail/${failed.id}/resend`)
      .set('Origin', running.url)
      .expect(401);
    await someone.post(`/api/admin/mail/${failed.id}/resend`).expect(403);

    const all = await admin.get('/api/admin/mail?pageSize=50').expect(200);
    expect(all.body.sending).toBe(true);
    expect(all.body.pagination).toMatchObject({ page: 1, pageSize: 50 });
    const receipt = all.body.items.find((i: { kind: string }) => i.kind === 'order-paid');
    expect(receipt).toEqual({
      id: expect.any(String),
      kind: 'order-paid',
      recipient: expect.any(String),
      language: 'zh-CN',
      subject: expect.stringContaining('支付成功'),
      status: 'sent',
      attempts: 1,
      nextAttemptAt: expect.any(String),
      lastError: null,
      createdAt: expect.any(String),
      sentAt: expect.any(String),
    });
    const failedOnly = await admin.get('/api/admin/mail?status=failed').expect(200);
    expect(failedOnly.body.items.map((i: { recipient: string }) => i.recipient).sort()).toEqual([
      'never@example.com',
      'permanent@example.com',
    ]);
    expect(failedOnly.body.items.every((i: { lastError: string }) => i.lastError)).toBe(true);
    const search = await admin.get('/api/admin/mail?search=BUYER.ONE').expect(200);
    expect(search.body.items).toHaveLength(1);
    expect(search.body.items[0]).toMatchObject({ kind: 'order-paid', status: 'sent' });
    await admin.get('/api/admin/mail?status=lost').expect(400);

    const sentId = search.body.items[0].id;
    const conflict = await admin
      .post(`/api/admin/mail/${sentId}/resend`)
      .set('Origin', running.url)
      .expect(409);
    expect(conflict.body).toMatchObject({ code: 'MAIL_NOT_FAILED', statusCode: 409 });
    await admin
      .post('/api/admin/mail/00000000-0000-4000-8000-000000000000/resend')
      .set('Origin', running.url)
      .expect(404);
    await admin.post('/api/admin/mail/not-an-id/resend').set('Origin', running.url).expect(404);

    smtp.mode = 'accept';
    const resent = await admin
      .post(`/api/admin/mail/${failed.id}/resend`)
      .set('Origin', running.url)
      .expect(200);
    expect(resent.body.mail).toMatchObject({ id: failed.id, status: expect.any(String) });
    await tick();
    await until(async () => {
      const row = (await rows(running)).find((r) => r.id === failed.id)!;
      return row.status === 'sent';
    }, 'the resent message');
    expect(smtp.accepted.map((m) => m.subject)).toEqual(['Subject permanent']);
    const [audit] = await em(running)
      .getConnection()
      .execute<{ actor: string }[]>(`select actor from audit_entries where action = 'mail.resend'`);
    expect(audit.actor).toBe(ADMIN_EMAIL);
    // Sent now: a second resend is refused.
    await admin.post(`/api/admin/mail/${failed.id}/resend`).set('Origin', running.url).expect(409);
  });

  it('has no development mailbox when SMTP_URL is set', async () => {
    await request(running.url).get('/dev-mail/').expect(404);
  });
});

describe('the development mailbox (no SMTP_URL)', () => {
  let db: TestDatabase;
  let running: RunningApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    running = await startApp(db, { MAIL_POLL_MS: '100' });
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it('shows the receipt of a sandbox payment, on this machine only; nothing is sent', async () => {
    const buyer = await customer(running.url, 'newcomer@example.com');
    const { orderId } = await payWithSandbox(running.url, buyer.post);
    await new Promise((r) => setTimeout(r, 300)); // a worker tick would have run by now
    const [row] = await rows(running);
    expect(row).toMatchObject({ kind: 'order-paid', status: 'queued', attempts: 0 });

    const list = await request(running.url).get('/dev-mail/').expect(200);
    expect(list.headers['content-type']).toMatch(/text\/html/);
    expect(list.text).toContain('newcomer@example.com');
    expect(list.text).toContain(`href="/dev-mail/${row.id}"`);
    const one = await request(running.url).get(`/dev-mail/${row.id}`).expect(200);
    expect(one.text).toContain(`<iframe title="HTML part" sandbox="`);
    expect(one.text).not.toMatch(/sandbox="[^"]*allow-scripts/);
    expect(one.text).toContain(`/orders/${orderId}`); // the plain text part
    const html = await request(running.url).get(`/dev-mail/${row.id}/html`).expect(200);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.headers['content-security-policy']).toContain('sandbox');
    expect(html.text).toContain('<base target="_top">');
    // Without PUBLIC_URL the links name this machine.
    expect(html.text).toContain(`http://localhost:${running.config.port}/orders/${orderId}`);
    await request(running.url).get('/dev-mail/not-an-id').expect(404);

    // Not from elsewhere: a non-loopback Host, or a request forwarded by a proxy.
    await request(running.url).get('/dev-mail/').set('Host', 'shop.example.com').expect(404);
    await request(running.url).get('/dev-mail/').set('X-Forwarded-For', '203.0.113.9').expect(404);
    await request(running.url)
      .get(`/dev-mail/${row.id}/html`)
      .set('Host', 'shop.example.com')
      .expect(404);

    const { agent: admin } = await signIn(running.url, ADMIN_EMAIL);
    const page = await admin.get('/api/admin/mail').expect(200);
    expect(page.body.sending).toBe(false);
    expect(page.body.items[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
