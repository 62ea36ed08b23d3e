// The webhook outbox under several instances and a crash (docs/webhooks.md, "Delivery"):
// - the delivering process killed with SIGKILL while the receiver holds the request unanswered (no shutdown
//   hook runs; the row stays 'sending' under the dead instance's lease): the next instance takes it over
//   once the lease ends, and the receiver accepts it exactly once, with the same webhook-id. On PGlite this
//   is also a crash of the embedded database.
// - two instances delivering one outbox: each delivery claimed by one of them (FOR UPDATE SKIP LOCKED),
//   delivered once. Several instances share one PostgreSQL server; PGlite is one process, so that part is
//   PostgreSQL only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { WebhookEvents } from '../src/webhooks/webhook-events.service';
import { WebhookWorker } from '../src/webhooks/webhook-worker.service';
import { ADMIN_EMAIL, signIn, startApp } from './support/app';
import { appProcessSuite, buyOnSandboxPage } from './support/app-process';
import { createTestDatabase, TEST_DB } from './support/database';
import { em } from './support/factories';
import { addReceiverEndpoint } from './support/webhook-admin';
import { startWebhookReceiver, waitFor } from './support/webhook-receiver';

const onPostgres = TEST_DB === 'postgres' ? describe : describe.skip;

describe('the webhook worker killed mid-delivery', () => {
  const LEASE_SECONDS = 4;
  const suite = appProcessSuite(() => startWebhookReceiver());

  it('is taken over after its lease and accepted exactly once, with the same webhook-id', async () => {
    const receiver = suite.fake;
    const env = {
      WEBHOOK_CA_FILE: receiver.caFile,
      WEBHOOK_POLL_MS: '200',
      WEBHOOK_LEASE_SECONDS: String(LEASE_SECONDS),
      WEBHOOK_TIMEOUT_MS: '3000',
    };
    let instance = await suite.start(env);
    const admin = (await signIn(instance.url, ADMIN_EMAIL)).agent;
    await addReceiverEndpoint(admin, instance.url, receiver, ['order.paid']);
    receiver.answers = ['hang'];
    const { cookie } = await signIn(instance.url, 'killed-webhooks@example.com');
    const orderId = await buyOnSandboxPage(instance.url, cookie);

    // The worker has posted order.paid and the receiver has not answered: kill it where it stands.
    await waitFor(() => receiver.received.length === 1, 'the first attempt');
    const killedAt = Date.now();
    await instance.kill('SIGKILL');

    instance = await suite.start(env);
    await waitFor(
      () => receiver.received.some((r) => r.answer === 'ok'),
      'the delivery after the lease',
      30_000,
    );
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual((LEASE_SECONDS - 1) * 1000);
    await new Promise((r) => setTimeout(r, 1500)); // further ticks change nothing
    expect(receiver.received.map((r) => r.answer)).toEqual(['hang', 'ok']);
    expect(receiver.received[1].id).toBe(receiver.received[0].id);
    expect(receiver.received[1].data).toMatchObject({ orderId });
  }, 180_000); // two app processes started on a loaded machine
});

onPostgres('two instances delivering the webhook outbox', () => {
  it('deliver every event exactly once', async () => {
    const db = await createTestDatabase();
    const receiver = await startWebhookReceiver();
    const env = { WEBHOOK_CA_FILE: receiver.caFile, WEBHOOK_POLL_MS: '50' };
    const [a, b] = await Promise.all([startApp(db, env), startApp(db, env)]);
    try {
      const admin = (await signIn(a.url, ADMIN_EMAIL)).agent;
      await addReceiverEndpoint(admin, a.url, receiver, ['order.paid']);
      const COUNT = 30;
      await em(a).transactional(async (tx) => {
        for (let i = 0; i < COUNT; i++)
          await a.app
            .get(WebhookEvents)
            .emit(tx as EntityManager, 'order.paid', `many:${i}`, { i });
      });
      await Promise.all([
        a.app.get(WebhookWorker).tick(),
        b.app.get(WebhookWorker).tick(),
        a.app.get(WebhookWorker).tick(),
        b.app.get(WebhookWorker).tick(),
      ]);
      await waitFor(() => receiver.received.length >= COUNT, 'every delivery', 30_000);
      await new Promise((r) => setTimeout(r, 500)); // any duplicate would have arrived by now
      const ids = receiver.received.map((r) => r.id);
      expect(ids).toHaveLength(COUNT);
      expect(new Set(ids).size).toBe(COUNT);
      expect(receiver.unverified).toBe(0);
      const rows = await em(a)
        .getConnection()
        .execute<{ status: string; attempts: number }[]>(
          'select status, attempts from webhook_deliveries',
        );
      expect(rows).toHaveLength(COUNT);
      expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await receiver.stop();
      await db.drop();
    }
  });
});
