import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import request from 'supertest';
import { startApp, type RunningApp } from './support/app';
import { customer, licenceCheck } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { em, giveSeats } from './support/factories';

/** One sample of the text exposition: `name{a="b"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k] = v;
    out.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return out;
}

/** The value of one series (0 when it is not there yet). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  return found?.value ?? 0;
}

const scrape = async (base: string) => (await request(base).get('/metrics').expect(200)).text;

describe('metrics and readiness (docs/monitoring.md)', () => {
  describe('without METRICS_TOKEN', () => {
    let db: TestDatabase;
    let running: RunningApp;
    let base: string;
    beforeAll(async () => {
      db = await createTestDatabase();
      running = await startApp(db, { PAYMENT_GATEWAYS: 'sandbox' });
      base = running.url;
    });
    afterAll(async () => {
      await running?.close();
      await db?.drop();
    });

    it('answers a request made on this machine in the Prometheus text format', async () => {
      const res = await request(base).get('/metrics').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain;/);
      expect(res.headers['content-type']).toContain('version=0.0.4');
      expect(res.headers['cache-control']).toBe('no-store');
      for (const name of [
        'nodejs_eventloop_lag_seconds',
        'seatkeeper_orders_created_total',
        'seatkeeper_revenue_cents_total',
        'seatkeeper_refunds_pending',
        'seatkeeper_ai_jobs',
        'seatkeeper_db_pool_connections',
      ])
        expect(res.text).toContain(`\n${name}`);
      expect(valueOf(res.text, 'seatkeeper_database_up')).toBe(1);
      expect(valueOf(res.text, 'seatkeeper_mail_outbox_messages', { status: 'queued' })).toBe(0);
    });

    it('serves every metric the sample Grafana dashboard (docker/grafana-dashboard.json) reads', async () => {
      const dashboard = readFileSync(
        join(__dirname, '../../docker/grafana-dashboard.json'),
        'utf8',
      );
      const used = new Set(dashboard.match(/\b(seatkeeper|nodejs|process)_[a-z0-9_]+/g));
      expect(used.size).toBeGreaterThan(15);
      await scrape(base); // the HTTP histogram has a series once a request was answered
      const served = new Set(samples(await scrape(base)).map((s) => s.name));
      expect([...used].filter((name) => !served.has(name))).toEqual([]);
    });

    it.each([
      ['X-Forwarded-For', { 'X-Forwarded-For': '203.0.113.9' }],
      ['Forwarded', { Forwarded: 'for=203.0.113.9' }],
      ['X-Real-IP', { 'X-Real-IP': '203.0.113.9' }],
      ['a public Host', { Host: 'shop.example' }],
    ])('refuses a loopback request carrying %s with a 404', async (_what, headers) => {
      const res = await request(base).get('/metrics').set(headers).expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
      expect(res.text).not.toContain('seatkeeper_');
    });

    it('counts licence checks by answer code, and token verifications', async () => {
      const c = await customer(base);
      const token = (await c.agent.get('/api/apitokens/token').expect(200)).body
        .plainToken as string;
      await giveSeats(running, c.userId, 'pro', 1, { bound: ['https://metrics-shop.example'] });
      const before = await scrape(base);
      const check = (code: string, text = before) =>
        valueOf(text, 'seatkeeper_licence_checks_total', { code });

      expect((await licenceCheck(base, token, 'metrics-shop.example')).body.code).toBe('VALID');
      expect((await licenceCheck(base, token, 'elsewhere.example')).body.code).toBe(
        'DOMAIN_NOT_BOUND',
      );
      await licenceCheck(base, 'sk_not_a_real_code_000000000000', 'metrics-shop.example');
      await request(base).post('/api/licenses/check').send({}).expect(400);
      await request(base).post('/api/verify-token').send({ token }).expect(200);

      const after = await scrape(base);
      expect(check('VALID', after) - check('VALID')).toBe(1);
      expect(check('DOMAIN_NOT_BOUND', after) - check('DOMAIN_NOT_BOUND')).toBe(1);
      expect(check('TOKEN_INVALID', after) - check('TOKEN_INVALID')).toBe(1);
      expect(check('VALIDATION_FAILED', after) - check('VALIDATION_FAILED')).toBe(1);
      const verified = (t: string) =>
        valueOf(t, 'seatkeeper_token_verifications_total', { result: 'valid' });
      expect(verified(after) - verified(before)).toBe(1);
    });

    it('moves the order figures when an order is created and paid', async () => {
      const c = await customer(base);
      const before = await scrape(base);
      const created = await c
        .post('/api/payments/create')
        .send({ subscriptionTier: 'basic', paymentMethod: 'sandbox' })
        .expect(200);
      const mid = await scrape(base);
      await request(base).post(`/sandbox-pay/${created.body.orderId}/pay`).expect(200);
      const after = await scrape(base);
      const delta = (name: string, from: string, to: string) =>
        valueOf(to, name) - valueOf(from, name);
      expect(delta('seatkeeper_orders_created_total', before, mid)).toBe(1);
      expect(delta('seatkeeper_orders_paid_total', before, mid)).toBe(0);
      expect(delta('seatkeeper_orders_paid_total', mid, after)).toBe(1);
      expect(delta('seatkeeper_revenue_cents_total', mid, after)).toBe(created.body.amount);
      expect(created.body.amount).toBeGreaterThan(0);
      // The receipt waits in the outbox (no SMTP in this test): the backlog shows it.
      expect(
        valueOf(after, 'seatkeeper_mail_outbox_messages', { status: 'queued' }) +
          valueOf(after, 'seatkeeper_mail_outbox_messages', { status: 'sent' }),
      ).toBeGreaterThan(0);
    });

    it('labels HTTP requests by route template, unknown paths as one label', async () => {
      await request(base).get('/api/health').expect(200);
      await request(base).get('/api/wp-updates/plugins/no-such-product/release').expect(404);
      await request(base).get('/api/no-such-thing/123456').expect(404);
      await request(base).get('/api/no-such-thing/654321').expect(404);
      await request(base).get('/api/wp-updates/plugins/visual-editor/info').expect(200);
      const text = await scrape(base);
      const series = samples(text).filter(
        (s) => s.name === 'seatkeeper_http_request_duration_seconds_count',
      );
      const routes = new Set(series.map((s) => s.labels.route));
      expect(routes).toContain('/api/health');
      expect(routes).toContain('/api/wp-updates/:kind/:product/release');
      expect(routes).toContain('unmatched');
      expect([...routes].filter((r) => r.includes('*'))).toEqual([]);
      expect([...routes].filter((r) => /\d{6}|no-such/.test(r))).toEqual([]);
      expect(
        valueOf(text, 'seatkeeper_http_request_duration_seconds_count', {
          route: 'unmatched',
          status: '404',
        }),
      ).toBeGreaterThanOrEqual(2);
      expect(
        valueOf(text, 'seatkeeper_update_checks_total', { kind: 'plugins', entitled: 'false' }),
      ).toBeGreaterThanOrEqual(1);
    });

    it('is ready with every migration applied, and 503 naming a migration that is not', async () => {
      const ok = await request(base).get('/api/health/ready').expect(200);
      expect(ok.body).toEqual({ status: 'ready', migrations: expect.any(Number) });
      expect(ok.body.migrations).toBeGreaterThan(10);
      const conn = em(running).getConnection();
      const [last] = await conn.execute<{ id: number; name: string; executed_at: Date }[]>(
        'select * from mikro_orm_migrations order by id desc limit 1',
      );
      await conn.execute('delete from mikro_orm_migrations where id = ?', [last.id]);
      try {
        const res = await request(base).get('/api/health/ready').expect(503);
        expect(res.body).toMatchObject({
          statusCode: 503,
          code: 'SERVICE_UNAVAILABLE',
          pendingMigrations: [last.name],
        });
        expect(res.body.message).toContain(last.name);
        // Liveness does not look at migrations: the process is up.
        await request(base).get('/api/health').expect(200);
      } finally {
        await conn.execute(
          'insert into mikro_orm_migrations (id, name, executed_at) values (?, ?, ?)',
          [last.id, last.name, last.executed_at],
        );
      }
      await request(base).get('/api/health/ready').expect(200);
    });
  });

  describe('with METRICS_TOKEN', () => {
    const TOKEN = 'metrics-token-for-tests-0123456789';
    let db: TestDatabase;
    let running: RunningApp;
    beforeAll(async () => {
      db = await createTestDatabase();
      running = await startApp(db, { METRICS_TOKEN: TOKEN });
    });
    afterAll(async () => {
      await running?.close();
      await db?.drop();
    });

    it('answers only the bearer token, wherever the request comes from', async () => {
      const base = running.url;
      const none = await request(base).get('/metrics').expect(401);
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(none.body.code).toBe('UNAUTHENTICATED');
      await request(base).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
      await request(base).get('/metrics').set('Authorization', 'Bearer short').expect(401);
      const ok = await request(base)
        .get('/metrics')
        .set('Authorization', `Bearer ${TOKEN}`)
        .set('X-Forwarded-For', '203.0.113.9')
        .expect(200);
      expect(ok.text).toContain('seatkeeper_licence_checks_total');
    });

    it('is not ready (503) once the database is gone, and /api/health says so too', async () => {
      await request(running.url).get('/api/health/ready').expect(200);
      await running.app.get(MikroORM).close(true);
      const res = await request(running.url).get('/api/health/ready').expect(503);
      expect(res.body.code).toBe('DATABASE_UNAVAILABLE');
      await request(running.url).get('/api/health').expect(503);
    });
  });

  describe('with METRICS=off', () => {
    let db: TestDatabase;
    let running: RunningApp;
    beforeAll(async () => {
      db = await createTestDatabase();
      running = await startApp(db, { METRICS: 'off' });
    });
    afterAll(async () => {
      await running?.close();
      await db?.drop();
    });

    it('has no /metrics, and the plugin path still answers', async () => {
      await request(running.url).get('/metrics').expect(404);
      const res = await licenceCheck(running.url, 'sk_unknown_000000000000', 'shop.example');
      expect(res.body.code).toBe('TOKEN_INVALID');
    });
  });
});
