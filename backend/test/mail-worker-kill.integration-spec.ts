// The mail worker's process killed with SIGKILL while the SMTP server holds the message's DATA unanswered
// (no shutdown hook runs; the row stays 'sending' under the dead instance's lease): the next instance takes
// it over once the lease ends and the message is delivered exactly once (the server never accepted the
// first try). The remaining edge, a crash between the server's acceptance and our marking, is described in
// docs/mail.md. On PGlite this is also a crash of the embedded database.
import { signIn } from './support/app';
import { appProcessSuite, buyOnSandboxPage } from './support/app-process';
import { startFakeSmtp, until } from './support/smtp';

describe('the mail worker killed mid-send', () => {
  const LEASE_SECONDS = 4;
  const suite = appProcessSuite(() => startFakeSmtp());

  it('is taken over after its lease and delivered exactly once', async () => {
    const smtp = suite.fake;
    const env = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'receipts@shop.example',
      MAIL_POLL_MS: '200',
      MAIL_LEASE_SECONDS: String(LEASE_SECONDS),
      MAIL_SEND_TIMEOUT_MS: '3000',
    };
    smtp.mode = 'hold';
    let instance = await suite.start(env);
    const { cookie } = await signIn(instance.url, 'killed-mailer@example.com');
    const orderId = await buyOnSandboxPage(instance.url, cookie);

    // The worker has handed the receipt to the server, which has not answered: kill it where it stands.
    await until(() => smtp.dataStarted === 1, 'the first send');
    const killedAt = Date.now();
    await instance.kill('SIGKILL');
    smtp.mode = 'accept';

    instance = await suite.start(env);
    await until(() => smtp.accepted.length === 1, 'the delivery after the lease', 30_000);
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual((LEASE_SECONDS - 1) * 1000);
    expect(smtp.accepted[0].subject).toContain(orderId);
    await new Promise((r) => setTimeout(r, 1500)); // further ticks change nothing
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.dataStarted).toBe(2);
    // Two starts of the app as a process, and up to 30 s for the lease: more than the default 60 s when
    // the machine is loaded (it failed once so, on PGlite under a load average of 14).
  }, 120_000);
});
