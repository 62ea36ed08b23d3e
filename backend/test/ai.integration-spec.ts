import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { signIn, startApp, type RunningApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { em, giveSeats } from './support/factories';
import { startFakeProvider } from './support/fake-provider';

describe('AI provider per seat and the generation workflow', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let empty: Awaited<ReturnType<typeof startFakeProvider>>;
  const logFile = join(mkdtempSync(join(tmpdir(), 'seatkeeper-log-')), 'app.log');
  const env = {
    LOG_LEVEL: 'debug',
    LOG_FILE: logFile,
    AI_TEST_TIMEOUT_MS: '1500',
    AI_JOB_LEASE_SECONDS: '2',
  };

  beforeAll(async () => {
    provider = await startFakeProvider({ slowMs: 2500 });
    empty = await startFakeProvider({ models: [] });
    db = await createTestDatabase();
    running = await startApp(db, env);
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await provider?.stop();
    await empty?.stop();
    await db?.drop();
  });

  /** A customer holding an active licence (the AI features need one), without a bound seat. */
  async function licensed() {
    const c = await customer(base);
    await giveSeats(running, c.userId, 'basic', 1);
    return c;
  }
  async function seatOwner() {
    const c = await customer(base);
    const [seat] = await giveSeats(running, c.userId, 'pro', 1, {
      bound: [`https://ai-${c.userId.slice(0, 8)}.example`],
    });
    const put = (body: object) =>
      c.agent.put(`/api/apitokens/licenses/${seat.id}/ai-config`).set('Origin', base).send(body);
    return { ...c, seat, put };
  }
  async function waitFor(
    agent: ReturnType<typeof request.agent>,
    id: string,
    done = (s: string) => !['pending', 'running'].includes(s),
  ) {
    for (let i = 0; i < 100; i++) {
      const res = await agent.get(`/api/ai/generate/${id}/status`).expect(200);
      if (done(res.body.status)) return res.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('workflow did not finish');
  }

  describe('per-seat configuration', () => {
    it('tests then saves a working configuration, encrypted, masked everywhere', async () => {
      const o = await seatOwner();
      const saved = await o
        .put({ apiKey: 'sk-live-1234567890abcdef', baseUrl: `${provider.url}/`, model: 'dev-chat' })
        .expect(200);
      expect(saved.body).toMatchObject({
        message: 'verified, configuration saved',
        model: 'dev-chat',
        aiConfigStatus: { configured: true, maskedApiKey: 'sk-l****cdef', baseUrl: provider.url },
      });
      const got = await o.agent.get(`/api/apitokens/licenses/${o.seat.id}/ai-config`).expect(200);
      expect(got.body).toMatchObject({
        baseUrl: provider.url,
        maskedApiKey: 'sk-l****cdef',
        model: 'dev-chat',
      });
      const list = await o.agent.get('/api/apitokens/licenses').expect(200);
      for (const text of [
        JSON.stringify(saved.body),
        JSON.stringify(got.body),
        JSON.stringify(list.body),
      ])
        expect(text).not.toContain('1234567890');
      const [row] = await em(running)
        .getConnection()
        .execute('select ai_api_key from licenses where id = ?', [o.seat.id]);
      expect(row.ai_api_key).toMatch(/^v1\./);
      expect(row.ai_api_key).not.toContain('1234567890');
      const revealed = await o
        .post(`/api/apitokens/licenses/${o.seat.id}/ai-config/reveal`)
        .expect(200);
      expect(revealed.body).toEqual({ plainApiKey: 'sk-live-1234567890abcdef' });
      expect(readFileSync(logFile, 'utf8')).not.toContain('1234567890');
    });

    it('finds a model from the provider list when none is given', async () => {
      const o = await seatOwner();
      const saved = await o.put({ apiKey: 'sk-x1', baseUrl: provider.url }).expect(200);
      expect(saved.body.model).toBe('dev-chat');
      expect(saved.body.aiConfigStatus.maskedApiKey).toBe('****');
    });

    it('answers needs_model with the tried models, the provider errors and suggestions', async () => {
      const o = await seatOwner();
      const res = await o.put({ apiKey: 'sk-live-x', baseUrl: empty.url }).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: 'needs_model',
        message: 'please provide an available model ID and retry',
      });
      expect(res.body.triedModels[0]).toEqual({
        model: 'gpt-4o-mini',
        error: 'The model `gpt-4o-mini` does not exist or you do not have access to it.',
        code: 'AI_MODEL_UNKNOWN',
      });
      expect(res.body.triedModels).toHaveLength(6);
      expect(res.body.suggestions).toContain('gpt-4o-mini');
      const one = await o
        .put({ apiKey: 'sk-live-x', baseUrl: provider.url, model: 'nope' })
        .expect(400);
      expect(one.body.triedModels).toEqual([
        {
          model: 'nope',
          error: 'The model `nope` does not exist or you do not have access to it.',
          code: 'AI_MODEL_UNKNOWN',
        },
      ]);
      expect(one.body.suggestions).toEqual(['dev-chat', 'dev-chat-mini', 'dev-slow']);
      expect(
        (await o.agent.get(`/api/apitokens/licenses/${o.seat.id}/ai-config`)).body.maskedApiKey,
      ).toBeNull();
    });

    it('reports a bad key, an unreachable host, a timeout and bad input clearly', async () => {
      const o = await seatOwner();
      // Told once by a code (ai-errors.integration-spec.ts), the provider's own words beside it.
      const badKey = await o.put({ apiKey: 'sk-bad-key-0000', baseUrl: provider.url }).expect(400);
      expect(badKey.body.code).toBe('AI_KEY_REFUSED');
      expect(badKey.body.providerMessage).toMatch(/^Incorrect API key provided/);
      const unreachable = await o
        .put({ apiKey: 'sk-x', baseUrl: 'http://127.0.0.1:9/v1', model: 'dev-chat' })
        .expect(400);
      expect(unreachable.body.code).toBe('AI_ENDPOINT_UNREACHABLE');
      expect(unreachable.body.providerMessage).toBe(
        'Cannot reach the AI provider at 127.0.0.1:9 (ECONNREFUSED)',
      );
      expect(
        (await o.put({ apiKey: 'sk-x', baseUrl: provider.url, model: 'dev-slow' }).expect(400)).body
          .message,
      ).toMatch(/^The AI provider did not answer within \d+ s$/);
      expect((await o.put({ baseUrl: provider.url }).expect(400)).body).toEqual(
        errorOf('please enter API Key'),
      );
      expect((await o.put({ apiKey: 'sk-x', baseUrl: '' }).expect(400)).body).toEqual(
        errorOf('please enter API URL'),
      );
      expect((await o.put({ apiKey: 'sk-x', baseUrl: 'ftp://x' }).expect(400)).body.message).toBe(
        'API URL must start with http:// or https://',
      );
    });

    it("keeps a seat's configuration to its owner", async () => {
      const o = await seatOwner();
      await o
        .put({ apiKey: 'sk-live-owner-secret', baseUrl: provider.url, model: 'dev-chat' })
        .expect(200);
      const other = await customer(base);
      await other.agent.get(`/api/apitokens/licenses/${o.seat.id}/ai-config`).expect(404);
      await other.post(`/api/apitokens/licenses/${o.seat.id}/ai-config/reveal`).expect(404);
      await other.agent
        .put(`/api/apitokens/licenses/${o.seat.id}/ai-config`)
        .set('Origin', base)
        .send({ apiKey: 'sk-x', baseUrl: provider.url })
        .expect(404);
      await request(base).post(`/api/apitokens/licenses/${o.seat.id}/ai-config/reveal`).expect(401);
    });
  });

  describe('who may use them, and how often', () => {
    const generate = (c: Awaited<ReturnType<typeof customer>>, apiKey = 'sk-live-gen') =>
      c.post('/api/ai/generate').send({
        config: { api_key: apiKey, base_url: provider.url, model: 'dev-chat' },
        request: { user_prompt: 'x' },
      });

    it('needs an active licence for generation and for "test and save" (403, before any provider call)', async () => {
      const jobsBefore = (
        await em(running)
          .getConnection()
          .execute<{ n: number }[]>('select count(*)::int as n from ai_jobs')
      )[0].n;
      const free = await customer(base);
      expect((await generate(free).expect(403)).body).toEqual(
        errorOf('An active licence is required to use the AI features', 403),
      );
      // Only an expired yearly seat: not active either.
      const lapsed = await customer(base);
      const [seat] = await giveSeats(running, lapsed.userId, 'pro', 1, {
        licenseType: 'yearly',
        expiresAt: new Date(Date.now() - 1000),
      });
      expect((await generate(lapsed).expect(403)).body).toEqual(
        errorOf('An active licence is required to use the AI features', 403),
      );
      const put = await lapsed.agent
        .put(`/api/apitokens/licenses/${seat.id}/ai-config`)
        .set('Origin', base)
        .send({ apiKey: 'sk-x', baseUrl: provider.url, model: 'dev-chat' });
      expect([put.status, put.body]).toEqual([
        403,
        errorOf('An active licence is required to use the AI features', 403),
      ]);
      expect(
        (await lapsed.agent.get(`/api/apitokens/licenses/${seat.id}/ai-config`).expect(200)).body
          .maskedApiKey,
      ).toBeNull();
      // The plugin's bearer token is refused the same way.
      const token = (await lapsed.agent.get('/api/apitokens/token')).body.plainToken;
      await request(base)
        .post('/api/ai/generate')
        .set('Authorization', `Bearer ${token}`)
        .send({ domain: 'x.example', request: { user_prompt: 'x' } })
        .expect(403);
      expect(
        (
          await em(running)
            .getConnection()
            .execute<{ n: number }[]>('select count(*)::int as n from ai_jobs')
        )[0].n,
      ).toBe(jobsBefore);
      // A seat bought later (a permanent one here) opens them.
      await giveSeats(running, lapsed.userId, 'basic', 1, { firstIndex: 2 });
      await generate(lapsed).expect(200);
      await lapsed.agent
        .put(`/api/apitokens/licenses/${seat.id}/ai-config`)
        .set('Origin', base)
        .send({ apiKey: 'sk-x', baseUrl: provider.url, model: 'dev-chat' })
        .expect(200);
    });

    it('allows 10 tests a minute per customer, then answers 429 with Retry-After', async () => {
      const o = await seatOwner();
      for (let i = 0; i < 10; i++) {
        const ok = await o
          .put({ apiKey: `sk-live-${i}`, baseUrl: provider.url, model: 'dev-chat' })
          .expect(200);
        expect(ok.headers['x-ratelimit-remaining']).toBe(String(9 - i));
      }
      const refused = await o
        .put({ apiKey: 'sk-live-11', baseUrl: provider.url, model: 'dev-chat' })
        .expect(429);
      expect(refused.body).toEqual(
        errorOf('Too many tests of the AI configuration, please retry in a minute', 429),
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(
        (await o.agent.get(`/api/apitokens/licenses/${o.seat.id}/ai-config`)).body.maskedApiKey,
      ).toBe('sk-l****ve-9');
      // Another customer is not held back.
      await (
        await seatOwner()
      )
        .put({ apiKey: 'sk-live-other', baseUrl: provider.url, model: 'dev-chat' })
        .expect(200);
    });

    it('answers an API key with characters a header cannot carry with 400, not 500', async () => {
      const o = await seatOwner();
      for (const apiKey of ['sk-密钥-1234', 'sk-ключ', 'sk-\u2028x', 'sk-é']) {
        const put = await o.put({ apiKey, baseUrl: provider.url, model: 'dev-chat' });
        expect([apiKey, put.status, put.body]).toEqual([
          apiKey,
          400,
          errorOf('API Key may contain only printable ASCII characters'),
        ]);
        const gen = await generate(o, apiKey);
        expect([apiKey, gen.status, gen.body]).toEqual([
          apiKey,
          400,
          errorOf('API Key may contain only printable ASCII characters'),
        ]);
      }
    });
  });

  describe('generation workflow', () => {
    it('completes a job with the content, and fails one the provider refuses', async () => {
      const c = await licensed();
      const start = await c
        .post('/api/ai/generate')
        .send({
          config: { api_key: 'sk-live-gen', base_url: provider.url, model: 'dev-chat' },
          request: {
            user_prompt: 'Make a hero section',
            selected_code: '<div></div>',
            stream: false,
          },
        })
        .expect(200);
      expect(start.body.workflowId).toMatch(/^[0-9a-f-]{36}$/);
      const done = await waitFor(c.agent, start.body.workflowId);
      expect(done.status).toBe('completed');
      expect(done.result.content).toContain('Make a hero section');
      expect(done.error).toBeNull();
      const bad = await c.post('/api/ai/generate').send({
        config: { api_key: 'sk-live-gen', base_url: provider.url, model: 'missing-model' },
        request: { user_prompt: 'x', selected_code: '', stream: false },
      });
      const failed = await waitFor(c.agent, bad.body.workflowId);
      expect(failed).toEqual({
        status: 'failed',
        result: null,
        error: 'The model `missing-model` does not exist or you do not have access to it.',
      });
      const other = await customer(base);
      expect(
        (await other.agent.get(`/api/ai/generate/${start.body.workflowId}/status`).expect(404))
          .body,
      ).toEqual(errorOf('Workflow not found', 404));
      await request(base).post('/api/ai/generate').send({}).expect(401);
    });

    it("lets the plugin use its seat's stored configuration with its bearer token and domain", async () => {
      const o = await seatOwner();
      await o
        .put({ apiKey: 'sk-live-plugin', baseUrl: provider.url, model: 'dev-chat-mini' })
        .expect(200);
      const token = (await o.agent.get('/api/apitokens/token')).body.plainToken;
      const host = (
        await o.agent.get('/api/apitokens/licenses')
      ).body.licenses[0].websiteUrl.replace('https://', '');
      const start = await request(base)
        .post('/api/ai/generate')
        .set('Authorization', `Bearer ${token}`)
        .send({
          domain: `www.${host}`,
          request: { user_prompt: 'from the plugin', selected_code: '', stream: true },
        })
        .expect(200);
      const status = async () =>
        (
          await request(base)
            .get(`/api/ai/generate/${start.body.workflowId}/status`)
            .set('Authorization', `Bearer ${token}`)
        ).body;
      let s = await status();
      for (let i = 0; i < 50 && ['pending', 'running'].includes(s.status); i++) {
        await new Promise((r) => setTimeout(r, 100));
        s = await status();
      }
      expect(s.status).toBe('completed');
      expect(s.result.content).toContain('dev-chat-mini');
      const unconfigured = await request(base)
        .post('/api/ai/generate')
        .set('Authorization', `Bearer ${token}`)
        .send({ domain: 'elsewhere.example', request: { user_prompt: 'x' } })
        .expect(400);
      expect(unconfigured.body.message).toBe(
        'No AI configuration for this site: configure the seat bound to it in the console',
      );
    });

    it('survives an app restart in the middle of a job', async () => {
      const c = await licensed();
      const start = await c
        .post('/api/ai/generate')
        .send({
          config: { api_key: 'sk-live-restart', base_url: provider.url, model: 'dev-slow' },
          request: { user_prompt: 'slow one', selected_code: '', stream: false },
        })
        .expect(200);
      await waitFor(c.agent, start.body.workflowId, (s) => s === 'running');
      await running.close();
      running = await startApp(db, env);
      base = running.url;
      const { cookie } = await signIn(base, c.email);
      const agent = request.agent(base);
      for (let i = 0; i < 100; i++) {
        const res = await agent
          .get(`/api/ai/generate/${start.body.workflowId}/status`)
          .set('Cookie', cookie)
          .expect(200);
        if (res.body.status === 'completed') {
          expect(res.body.result.content).toContain('slow one');
          return;
        }
        expect(['pending', 'running']).toContain(res.body.status);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('job did not resume');
    });
  });
});
