import type { Server } from 'node:http';
import express from 'express';
import request from 'supertest';
import { startApp, type RunningApp } from './support/app';
import { customer, errorOf } from './support/customer';
import { createTestDatabase, type TestDatabase } from './support/database';
import { giveSeats } from './support/factories';
import { startFakeProvider } from './support/fake-provider';

/**
 * "Test and save" tells what failed once, by a stable code (docs/product.md#ai-provider-errors), and the
 * /test page's generation runs with a seat's saved settings without the key ever reaching the browser.
 */
describe('AI provider errors and generation with saved settings', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let base: string;
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  /** Every request the fake provider's server got, on any path. */
  let calls = 0;
  /** A web site, not an API: every path answers 200 with an HTML page. */
  let site: Server;
  let siteUrl: string;
  /** A port nothing listens on (a server started, then stopped). */
  let closedUrl: string;

  beforeAll(async () => {
    provider = await startFakeProvider();
    // Counted before Express's own router, so a request to a path the fake does not serve counts too.
    provider.server.prependListener('request', () => calls++);
    const app = express();
    app.use((_req, res) => void res.type('html').send('<!doctype html><title>Shop</title>'));
    site = await new Promise((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    siteUrl = `http://127.0.0.1:${(site.address() as { port: number }).port}/v1`;
    const closed = await startFakeProvider();
    closedUrl = closed.url;
    await closed.stop();
    db = await createTestDatabase();
    running = await startApp(db, { AI_TEST_TIMEOUT_MS: '3000' });
    base = running.url;
  });
  afterAll(async () => {
    await running?.close();
    await provider?.stop();
    await new Promise((r) => site?.close(r));
    await db?.drop();
  });

  async function seatOwner(seats = 1) {
    const c = await customer(base);
    const owned = await giveSeats(running, c.userId, 'pro', seats);
    const put = (body: object, seat = owned[0]) =>
      c.agent.put(`/api/apitokens/licenses/${seat.id}/ai-config`).set('Origin', base).send(body);
    return { ...c, seats: owned, put };
  }

  /** The answer to "test and save" and how many calls the fake provider got for it. */
  async function tested(o: Awaited<ReturnType<typeof seatOwner>>, body: object) {
    const before = calls;
    const res = await o.put(body);
    return { res, calls: calls - before };
  }

  describe('"test and save" says what failed, once', () => {
    it('a wrong path on a compatible server: not an OpenAI-compatible API, after one chat call', async () => {
      const o = await seatOwner();
      // The fake serves /v1 only: its root is the wrong path (Express answers 'Cannot POST ...').
      const root = provider.url.replace(/\/v1$/, '');
      const { res, calls: made } = await tested(o, { apiKey: 'sk-live-1', baseUrl: root });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject(
        errorOf(
          'The API URL answered, but not as an OpenAI-compatible API: check the address (it usually ends in /v1)',
          400,
          'AI_NOT_OPENAI_COMPATIBLE',
        ),
      );
      expect(res.body.providerMessage).toMatch(/^HTTP 404: /);
      expect(res.body.triedModels).toBeUndefined();
      // GET /models, then one chat call: not six of them.
      expect(made).toBe(2);
      // With a model given, the same.
      const one = await o.put({
        apiKey: 'sk-live-1',
        baseUrl: `${provider.url}/v9`,
        model: 'dev-chat',
      });
      expect([one.status, one.body.code]).toEqual([400, 'AI_NOT_OPENAI_COMPATIBLE']);
    });

    it('a web site answering HTML with 200: not an OpenAI-compatible API', async () => {
      const o = await seatOwner();
      const res = await o.put({ apiKey: 'sk-live-1', baseUrl: siteUrl });
      expect([res.status, res.body.code]).toEqual([400, 'AI_NOT_OPENAI_COMPATIBLE']);
    });

    it('a closed port: the address could not be reached', async () => {
      const o = await seatOwner();
      for (const body of [
        { apiKey: 'sk-live-1', baseUrl: closedUrl },
        { apiKey: 'sk-live-1', baseUrl: closedUrl, model: 'dev-chat' },
      ]) {
        const res = await o.put(body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject(
          errorOf(
            'The API URL could not be reached: check the address and that the service is running',
            400,
            'AI_ENDPOINT_UNREACHABLE',
          ),
        );
        expect(res.body.providerMessage).toMatch(/ECONNREFUSED/);
      }
    });

    it('a 401: the key was refused', async () => {
      const o = await seatOwner();
      for (const body of [
        { apiKey: 'sk-bad-key-0000', baseUrl: provider.url },
        { apiKey: 'sk-bad-key-0000', baseUrl: provider.url, model: 'dev-chat' },
      ]) {
        const { res, calls: made } = await tested(o, body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject(
          errorOf(
            'The AI provider refused the API Key: check the key and retry',
            400,
            'AI_KEY_REFUSED',
          ),
        );
        expect(res.body.providerMessage).toMatch(/^Incorrect API key provided/);
        expect(made).toBe(1);
      }
    });

    it('a model the provider does not know (404 model_not_found): needs_model, with the reason once', async () => {
      const o = await seatOwner();
      const res = await o.put({ apiKey: 'sk-live-1', baseUrl: provider.url, model: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'needs_model',
        message: 'please provide an available model ID and retry',
        reason: 'AI_MODEL_UNKNOWN',
        triedModels: [
          {
            model: 'nope',
            code: 'AI_MODEL_UNKNOWN',
            error: 'The model `nope` does not exist or you do not have access to it.',
          },
        ],
        suggestions: ['dev-chat', 'dev-chat-mini', 'dev-slow'],
      });
    });
  });

  describe('generation with a seat\u2019s saved settings (the /test page)', () => {
    const generate = (c: Awaited<ReturnType<typeof seatOwner>>, body: object) =>
      c.post('/api/ai/generate').send({ request: { user_prompt: 'Make a hero' }, ...body });

    async function finished(c: Awaited<ReturnType<typeof seatOwner>>, id: string) {
      for (let i = 0; i < 100; i++) {
        const res = await c.agent.get(`/api/ai/generate/${id}/status`).expect(200);
        if (!['pending', 'running'].includes(res.body.status)) return res.body;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('workflow did not finish');
    }

    it('runs with the seat picked, its key never sent to the browser', async () => {
      const o = await seatOwner(2);
      await o
        .put({ apiKey: 'sk-live-first', baseUrl: provider.url, model: 'dev-chat' })
        .expect(200);
      await o
        .put(
          { apiKey: 'sk-live-second', baseUrl: provider.url, model: 'dev-chat-mini' },
          o.seats[1],
        )
        .expect(200);
      for (const [seat, model] of [
        [o.seats[0], 'dev-chat'],
        [o.seats[1], 'dev-chat-mini'],
      ] as const) {
        const start = await generate(o, { licenseId: seat.id }).expect(200);
        expect(JSON.stringify(start.body)).not.toContain('sk-live');
        const done = await finished(o, start.body.workflowId);
        expect(done.status).toBe('completed');
        expect(done.result.content).toContain(`<!-- ${model} -->`);
        expect(JSON.stringify(done)).not.toContain('sk-live');
      }
    });

    it('refuses a seat without saved settings, another customer\u2019s seat and a bad id', async () => {
      const o = await seatOwner();
      expect((await generate(o, { licenseId: o.seats[0].id }).expect(400)).body).toEqual(
        errorOf(
          'This seat has no saved AI settings: configure them in the console first',
          400,
          'AI_LICENSE_NOT_CONFIGURED',
        ),
      );
      const owner = await seatOwner();
      await owner
        .put({ apiKey: 'sk-live-x', baseUrl: provider.url, model: 'dev-chat' })
        .expect(200);
      expect((await generate(o, { licenseId: owner.seats[0].id }).expect(404)).body).toEqual(
        errorOf('License not found', 404, 'LICENSE_NOT_FOUND'),
      );
      expect((await generate(o, { licenseId: 'not-a-seat' }).expect(400)).body.message).toBe(
        'licenseId must be a seat id',
      );
      await request(base)
        .post('/api/ai/generate')
        .send({ licenseId: owner.seats[0].id, request: { user_prompt: 'x' } })
        .expect(401);
    });
  });
});
