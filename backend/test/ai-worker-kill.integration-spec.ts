// The AI worker's process killed with SIGKILL in the middle of a job (no shutdown hook runs, the job row
// stays 'running' under the dead instance's lease): the next instance takes it over once the lease ends,
// calls the provider again and completes it once. On PGlite this is also a crash of the embedded database.
import request from 'supertest';
import { signIn } from './support/app';
import { appProcessSuite, buyOnSandboxPage } from './support/app-process';
import { startFakeProvider } from './support/fake-provider';

describe('the AI worker killed mid-job', () => {
  const calls: string[] = [];
  const LEASE_SECONDS = 3;
  // Counts generation calls; holds the first one open, as a provider still thinking when the worker dies.
  const suite = appProcessSuite(() =>
    startFakeProvider({
      intercept: (req, _res, next) => {
        if (req.method !== 'POST' || req.path !== '/chat/completions') return next();
        calls.push(new Date().toISOString());
        if (calls.length > 1) next();
      },
    }),
  );

  it('is taken over by the next instance after its lease and completed exactly once', async () => {
    const env = { AI_JOB_LEASE_SECONDS: String(LEASE_SECONDS) };
    const provider = suite.fake;
    let instance = await suite.start(env);
    const { cookie } = await signIn(instance.url, 'killed-worker@example.com');
    // Generation needs an active licence: bought on the sandbox payment page.
    await buyOnSandboxPage(instance.url, cookie);
    const start = await request(instance.url)
      .post('/api/ai/generate')
      .set('Cookie', cookie)
      .set('Origin', instance.url)
      .send({
        config: { api_key: 'sk-live-kill', base_url: provider.url, model: 'dev-chat' },
        request: { user_prompt: 'survive the kill' },
      })
      .expect(200);
    const id: string = start.body.workflowId;
    const status = async (base: string) =>
      (await request(base).get(`/api/ai/generate/${id}/status`).set('Cookie', cookie).expect(200))
        .body;

    // The worker has claimed the job and is waiting on the provider: kill it where it stands.
    for (let i = 0; calls.length === 0; i++) {
      if (i > 200) throw new Error('the worker never called the provider');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await status(instance.url)).status).toBe('running');
    await instance.kill('SIGKILL');

    instance = await suite.start(env);
    // The session survived in the database (status answers 200). On a loaded machine the new instance may
    // start after the lease has run out and already have completed the job by its first answer.
    let answer = await status(instance.url);
    expect(['running', 'pending', 'completed']).toContain(answer.status);
    for (let i = 0; ['running', 'pending'].includes(answer.status); i++) {
      if (i > 300) throw new Error(`the job was not taken over: ${JSON.stringify(answer)}`);
      await new Promise((r) => setTimeout(r, 100));
      answer = await status(instance.url);
    }
    expect(answer).toEqual({
      status: 'completed',
      result: { content: expect.stringContaining('survive the kill') },
      error: null,
    });
    // Retaken only after the dead instance's lease ran out, and the provider was asked exactly twice.
    expect(Date.parse(calls[1]) - Date.parse(calls[0])).toBeGreaterThanOrEqual(
      LEASE_SECONDS * 1000,
    );
    expect(calls).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 2000)); // a further worker tick changes nothing
    expect(calls).toHaveLength(2);
    expect(await status(instance.url)).toEqual(answer);
  });
});
