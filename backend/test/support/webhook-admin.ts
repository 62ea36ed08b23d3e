import request from 'supertest';
import { SandboxGateway } from '../../src/payments/gateways/sandbox.gateway';
import { ADMIN_EMAIL, signIn, startApp, TEST_SECRET, type RunningApp } from './app';
import type { customer } from './customer';
import type { TestDatabase } from './database';
import type { WebhookReceiver } from './webhook-receiver';

// The webhook suites' shared set-up (docs/webhooks.md): the app with quick deliveries, its admin's webhook
// calls, a standard endpoint for a test receiver, and an order paid whose gateway notification comes twice.

export type Agent = Awaited<ReturnType<typeof signIn>>['agent'];

/** A delivery's row in the admin's delivery log. */
export interface DeliveryRow {
  id: string;
  messageId: string;
  eventType: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastResponse: string | null;
  lastError: string | null;
  lastDurationMs: number | null;
}

/**
 * Quick deliveries to local HTTPS receivers: polled every 100 ms, given up after 1.5 s, leased for 5 s,
 * retried after `retryDelays` (seconds), the test CA trusted and private hosts (127.0.0.1) allowed.
 */
export const quickDeliveries = (caFile: string, retryDelays: string) => ({
  WEBHOOK_CA_FILE: caFile,
  WEBHOOK_POLL_MS: '100',
  WEBHOOK_TIMEOUT_MS: '1500',
  WEBHOOK_LEASE_SECONDS: '5',
  WEBHOOK_RETRY_DELAYS: retryDelays,
  WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
});

export interface WebhookApp {
  running: RunningApp;
  base: string;
  admin: Agent;
  /** The admin's POST (with the app's Origin). */
  post(path: string, body?: object): ReturnType<Agent['post']>;
  /** Disables every enabled endpoint, so that a test's deliveries are its own endpoint's. */
  disableAll(): Promise<void>;
  /** An endpoint's delivery log (its first 50 rows). */
  deliveries(id: string): Promise<DeliveryRow[]>;
}

/** The app on `db` with `env`, its admin signed in. */
export async function startWebhookApp(
  db: TestDatabase,
  env: Record<string, string>,
): Promise<WebhookApp> {
  const running = await startApp(db, env);
  const base = running.url;
  const admin = (await signIn(base, ADMIN_EMAIL)).agent;
  const post = (path: string, body?: object) => admin.post(path).set('Origin', base).send(body);
  return {
    running,
    base,
    admin,
    post,
    async disableAll() {
      const list = (await admin.get('/api/admin/webhooks').expect(200)).body.endpoints as {
        id: string;
        enabled: boolean;
      }[];
      for (const e of list)
        if (e.enabled) await post(`/api/admin/webhooks/${e.id}/disable`).expect(200);
    },
    async deliveries(id: string) {
      return (await admin.get(`/api/admin/webhooks/${id}/deliveries?pageSize=50`).expect(200)).body
        .items as DeliveryRow[];
    },
  };
}

/**
 * A standard endpoint for `receiver`, made through the admin API at `base`; the receiver verifies with its
 * secret.
 */
export async function addReceiverEndpoint(
  admin: Agent,
  base: string,
  receiver: WebhookReceiver,
  events: string[],
): Promise<void> {
  const created = await admin
    .post('/api/admin/webhooks')
    .set('Origin', base)
    .send({ kind: 'standard', url: receiver.url, events })
    .expect(200);
  receiver.secrets = [created.body.secret];
}

const sandbox = new SandboxGateway(TEST_SECRET);

/** A customer's order of `tier` paid through the sandbox gateway, whose notification arrives twice. */
export async function paidTwice(
  base: string,
  c: Awaited<ReturnType<typeof customer>>,
  tier: string,
): Promise<{ orderId: string; amount: number }> {
  const order = (
    await c
      .post('/api/payments/create')
      .send({ subscriptionTier: tier, paymentMethod: 'sandbox' })
      .expect(200)
  ).body as { orderId: string; amount: number };
  for (let i = 0; i < 2; i++)
    await request(base)
      .post('/api/payments/notify/sandbox')
      .type('form')
      .send(sandbox.notification(order.orderId, order.amount))
      .expect(200);
  return order;
}
