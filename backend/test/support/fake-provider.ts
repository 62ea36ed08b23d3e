import type { Server } from 'node:http';
import express, { type RequestHandler } from 'express';
import { fakeOpenAiRouter } from '../../src/dev-ai/fake-openai';

/**
 * The OpenAI-compatible fake, standalone on its own port (as an outside provider would be). `intercept`
 * sees each request first (to count calls, or to hold one as a provider that hangs).
 */
export async function startFakeProvider(
  options: { slowMs?: number; models?: string[]; intercept?: RequestHandler } = {},
) {
  const app = express();
  if (options.intercept) app.use('/v1', options.intercept);
  app.use('/v1', fakeOpenAiRouter(options));
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    server,
    stop: () =>
      new Promise((r) => {
        server.close(r);
        server.closeAllConnections();
      }),
  };
}
