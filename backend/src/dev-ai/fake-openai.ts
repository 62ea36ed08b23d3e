import { Router, json, type NextFunction, type Request, type Response } from 'express';

/**
 * A small OpenAI-compatible provider (GET /models, POST /chat/completions, streaming included) with the
 * real error bodies: 401 invalid_api_key, 404 model_not_found. Keys must start with "sk-"; "sk-bad..."
 * is refused. Model "dev-slow" answers after `slowMs`. Serves the tests and the development mode.
 * Parameters of the wrong type answer 400 invalid_type as OpenAI does (never a crash).
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
    res.json({
      object: 'list',
      data: models.map((id) => ({
        id,
        object: 'model',
        created: 1_700_000_000,
        owned_by: 'seatkeeper-dev',
      })),
    });
  });

  router.post('/chat/completions', async (req, res) => {
    if (authError(req, res)) return;
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return void fail(res, null, 'The request body must be a JSON object.', null);
    const { model, messages, stream } = body as Record<string, unknown>;
    if (typeof model !== 'string') return invalid(res, 'model', model, 'a string');
    if (!Array.isArray(messages)) return invalid(res, 'messages', messages, 'an array');
    if (stream !== undefined && stream !== null && typeof stream !== 'boolean')
      return invalid(res, 'stream', stream, 'a boolean');
    const texts: string[] = [];
    for (const [i, message] of messages.entries()) {
      if (!message || typeof message !== 'object' || Array.isArray(message))
        return invalid(res, `messages[${i}]`, message ?? null, 'an object');
      const content = (message as { content?: unknown }).content;
      const text = contentText(content);
      if (text === null)
        return invalid(
          res,
          `messages[${i}].content`,
          content,
          'a string or an array of text parts',
        );
      texts.push(text);
    }
    if (!models.includes(model)) {
      return void res.status(404).json({
        error: {
          message: `The model \`${model}\` does not exist or you do not have access to it.`,
          type: 'invalid_request_error',
          param: null,
          code: 'model_not_found',
        },
      });
    }
    if (model === 'dev-slow') await new Promise((r) => setTimeout(r, options.slowMs ?? 3000));
    const last = texts.at(-1) ?? '';
    const content = `<section class="generated">\n  <!-- ${model} -->\n  <p>${last.slice(0, 200).replace(/[<>&]/g, '')}</p>\n</section>`;
    const id = `chatcmpl-${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    if (stream) {
      res.setHeader('content-type', 'text/event-stream');
      for (const piece of content.match(/.{1,16}/gs) ?? []) {
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
        );
      }
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      return void res.end('data: [DONE]\n\n');
    }
    res.json({
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: last.length,
        completion_tokens: content.length,
        total_tokens: last.length + content.length,
      },
    });
  });
  // Anything else (a body that is not JSON, say) in OpenAI's error shape, never an HTML page.
  router.use(
    (
      err: { status?: number; statusCode?: number; message?: string },
      _req: Request,
      res: Response,
      _next: NextFunction,
    ) => {
      const status = err.status ?? err.statusCode ?? 500;
      res.status(status >= 400 && status < 500 ? status : 500).json({
        error: {
          message:
            status < 500
              ? `We could not parse the JSON body of your request. (${err.message ?? 'invalid body'})`
              : 'The server had an error while processing your request.',
          type: status < 500 ? 'invalid_request_error' : 'server_error',
          param: null,
          code: null,
        },
      });
    },
  );
  return router;
}

function fail(res: Response, param: string | null, message: string, code: string | null) {
  res.status(400).json({ error: { message, type: 'invalid_request_error', param, code } });
}

function invalid(res: Response, param: string, value: unknown, expected: string) {
  if (value === undefined)
    return void fail(
      res,
      param,
      `Missing required parameter: '${param}'.`,
      'missing_required_parameter',
    );
  fail(
    res,
    param,
    `Invalid type for '${param}': expected ${expected}, but got ${typeName(value)} instead.`,
    'invalid_type',
  );
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** A message's text: a string, or the text parts of an array (OpenAI's content parts); null if neither. */
function contentText(content: unknown): string | null {
  if (content === undefined || content === null) return '';
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const parts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') parts.push(part);
    else if (
      part &&
      typeof part === 'object' &&
      typeof (part as { text?: unknown }).text === 'string'
    )
      parts.push((part as { text: string }).text);
    else if (!part || typeof part !== 'object') return null;
  }
  return parts.join('\n');
}
