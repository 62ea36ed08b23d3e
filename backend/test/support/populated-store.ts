import request from 'supertest';
import { SandboxGateway } from '../../src/payments/gateways/sandbox.gateway';
import { ADMIN_EMAIL, signIn, TEST_SECRET, type RunningApp } from './app';
import { licenceCheck } from './customer';
import { em, giveSeats } from './factories';
import { startFakeProvider } from './fake-provider';

/**
 * A populated store for the operations tests (backup, restore, db:move; docs/operations.md): customers
 * with paid and refunded orders, bound seats, a saved AI configuration, the seeded releases and docs, and
 * the outbox's receipts and refund notices. `answers(url)` reads what the store tells its users, so the
 * same store elsewhere (restored, moved) can be compared answer for answer.
 */
export interface PopulatedStore {
  /** The plugin's checks: activation code and domain (each answer must be the same after). */
  checks: { token: string; domain: string }[];
  customers: { cookie: string; orders: string[]; seatId: string }[];
  adminCookie: string;
  aiSeat: { cookie: string; seatId: string; plainKey: string };
  stopProvider(): Promise<unknown>;
}

export async function populate(running: RunningApp): Promise<PopulatedStore> {
  const base = running.url;
  const sandbox = new SandboxGateway(TEST_SECRET);
  const provider = await startFakeProvider();
  const admin = await signIn(base, ADMIN_EMAIL);
  const store: PopulatedStore = {
    checks: [],
    customers: [],
    adminCookie: admin.cookie,
    aiSeat: { cookie: '', seatId: '', plainKey: 'sk-backup-1234567890abcdef' },
    stopProvider: provider.stop,
  };
  const buy = async (agent: ReturnType<typeof request.agent>, tier: string) => {
    const o = (
      await agent
        .post('/api/payments/create')
        .set('Origin', base)
        .send({ subscriptionTier: tier, paymentMethod: 'sandbox' })
        .expect(200)
    ).body as { orderId: string; amount: number };
    await request(base)
      .post('/api/payments/notify/sandbox')
      .type('form')
      .send(sandbox.notification(o.orderId, o.amount))
      .expect(200);
    return o.orderId;
  };
  for (let i = 0; i < 4; i++) {
    const email = `ops-customer-${i}@example.com`;
    const { agent, cookie } = await signIn(base, email);
    const tier = ['basic', 'pro', 'pro', 'ultra'][i];
    const orderId = await buy(agent, tier);
    const seats = (await agent.get('/api/apitokens/licenses').expect(200)).body.licenses as {
      id: string;
    }[];
    const domain = `shop-${i}.example`;
    await agent
      .post(`/api/apitokens/licenses/${seats[0].id}/bind`)
      .set('Origin', base)
      .send({ websiteUrl: `https://${domain}` })
      .expect(200);
    const token = (await agent.get('/api/apitokens/token').expect(200)).body.plainToken as string;
    store.checks.push({ token, domain }, { token, domain: 'elsewhere.example' });
    store.customers.push({ cookie, orders: [orderId], seatId: seats[0].id });
    if (i === 1) {
      // Refunded: its seats revoked, the check answers LICENSE_REVOKED.
      await request(base)
        .post(`/api/admin/orders/${orderId}/refund`)
        .set('Cookie', admin.cookie)
        .set('Origin', base)
        .send({ reason: 'customer asked' })
        .expect(200);
    }
    if (i === 2) {
      await agent
        .put(`/api/apitokens/licenses/${seats[0].id}/ai-config`)
        .set('Origin', base)
        .send({ apiKey: store.aiSeat.plainKey, baseUrl: provider.url, model: 'dev-chat' })
        .expect(200);
      store.aiSeat.cookie = cookie;
      store.aiSeat.seatId = seats[0].id;
    }
  }
  // Seats granted straight into the database, bound and unbound, and one customer with no seats.
  const [{ id: granted }] = await em(running)
    .getConnection()
    .execute<{ id: string }[]>(
      `insert into users (id, name, email, google_sub, email_verified) values (gen_random_uuid(), 'granted', 'ops-granted@example.com', 'sub-ops-granted', true) returning id`,
    );
  await giveSeats(running, granted, 'ultra', 12, {
    bound: ['https://granted-1.example', 'https://granted-2.example'],
  });
  return store;
}

/** What the store answers: licence checks, receipts, seats, the dashboard, the AI key, releases, the outbox. */
export async function answers(url: string, store: PopulatedStore) {
  const checks = [];
  for (const { token, domain } of store.checks) {
    const body = (await licenceCheck(url, token, domain)).body as Record<string, unknown>;
    delete body.checkedAt;
    checks.push(body);
  }
  const customers = [];
  for (const c of store.customers) {
    const receipts = [];
    for (const orderId of c.orders)
      receipts.push(
        (
          await request(url)
            .get(`/api/orders/${orderId}/receipt`)
            .set('Cookie', c.cookie)
            .expect(200)
        ).body,
      );
    const seats = (
      await request(url).get('/api/apitokens/licenses').set('Cookie', c.cookie).expect(200)
    ).body;
    customers.push({ receipts, seats });
  }
  const admin = (path: string) =>
    request(url)
      .get(path)
      .set('Cookie', store.adminCookie)
      .expect(200)
      .then((r) => r.body as unknown);
  const revealed = (
    await request(url)
      .post(`/api/apitokens/licenses/${store.aiSeat.seatId}/ai-config/reveal`)
      .set('Cookie', store.aiSeat.cookie)
      .set('Origin', url)
      .expect(200)
  ).body;
  return {
    checks,
    customers,
    dashboard: await admin('/api/admin/dashboard'),
    releases: await admin('/api/admin/releases'),
    mail: await admin('/api/admin/mail'),
    docs: (await request(url).get('/api/docs-sections').expect(200)).body,
    revealed,
  };
}

/** Licence checks in a loop until stopped (the load a backup is taken under); answers how many ran. */
export function checkLoad(url: string, store: PopulatedStore) {
  let stop = false;
  let count = 0;
  const workers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = w; !stop; i++) {
      const { token, domain } = store.checks[i % store.checks.length];
      const res = await licenceCheck(url, token, domain);
      if (res.status !== 200) throw new Error(`licence check answered ${res.status}`);
      count++;
    }
  });
  return {
    async stop() {
      stop = true;
      await Promise.all(workers);
      return count;
    },
  };
}

/** Fields that move with every licence check (when a seat or token was last used) or with the clock: not the data. */
export const stable = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !/^(last(Checked|Used)At|generatedAt)$/.test(k))
        .map(([k, v]) => [k, stable(v)]),
    );
  return value;
};
