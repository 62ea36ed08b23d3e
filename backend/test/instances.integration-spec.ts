import request from 'supertest';
import { AiJobsService } from '../src/ai/ai-jobs.service';
import { PaymentsService } from '../src/payments/payments.service';
import { ADMIN_EMAIL, signIn, startApp } from './support/app';
import { createTestDatabase, TEST_DB } from './support/database';
import { em, giveSeats } from './support/factories';
import { startFakeProvider } from './support/fake-provider';

// Several instances share one PostgreSQL server (PGlite is one process, so this is PostgreSQL only).
const onPostgres = TEST_DB === 'postgres' ? describe : describe.skip;

onPostgres('several instances on one PostgreSQL database', () => {
  it('migrate safely when started together and share sessions', async () => {
    const db = await createTestDatabase();
    const [a, b, c] = await Promise.all([startApp(db), startApp(db), startApp(db)]);
    try {
      for (const app of [a, b, c]) await request(app.url).get('/api/health').expect(200);
      const { cookie } = await signIn(a.url, 'shared@example.com');
      const onB = await request(b.url)
        .get('/api/auth/get-session')
        .set('Cookie', cookie)
        .expect(200);
      expect(onB.body.user.email).toBe('shared@example.com');
      await request(c.url)
        .post('/api/auth/sign-out')
        .set('Cookie', cookie)
        .set('Origin', c.url)
        .expect(200);
      expect(
        (await request(a.url).get('/api/auth/get-session').set('Cookie', cookie)).body,
      ).toBeNull();
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
      await db.drop();
    }
  });

  it('runs each AI job and each order expiry exactly once with two instances working', async () => {
    const db = await createTestDatabase();
    const provider = await startFakeProvider();
    // Twelve jobs of one customer at once: more than the 5 a customer may have waiting by default.
    const env = { AI_QUEUE_PER_CUSTOMER: '12' };
    const [a, b] = await Promise.all([startApp(db, env), startApp(db, env)]);
    try {
      const { agent } = await signIn(a.url, 'worker@example.com');
      await giveSeats(a, (await agent.get('/api/auth/get-session')).body.user.id, 'basic', 1); // generation needs a licence
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await agent
          .post('/api/ai/generate')
          .set('Origin', a.url)
          .send({
            config: { api_key: 'sk-x', base_url: provider.url, model: 'dev-chat' },
            request: { user_prompt: `job ${i}` },
          })
          .expect(200);
        ids.push(res.body.workflowId);
      }
      await Promise.all([
        a.app.get(AiJobsService).tick(),
        b.app.get(AiJobsService).tick(),
        a.app.get(AiJobsService).tick(),
        b.app.get(AiJobsService).tick(),
      ]);
      const conn = em(a).getConnection();
      for (let i = 0; i < 100; i++) {
        const [{ open }] = await conn.execute(
          `select count(*)::int as open from ai_jobs where status in ('pending', 'running')`,
        );
        if (open === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const jobs = await conn.execute<{ status: string; attempts: number }[]>(
        'select status, attempts from ai_jobs',
      );
      expect(jobs).toHaveLength(12);
      expect(jobs.every((j) => j.status === 'completed' && j.attempts === 1)).toBe(true);

      const { agent: admin } = await signIn(a.url, ADMIN_EMAIL);
      await admin
        .post('/api/subscriptions/admin/subscriptions/discounts')
        .set('Origin', a.url)
        .send({ tier: 'pro', code: 'TWICE', discountAmount: 100, usageLimit: 10 })
        .expect(200);
      // Six customers with one open order each (a customer's new order replaces their previous one).
      for (let i = 0; i < 6; i++) {
        const buyer = (await signIn(a.url, `buyer${i}@example.com`)).agent;
        await buyer
          .post('/api/payments/create')
          .set('Origin', a.url)
          .send({ subscriptionTier: 'pro', discountCode: 'twice' })
          .expect(200);
      }
      await conn.execute(
        `update orders set created_at = now() - interval '31 minutes' where status = 'pending'`,
      );
      const expired = await Promise.all([
        a.app.get(PaymentsService).expireStale(),
        b.app.get(PaymentsService).expireStale(),
      ]);
      expect(expired[0] + expired[1]).toBe(6);
      const [{ usage }] = await conn.execute(
        `select usage_count as usage from discounts where code_key = 'TWICE'`,
      );
      expect(usage).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await provider.stop();
      await db.drop();
    }
  });
});
