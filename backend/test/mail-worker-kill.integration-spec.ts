// The mail worker's process killed with SIGKILL while the SMTP server holds the message's DATA unanswered
// (no shutdown hook runs; the row stays 'sending' under the dead instance's lease): the next instance takes
// it over once the lease ends and the message is delivered exactly once (the server never accepted the
// first try). The remaining edge, a crash between the server's acceptance and our marking, is described in
// docs/mail.md. On PGlite this is also a crash of the embedded database.
import request from 'supertest';
import { signIn } from './support/app';
import { startAppProcess, type AppProcess } from './support/app-process';
import { createTestDatabase, type TestDatabase } from './support/database';
import { startFakeSmtp, until, type FakeSmtp } from './support/smtp';

describe('the mail worker killed mid-send', () => {
  let db: TestDatabase;
  let smtp: FakeSmtp;
  let instance: AppProcess | undefined;
  const LEASE_SECONDS = 4;

  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await instance?.kill('SIGTERM');
    await smtp?.stop();
    await db?.drop();
  });

  it('is taken over after its lease and delivered exactly once', async () => {
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'receipts@shop.example',
      MAIL_POLL_MS: '200',
      MAIL_LEASE_SECONDS: String(LEASE_SECONDS),
      MAIL_SEND_TIMEOUT_MS: '3000',
    };
    smtp.mode = 'hold';
    instance = await startAppProcess(db, env);
    const { cookie } = await signIn(instance.url, 'killed-mailer@example.com');
    const order = await request(instance.url)
      .post('/api/payments/create')
      .set('Cookie', cookie)
      .set('Origin', instance.url)
      .send({ subscriptionTier: 'basic' })
      .expect(200);
    await request(instance.url)
      .post(`/sandbox-pay/${order.body.orderId}/pay`)
      .set('Origin', instance.url)
      .expect(200);

    // The worker has handed the receipt to the server, which has not answered: kill it where it stands.
    await until(() => smtp.dataStarted === 1, 'the first send');
    const killedAt = Date.now();
    await instance.kill('SIGKILL');
    smtp.mode = 'accept';

    instance = await startAppProcess(db, env);
    await until(() => smtp.accepted.length === 1, 'the delivery after the lease', 30_000);
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual((LEASE_SECONDS - 1) * 1000);
    expect(smtp.accepted[0].subject).toContain(order.body.orderId);
    await new Promise((r) => setTimeout(r, 1500)); // further ticks change nothing
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.dataStarted).toBe(2);
  });
});
