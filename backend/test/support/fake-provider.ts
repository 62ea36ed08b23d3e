import type { Server } from 'node:http';
import express from 'express';
import { fakeOpenAiRouter } from '../../src/dev-ai/fake-openai';

/** The OpenAI-compatible fake, standalone on its own port (as an outside provider would be). */
export async function startFakeProvider(options: { slowMs?: number; models?: string[] } = {}) {
  const app = express();
  app.use('/v1', fakeOpenAiRouter(options));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/v1`, port, stop: () => new Promise((r) => server.close(r)) };
}
