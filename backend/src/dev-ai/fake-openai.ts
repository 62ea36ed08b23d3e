import { Router, json, type Request, type Response } from 'express';

/**
 * A small OpenAI-compatible provider (GET /models, POST /chat/completions, streaming included) with the
 * real error bodies: 401 invalid_api_key, 404 model_not_found. Keys must start with "sk-"; "sk-bad..."
 * is refused. Model "dev-slow" answers after `slowMs`. Serves the tests and the development mode.
 */
export const FAKE_MODELS = ['dev-chat', 'dev-chat-mini', 'dev-slow'];

export function fakeOpenAiRouter(options: { slowMs?: number; models?: string[] } = {}) {
  const models = options.models ?? FAKE_MODELS;
  const router = Router();
  router.use(json({ limit: '1mb' }));

  const authError = (req: Request, res: Response): boolean => {
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (key.startsWith('sk-') && !key.startsWith('sk-bad')) return false;
    res.status(401).json({
      error: {
        message: `Incorrect API key provided: ${key.slice(0, 3)}***${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
    return true;
  };

  router.get('/models', (req, res) => {
    if (authError(req, res)) return;
    res.json({ object: 'list', data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'seatkeeper-dev' })) });
  });

  router.post('/chat/completions', async (req, res) => {
    if (authError(req, res)) return;
    const { model, messages, stream } = req.body ?? {};
    if (!models.includes(model)) {
      return void res.status(404).json({
        error: { message: `The model \`${model}\` does not exist or you do not have access to it.`, type: 'invalid_request_error', param: null, code: 'model_not_found' },
      });
    }
    if (model === 'dev-slow') await new Promise((r) => setTimeout(r, options.slowMs ?? 3000));
    const last = Array.isArray(messages) ? String(messages.at(-1)?.content ?? '') : '';
    const content = `<section class="generated">\n  <!-- ${model} -->\n  <p>${last.slice(0, 200).replace(/[<>&]/g, '')}</p>\n</section>`;
    const id = `chatcmpl-${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    if (stream) {
      res.setHeader('content-type', 'text/event-stream');
      for (const piece of content.match(/.{1,16}/gs) ?? []) {
        res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`);
      }
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
      return void res.end('data: [DONE]\n\n');
    }
    res.json({
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: last.length, completion_tokens: content.length, total_tokens: last.length + content.length },
    });
  });
  return router;
}
