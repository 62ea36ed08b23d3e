import type { RunningApp } from './app';
import { customer } from './customer';
import { giveSeats } from './factories';

/**
 * The customer's side of AI generations for the worker specs (ai-fairness, ai-round-robin): a licensed
 * customer, a generation against the local fake provider with a given key, and its status.
 */
export function aiJobs(running: () => RunningApp, providerUrl: () => string) {
  async function licensed() {
    const c = await customer(running().url);
    await giveSeats(running(), c.userId, 'basic', 1);
    return c;
  }
  type Customer = Awaited<ReturnType<typeof licensed>>;
  const generate = (c: Customer, apiKey: string, prompt = 'x') =>
    c.post('/api/ai/generate').send({
      config: { api_key: apiKey, base_url: providerUrl(), model: 'dev-chat' },
      request: { user_prompt: prompt },
    });
  const start = async (c: Customer, apiKey: string, prompt = 'x') =>
    (await generate(c, apiKey, prompt).expect(200)).body.workflowId as string;
  const status = async (c: Customer, id: string) =>
    (await c.agent.get(`/api/ai/generate/${id}/status`).expect(200)).body;
  return { licensed, generate, start, status };
}
